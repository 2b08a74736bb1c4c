// Test harness: real databases for integration tests. Every suite runs on embedded PGlite, and again
// on a fresh database of the PostgreSQL server named by TEST_DATABASE_URL when it is set.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import type { Config } from "~/config.server";
import { loadConfig } from "~/config.server";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { registerJobHandlers } from "~/modules/jobs/jobs.server";
import { setServices } from "~/services.server";
import { JOB_HANDLERS } from "../../server/jobs";
import { setLocalServices } from "../../server/local-services";
import { createServerDatabase } from "./postgres-server";

export type Backend = "pglite" | "postgres";

export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestContext {
  handle: DatabaseHandle;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** A fresh, migrated database with services set, on the given backend. */
export async function setupTestServices(backend: Backend, env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), "atelier-test-"));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (backend === "postgres") {
    ({ url: databaseUrl, drop: dropDatabase } = await createServerDatabase("atelier_t", inject("postgresTemplate")));
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    NODE_ENV: "test",
    AUTH_SECRET: "x".repeat(32),
    ...env,
  });
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { inMemory: true, from: pgliteTemplate() });
  setLocalServices(config, handle.db, dataDir);
  registerJobHandlers(JOB_HANDLERS);
  // Started from a migrated template (vitest-global-setup.ts): this finds nothing to apply.
  await handle.migrate();
  return {
    handle,
    config,
    dataDir,
    close: async () => {
      setServices(undefined);
      await handle.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a suite reads of its services: everything but `close`, which `useTestServices` calls. */
export type SuiteContext = Omit<TestContext, "close">;

/**
 * A suite's services: `setupTestServices` before its first test, closed after its last. Called first in a
 * `describe`, before the suite's own hooks: Vitest runs `beforeAll` hooks in order and `afterAll` hooks in reverse,
 * so the suite's seeding comes after the set-up and its own clean-up before the close. `env` is a function where a
 * value is known only once an earlier hook has run (a stand-in's port). The context is there inside hooks and tests.
 */
export function useTestServices(
  backend: Backend,
  env: Record<string, string> | (() => Record<string, string>) = {},
): SuiteContext {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await setupTestServices(backend, typeof env === "function" ? env() : env);
  });
  afterAll(async () => {
    await ctx?.close();
    ctx = undefined;
  });
  const current = () => {
    if (!ctx) throw new Error("The suite's services exist only inside its hooks and tests (useTestServices).");
    return ctx;
  };
  return {
    get handle() {
      return current().handle;
    },
    get config() {
      return current().config;
    },
    get dataDir() {
      return current().dataDir;
    },
  };
}

/**
 * One more empty database of the same kind, not migrated and not wired into services (a restore target): an
 * in-memory PGlite cluster loaded from the empty one's dump (initdb on disk took several seconds each; a restore
 * on disk is the end-to-end operations-backup spec's), or a new database on the PostgreSQL server. `dataDir` is
 * a folder of the target's own (its media).
 */
export async function emptyDatabase(
  backend: Backend,
): Promise<{ handle: DatabaseHandle; dataDir: string; databaseUrl?: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "atelier-target-"));
  if (backend === "pglite") {
    const handle = await openDatabase({ inMemory: true, from: pgliteDump("pgliteEmpty") });
    return {
      handle,
      dataDir,
      close: async () => {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const { url, drop } = await createServerDatabase("atelier_r");
  const handle = await openDatabase({ databaseUrl: url });
  return {
    handle,
    dataDir,
    databaseUrl: url,
    close: async () => {
      await handle.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The migrated PGlite cluster every suite starts from, and the empty one, read once per test process. */
const dumps = new Map<"pgliteTemplate" | "pgliteEmpty", Blob>();
function pgliteDump(name: "pgliteTemplate" | "pgliteEmpty"): Blob {
  if (!dumps.has(name)) dumps.set(name, new Blob([readFileSync(inject(name))]));
  return dumps.get(name)!;
}
const pgliteTemplate = () => pgliteDump("pgliteTemplate");
