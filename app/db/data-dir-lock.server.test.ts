import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, onTestFinished } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.server";

const LOCK_MODULE = fileURLToPath(new URL("./data-dir-lock.server.ts", import.meta.url));
const bootId = () => readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();

/** A new data directory, removed when the test ends (a direct `npx vitest run` has no run folder to clear). */
function tempDataDir() {
  const dir = mkdtempSync(join(tmpdir(), "atelier-lock-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("DATA_DIR lock", () => {
  it("lets one holder in and tells a second process clearly", () => {
    const dir = tempDataDir();
    const release = acquireDataDirLock(dir);
    // Another process asks for the same directory while this one holds it.
    const other = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `const { acquireDataDirLock } = await import(${JSON.stringify(LOCK_MODULE)});
         try { acquireDataDirLock(${JSON.stringify(dir)}); console.log("taken"); }
         catch (error) { console.log(error.name + ": " + error.message); process.exitCode = 3; }`,
      ],
      { encoding: "utf8" },
    );
    expect(other.status, other.stderr).toBe(3);
    expect(other.stdout.trim()).toMatch(
      new RegExp(
        `^DataDirLockedError: The data directory .* is in use by process ${process.pid} .*Stop that process first`,
      ),
    );
    // The lock is still this process's.
    expect((JSON.parse(readFileSync(join(dir, "atelier.lock"), "utf8")) as { pid: number }).pid).toBe(process.pid);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
  });

  it("is released and can be taken again", () => {
    const dir = tempDataDir();
    const release = acquireDataDirLock(dir);
    expect(existsSync(join(dir, "atelier.lock"))).toBe(true);
    release();
    expect(existsSync(join(dir, "atelier.lock"))).toBe(false);
    acquireDataDirLock(dir)();
  });

  it("takes over a lock left by a process that died (SIGKILL, crash)", () => {
    const dir = tempDataDir();
    const dead = spawnSync(process.execPath, ["-e", "console.log(process.pid)"]);
    const deadPid = Number(dead.stdout.toString().trim());
    writeFileSync(
      join(dir, "atelier.lock"),
      JSON.stringify({ pid: deadPid, host: hostname(), bootId: bootId(), startedAt: "t" }),
    );
    const release = acquireDataDirLock(dir);
    expect((JSON.parse(readFileSync(join(dir, "atelier.lock"), "utf8")) as { pid: number }).pid).toBe(process.pid);
    release();
  });

  it("takes over a lock from before a reboot", () => {
    const dir = tempDataDir();
    writeFileSync(
      join(dir, "atelier.lock"),
      JSON.stringify({ pid: process.ppid, host: hostname(), bootId: "an-earlier-boot", startedAt: "t" }),
    );
    const release = acquireDataDirLock(dir);
    expect((JSON.parse(readFileSync(join(dir, "atelier.lock"), "utf8")) as { pid: number }).pid).toBe(process.pid);
    release();
  });
});
