// The PostgreSQL server of the tests that need one whatever the run (integration suites on PostgreSQL, several
// server processes on one database): its address, a statement run on it, a throw-away database. No Vitest
// here: end-to-end specs import it too.
import pg from "pg";

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
 * A new database on the PostgreSQL server (SERVER_POSTGRES_URL), empty or a copy of `template` (a migrated
 * database with no sessions), and how to drop it.
 */
export async function createServerDatabase(
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = SERVER_POSTGRES_URL;
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await onServer(admin, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const drop = async () => {
    await onServer(admin, `drop database if exists ${name} with (force)`);
  };
  return { url: url.toString(), drop };
}
