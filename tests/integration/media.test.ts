import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { jobs, mediaAssets } from "~/db/schema";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { ingestImage, printableImage, readVariant } from "~/modules/media/media.server";
import { MediaError } from "~/modules/media/pipeline.server";
import { whileStoreWatched } from "../support/counting-storage";
import { BACKENDS, useTestServices } from "../support/harness";
import { detailedPicture } from "../support/images";

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

describe.each(BACKENDS)("media pipeline on %s", (backend) => {
  const ctx = useTestServices(backend);

  it("stores nothing when an upload is not an image or is damaged", async () => {
    const good = await detailedPicture(900, 600, "#224");
    for (const bad of [Buffer.from("%PDF-1.7 not an image"), good.subarray(0, good.length - 400)]) {
      await expect(ingestImage(bad)).rejects.toBeInstanceOf(MediaError);
    }
    expect(await ctx.handle.db.select().from(mediaAssets)).toHaveLength(0);
    expect(await ctx.handle.db.select().from(jobs)).toHaveLength(0);
    expect(listFiles(join(ctx.dataDir, "media"))).toEqual([]);
  });

  it("stores the original once, then a job makes every AVIF and WebP variant", async () => {
    const bytes = await detailedPicture(1500, 1000, "#335");
    const asset = await ingestImage(bytes);
    const again = await ingestImage(Buffer.from(bytes));
    expect(again.id).toBe(asset.id);
    expect(asset.widths).toEqual([320, 640, 960, 1280, 1500]);
    expect(await ctx.handle.db.select().from(jobs)).toHaveLength(1);

    expect(await runDueJobs()).toBe(1);
    const variants = listFiles(join(ctx.dataDir, "media", "variants", asset.hash))
      .map((f) => f.split("/").at(-1))
      .sort();
    expect(variants).toEqual(["1280", "1500", "320", "640", "960"].flatMap((w) => [`${w}.avif`, `${w}.webp`]).sort());
    const small = await readVariant(asset.hash, 320, "webp");
    expect((await sharp(small).metadata()).width).toBe(320);
  });

  it("the variants job reads and decodes the original once, and every variant keeps its proportions and colour", async () => {
    // A portrait photograph as a phone stores it: landscape pixels, EXIF orientation 6.
    const photo = await sharp(await detailedPicture(1800, 1200, "#2a5"))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const asset = await ingestImage(photo);
    expect(asset).toMatchObject({ width: 1200, height: 1800 });
    await whileStoreWatched(async (store) => {
      expect(await runDueJobs()).toBe(1);
      // Before, each of the eight variants read and decoded the original again.
      expect(store.gets.filter((key) => key === asset.originalKey)).toHaveLength(1);
      expect(store.puts).toHaveLength(asset.widths.length * 2);
    });
    for (const width of asset.widths) {
      for (const format of ["avif", "webp"] as const) {
        const variant = (await readVariant(asset.hash, width, format))!;
        const { width: w, height: h } = await sharp(variant).metadata();
        expect([w, h], `${width}.${format}`).toEqual([width, Math.round((width * 1800) / 1200)]);
        // The painting's ground (#2a5) fills the top-left corner of the upright picture.
        const { data } = await sharp(variant)
          .extract({ left: 2, top: 2, width: 4, height: 4 })
          .raw()
          .toBuffer({ resolveWithObject: true });
        expect(
          Math.abs(data[0]! - 0x22) + Math.abs(data[1]! - 0xaa) + Math.abs(data[2]! - 0x55),
          `${width}.${format}`,
        ).toBeLessThan(24);
      }
    }
  });

  it("makes a missing variant on first request, once, and refuses widths it does not offer", async () => {
    const asset = await ingestImage(await detailedPicture(700, 700, "#543"));
    await whileStoreWatched(async (store) => {
      const reads = await Promise.all(Array.from({ length: 5 }, () => readVariant(asset.hash, 640, "avif")));
      expect(reads[0]).toBeDefined();
      for (const other of reads) expect(Buffer.compare(reads[0]!, other!)).toBe(0);
      // Five concurrent requests, one encoding; a later request reads the stored file.
      expect(store.puts).toEqual([`variants/${asset.hash}/640.avif`]);
      await readVariant(asset.hash, 640, "avif");
      expect(store.puts).toHaveLength(1);
    });
    expect(await readVariant(asset.hash, 2560, "avif")).toBeUndefined();
    expect(await readVariant("0".repeat(24), 320, "webp")).toBeUndefined();
  });

  it("makes a print copy for certificates once: a second download reads it, never the original again", async () => {
    const asset = await ingestImage(await detailedPicture(1600, 1200, "#345"));
    await whileStoreWatched(async (store) => {
      // A buyer pressing Download again and again (or anyone holding the link) costs one decode of the original.
      const copies = await Promise.all(
        Array.from({ length: 3 }, () => printableImage(asset.hash, { maxSide: 1400, format: "jpeg" })),
      );
      const again = await printableImage(asset.hash, { maxSide: 1400, format: "jpeg" });
      for (const copy of [...copies, again]) expect(Buffer.compare(copies[0]!, copy!)).toBe(0);
      expect(store.puts).toEqual([`print/${asset.hash}/1400.jpg`]);
      expect(store.gets.filter((key) => key === asset.originalKey)).toHaveLength(1);
      expect(await sharp(again).metadata()).toMatchObject({ format: "jpeg", width: 1400, height: 1050 });
    });
    expect(await printableImage("0".repeat(24), { maxSide: 900, format: "png" })).toBeUndefined();
  });
});
