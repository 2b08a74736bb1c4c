// `npm run restore -- --from FILE [--force]`: a backup into an empty DATA_DIR (embedded database) or the empty
// database at DATABASE_URL (docs/operations.md). The server must be stopped. A target that holds data is
// refused unless --force, which replaces it (or keeps it as it was when the restore fails).
// `npm run restore -- --from FILE --check` reads the whole archive and checks it, restoring nothing.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { archivedSecret, checkArchive, openArchive, restoreBackup } from "~/modules/backup/backup.server";
import { openStorage } from "~/modules/media/open-storage.server";
import { loadConfig } from "~/config.server";
import { fail, openOrLocked, run } from "./cli";

const USAGE = "usage: npm run restore -- --from FILE [--force | --check]";

run("restore", async () => {
  const { values } = parseArgs({
    options: { from: { type: "string" }, force: { type: "boolean" }, check: { type: "boolean" } },
  });
  if (!values.from) fail("restore", `--from is required.\n${USAGE}`, 2);
  const started = Date.now();
  const archive = await openArchive(resolve(values.from));
  if (values.check) {
    const checked = await checkArchive(archive);
    process.stdout.write(
      `restore: ${archive.path} is a complete backup of ${archive.manifest.createdAt}: ${checked.tables} tables, ${checked.rows} rows, ${checked.media} originals, every original matches its checksum. Nothing was restored.\n`,
    );
    return;
  }
  const config = loadConfig();
  // The shop's secret comes back with its data, unless this place already has one of its own.
  const secretFile = join(config.dataDir, "secrets", "auth-secret");
  const secret = await archivedSecret(archive);
  let secretNote = "";
  if (secret && !config.authSecret && !existsSync(secretFile)) {
    mkdirSync(join(config.dataDir, "secrets"), { recursive: true, mode: 0o700 });
    writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
    secretNote = " The shop's secret was restored too.";
  } else if (secret) {
    secretNote = ` This place keeps its own secret: sessions and two-factor apps from the backup need the old one (secrets/auth-secret in the archive).`;
  }
  const handle = await openOrLocked(config);
  if (!handle) fail("restore", `the database in ${config.dataDir} is in use by a running server: stop it first.`);
  try {
    const result = await restoreBackup(archive, {
      handle,
      storage: await openStorage(config),
      force: values.force === true,
    });
    process.stdout.write(
      `restore: restored ${result.rows} rows in ${result.tables} tables and ${result.media} originals from ${archive.path} in ${((Date.now() - started) / 1000).toFixed(1)} s; every table matches the backup.${secretNote} Image sizes are made again in the background.\n`,
    );
  } finally {
    await handle.close();
  }
});
