import { readFileSync } from "node:fs";

/**
 * Whether the process (or, with a negative number, the process group) exists: EPERM means it does, as
 * another user's. A process that has ended but is not reaped yet (a zombie: an orphan waits for the system to
 * reap it, which on a loaded machine can take seconds) is not running.
 */
export function isRunning(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code === "EPERM";
  }
  if (pid < 0) return true;
  try {
    // "pid (command) state …": the command may hold spaces and parentheses, the state follows the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat[stat.lastIndexOf(")") + 2] !== "Z";
  } catch {
    // No /proc (not Linux), or it has just gone.
    return true;
  }
}

/** Sends `signal` to the process group `pid` leads; one already gone is no error. */
export function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}
