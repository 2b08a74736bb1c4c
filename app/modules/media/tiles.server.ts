// Deep zoom tiles (decision 0021): the `media.tiles` job cuts an artwork's original into Deep Zoom Image tiles
// with sharp (libvips' dzsave) and writes every tile, then the .dzi descriptor, through the Storage interface
// (local disk or S3), under tiles/<hash>/. The descriptor is written last: its presence is the tile set's
// readiness, so no table records it. Keys and URLs carry the content hash and TILES_VERSION: immutable.
// Exposes: queueTiles, queueMissingTiles, generateTiles, zoomableHashes, readTile.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer as readAll } from "node:stream/consumers";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { db, queryRows, type Database } from "~/db/client.server";
import { decodeOriginal } from "./decode-budget.server";
import { mediaAssets } from "~/db/schema";
import {
  dziDescriptor,
  isImageHash,
  isZoomable,
  parseTileRequest,
  TILE_FORMAT,
  TILE_OVERLAP,
  TILE_SIZE,
  tileKey,
  tileLayout,
  tilePaths,
  TILES_NAME,
  tilesDescriptorKey,
  type TileLayout,
} from "~/lib/deep-zoom";
import type { ImageAsset } from "~/lib/media";
import { publish } from "~/modules/events/bus.server";
import { enqueue, JOB_PRIORITY, type JobHandlers } from "~/modules/jobs/jobs.server";
import { services } from "~/services.server";
import type { Storage } from "./storage.server";

const MAX_PIXELS = 100_000_000;
/** Tiles written to the store at once: enough to hide an object store's latency, few enough for a small machine. */
const PUT_CONCURRENCY = 6;
/** WebP at quality 80: the surface's texture survives; a 256 px tile is typically 5 to 15 KB. */
const TILE_QUALITY = 80;

const tilesJobKey = (hash: string) => `media.tiles:${hash}`;
/** After the variants (which every visitor sees) and everything else queued. */
const TILES_PRIORITY = JOB_PRIORITY.media + 10;

/** Queues the tiles of an image when it is large enough to zoom into (an artwork's new or replaced picture). */
export async function queueTiles(hash: string, tx: Database = db()): Promise<void> {
  const asset = await tx.query.mediaAssets.findFirst({
    where: eq(mediaAssets.hash, hash),
    columns: { width: true, height: true },
  });
  if (!asset || !isZoomable(asset.width, asset.height)) return;
  await enqueue("media.tiles", { hash }, { dedupeKey: tilesJobKey(hash), priority: TILES_PRIORITY }, tx);
}

/**
 * Queues the tiles of every work's picture that has none in the store yet: at each start (existing works, the
 * demo seed, a restored backup, a new TILES_VERSION). One background job looks; only missing sets are queued.
 */
export async function queueMissingTiles(): Promise<void> {
  await enqueue("media.tiles.backfill", {}, { dedupeKey: "media.tiles.backfill", priority: TILES_PRIORITY });
}

/** Per store, the tile sets known complete (cut by this process or found): a fact that never changes. */
const complete = new WeakMap<Storage, Set<string>>();
function knownComplete(storage: Storage): Set<string> {
  let set = complete.get(storage);
  if (!set) complete.set(storage, (set = new Set()));
  return set;
}

/** Whether an image's tile set is complete in the store (its descriptor is written last). */
export async function hasTiles(hash: string, storage: Storage = services().storage): Promise<boolean> {
  const known = knownComplete(storage);
  if (known.has(hash)) return true;
  if (!(await storage.exists(tilesDescriptorKey(hash)))) return false;
  if (known.size >= 100_000) known.clear();
  known.add(hash);
  return true;
}

/** The images among these that can be zoomed into now (large enough, tiles stored). */
export async function zoomableHashes(images: readonly { hash: string; width: number; height: number }[]) {
  const candidates = images.filter((i) => isZoomable(i.width, i.height));
  const ready = await Promise.all(candidates.map(async (i) => ((await hasTiles(i.hash)) ? i.hash : undefined)));
  return new Set(ready.filter((h): h is string => h !== undefined));
}

