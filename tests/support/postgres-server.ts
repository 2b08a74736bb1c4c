// The PostgreSQL server of the tests that need one whatever the run (integration suites on PostgreSQL, several
// server processes on one database): its address, a statement run on it, a throw-away database. No Vitest
// here: end-to-end specs import it too.
import pg from "pg";
import { forgetDatabase, recordDatabase } from "../../scripts/lib/run-leftovers.mjs";

/** TEST_DATABASE_URL, else the server every machine here runs on 127.0.0.1:5432. */
export const SERVER_POSTGRES_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Runs one statement (`create database …`, `drop database …`, or a query with its `values`) on the server or
 * database at `url`, on a connection of its own, as an operator would; its result.
 */
export async function onServer<R extends pg.QueryResultRow = Record<string, unknown>>(
  url: string,
  statement: string,
  values: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<R>(statement, values);
  } finally {
    await client.end();
  }
}

/**
 * A database on the PostgreSQL server (SERVER_POSTGRES_URL), not made yet: its name (`prefix` and a unique
 * tail), its address, and how to create it (empty, or a copy of `template`: a migrated database with no
 * sessions) and drop it. A database made here is recorded until dropped, so a run that is interrupted still
 * drops it (scripts/lib/run-leftovers.mjs).
 */
export function serverDatabase(
  prefix: string,
  template?: string,
): { name: string; url: string; create: () => Promise<void>; drop: () => Promise<void> } {
  const admin = SERVER_POSTGRES_URL;
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const url = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
  return {
    name,
    url,
    create: async () => {
      recordDatabase(admin, name);
      await onServer(admin, template ? `create database ${name} template ${template}` : `create database ${name}`);
    },
    drop: async () => {
      await onServer(admin, `drop database if exists ${name} with (force)`);
      forgetDatabase(name);
    },
  };
}

/** serverDatabase made now: its address and how to drop it. */
export async function createServerDatabase(
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const database = serverDatabase(prefix, template);
  await database.create();
  return { url: database.url, drop: database.drop };
}
