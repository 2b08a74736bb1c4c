// What a test run makes that must not outlive it, passed, failed or interrupted (docs/testing.md, "Nothing left
// running"): the process groups of the servers its tests start and the databases they create on a PostgreSQL
// server. Each is recorded as one file in a registry folder (ATELIER_TEST_REGISTRY, one per step of `npm test`)
// when it is made and forgotten when it is gone; whatever is still recorded at the end is ended or dropped:
// by Playwright's global teardown, by Vitest's, and by `npm test`'s runner once its steps have ended (a step it
// stopped, interrupted or after another's failure, may never have run its own teardown).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { isRunning, signalGroup } from "./processes.mjs";

const registry = (kind, dir = process.env.ATELIER_TEST_REGISTRY) => {
  if (!dir) return undefined;
  const path = join(dir, kind);
  mkdirSync(path, { recursive: true });
  return path;
};

/** A database name is a plain identifier (the tests make them): anything else is never put in a statement. */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function recordProcess(pid) {
  const dir = registry("processes");
  if (dir) writeFileSync(join(dir, String(pid)), "");
}

export function forgetProcess(pid) {
  const dir = registry("processes");
  if (dir) rmSync(join(dir, String(pid)), { force: true });
}

/** `server` is the address of the PostgreSQL server the database `name` was created on. */
export function recordDatabase(server, name) {
  const dir = registry("databases");
  if (dir && IDENTIFIER.test(name)) writeFileSync(join(dir, name), server);
}

export function forgetDatabase(name) {
  const dir = registry("databases");
  if (dir && IDENTIFIER.test(name)) rmSync(join(dir, name), { force: true });
}

/**
 * Ends every recorded process group: SIGTERM, then SIGKILL once `graceMs` have passed (a server that hangs in
 * its drain, or ignores SIGTERM, still goes). Returns how many were still running.
 */
export async function endRecordedProcesses(graceMs = 5_000, dir = process.env.ATELIER_TEST_REGISTRY) {
  const folder = registry("processes", dir);
  if (!folder) return 0;
  const pids = readdirSync(folder)
    .map(Number)
    .filter((pid) => Number.isInteger(pid) && pid > 1);
  const left = pids.filter(isRunning);
  for (const pid of left) signalGroup(pid, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (left.some(isRunning) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const pid of left) signalGroup(pid, "SIGKILL");
  for (const pid of pids) rmSync(join(folder, String(pid)), { force: true });
  return left.length;
}

/** Drops every recorded database (its sessions ended); returns how many there were. A failed drop is kept. */
export async function dropRecordedDatabases(dir = process.env.ATELIER_TEST_REGISTRY) {
  const folder = registry("databases", dir);
  if (!folder) return 0;
  let dropped = 0;
  for (const name of readdirSync(folder).filter((n) => IDENTIFIER.test(n))) {
    const client = new pg.Client({ connectionString: readFileSync(join(folder, name), "utf8") });
    try {
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      rmSync(join(folder, name), { force: true });
      dropped++;
    } catch (error) {
      process.stderr.write(`could not drop the test database ${name}: ${error.message}\n`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return dropped;
}

/** Both of the above for one registry: its processes first (they may hold sessions on its databases). */
export async function endLeftovers(dir = process.env.ATELIER_TEST_REGISTRY, graceMs = 5_000) {
  const processes = await endRecordedProcesses(graceMs, dir);
  const databases = await dropRecordedDatabases(dir);
  return { processes, databases };
}
