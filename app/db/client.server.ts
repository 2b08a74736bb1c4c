// The database: embedded PGlite in DATA_DIR, or a PostgreSQL server when DATABASE_URL is set.
// Only app/modules/** (and the seed) import the `db()` accessor.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { ConfigError, redactUrl } from "~/config.server";
import { services } from "~/services.server";
import { acquireDataDirLock } from "./data-dir-lock.server";
import { isDatabaseUnavailable } from "./unavailable";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the committed SQL migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  /** Runs fn while holding a cluster-wide advisory lock (a no-op lock on PGlite, which has one process). */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Runs SQL scripts (several statements each) one after another in one transaction on one connection, then
   * `check` on that connection before COMMIT (restoring a backup: a check that throws rolls it all back).
   */
  runScripts(scripts: AsyncIterable<string>, check?: (tx: Database) => Promise<void>): Promise<void>;
  /** PostgreSQL only: the pool's connections, for /metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Embedded database only: how many fsync() calls it has made (durability is tested with it). */
  syncCount?: () => number;
}

/** The process's database (set at boot). */
export function db(): Database {
  return services().db;
}

/** The folder holding drizzle/meta/_journal.json, found from this file (source or bundled build). */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, "drizzle");
    if (existsSync(join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error("drizzle/ migrations folder not found");
    dir = parent;
  }
}

/**
 * PGlite's own Node filesystem never syncs: Emscripten's NODEFS has no fsync. This one does, so that
 * with fsync on and wal_sync_method=fsync a committed transaction is on disk before COMMIT returns.
 */
type PostgresMod = Parameters<NodeFS["init"]>[1];

class DurableNodeFS extends NodeFS {
  syncCount = 0;
  override async init(pg: PGlite, opts: Partial<PostgresMod>) {
    const result = await super.init(pg, opts);
    const preRun = (result.emscriptenOpts.preRun ?? []) as unknown[];
    preRun.push((mod: { NODEFS?: { stream_ops: Record<string, unknown> } }) => {
      if (!mod.NODEFS) throw new Error("PGlite: NODEFS not available, cannot enable durable writes");
      mod.NODEFS.stream_ops.fsync = (stream: { nfd?: number }) => {
        if (stream.nfd !== undefined) {
          fsyncSync(stream.nfd);
          this.syncCount++;
        }
        return 0;
      };
    });
    result.emscriptenOpts.preRun = preRun as PostgresMod["preRun"];
    return result;
  }
}

/** PGlite's defaults without "-F" (fsync off), and syncing the WAL with fsync(), the call its FS implements. */
const DURABLE_START_PARAMS = [
  "--single",
  "-O",
  "-j",
  "-c",
  "search_path=public",
  "-c",
  "exit_on_error=false",
  "-c",
  "log_checkpoints=false",
  "-c",
  "max_worker_processes=0",
  "-c",
  "max_parallel_workers=0",
  "-c",
  "max_parallel_workers_per_gather=0",
  "-c",
  "io_method=sync",
  "-c",
  "max_parallel_maintenance_workers=0",
  "-c",
  "fsync=on",
  "-c",
  "wal_sync_method=fsync",
  "-c",
  "synchronous_commit=on",
];

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite lives in `${dataDir}/pgdata`; "memory://" for throwaway test databases. */
  dataDir?: string;
  inMemory?: boolean;
  /** With `inMemory`: start from this dumped data directory (`dumpDataDir`) instead of an empty cluster. */
  from?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options);
}

async function openPglite(options: OpenOptions): Promise<DatabaseHandle> {
  let release: (() => void) | undefined;
  let client: PGlite;
  let fs: DurableNodeFS | undefined;
  if (options.inMemory) {
    // Loading a dumped cluster skips initdb, most of what opening a new one costs (tests start from a
    // migrated template: tests/support/vitest-global-setup.ts).
    client = await PGlite.create(options.from ? { loadDataDir: options.from } : {});
  } else {
    if (!options.dataDir) throw new ConfigError("DATA_DIR is required for the embedded database");
    release = acquireDataDirLock(options.dataDir);
    const pgdata = join(options.dataDir, "pgdata");
    mkdirSync(pgdata, { recursive: true });
    fs = new DurableNodeFS(pgdata);
    try {
      client = await PGlite.create({ fs, startParams: DURABLE_START_PARAMS });
    } catch (error) {
      release();
      throw new ConfigError(
        `Cannot open the embedded database in ${pgdata}: ${(error as Error).message}. Is it a PGlite data directory of this version?`,
      );
    }
    // The directory entries of new files must reach the disk too.
    syncDir(pgdata);
  }
  const database = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db: database,
    kind: "pglite",
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
    },
    withLock: (_key, fn) => fn(),
    runScripts: async (scripts, check) => {
      await client.exec("BEGIN");
      try {
        for await (const script of scripts) await client.exec(script);
        await check?.(database);
        await client.exec("COMMIT");
      } catch (error) {
        await client.exec("ROLLBACK").catch(() => undefined);
        throw error;
      }
    },
    syncCount: fs ? () => fs.syncCount : undefined,
    close: async () => {
      try {
        await client.close();
      } finally {
        release?.();
      }
    },
  };
}

