import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.server";

const bootId = () => readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();

describe("DATA_DIR lock", () => {
  it("lets one holder in and tells a second one clearly", () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    const release = acquireDataDirLock(dir);
    const child = spawnSync(process.execPath, ["-e", "process.exit(0)"]);
    expect(child.status).toBe(0);
    // A second process would find the lock held by this one (alive).
    writeFileSync(
      join(dir, "atelier.lock"),
      JSON.stringify({ pid: process.ppid, host: hostname(), bootId: bootId(), startedAt: "t" }),
    );
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/is in use by process \d+ .*Stop that process first/);
    release();
  });

  it("is released and can be taken again", () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    const release = acquireDataDirLock(dir);
    expect(existsSync(join(dir, "atelier.lock"))).toBe(true);
    release();
    expect(existsSync(join(dir, "atelier.lock"))).toBe(false);
    acquireDataDirLock(dir)();
  });

  it("takes over a lock left by a process that died (SIGKILL, crash)", () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
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
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    writeFileSync(
      join(dir, "atelier.lock"),
      JSON.stringify({ pid: process.ppid, host: hostname(), bootId: "an-earlier-boot", startedAt: "t" }),
    );
    acquireDataDirLock(dir)();
  });
});
