// The shared end-to-end server's port when two `npm test` runs start Playwright at the same moment on one
// machine: both probed 3210, found it free, and the second server then failed to listen on it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { claimPort, freePort, listenable } from "./e2e-port.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
async function setup() {
  const lockDir = mkdtempSync(join(tmpdir(), "e2e-port-"));
  dirs.push(lockDir);
  const preferred = Number(await listenable(0));
  return { lockDir, preferred };
}

test("two runs claiming the preferred port at once get different ports; once released it is free again", async () => {
  const { lockDir, preferred } = await setup();
  const [a, b] = await Promise.all([claimPort(preferred, { lockDir }), claimPort(preferred, { lockDir })]);
  expect(new Set([a.port, b.port]).size).toBe(2);
  expect([a.port, b.port]).toContain(String(preferred));
  a.release();
  b.release();
  const c = await claimPort(preferred, { lockDir });
  expect(c.port).toBe(String(preferred));
  c.release();
});

test("a lock left by a run that is gone does not keep the preferred port", async () => {
  const { lockDir, preferred } = await setup();
  const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  writeFileSync(join(lockDir, `atelier-e2e-port-${preferred}.lock`), gone.stdout);
  const claim = await claimPort(preferred, { lockDir });
  expect(claim.port).toBe(String(preferred));
  claim.release();
});

test("a free port for a test server is drawn below the ephemeral range and can be listened on", async () => {
  for (let i = 0; i < 5; i++) {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(20000);
    expect(port).toBeLessThan(32768);
    expect(await listenable(port)).toBe(port);
  }
});
