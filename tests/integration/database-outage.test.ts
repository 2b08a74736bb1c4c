// A PostgreSQL server that misbehaves under a running shop: its connections killed (a failover, an operator's
// pg_terminate_backend), the database out of reach for a while, a table locked by someone else. The process
// lives through each, answers what it cannot do as "try again", and is itself again once the server is.
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { BACKENDS, useTestServices } from "../support/harness";
import { onServer, SERVER_POSTGRES_URL } from "../support/postgres-server";

/** Exceptions nobody caught while each test ran (in the server, one ends the process). */
function recordUncaught(): unknown[] {
  const seen: unknown[] = [];
  const record = (error: unknown) => seen.push(error);
  beforeEach(() => {
    seen.length = 0;
    process.on("uncaughtException", record);
  });
  afterEach(() => {
    process.off("uncaughtException", record);
  });
  return seen;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(BACKENDS.filter((b) => b === "postgres"))("the database misbehaving on %s", (backend) => {
  const ctx = useTestServices(backend);
  const uncaught = recordUncaught();

  /** Kills the server connection of `pid`, as an operator or a failover does, and waits for its end to arrive. */
  async function killed(pid: number) {
    await onServer(SERVER_POSTGRES_URL, `select pg_terminate_backend(${pid})`);
    await pause(200);
  }

  const backendPid = async (on = ctx.handle.db) =>
    (await queryRows<{ pid: number }>(on, sql`select pg_backend_pid() as pid`))[0]!.pid;

  it("a connection killed inside a transaction fails that transaction only: the process lives, the next query runs", async () => {
    await expect(
      ctx.handle.db.transaction(async (tx) => {
        await killed(await backendPid(tx));
        await tx.execute(sql`select 1`);
      }),
    ).rejects.toThrow();
    expect(uncaught).toEqual([]);
    expect(await queryRows(ctx.handle.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it("a connection killed while it holds an advisory lock fails that work only", async () => {
    await expect(
      ctx.handle.withLock(727_999, async () => {
        const [lock] = await queryRows<{ pid: number }>(
          ctx.handle.db,
          sql`select pid from pg_locks where locktype = 'advisory' and objid = 727999`,
        );
        await killed(lock!.pid);
        throw new Error("the work noticed");
      }),
    ).rejects.toThrow("the work noticed");
    expect(uncaught).toEqual([]);
    expect(await queryRows(ctx.handle.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});
