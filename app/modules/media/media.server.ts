// Media: ingest images (validated, deduplicated by content), and serve their variants.
// Owns: media_assets, the storage keys under originals/ and variants/. Exposes: ingestImage,
// readVariant, readOriginal, generateVariants, and the ImageAsset shape other modules join.
import { buffer as readAll } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import { db, type Database } from "~/db/client.server";
import { mediaAssets } from "~/db/schema";
import type { ImageAsset } from "~/lib/media";
import { enqueue, registerJobHandler } from "~/modules/jobs/jobs.server";
import { services } from "~/services.server";
import { analyseImage, renderVariant, VARIANT_FORMATS, variantKey, type VariantFormat } from "./pipeline.server";

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

/**
 * Validates and stores an image; returns its asset (the existing one when the same bytes were stored before).
 * Throws MediaError for a bad file, having stored nothing. Variants are made by a job right after.
 */
export async function ingestImage(input: Buffer, tx: Database = db()): Promise<MediaAsset> {
  const image = await analyseImage(input);
  const existing = await tx.query.mediaAssets.findFirst({ where: eq(mediaAssets.hash, image.hash) });
  if (existing) return existing;
  const { storage } = services();
  await storage.put(image.originalKey, image.original);
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
    })
    .onConflictDoNothing({ target: mediaAssets.hash })
    .returning();
  const asset = row ?? (await tx.query.mediaAssets.findFirst({ where: eq(mediaAssets.hash, image.hash) }));
  if (!asset) throw new Error("media asset vanished during ingest");
  await enqueue("media.variants", { hash: asset.hash }, { dedupeKey: `media.variants:${asset.hash}` }, tx);
  return asset;
}

const inFlight = new Map<string, Promise<Buffer | undefined>>();

/** The bytes of one variant, encoding (once, even under concurrent requests) and storing it if missing. */
export async function readVariant(hash: string, width: number, format: VariantFormat): Promise<Buffer | undefined> {
  const { storage } = services();
  const key = variantKey(hash, width, format);
  const stored = await storage.get(key);
  if (stored) return readAll(stored.body);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      const asset = await db().query.mediaAssets.findFirst({ where: eq(mediaAssets.hash, hash) });
      if (!asset || !asset.widths.includes(width)) return undefined;
      const original = await storage.get(asset.originalKey);
      if (!original) return undefined;
      const bytes = await renderVariant(await readAll(original.body), width, format);
      await storage.put(key, bytes);
      return bytes;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
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

/** Makes every missing variant of an asset (the media.variants job); stops between variants when aborted. */
export async function generateVariants(hash: string, signal?: AbortSignal): Promise<void> {
  const asset = await db().query.mediaAssets.findFirst({ where: eq(mediaAssets.hash, hash) });
  if (!asset) return;
  const { storage } = services();
  for (const width of [...asset.widths].reverse()) {
    for (const format of VARIANT_FORMATS) {
      signal?.throwIfAborted();
      if (!(await storage.exists(variantKey(hash, width, format)))) await readVariant(hash, width, format);
    }
  }
}

registerJobHandler("media.variants", async (payload, signal) => {
  if (typeof payload.hash === "string") await generateVariants(payload.hash, signal);
});
