// What an interrupted test run leaves is ended by its registry (docs/testing.md, "Nothing left running"): a server
// that ignores SIGTERM, with a child of its own, and a database on the PostgreSQL server.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { onServer, SERVER_POSTGRES_URL, serverDatabase } from "../../tests/support/postgres-server";
import { endLeftovers, recordProcess } from "./run-leftovers.mjs";
import { isRunning } from "./processes.mjs";

let registry = "";
let outer: string | undefined;
beforeEach(() => {
  registry = mkdtempSync(join(tmpdir(), "run-leftovers-"));
  // This test's own registry, not that of the run it is part of.
  outer = process.env.ATELIER_TEST_REGISTRY;
  process.env.ATELIER_TEST_REGISTRY = registry;
});
afterEach(() => {
  if (outer === undefined) delete process.env.ATELIER_TEST_REGISTRY;
  else process.env.ATELIER_TEST_REGISTRY = outer;
  rmSync(registry, { recursive: true, force: true });
});

const databaseExists = async (name: string) =>
  (await onServer(SERVER_POSTGRES_URL, "select 1 from pg_database where datname = $1", [name])).rowCount === 1;

test("a recorded server that ignores SIGTERM, its child and a recorded database are all gone after the sweep", async () => {
  // A leader that ignores SIGTERM, as a server stuck in its drain does, and a grandchild in its group.
  const leader = spawn(
    process.execPath,
    [
      "-e",
      `process.on("SIGTERM", () => {});
       const c = require("node:child_process").spawn(process.execPath, ["-e", "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: "ignore" });
       process.stdout.write(String(c.pid) + "\\n");
       setInterval(() => {}, 1000);`,
    ],
    { detached: true, stdio: ["ignore", "pipe", "ignore"] },
  );
  const grandchild = await new Promise<number>((resolve) =>
    leader.stdout.once("data", (d: Buffer) => resolve(Number(d))),
  );
  recordProcess(leader.pid!);
  const database = serverDatabase("atelier_leftover");
  await database.create();
  try {
    expect(await databaseExists(database.name)).toBe(true);

    const ended = await endLeftovers(registry, 500);

    expect(ended).toEqual({ processes: 1, databases: 1 });
    // A margin for a loaded machine, not an expectation: both are gone at once on a quiet one.
    await expect.poll(() => isRunning(leader.pid!), { timeout: 30_000 }).toBe(false);
    await expect.poll(() => isRunning(grandchild), { timeout: 30_000 }).toBe(false);
    expect(await databaseExists(database.name)).toBe(false);
    for (const kind of ["processes", "databases"]) expect(readdirSync(join(registry, kind))).toEqual([]);
  } finally {
    for (const pid of [leader.pid!, grandchild]) if (isRunning(pid)) process.kill(pid, "SIGKILL");
    await database.drop();
  }
});

test("a database dropped by its test is forgotten: the sweep has nothing left to drop", async () => {
  const database = serverDatabase("atelier_leftover");
  await database.create();
  await database.drop();

  expect(await endLeftovers(registry, 500)).toEqual({ processes: 0, databases: 0 });
  expect(existsSync(join(registry, "databases", database.name))).toBe(false);
});

test("a process that has ended but is not reaped yet is not running", async () => {
  // A child this process does not reap until it is told to: its exit leaves a zombie meanwhile.
  const parent = spawn("sh", ["-c", "sleep 0.1 & echo $!; kill -STOP $$"], {
    detached: true,
    stdio: ["ignore", "pipe", "ignore"],
  });
  const child = await new Promise<number>((resolve) => parent.stdout.once("data", (d: Buffer) => resolve(Number(d))));
  try {
    await expect.poll(() => isRunning(child), { timeout: 30_000 }).toBe(false);
    expect(readFileSync(`/proc/${child}/stat`, "utf8")).toMatch(/\) Z /);
  } finally {
    process.kill(-parent.pid!, "SIGKILL");
  }
});