function syncDir(dir: string) {
  const fd = openSync(dir, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** How long a query on PostgreSQL waits for a lock held by someone else before it gives up (lock_timeout). */
export const LOCK_TIMEOUT_MS = 5_000;

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    // A query that waits for a lock someone else holds (a table locked by hand, a long migration) gives up after
    // LOCK_TIMEOUT_MS and is answered "try again" (db/unavailable.ts): without it every request that needed the
    // table waited as long as the lock was held, the pool's ten connections with them, and the rest failed after
    // the pool's 5 s wait for one. Sent as the session's setting when each connection opens.
    lock_timeout: LOCK_TIMEOUT_MS,
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on("error", () => undefined);
  // Nor one taken out of the pool (a transaction, an advisory lock) whose connection is killed between two of
  // its queries: pg then emits "error" on the client, which the pool listens for only while the client is idle,
  // and an error event nobody listens for is an uncaught exception that ended the server (found by killing the
  // shop's connections while an order was placed, 28 November). The work in hand fails on its next query, and
  // the pool drops the client when it comes back.
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
  try {
    const c = await pool.connect();
    c.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    const e = error as NodeJS.ErrnoException;
    throw new ConfigError(
      `Cannot connect to the database at DATABASE_URL (${redactUrl(url)}): ${e.message || e.code}.`,
    );
  }
  const database = drizzlePg(pool, { schema }) as unknown as Database;
  // An advisory lock is waited for as long as another process holds it (a migration at start takes what it takes).
  const withLock = async <T>(key: number, fn: (conn: pg.PoolClient) => Promise<T>): Promise<T> => {
    const conn = await pool.connect();
    try {
      await conn.query("set lock_timeout = 0");
      await conn.query("select pg_advisory_lock($1)", [key]);
      return await fn(conn);
    } finally {
      await conn.query("select pg_advisory_unlock($1)", [key]).catch(() => undefined);
      await conn.query(`set lock_timeout = ${LOCK_TIMEOUT_MS}`).catch(() => undefined);
      conn.release();
    }
  };
  return {
    db: database,
    kind: "postgres",
    migrate: () =>
      // On the lock's own connection, which waits for the tables it alters as long as the queries on them run.
      withLock(LOCKS.migrate, (conn) =>
        migratePg(drizzlePg(conn, { schema }), { migrationsFolder: migrationsFolder() }),
      ),
    withLock,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    runScripts: async (scripts, check) => {
      const conn = await pool.connect();
      try {
        await conn.query("BEGIN");
        for await (const script of scripts) await conn.query(script);
        await check?.(drizzlePg(conn, { schema }));
        await conn.query("COMMIT");
      } catch (error) {
        await conn.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Advisory lock keys used across the app. */
export const LOCKS = {
  migrate: 727_001,
  seed: 727_002,
  adminFromEnv: 727_003,
  storageSweep: 727_004,
  secretChange: 727_005,
} as const;

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(database: Database, query: SQL): Promise<T[]> {
  const result: unknown = await database.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * Throws the database's own error when it is out of reach now (a `select 1`), else returns. For a library that
 * catches a failed query itself and answers with an error of its own (better-auth's "Failed to create user" when
 * the connection is lost during a sign-up): its caller then answers the outage, not that error.
 */
export async function throwIfDatabaseDown(database: Database = db()): Promise<void> {
  try {
    await database.execute(sql`select 1`);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
  }
}

/** Text for a LIKE/ILIKE pattern, its wildcards (% _) and the escape character taken literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Tables that count a number sequence per year (invoices, certificates): `year` and the `last` number given. */
export type YearlyCounter = "invoice_number_counters" | "certificate_number_counters";

/**
 * Takes the next number of a year from a counter table; the counter's row stays locked until the caller's
 * transaction ends, so two documents issued at once never share a number and a rolled-back one reuses its.
 */
export async function nextInYear(tx: Database, counter: YearlyCounter, year: number): Promise<number> {
  const table = sql.identifier(counter);
  const [row] = await queryRows<{ last: number }>(
    tx,
    sql`insert into ${table} (year, last) values (${year}, 1)
        on conflict (year) do update set last = ${table}.last + 1
        returning last`,
  );
  return Number(row!.last);
}
