// A throwaway database on the PostgreSQL server named by BENCH_DATABASE_URL (or TEST_DATABASE_URL).
import pg from "pg";
import { onCleanup } from "./server.mjs";

export const adminUrl = () => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

async function withAdmin(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates a fresh database (dropped at cleanup, or earlier by calling drop) and returns its URL and version. */
export async function createDatabase(prefix = "atelier_bench") {
  const admin = adminUrl();
  if (!admin) throw new Error("BENCH_DATABASE_URL is not set");
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const version = await withAdmin(admin, async (c) => {
    await c.query(`create database ${name}`);
    return (await c.query("show server_version")).rows[0].server_version;
  });
  let dropped = false;
  const drop = onCleanup(async () => {
    if (dropped) return;
    dropped = true;
    await withAdmin(admin, (c) => c.query(`drop database if exists ${name} with (force)`));
  });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), version, drop };
}
