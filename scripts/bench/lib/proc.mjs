// Linux /proc readings of a server process: resident memory and CPU time (used to wait for background work).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/** VmRSS (current) and VmHWM (peak) in bytes, from /proc/<pid>/status. */
export function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  };
  return { rss: field("VmRSS"), peak: field("VmHWM") };
}

let ticksPerSecond;
/** User + system CPU seconds the process has used so far. */
export function cpuSeconds(pid) {
  ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) may hold spaces, so count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/**
 * Waits until the process is idle: `quietWindows` consecutive windows of `windowMs` in which it used less
 * than `maxShare` of one core. The server's own background jobs (image variants) are done by then.
 */
export async function waitForIdle(
  pid,
  { windowMs = 2000, maxShare = 0.05, quietWindows = 2, timeoutMs = 20 * 60_000 } = {},
) {
  const started = Date.now();
  let quiet = 0;
  let last = cpuSeconds(pid);
  while (quiet < quietWindows) {
    if (Date.now() - started > timeoutMs) throw new Error(`server ${pid} still busy after ${timeoutMs / 1000} s`);
    await sleep(windowMs);
    const now = cpuSeconds(pid);
    quiet = now - last < (maxShare * windowMs) / 1000 ? quiet + 1 : 0;
    last = now;
  }
  return Date.now() - started;
}
