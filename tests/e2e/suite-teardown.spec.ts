// Nothing of the suite outlives it (issue 16 item 3): the shared server is started here exactly as Playwright
// starts it (tests/support/shared-server.ts: a shell in a process group of its own, a pipe on its stdin), by a
// stand-in runner that is then killed without any clean-up of its own, as Ctrl+C on `npm test` ends the real one.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "../support/fixtures";
import { sharedServer } from "../support/shared-server";
import { demoTemplateDir, freePort } from "../support/spawn-server";
import { runTempDir } from "../support/test-run";
import { isRunning } from "../../scripts/lib/processes.mjs";

test("the shared server stops by itself when the runner that started it is killed", async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  const dataDir = runTempDir("atelier-teardown-");
  const { command, env } = sharedServer(port, demoTemplateDir(), join(dataDir, "data"));
  // The runner's part, as Playwright's launchProcess does it: a shell, detached, stdin a pipe from the runner.
  const runner = spawn(
    process.execPath,
    [
      "-e",
      `const c = require("node:child_process").spawn(process.env.COMMAND, { shell: true, detached: true, stdio: ["pipe", "ignore", "inherit"] });
       process.stdout.write(String(c.pid) + "\\n"); setInterval(() => {}, 1000);`,
    ],
    { env: { ...process.env, ...env, COMMAND: command }, stdio: ["ignore", "pipe", "inherit"] },
  );
  /** The answer of the server's /healthz: its status, or "refused" while nothing listens. */
  const health = () =>
    fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.status,
      () => "refused",
    );
  let group = 0;
  try {
    group = await new Promise<number>((resolve) => runner.stdout.once("data", (d: Buffer) => resolve(Number(d))));
    await expect.poll(health, { timeout: 120_000 }).toBe(200);

    runner.kill("SIGKILL");

    await expect.poll(health, { timeout: 30_000 }).toBe("refused");
    await expect.poll(() => isRunning(-group), { timeout: 30_000 }).toBe(false);
  } finally {
    runner.kill("SIGKILL");
    if (group && isRunning(-group)) process.kill(-group, "SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
