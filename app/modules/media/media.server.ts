// Media: ingest images (validated, deduplicated by content), and serve their variants.
// Owns: media_assets, the storage keys under originals/ and variants/. Exposes: ingestImage, checkImage and
// storeOriginals (several files, all or none, discardOriginals when none is recorded), readVariant, readOriginal,
// generateVariants, lookups by file name or hash, the media library listing, and the ImageAsset shape other
// modules join. An original no row records is removed by the storage sweeper (sweep.server.ts) once a day old.
import { buffer as readAll } from "node:stream/consumers";
import { asc, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { db, type Database } from "~/db/client.server";
import { newestFirst, pageOf } from "~/db/list-queries.server";
import { mediaAssets } from "~/db/schema";
import { variantUrl, type ImageAsset } from "~/lib/media";
import { enqueue, type JobHandlers } from "~/modules/jobs/jobs.server";
import { services } from "~/services.server";
import { decodeOriginal } from "./decode-budget.server";
import {
  analyseImage,
  decodeForVariants,
  encodeVariant,
  MediaError,
  renderVariant,
  VARIANT_FORMATS,
  variantKey,
  type ProcessedImage,
  type VariantFormat,
} from "./pipeline.server";
import { readUploadBody } from "./upload.server";
import { StorageUnavailableError } from "./storage.server";
import { holdOffSweep, underSweepLock } from "./sweep.server";

export { MediaError, MAX_UPLOAD_BYTES } from "./pipeline.server";
export type MediaAsset = typeof mediaAssets.$inferSelect;

export const toImageAsset = (
  a: Pick<MediaAsset, "hash" | "width" | "height" | "widths" | "placeholder">,
): ImageAsset => ({
  hash: a.hash,
  width: a.width,
  height: a.height,
  widths: a.widths,
  placeholder: a.placeholder,
});

/** The picture's columns of a query that left-joins media_assets, flat beside the other columns (`image…`). */
export const imageColumns = {
  imageHash: mediaAssets.hash,
  imageWidth: mediaAssets.width,
  imageHeight: mediaAssets.height,
  imageWidths: mediaAssets.widths,
  imagePlaceholder: mediaAssets.placeholder,
};

type ImageColumns = { [K in keyof typeof imageColumns]: unknown };

/** A row of such a query split into its own columns and its picture (null without one). */
export function withImage<R extends ImageColumns>(row: R): Omit<R, keyof ImageColumns> & { image: ImageAsset | null } {
  const { imageHash, imageWidth, imageHeight, imageWidths, imagePlaceholder, ...rest } = row;
  return {
    ...rest,
    image:
      imageHash && imageWidth && imageHeight && imageWidths && imagePlaceholder
        ? toImageAsset({
            hash: imageHash as string,
            width: imageWidth as number,
            height: imageHeight as number,
            widths: imageWidths as number[],
            placeholder: imagePlaceholder as string,
          })
        : null,
  };
}

/** What the pipeline found out about an image (its hash, key, size and placeholder), without its bytes. */
type ImageFacts = Omit<ProcessedImage, "original">;

/**
 * An image checked and its original stored, not yet recorded in the database (see registerImage), and whether this
 * request wrote it (false: the same bytes were stored before, maybe by an upload that was never recorded).
 */
export type StoredOriginal = ImageFacts & { written: boolean };

/**
 * Validates an image and stores its original under its content hash, touching no database: work that may
 * take seconds is done before a transaction opens. Throws MediaError for a bad file, having stored nothing.
 */
export async function storeOriginal(input: Buffer): Promise<StoredOriginal> {
  const { original, ...image } = await analyseImage(input);
  return { ...image, written: await putOriginal(image.originalKey, original) };
}

/** Writes an original unless its bytes are stored already; true when this call wrote it. */
async function putOriginal(key: string, bytes: Buffer): Promise<boolean> {
  const { storage } = services();
  if (await storage.exists(key)) return false;
  await storage.put(key, bytes);
  return true;
}

/** An image validated (decoded to the last byte), its bytes not yet stored (see storeOriginals). */
export type CheckedImage = ImageFacts & { original: Buffer };

/** Validates an image without storing anything; throws MediaError for a bad file. */
export function checkImage(input: Buffer): Promise<CheckedImage> {
  return analyseImage(input);
}

/** A stored original and whether this request wrote it (false: the same bytes were stored before). */
export type NewlyStored = StoredOriginal;

/**
 * Stores the originals of images checked first (checkImage), all of them or none: a write that fails removes the
 * ones this call wrote before it throws. Until registerImage records them, nothing lists them or removes them, so
 * a caller that then records none (a refused request) hands them to discardOriginals.
 */
export async function storeOriginals(images: CheckedImage[]): Promise<NewlyStored[]> {
  const stored: NewlyStored[] = [];
  try {
    for (const { original, ...image } of images)
      stored.push({ ...image, written: await putOriginal(image.originalKey, original) });
  } catch (error) {
    await discardOriginals(stored);
    throw error;
  }
  return stored;
}

/** How long discardOriginals waits for uploads recording images to commit before it leaves its files to the sweeper. */
const DISCARD_LOCK_WAIT_MS = 1_000;

/**
 * Removes the originals a caller of storeOriginals wrote and no asset records. One stored before (`written`
 * false) is someone else's; one an asset records by now is the same bytes registered by another request (a
 * double click whose first copy won): both stay. Never throws (it runs while a request fails): what it cannot
 * remove is logged and left.
 */
export async function discardOriginals(images: NewlyStored[]): Promise<void> {
  const written = images.filter((i) => i.written);
  if (written.length === 0) return;
  const { storage, logger } = services();
  const keys = written.map((i) => i.originalKey);
  try {
    // Under the sweep lock: another request recording the same bytes (it found them stored) has committed, and
    // its record is seen. Uploads holding the lock past a second leave the files to the storage sweeper.
    const removed = await underSweepLock(DISCARD_LOCK_WAIT_MS, async (tx) => {
      const hashes = written.map((i) => i.hash);
      const recorded = await tx
        .select({ hash: mediaAssets.hash })
        .from(mediaAssets)
        .where(inArray(mediaAssets.hash, hashes));
      const kept = new Set(recorded.map((r) => r.hash));
      for (const image of written) if (!kept.has(image.hash)) await storage.delete(image.originalKey);
    });
    if (!removed) logger.info({ keys }, "originals no image records left to the storage sweeper (uploads busy)");
  } catch (err) {
    logger.warn({ err, keys }, "could not remove originals no image records");
  }
}

/** The file name an upload came with, as kept for matching: its base name, trimmed and bounded. */
export function cleanFileName(name: string | undefined | null): string | null {
  const base = (name ?? "").split(/[\\/]/).pop()?.trim() ?? "";
  return base ? base.slice(0, 255) : null;
}

/**
 * Records a stored original (once per content hash) and queues its variants; returns its asset. A new record holds
 * the storage sweeper off until its transaction ends, and an original this request found stored (not `written`)
 * must still be there: an old file no record named may have been swept since. If it is gone, this throws
 * StorageUnavailableError (the upload is refused; sent again, its original is written again).
 */
export async function registerImage(
  image: StoredOriginal,
  tx: Database = db(),
  options: { originalName?: string | null } = {},
): Promise<MediaAsset> {
  const originalName = cleanFileName(options.originalName);
  const existing = await tx.query.mediaAssets.findFirst({ where: eq(mediaAssets.hash, image.hash) });
  if (existing) {
    if (originalName && !existing.originalName) {
      const [named] = await tx
        .update(mediaAssets)
        .set({ originalName })
        .where(eq(mediaAssets.id, existing.id))
        .returning();
      return named ?? existing;
    }
    return existing;
  }
  // A transaction of its own (a savepoint inside the caller's): the sweep lock lasts until the row is committed.
  return tx.transaction(async (inner) => {
    await holdOffSweep(inner);
    if (!image.written && !(await services().storage.exists(image.originalKey)))
      throw new StorageUnavailableError(
        `The original ${image.originalKey} was removed from storage before its image was recorded: send the picture again.`,
      );
    return insertImage(image, originalName, inner);
  });
}

async function insertImage(image: StoredOriginal, originalName: string | null, tx: Database): Promise<MediaAsset> {
  const [row] = await tx
    .insert(mediaAssets)
    .values({
      hash: image.hash,
      originalKey: image.originalKey,
      mime: image.mime,
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      widths: image.widths,
      placeholder: image.placeholder,
      originalName,
    })
    .onConflictDoNothing({ target: mediaAssets.hash })
    .returning();
  const asset = row ?? (await tx.query.mediaAssets.findFirst({ where: eq(mediaAssets.hash, image.hash) }));
  if (!asset) throw new Error("media asset vanished during ingest");
  await enqueue("media.variants", { hash: asset.hash }, { dedupeKey: `media.variants:${asset.hash}` }, tx);
  return asset;
}

/**
 * Validates and stores an image; returns its asset (the existing one when the same bytes were stored before).
 * Throws MediaError for a bad file, having stored nothing. Variants are made by a job right after.
 */
export async function ingestImage(
  input: Buffer,
  tx: Database = db(),
  options: { originalName?: string | null } = {},
): Promise<MediaAsset> {
  return registerImage(await storeOriginal(input), tx, options);
}

/** The public URL of an asset's largest WebP variant (the spec's main_image_url). */
export const largestVariantUrl = (asset: Pick<MediaAsset, "hash" | "widths" | "width">) =>
  variantUrl(asset.hash, asset.widths.at(-1) ?? asset.width, "webp");

const HASH_RE = /^([0-9a-f]{24})(?:\.[a-z0-9]+)?$/i;

/**
 * Stored images by how a spreadsheet names them: a content hash (with or without an extension), else the
 * file name it was uploaded with (case-insensitive; the newest upload of that name). Keys are lower-cased.
 */
export async function findImagesByReference(refs: string[], tx: Database = db()): Promise<Map<string, MediaAsset>> {
  const found = new Map<string, MediaAsset>();
  const keys = [...new Set(refs.map((r) => r.trim().toLowerCase()).filter(Boolean))];
  if (keys.length === 0) return found;
  const hashes = keys.map((k) => HASH_RE.exec(k)?.[1]).filter((h): h is string => Boolean(h));
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    const rows = await tx
      .select()
      .from(mediaAssets)
      .where(inArray(sql`lower(${mediaAssets.originalName})`, chunk))
      .orderBy(asc(mediaAssets.createdAt));
    // Oldest first, so the newest upload of a name wins.
    for (const row of rows) found.set(row.originalName!.toLowerCase(), row);
  }
  if (hashes.length > 0) {
    const rows = await tx.select().from(mediaAssets).where(inArray(mediaAssets.hash, hashes));
    const byHash = new Map(rows.map((r) => [r.hash, r]));
    for (const key of keys) {
      const hash = HASH_RE.exec(key)?.[1];
      const asset = hash ? byHash.get(hash) : undefined;
      if (asset) found.set(key, asset);
    }
  }
  return found;
}

