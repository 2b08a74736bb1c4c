/**
 * Whether the process (or, with a negative number, the process group) exists: EPERM means it does, as
 * another user's.
 */
export function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
