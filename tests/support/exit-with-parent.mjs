// Preloaded (node --import) into every server a test starts: when the test process that started it is gone
// (its end of our stdin pipe closes: a crash, a kill, a timed-out worker), the server stops itself and every
// process of its group, so no test run leaves a server behind.
process.stdin.on("error", () => undefined);
process.stdin.resume();
process.stdin.on("end", () => {
  try {
    // A graceful stop first; the group (this process is its leader) in case it has children of its own.
    process.kill(-process.pid, "SIGTERM");
  } catch {
    process.kill(process.pid, "SIGTERM");
  }
  setTimeout(() => {
    try {
      process.kill(-process.pid, "SIGKILL");
    } catch {
      process.exit(1);
    }
  }, 15_000).unref();
});