/** Lower-cased file names that more than one stored image was uploaded with (ambiguous as references). */
export async function ambiguousFileNames(names: string[], tx: Database = db()): Promise<Set<string>> {
  const keys = [...new Set(names.map((n) => n.toLowerCase()))];
  if (keys.length === 0) return new Set();
  const rows = await tx
    .select({ name: sql<string>`lower(${mediaAssets.originalName})` })
    .from(mediaAssets)
    .where(inArray(sql`lower(${mediaAssets.originalName})`, keys))
    .groupBy(sql`lower(${mediaAssets.originalName})`)
    .having(sql`count(*) > 1`);
  return new Set(rows.map((r) => r.name));
}

export interface LibraryImage extends ImageAsset {
  id: string;
  originalName: string | null;
  createdAt: Date;
}

// What visitors sent with a commission request is the client's, not the artist's to publish: not in the library.
const notClientReference = sql`not exists (select 1 from commission_images ci where ci.media_asset_id = ${mediaAssets.id} and ci.kind = 'reference')`;

/** The media library, newest first (image pickers); never a client's reference image. */
export async function listMediaLibrary({
  page = 1,
  pageSize,
}: {
  page?: number;
  /** 200 at the most. */
  pageSize: number;
}): Promise<{ images: LibraryImage[]; total: number }> {
  const query = db()
    .select()
    .from(mediaAssets)
    .where(notClientReference)
    .orderBy(...newestFirst(mediaAssets))
    .$dynamic();
  const { rows, total } = await pageOf(
    query,
    db().$count(mediaAssets, notClientReference),
    page,
    Math.min(pageSize, 200),
  );
  return {
    images: rows.map((a) => ({ ...toImageAsset(a), id: a.id, originalName: a.originalName, createdAt: a.createdAt })),
    total,
  };
}

