// Once per Vitest run, before any test file: the migrated databases every integration suite starts from.
// Opening a new PGlite cluster runs initdb (several seconds on a busy machine) and the migrations take about a
// second more; some 100 suites did both. Now PGlite suites load a dump of one migrated cluster, and PostgreSQL
// suites create their database from a migrated template database (`create database … template …`).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { endLeftovers } from "../../scripts/lib/run-leftovers.mjs";
import { serverDatabase } from "./postgres-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite cluster (a tar file). */
    pgliteTemplate: string;
    /** A dump of a new, empty PGlite cluster (a restore target): what initdb makes, without running it again. */
    pgliteEmpty: string;
    /** A migrated database on the TEST_DATABASE_URL server, to create suites' databases from; "" without one. */
    postgresTemplate: string;
  }
}

const MIGRATIONS = join(import.meta.dirname, "../../drizzle");

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "atelier-vitest-"));
  const client = await PGlite.create();
  const pgliteEmpty = join(dir, "pglite-empty.tar");
  writeFileSync(pgliteEmpty, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  project.provide("pgliteEmpty", pgliteEmpty);
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  const dump = await client.dumpDataDir("none");
  await client.close();
  const pgliteTemplate = join(dir, "pglite-template.tar");
  writeFileSync(pgliteTemplate, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", pgliteTemplate);

  const template = process.env.TEST_DATABASE_URL ? serverDatabase("atelier_tpl") : undefined;
  if (template) {
    await template.create();
    const pool = new pg.Pool({ connectionString: template.url, max: 1 });
    const { drizzle: drizzlePg } = await import("drizzle-orm/node-postgres");
    const { migrate: migratePg } = await import("drizzle-orm/node-postgres/migrator");
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS });
    // A template must have no sessions while databases are created from it.
    await pool.end();
  }
  project.provide("postgresTemplate", template?.name ?? "");

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await template?.drop().catch(() => undefined);
    // What a suite that failed midway left: its servers and databases (recorded under npm test's runner).
    await endLeftovers();
  };
}
