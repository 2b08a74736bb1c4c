// Deep zoom tiles (issue 15 item 1): the media.tiles job cuts the DZI pyramid the tile layout describes into the
// Storage (local disk here, and an S3-compatible server), a second run writes nothing, small pictures get none,
// an artwork's new picture queues its tiles and the backfill at start finds works without them.
import sharp from "sharp";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { jobs } from "~/db/schema";
import { dziDescriptor, tileKey, tileLayout, tilePaths, TILES_NAME, tilesDescriptorKey } from "~/lib/deep-zoom";
import { createArtwork } from "~/modules/catalog/catalog.server";
import { replaceArtworkImage } from "~/modules/catalog/admin-catalog.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { ingestImage } from "~/modules/media/media.server";
import { S3Storage } from "~/modules/media/s3-storage.server";
import { parseStorageUrl } from "~/modules/media/storage-url";
import { generateTiles, hasTiles, queueMissingTiles, readTile, zoomableHashes } from "~/modules/media/tiles.server";
import { services, setServices } from "~/services.server";
import { counting } from "../support/counting-storage";
import { BACKENDS, setupTestServices, useTestServices, type TestContext } from "../support/harness";
import { S3_CREDENTIALS, startS3Server, type S3Server } from "../support/s3-server";
import { detailedPicture } from "../support/images";

describe.each(BACKENDS)("deep zoom tiles on %s", (backend) => {
  const ctx = useTestServices(backend);

  it("cuts every tile of the layout and the descriptor into the store; a second run writes nothing", async () => {
    const asset = await ingestImage(await detailedPicture(2000, 1300, "#2a3550"));
    const store = counting(services().storage);
    const layout = tileLayout(2000, 1300);
    // Levels 0 to 8 are one tile each; 9: 500x325, 10: 1000x650, 11: 2000x1300.
    expect(layout.tileCount).toBe(9 + 4 + 12 + 48);

    const first = await generateTiles(asset.hash, undefined, store);
    expect(first).toMatchObject({ status: "cut", tiles: layout.tileCount });
    const expected = [...tilePaths(layout)].map((path) => tileKey(asset.hash, path));
    expect(store.puts).toHaveLength(layout.tileCount + 1);
    expect(new Set(store.puts)).toEqual(new Set([...expected, tilesDescriptorKey(asset.hash)]));
    // The descriptor is written last: its presence means the set is complete.
    expect(store.puts.at(-1)).toBe(tilesDescriptorKey(asset.hash));
    const descriptor = await store.get(tilesDescriptorKey(asset.hash));
    expect((await buffer(descriptor!.body)).toString()).toBe(dziDescriptor(layout));
    // Tiles are WebP of the layout's sizes: the top-left full-size tile has overlap on two sides only.
    const corner = await store.get(tileKey(asset.hash, "11/0_0.webp"));
    expect(await sharp(await buffer(corner!.body)).metadata()).toMatchObject({
      format: "webp",
      width: 255,
      height: 255,
    });
    const inner = await store.get(tileKey(asset.hash, "11/1_1.webp"));
    expect(await sharp(await buffer(inner!.body)).metadata()).toMatchObject({ width: 256, height: 256 });
    const last = await store.get(tileKey(asset.hash, "11/7_5.webp"));
    expect(await sharp(await buffer(last!.body)).metadata()).toMatchObject({ width: 2000 - 1777, height: 1300 - 1269 });
    expect(first.bytes).toBeGreaterThan(0);

    store.puts.length = 0;
    expect(await generateTiles(asset.hash, undefined, store)).toMatchObject({ status: "exists", tiles: 0 });
    expect(store.puts).toEqual([]);
    // Another process (nothing known in memory) finds the set complete from the store alone.
    const elsewhere = counting({
      put: (k, b) => services().storage.put(k, b),
      get: (k) => services().storage.get(k),
      exists: (k) => services().storage.exists(k),
      delete: (k) => services().storage.delete(k),
      list: (prefix, pageSize) => services().storage.list(prefix, pageSize),
    });
    expect(await generateTiles(asset.hash, undefined, elsewhere)).toMatchObject({ status: "exists" });
    expect(elsewhere.puts).toEqual([]);
  });

  it("serves only tiles inside the layout, by every URL segment", async () => {
    const asset = await ingestImage(await detailedPicture(1600, 1600, "#503a2a"));
    expect(await zoomableHashes([asset])).toEqual(new Set());
    await generateTiles(asset.hash);
    expect(await zoomableHashes([asset])).toEqual(new Set([asset.hash]));
    const files = `${TILES_NAME}_files`;
    const tile = await readTile(asset.hash, [files, "11", "6_6.webp"]);
    expect(tile).toMatchObject({ contentType: "image/webp" });
    expect((await sharp(tile!.body).metadata()).width).toBe(1600 - 1523);
    expect((await readTile(asset.hash, [`${TILES_NAME}.dzi`]))?.body.toString()).toContain('Width="1600"');
    for (const segments of [
      [files, "11", "7_0.webp"],
      [files, "12", "0_0.webp"],
      [files, "..", "0_0.webp"],
      ["..", "11", "0_0.webp"],
      [files, "11", "0_0.avif"],
    ])
      expect(await readTile(asset.hash, segments), segments.join("/")).toBeUndefined();
    expect(await readTile("../../originals", [files, "11", "0_0.webp"])).toBeUndefined();
    expect(await readTile("ffffffffffffffffffffffff", [files, "11", "0_0.webp"])).toBeUndefined();
  });

  it("cuts no tiles for a small picture, and queues them when a work gets a large one", async () => {
    const small = await ingestImage(await detailedPicture(1200, 900, "#333"));
    expect(await generateTiles(small.hash)).toMatchObject({ status: "skipped" });
    expect(await services().storage.exists(tilesDescriptorKey(small.hash))).toBe(false);
    expect(await zoomableHashes([small])).toEqual(new Set());

    const { id } = await createArtwork({ slug: "zoom-work", title: "Zoom work", mainImageId: small.id });
    const large = await ingestImage(await detailedPicture(1800, 1500, "#264"));
    await runDueJobs();
    expect(await replaceArtworkImage(id, large)).toBe(true);
    const queued = await ctx.handle.db.select().from(jobs).where(eq(jobs.kind, "media.tiles"));
    expect(queued.map((j) => j.payload)).toContainEqual({ hash: large.hash });
    await runDueJobs();
    expect(await hasTiles(large.hash)).toBe(true);
  });

  it("the backfill at start queues tiles for works without them, and only those", async () => {
    const picture = await ingestImage(await detailedPicture(1700, 1200, "#642"));
    await createArtwork({ slug: "backfilled", title: "Backfilled", mainImageId: picture.id });
    // A picture that is no work's (a blog cover) gets no tiles.
    const cover = await ingestImage(await detailedPicture(1900, 1200, "#246"));
    await runDueJobs();
    await queueMissingTiles();
    await runDueJobs();
    expect(await hasTiles(picture.hash)).toBe(true);
    expect(await hasTiles(cover.hash)).toBe(false);
    const before = await ctx.handle.db.select().from(jobs).where(eq(jobs.kind, "media.tiles"));
    await queueMissingTiles();
    await runDueJobs();
    const after = await ctx.handle.db.select().from(jobs).where(eq(jobs.kind, "media.tiles"));
    expect(after).toHaveLength(before.length);
  });
});

