// Backups of a running shop and their restore (docs/operations.md). One archive (tar) holds:
//   manifest.json     what is inside: per-table row counts and digests, every original with its sha256
//   schema.sql        the schema (the migrations, in order): `psql -f schema.sql` on an empty database
//   database.sql.gz   the data as plain SQL (dump.server.ts), consistent as of one moment
//   media/<key>       every original upload (variants are made again from them)
//   secrets/auth-secret  the signing secret, so sessions and encrypted two-factor secrets keep working
// The archive holds the secret and every customer's data: keep it as safe as the server itself.
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, readFileSync } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { migrationsFolder, queryRows, type Database, type DatabaseHandle } from "~/db/client.server";
import { enqueue } from "~/modules/jobs/jobs.server";
import type { Storage } from "~/modules/media/storage.server";
import { dumpDatabase, summarizeWithin, tablesInOrder, type TableSummary } from "./dump.server";
import { entryStream, listTar, TarFormatError, TarWriter, writeWithBackpressure, type TarEntry } from "./tar";

export const BACKUP_FORMAT = 1;

export interface Manifest {
  format: number;
  app: "atelier";
  createdAt: string;
  database: "pglite" | "postgres";
  migrations: number;
  chunkMarker: string;
  tables: TableSummary[];
  media: { key: string; size: number; sha256: string }[];
  hasSecret: boolean;
}

export class BackupError extends Error {
  override name = "BackupError";
}

interface Migration {
  tag: string;
  when: number;
  text: string;
}

/** The app's migrations in the journal's order, with the SQL drizzle runs and the time it records. */
function migrations(): Migration[] {
  const folder = migrationsFolder();
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((e) => ({
    tag: e.tag,
    when: e.when,
    text: readFileSync(join(folder, `${e.tag}.sql`), "utf8"),
  }));
}

/**
 * The schema as of the first `count` migrations (all by default), with drizzle's record of them: `psql -f
 * schema.sql` on an empty database gives one the app then opens and migrates like its own.
 */
export function schemaSql(count?: number): string {
  const applied = migrations().slice(0, count);
  const records = applied
    .map((m) => `('${createHash("sha256").update(m.text).digest("hex")}', ${m.when})`)
    .join(",\n  ");
  return [
    ...applied.map((m) => `-- ${m.tag}\n${m.text.replaceAll("--> statement-breakpoint", "")}\n`),
    "-- drizzle's record of the migrations above",
    "CREATE SCHEMA IF NOT EXISTS drizzle;",
    "CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);",
    applied.length > 0 ? `INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES\n  ${records};\n` : "",
  ].join("\n");
}

export function appMigrationCount(): number {
  return migrations().length;
}

export interface BackupSource {
  db: Database;
  kind: "pglite" | "postgres";
  storage: Storage;
  /** The signing secret to include (AUTH_SECRET or DATA_DIR/secrets/auth-secret). */
  secret?: string;
  /** False for a move to another database: the originals stay where they are. */
  includeMedia?: boolean;
}

/** Writes a complete archive to `outPath` (through a temporary file: a crash never leaves half a backup). */
export async function createBackup(source: BackupSource, outPath: string): Promise<Manifest> {
  const partial = `${outPath}.partial-${randomBytes(4).toString("hex")}`;
  const sqlFile = `${partial}.sql.gz`;
  try {
    const chunkMarker = `-- atelier:chunk:${randomBytes(12).toString("hex")}`;
    // The data first, into a gzip file beside the archive: its size must be known before it goes in.
    const gzip = createGzip({ level: 6 });
    const done = pipeline(gzip, createWriteStream(sqlFile));
    const write = (text: string) => writeWithBackpressure(gzip, text);
    const dump = await dumpDatabase(source.db, write, chunkMarker);
    gzip.end();
    await done;

    const originals =
      source.includeMedia === false
        ? []
        : await queryRows<{ key: string }>(
            source.db,
            sql`select distinct original_key as key from media_assets order by original_key`,
          );
    const out = createWriteStream(partial, { mode: 0o600 });
    const tar = new TarWriter(out);
    const sqlHandle = await open(sqlFile);
    const { size: sqlSize } = await sqlHandle.stat();
    await sqlHandle.close();
    await tar.addStream("database.sql.gz", sqlSize, createReadStream(sqlFile));
    await tar.addBuffer("schema.sql", Buffer.from(schemaSql(dump.migrations)));
    const media: Manifest["media"] = [];
    for (const { key } of originals) {
      const object = await source.storage.get(key);
      if (!object) throw new BackupError(`The original ${key} is missing from storage.`);
      const hash = createHash("sha256");
      object.body.on("data", (chunk: Buffer) => hash.update(chunk));
      await tar.addStream(`media/${key}`, object.size, object.body);
      media.push({ key, size: object.size, sha256: hash.digest("hex") });
    }
    if (source.secret) await tar.addBuffer("secrets/auth-secret", Buffer.from(`${source.secret}\n`));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      app: "atelier",
      createdAt: new Date().toISOString(),
      database: source.kind,
      migrations: dump.migrations,
      chunkMarker,
      tables: dump.tables,
      media,
      hasSecret: Boolean(source.secret),
    };
    await tar.addBuffer("manifest.json", Buffer.from(JSON.stringify(manifest, null, 2)));
    await tar.finish();
    await rename(partial, outPath);
    return manifest;
  } finally {
    await rm(sqlFile, { force: true });
    await rm(partial, { force: true });
  }
}

