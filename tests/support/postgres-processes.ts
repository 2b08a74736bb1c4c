// Two production servers A and B on one new PostgreSQL database and one DATA_DIR, as two machines behind a load
// balancer share a database and a bucket (docs/operations.md "Several processes"), for all of a spec's tests.
// Needs a PostgreSQL server: TEST_DATABASE_URL, else the one on 127.0.0.1:5432.
import { test } from "@playwright/test";
import { ADMIN_SERVER_ENV } from "./accounts";
import { serverDatabase } from "./postgres-server";
import { startServer, stop, waitHealthy, type Server } from "./spawn-server";
import { runTempDir } from "./test-run";

export interface ProcessPair {
  /** The first server: its start makes the shop and the administrator of ADMIN_SERVER_ENV. */
  readonly a: Server;
  /** The second server, started on what A made. */
  readonly b: Server;
  /** What both run with (DATABASE_URL, DATA_DIR, the shared AUTH_SECRET, and `env`): for another server on them. */
  readonly env: Record<string, string>;
}

/**
 * Made before the spec's first test (the database, then A, then B), stopped and the database dropped after its
 * last. `name` names the database and the folder; `env` is added to both servers' environment.
 */
export function processesOnOneDatabase(name: string, env: Record<string, string> = {}): ProcessPair {
  const database = serverDatabase(`atelier_${name}`);
  const shared = {
    DATABASE_URL: database.url,
    DATA_DIR: runTempDir(`atelier-${name}-`),
    AUTH_SECRET: "two processes share this secret, 0123456789",
    AUTH_RATE_LIMIT_MULTIPLIER: "50",
    LOG_LEVEL: "warn",
    ...env,
  };
  let a: Server | undefined;
  let b: Server | undefined;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    await database.create();
    a = await startServer({ ...shared, ...ADMIN_SERVER_ENV });
    await waitHealthy(a, 180_000);
    b = await startServer(shared);
    await waitHealthy(b, 120_000);
  });
  test.afterAll(async () => {
    for (const server of [a, b]) if (server) await stop(server);
    await database.drop();
  });
  const started = (server: Server | undefined) => {
    if (!server) throw new Error("the spec's servers are used before they started (use them inside a test or hook)");
    return server;
  };
  return {
    get a() {
      return started(a);
    },
    get b() {
      return started(b);
    },
    env: shared,
  };
}