describe("deep zoom tiles on an S3-compatible store", () => {
  let s3: S3Server;
  let ctx: TestContext;
  beforeAll(async () => {
    s3 = await startS3Server();
    ctx = await setupTestServices("pglite");
    const store = new S3Storage(parseStorageUrl(s3.storageUrl("zoom")), {
      credentials: {
        accessKeyId: S3_CREDENTIALS.AWS_ACCESS_KEY_ID,
        secretAccessKey: S3_CREDENTIALS.AWS_SECRET_ACCESS_KEY,
      },
    });
    setServices({ ...services(), storage: store });
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    await s3.close();
  });

  it("writes the tiles and descriptor as objects, once", async () => {
    const asset = await ingestImage(await detailedPicture(1600, 1000, "#3b2f4a"));
    const store = counting(services().storage);
    const layout = tileLayout(1600, 1000);
    expect(await generateTiles(asset.hash, undefined, store)).toMatchObject({ status: "cut", tiles: layout.tileCount });
    expect(store.puts).toHaveLength(layout.tileCount + 1);
    const tile = await readTile(asset.hash, [`${TILES_NAME}_files`, "11", "6_3.webp"]);
    expect(tile?.contentType).toBe("image/webp");
    store.puts.length = 0;
    expect(await generateTiles(asset.hash, undefined, store)).toMatchObject({ status: "exists" });
    expect(store.puts).toEqual([]);
  });
});