/** Stored images by id (a picker's choice, a blog cover). */
export async function getImagesByIds(ids: string[], tx: Database = db()): Promise<Map<string, MediaAsset>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select().from(mediaAssets).where(inArray(mediaAssets.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export interface UploadedImage extends ImageAsset {
  id: string;
}

export type UploadResult =
  { ok: true; image: UploadedImage } | { ok: false; status: 400 | 413 | 422 | 503; error: string };

/** The file's name, sent URI-encoded in X-File-Name (kept so a spreadsheet import can find it by name). */
function uploadFileName(request: Request): string | null {
  const raw = request.headers.get("x-file-name");
  if (!raw) return null;
  try {
    return cleanFileName(decodeURIComponent(raw));
  } catch {
    return null;
  }
}

/**
 * An image sent as the raw body of a request: read with the size limit enforced while streaming, then
 * ingested. A refused file (too large, empty, not an image, damaged) is answered with the reason and stores
 * nothing; anything else is a server fault and throws.
 */
export async function ingestUpload(request: Request): Promise<UploadResult> {
  const declared = request.headers.get("content-length");
  try {
    const bytes = await readUploadBody(request.body, declared ? Number(declared) : undefined);
    const asset = await ingestImage(bytes, db(), { originalName: uploadFileName(request) });
    return { ok: true, image: { id: asset.id, ...toImageAsset(asset) } };
  } catch (error) {
    if (error instanceof MediaError) {
      return { ok: false, status: error.code === "too_large" ? 413 : 422, error: error.message };
    }
    if (isStoreUnavailable(error, "upload")) return { ok: false, status: 503, error: STORE_UNAVAILABLE };
    throw error;
  }
}

/** What the person uploading reads when the store (an object store) cannot be reached. */
export const STORE_UNAVAILABLE =
  "The image store cannot be reached right now, so nothing was saved. Please try again in a few minutes.";

/**
 * Whether `error` is the image store out of reach (or an original found stored, then swept before it was
 * recorded: registerImage), logged as a warning naming `what` was refused. The caller answers 503 with
 * STORE_UNAVAILABLE: nothing was saved, and the same request sent again works once the store answers.
 */
export function isStoreUnavailable(error: unknown, what: string): error is StorageUnavailableError {
  if (!(error instanceof StorageUnavailableError)) return false;
  services().logger.warn({ err: error }, `${what} refused: the image store is unavailable`);
  return true;
}

const inFlight = new Map<string, Promise<Buffer | undefined>>();

/** Renders and stores the file at `key` once (a variant, a print copy), even when several ask for it at the same time. */
function storeVariantOnce(key: string, render: () => Promise<Buffer | undefined>): Promise<Buffer | undefined> {
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      const bytes = await render();
      if (bytes) await services().storage.put(key, bytes);
      return bytes;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** The file at `key` as stored, or made and stored once (storeVariantOnce) when it is missing. */
async function storedOrMadeOnce(key: string, render: () => Promise<Buffer | undefined>): Promise<Buffer | undefined> {
  const stored = await services().storage.get(key);
  return stored ? readAll(stored.body) : storeVariantOnce(key, render);
}

/** The bytes of one variant, encoding (once, even under concurrent requests) and storing it if missing. */
export async function readVariant(hash: string, width: number, format: VariantFormat): Promise<Buffer | undefined> {
  const { storage } = services();
  return storedOrMadeOnce(variantKey(hash, width, format), async () => {
    const asset = await db().query.mediaAssets.findFirst({ where: eq(mediaAssets.hash, hash) });
    if (!asset || !asset.widths.includes(width)) return undefined;
    const original = await storage.get(asset.originalKey);
    return original ? renderVariant(await readAll(original.body), width, format) : undefined;
  });
}

/**
 * The storage key of a variant once it is stored (made now if missing), for a redirect to the public bucket
 * (MEDIA_PUBLIC_URL); undefined when there is no such image or size.
 */
export async function storedVariantKey(
  hash: string,
  width: number,
  format: VariantFormat,
): Promise<string | undefined> {
  const key = variantKey(hash, width, format);
  if (await services().storage.exists(key)) return key;
  return (await readVariant(hash, width, format)) ? key : undefined;
}

/** The stored original of an image, by its hash (sharing cards are made from it); undefined when unknown. */
export async function readOriginal(hash: string): Promise<Buffer | undefined> {
  if (!/^[0-9a-f]{24}$/.test(hash)) return undefined;
  const asset = await db().query.mediaAssets.findFirst({
    where: eq(mediaAssets.hash, hash),
    columns: { originalKey: true },
  });
  if (!asset) return undefined;
  const original = await services().storage.get(asset.originalKey);
  return original ? readAll(original.body) : undefined;
}

/**
 * An image for print (a PDF): the stored original, turned upright and fitted within `maxSide` pixels, as JPEG
 * (photographs) or PNG (a signature keeps its transparency). The variants are AVIF/WebP, which PDFs cannot
 * carry. Made once and stored (`print/{hash}/{maxSide}.jpg`), like a variant: a certificate downloaded again and
 * again, by its buyer or whoever has the link, reads it instead of decoding the original each time. Undefined
 * when there is no such image or its bytes are gone. Never inside a transaction: the first decode may wait for
 * room in the decode budget (a certificate in a paid e-mail is drawn when the mail goes out).
 */
export async function printableImage(
  hash: string,
  options: { maxSide: number; format: "jpeg" | "png" },
): Promise<Buffer | undefined> {
  if (!/^[0-9a-f]{24}$/.test(hash)) return undefined;
  const key = `print/${hash}/${options.maxSide}.${options.format === "jpeg" ? "jpg" : "png"}`;
  return storedOrMadeOnce(key, async () => {
    const input = await readOriginal(hash);
    if (!input) return undefined;
    const pipeline = sharp(input, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: options.maxSide, height: options.maxSide, fit: "inside", withoutEnlargement: true });
    return decodeOriginal(input, () =>
      (options.format === "jpeg"
        ? pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 84, mozjpeg: true })
        : pipeline.png()
      ).toBuffer(),
    );
  });
}