/** The works given, each picture marked `zoom` when its tiles are stored (the page then offers deep zoom). */
export async function withZoom<T extends { image: ImageAsset | null }>(works: T[]): Promise<T[]> {
  const ready = await zoomableHashes(works.flatMap((w) => (w.image ? [w.image] : [])));
  if (ready.size === 0) return works;
  return works.map((w) => (w.image && ready.has(w.image.hash) ? { ...w, image: { ...w.image, zoom: true } } : w));
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

export interface TileResult {
  /** "exists": the set was complete already and nothing was written. */
  status: "cut" | "exists" | "skipped";
  tiles: number;
  bytes: number;
  ms: number;
}

/**
 * Cuts and stores the tile set of an asset (the media.tiles job). Safe to run twice: a complete set (its
 * descriptor present) is left alone; a set interrupted half-way is cut again and its tiles overwritten with the
 * same bytes' equivalent. Stops between tiles when aborted.
 */
export async function generateTiles(
  hash: string,
  signal?: AbortSignal,
  storage: Storage = services().storage,
): Promise<TileResult> {
  const started = performance.now();
  const result = (status: TileResult["status"], tiles = 0, bytes = 0): TileResult => ({
    status,
    tiles,
    bytes,
    ms: Math.round(performance.now() - started),
  });
  const asset = await db().query.mediaAssets.findFirst({ where: eq(mediaAssets.hash, hash) });
  if (!asset || !isZoomable(asset.width, asset.height)) return result("skipped");
  if (await hasTiles(hash, storage)) return result("exists");
  const original = await storage.get(asset.originalKey);
  if (!original) return result("skipped");
  const input = await readAll(original.body);
  const layout = tileLayout(asset.width, asset.height, TILE_SIZE, TILE_OVERLAP);
  const dir = await mkdtemp(join(tmpdir(), "atelier-tiles-"));
  try {
    signal?.throwIfAborted();
    const base = join(dir, TILES_NAME);
    const info = await decodeOriginal(input, () =>
      sharp(input, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .webp({ quality: TILE_QUALITY, effort: 4 })
        .tile({ size: TILE_SIZE, overlap: TILE_OVERLAP, layout: "dz" })
        .toFile(`${base}.dz`),
    );
    if (info.width !== asset.width || info.height !== asset.height)
      throw new Error(`tiles of ${hash}: cut ${info.width}x${info.height}, expected ${asset.width}x${asset.height}`);
    // Exactly the layout's tiles are stored (a missing one fails the job): what the server will accept.
    const paths = [...tilePaths(layout, TILE_FORMAT)];
    let bytes = 0;
    await mapLimit(paths, PUT_CONCURRENCY, async (path) => {
      signal?.throwIfAborted();
      const body = await readFile(join(`${base}_files`, path));
      bytes += body.length;
      await storage.put(tileKey(hash, path), body);
    });
    const descriptor = Buffer.from(dziDescriptor(layout, TILE_FORMAT));
    await storage.put(tilesDescriptorKey(hash), descriptor);
    knownComplete(storage).add(hash);
    return result("cut", paths.length, bytes + descriptor.length);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const layouts = new Map<string, TileLayout | null>();

/** The layout of a stored image by hash (null: no such image, or too small to have tiles); kept per process. */
async function layoutOf(hash: string): Promise<TileLayout | null> {
  const cached = layouts.get(hash);
  if (cached !== undefined) return cached;
  const asset = await db().query.mediaAssets.findFirst({
    where: eq(mediaAssets.hash, hash),
    columns: { width: true, height: true },
  });
  const layout = asset && isZoomable(asset.width, asset.height) ? tileLayout(asset.width, asset.height) : null;
  // Bounded: it is a cache of facts that never change, not a record.
  if (layouts.size >= 5_000) layouts.delete(layouts.keys().next().value!);
  if (asset) layouts.set(hash, layout);
  return layout;
}

export interface TileFile {
  key: string;
  body: Buffer;
  contentType: string;
}

/**
 * A deep zoom file of an image by the segments of its URL after /media/<hash>/, checked against the image's
 * tile layout before the store is asked (every segment validated: nothing else can be read). Undefined: 404.
 */
export async function readTile(hash: string, segments: readonly string[]): Promise<TileFile | undefined> {
  if (!isImageHash(hash) || !parseTileRequest(segments)) return undefined;
  const layout = await layoutOf(hash);
  const request = layout ? parseTileRequest(segments, layout) : undefined;
  if (!request) return undefined;
  const key =
    request.kind === "descriptor"
      ? tilesDescriptorKey(hash)
      : tileKey(hash, `${request.level}/${request.column}_${request.row}.${TILE_FORMAT}`);
  const stored = await services().storage.get(key);
  if (!stored) return undefined;
  return {
    key,
    body: await readAll(stored.body),
    contentType: request.kind === "descriptor" ? "application/xml; charset=utf-8" : `image/${TILE_FORMAT}`,
  };
}

/** The background jobs of this module (registered by server/jobs.ts). */
export const tileJobs: JobHandlers = {
  "media.tiles": async (payload, signal) => {
    if (typeof payload.hash !== "string" || !isImageHash(payload.hash)) return;
    const done = await generateTiles(payload.hash, signal);
    if (done.status === "cut") {
      services().logger.info({ hash: payload.hash, tiles: done.tiles, bytes: done.bytes, ms: done.ms }, "tiles cut");
      // Pages that show this work (and were cached without the zoom button) are rendered again.
      await publish("catalog.changed", {});
    }
  },
  "media.tiles.backfill": async (_payload, signal) => {
    // The pictures of works on the site (media may also hold blog covers and portraits, which are never zoomed).
    const rows = await queryRows<{ hash: string; width: number; height: number }>(
      db(),
      sql`select distinct m.hash, m.width, m.height from media_assets m
          join artworks a on a.main_image_id = m.id
          where a.archived_at is null`,
    );
    for (const row of rows) {
      signal.throwIfAborted();
      if (isZoomable(row.width, row.height) && !(await hasTiles(row.hash)))
        await enqueue(
          "media.tiles",
          { hash: row.hash },
          { dedupeKey: tilesJobKey(row.hash), priority: TILES_PRIORITY },
        );
    }
  },
};
