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
import { dumpDatabase, summarizeDatabase, tablesInOrder, type TableSummary } from "./dump.server";
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

/** The migrations' SQL in the journal's order: the schema any PostgreSQL 15+ can create. */
function schemaSql(): string {
  const folder = migrationsFolder();
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return journal.entries
    .map(
      (e) =>
        `-- ${e.tag}\n${readFileSync(join(folder, `${e.tag}.sql`), "utf8").replaceAll("--> statement-breakpoint", "")}\n`,
    )
    .join("\n");
}

export function appMigrationCount(): number {
  const folder = migrationsFolder();
  return (JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] }).entries
    .length;
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
    await tar.addBuffer("schema.sql", Buffer.from(schemaSql()));
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
  for (const table of await tablesInOrder(db)) {
    const [row] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from public."${table}"`));
    total += row?.n ?? 0;
  }
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
 * Restores an archive into an empty database (schema by the migrations) and storage, then compares every
 * table's row count and digest, and every original's sha256, with the manifest.
 */
export async function restoreBackup(archive: OpenedArchive, target: RestoreTarget): Promise<RestoreResult> {
  const { manifest } = archive;
  if (manifest.migrations > appMigrationCount())
    throw new BackupError(
      `This backup was made by a newer version of Atelier (${manifest.migrations} migrations, this one knows ${appMigrationCount()}). Update first.`,
    );
  const { handle, storage } = target;
  await handle.migrate();
  const db = handle.db;
  if ((await applicationRows(db)) > 0) {
    if (!target.force)
      throw new BackupError(
        "The target database is not empty. Restore into an empty one, or pass --force to replace what it holds.",
      );
    const tables = await tablesInOrder(db);
    await db.execute(sql.raw(`truncate ${tables.map((t) => `public."${t}"`).join(", ")} restart identity cascade`));
  }

  // Originals first (checked against the manifest), then the data: a failure leaves no half-filled database.
  for (const item of manifest.media) {
    const entry = archive.entries.get(`media/${item.key}`)!;
    const bytes = await readEntry(archive.path, entry);
    const digest = createHash("sha256").update(bytes).digest("hex");
    if (digest !== item.sha256) throw new BackupError(`The original ${item.key} in the backup is damaged.`);
    if (!(await storage.exists(item.key))) await storage.put(item.key, bytes);
  }
  await handle.runScripts(dumpScripts(archive));

  const now = await summarizeDatabase(db);
  const expected = new Map(manifest.tables.map((t) => [t.name, t]));
  const wrong = now.filter((t) => {
    const want = expected.get(t.name);
    return want ? want.rows !== t.rows || want.sha256 !== t.sha256 : t.rows !== 0;
  });
  if (wrong.length > 0)
    throw new BackupError(
      `The restored data differs from the backup in ${wrong.map((t) => t.name).join(", ")}. The backup may be damaged.`,
    );
  // Sizes for the site are made again in the background (and on first request).
  const hashes = await queryRows<{ hash: string }>(db, sql`select hash from media_assets`);
  for (const { hash } of hashes) await enqueue("media.variants", { hash }, { dedupeKey: `media.variants:${hash}` }, db);
  return {
    tables: now.length,
    rows: now.reduce((sum, t) => sum + t.rows, 0),
    media: manifest.media.length,
  };
}
