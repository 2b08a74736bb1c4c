// `npm run db:move -- --to postgres://…`: copies the embedded database (DATA_DIR) into an empty PostgreSQL
// database: the schema by the migrations, the data in foreign-key order, the sequences (invoice and order
// numbering continue), the job queue as it was; then compares every table. The uploads stay in DATA_DIR.
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "~/db/client.server";
import { createBackup, openArchive, restoreBackup } from "~/modules/backup/backup.server";
import { LocalDiskStorage } from "~/modules/media/storage.server";
import { fail, loadOpsConfig, openOrLocked, run } from "./cli";

const USAGE = "usage: npm run db:move -- --to postgres://user:password@host:5432/database [--force]";

run("db:move", async () => {
  const { values } = parseArgs({ options: { to: { type: "string" }, force: { type: "boolean" } } });
  if (!values.to || !/^postgres(ql)?:\/\/.+/.test(values.to))
    fail("db:move", `--to postgres://… is required.\n${USAGE}`, 2);
  const config = loadOpsConfig("db:move");
  if (config.databaseUrl) fail("db:move", "DATABASE_URL is already set: this shop does not use the embedded database.");
  const started = Date.now();
  const source = await openOrLocked(config);
  if (!source) fail("db:move", `the database in ${config.dataDir} is in use by a running server: stop it first.`);
  const temporary = join(config.dataDir, `.db-move-${process.pid}.atelier-backup`);
  try {
    await createBackup(
      {
        db: source.db,
        kind: source.kind,
        storage: new LocalDiskStorage(join(config.dataDir, "media")),
        includeMedia: false,
      },
      temporary,
    );
  } finally {
    await source.close();
  }
  try {
    const target = await openDatabase({ databaseUrl: values.to });
    try {
      const result = await restoreBackup(await openArchive(temporary), {
        handle: target,
        storage: new LocalDiskStorage(join(config.dataDir, "media")),
        force: values.force === true,
      });
      process.stdout.write(
        `db:move: copied ${result.rows} rows in ${result.tables} tables in ${((Date.now() - started) / 1000).toFixed(1)} s; every table matches.\nNow start the shop with:\n  DATABASE_URL=${values.to}\n  AUTH_SECRET=<the contents of ${join(config.dataDir, "secrets", "auth-secret")}>\n  DATA_DIR=${config.dataDir}  (the uploads stay here)\nThe embedded database in ${join(config.dataDir, "pgdata")} is left as it was.\n`,
      );
    } finally {
      await target.close();
    }
  } finally {
    await rm(temporary, { force: true });
  }
});