export interface OpenedArchive {
  path: string;
  manifest: Manifest;
  entries: Map<string, TarEntry>;
}

/** Reads and checks an archive's table of contents and manifest (nothing is restored yet). */
export async function openArchive(path: string): Promise<OpenedArchive> {
  if (!existsSync(path)) throw new BackupError(`No such file: ${path}`);
  const file = await open(path);
  let entries: TarEntry[];
  try {
    entries = await listTar(file);
  } catch (error) {
    if (error instanceof TarFormatError)
      throw new BackupError(`${path} is not a complete Atelier backup: ${error.message}`);
    throw error;
  } finally {
    await file.close();
  }
  const byName = new Map(entries.map((e) => [e.name, e]));
  const manifestEntry = byName.get("manifest.json");
  if (!manifestEntry || !byName.has("database.sql.gz"))
    throw new BackupError(`${path} is not an Atelier backup (no manifest.json or database.sql.gz).`);
  const text = await readEntry(path, manifestEntry);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text.toString("utf8")) as Manifest;
  } catch {
    throw new BackupError(`${path}: its manifest.json cannot be read.`);
  }
  if (manifest.app !== "atelier" || manifest.format !== BACKUP_FORMAT)
    throw new BackupError(
      `${path}: backup format ${manifest.format} is not one this version reads (${BACKUP_FORMAT}).`,
    );
  for (const m of manifest.media)
    if (!byName.has(`media/${m.key}`)) throw new BackupError(`${path} is incomplete: media/${m.key} is missing.`);
  return { path, manifest, entries: byName };
}