/**
 * Makes every missing variant of an asset (the media.variants job), widest first, from one read and one decode of
 * the original; stops between variants when aborted.
 */
export async function generateVariants(hash: string, signal?: AbortSignal): Promise<void> {
  const asset = await db().query.mediaAssets.findFirst({ where: eq(mediaAssets.hash, hash) });
  if (!asset) return;
  const { storage } = services();
  const missing: { width: number; format: VariantFormat }[] = [];
  for (const width of [...asset.widths].sort((a, b) => b - a))
    for (const format of VARIANT_FORMATS)
      if (!(await storage.exists(variantKey(hash, width, format)))) missing.push({ width, format });
  if (missing.length === 0) return;
  signal?.throwIfAborted();
  const stored = await storage.get(asset.originalKey);
  if (!stored) return;
  const original = await readAll(stored.body);
  const source = await decodeForVariants(original, asset, missing[0]!.width);
  for (const { width, format } of missing) {
    signal?.throwIfAborted();
    await storeVariantOnce(variantKey(hash, width, format), () =>
      source ? encodeVariant(source, width, format) : renderVariant(original, width, format),
    );
  }
}

/** The background jobs of this module (registered by server/jobs.ts). */
export const mediaJobs: JobHandlers = {
  "media.variants": async (payload, signal) => {
    if (typeof payload.hash === "string") await generateVariants(payload.hash, signal);
  },
};
