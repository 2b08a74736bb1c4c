// `npm run backup -- --out FILE [--server URL]`: one archive of the shop (docs/operations.md). With the
// embedded database and a server running on it, the server makes the backup (it alone may open the database)
// and streams it here; otherwise this opens the database itself. Works the same with DATABASE_URL.
import { createWriteStream, statSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { resolve } from "node:path";
import { request as httpRequest } from "node:http";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { createBackup, openArchive } from "~/modules/backup/backup.server";
import { backupToken } from "~/modules/backup/backups.server";
import { openStorage } from "~/modules/media/open-storage.server";
import { fail, loadOpsConfig, mb, openOrLocked, run } from "./cli";

const USAGE = "usage: npm run backup -- --out FILE [--server http://127.0.0.1:PORT]";

run("backup", async () => {
  const { values } = parseArgs({ options: { out: { type: "string" }, server: { type: "string" } } });
  if (!values.out) fail("backup", `--out is required.\n${USAGE}`, 2);
  const out = resolve(values.out);
  const config = loadOpsConfig("backup");
  const started = Date.now();
  const handle = await openOrLocked(config);
  if (handle) {
    try {
      await createBackup(
        {
          db: handle.db,
          kind: handle.kind,
          storage: await openStorage(config),
          secret: config.authSecret,
        },
        out,
      );
    } finally {
      await handle.close();
    }
  } else {
    // The running server holds the embedded database: it makes the backup.
    const server = values.server ?? `http://127.0.0.1:${config.port}`;
    const time = Date.now();
    const partial = `${out}.partial`;
    // node:http, not fetch: the server answers only once the snapshot is read, which can take longer than
    // fetch's five minutes without headers on a large shop.
    let status: number;
    try {
      status = await new Promise<number>((resolveStatus, reject) => {
        const request = httpRequest(
          `${server}/internal/backup`,
          {
            method: "POST",
            headers: {
              "content-length": "0",
              "x-atelier-backup-time": String(time),
              "x-atelier-backup-token": backupToken(config.authSecret!, time),
            },
          },
          (response) => {
            if (response.statusCode !== 200) {
              response.resume();
              resolveStatus(response.statusCode ?? 0);
              return;
            }
            pipeline(response, createWriteStream(partial, { mode: 0o600 })).then(() => resolveStatus(200), reject);
          },
        );
        request.on("error", reject);
        request.end();
      });
    } catch (error) {
      await rm(partial, { force: true });
      fail(
        "backup",
        `the database in ${config.dataDir} is in use, and no server answered at ${server} (${(error as Error).message}). Pass --server with the running server's address.`,
      );
    }
    if (status !== 200)
      fail("backup", `the server at ${server} refused the backup (${status}). Is it this shop's server?`);
    await openArchive(partial).catch(async (error: unknown) => {
      await rm(partial, { force: true });
      throw error;
    });
    await rename(partial, out);
  }
  const { manifest } = await openArchive(out);
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  process.stdout.write(
    `backup: wrote ${out} (${mb(statSync(out).size)}): ${manifest.tables.length} tables, ${rows} rows, ${manifest.media.length} originals, in ${((Date.now() - started) / 1000).toFixed(1)} s.\nIt holds every customer's data and the shop's secret: keep it as safe as the server.\n`,
  );
});