async function readEntry(path: string, entry: TarEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entryStream(path, entry) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The signing secret kept in an archive, if any. */
export async function archivedSecret(archive: OpenedArchive): Promise<string | undefined> {
  const entry = archive.entries.get("secrets/auth-secret");
  return entry ? (await readEntry(archive.path, entry)).toString("utf8").trim() : undefined;
}

/** Rows in the application's tables (0: an empty, freshly migrated database). */
export async function applicationRows(db: Database): Promise<number> {
  let total = 0;
  for (const table of await tablesInOrder(db)) total += await db.$count(sql`public.${sql.identifier(table)}`);
  return total;
}

/** The dump's scripts, cut at the archive's own chunk markers. */
async function* dumpScripts(archive: OpenedArchive): AsyncGenerator<string> {
  const entry = archive.entries.get("database.sql.gz")!;
  const marker = `\n${archive.manifest.chunkMarker}\n`;
  let pending = "";
  const gunzip = createGunzip();
  // Decoded as a stream: a character whose bytes fall in two chunks is put back together, not broken.
  gunzip.setEncoding("utf8");
  const source = entryStream(archive.path, entry).pipe(gunzip);
  try {
    for await (const chunk of source as AsyncIterable<string>) {
      pending += chunk;
      let cut = pending.indexOf(marker);
      while (cut !== -1) {
        yield pending.slice(0, cut + 1);
        pending = pending.slice(cut + marker.length);
        cut = pending.indexOf(marker);
      }
    }
  } catch (error) {
    throw new BackupError(`The database part of the backup is damaged: ${(error as Error).message}`);
  }
  if (pending.trim()) yield pending;
}

export interface RestoreTarget {
  handle: DatabaseHandle;
  storage: Storage;
  /** Empty the target first when it already holds data. */
  force?: boolean;
}

export interface RestoreResult {
  tables: number;
  rows: number;
  media: number;
}

/**
 * What a restore runs, in one transaction: the target's schema replaced by the backup's own (its migrations, so
 * a backup made by an older version loads as it was made), then the data with the dump's own BEGIN and COMMIT
 * taken out (the caller's transaction holds it all, and its check runs before the COMMIT).
 */
async function* restoreScripts(archive: OpenedArchive): AsyncGenerator<string> {
  yield "DROP SCHEMA IF EXISTS drizzle CASCADE;\nDROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n";
  yield schemaSql(archive.manifest.migrations);
  let previous: string | undefined;
  for await (const script of dumpScripts(archive)) {
    if (previous === undefined) previous = script.replace(/^((?:--[^\n]*\n)*)BEGIN;\n/, "$1");
    else {
      yield previous;
      previous = script;
    }
  }
  if (previous !== undefined) yield previous.replace(/COMMIT;\n?$/, "");
}

/** Reads the originals of an archive and checks each against the manifest's sha256 before anything is written. */
async function checkedOriginals(archive: OpenedArchive): Promise<Map<string, Buffer>> {
  const originals = new Map<string, Buffer>();
  for (const item of archive.manifest.media) {
    const bytes = await readEntry(archive.path, archive.entries.get(`media/${item.key}`)!);
    if (createHash("sha256").update(bytes).digest("hex") !== item.sha256)
      throw new BackupError(`The original ${item.key} in the backup is damaged.`);
    originals.set(item.key, bytes);
  }
  return originals;
}

/**
 * Checks a whole archive without restoring it: its table of contents, every original against its sha256, and
 * the database part decoded to its end (`npm run restore -- --check`).
 */
export async function checkArchive(archive: OpenedArchive): Promise<{ tables: number; rows: number; media: number }> {
  for (const item of archive.manifest.media) {
    const hash = createHash("sha256");
    for await (const chunk of entryStream(
      archive.path,
      archive.entries.get(`media/${item.key}`)!,
    ) as AsyncIterable<Buffer>)
      hash.update(chunk);
    if (hash.digest("hex") !== item.sha256) throw new BackupError(`The original ${item.key} in the backup is damaged.`);
  }
  let last = "";
  for await (const script of dumpScripts(archive)) last = script;
  if (!/COMMIT;\n?$/.test(last)) throw new BackupError("The database part of the backup is incomplete.");
  return {
    tables: archive.manifest.tables.length,
    rows: archive.manifest.tables.reduce((sum, t) => sum + t.rows, 0),
    media: archive.manifest.media.length,
  };
}

/**
 * Restores an archive into an empty database and storage (or, with `force`, in place of what they hold). The
 * originals are checked before any is written; the schema and data are loaded and every table's row count and
 * digest compared with the manifest in one transaction, so a mismatch or a failure leaves the target as it was
 * (originals this restore wrote are removed again). Then the migrations bring the schema up to this version.
 */
export async function restoreBackup(archive: OpenedArchive, target: RestoreTarget): Promise<RestoreResult> {
  const { manifest } = archive;
  if (manifest.migrations > appMigrationCount())
    throw new BackupError(
      `This backup was made by a newer version of Atelier (${manifest.migrations} migrations, this one knows ${appMigrationCount()}). Update first.`,
    );
  const { handle, storage } = target;
  if ((await applicationRows(handle.db)) > 0 && !target.force)
    throw new BackupError(
      "The target database is not empty. Restore into an empty one, or pass --force to replace what it holds.",
    );

  const originals = await checkedOriginals(archive);
  const written: string[] = [];
  let summary: TableSummary[] = [];
  try {
    for (const [key, bytes] of originals) {
      if (await storage.exists(key)) continue;
      await storage.put(key, bytes);
      written.push(key);
    }
    await handle.runScripts(restoreScripts(archive), async (tx) => {
      summary = await summarizeWithin(tx);
      const expected = new Map(manifest.tables.map((t) => [t.name, t]));
      const wrong = summary.filter((t) => {
        const want = expected.get(t.name);
        return want ? want.rows !== t.rows || want.sha256 !== t.sha256 : t.rows !== 0;
      });
      if (wrong.length > 0)
        throw new BackupError(
          `The restored data differs from the backup in ${wrong.map((t) => t.name).join(", ")}. The backup may be damaged; nothing was changed.`,
        );
    });
  } catch (error) {
    for (const key of written) await storage.delete(key).catch(() => undefined);
    throw error;
  }
  await handle.migrate();
  // Sizes for the site are made again in the background (and on first request).
  const db = handle.db;
  const hashes = await queryRows<{ hash: string }>(db, sql`select hash from media_assets`);
  for (const { hash } of hashes) await enqueue("media.variants", { hash }, { dedupeKey: `media.variants:${hash}` }, db);
  return {
    tables: summary.length,
    rows: summary.reduce((sum, t) => sum + t.rows, 0),
    media: manifest.media.length,
  };
}
