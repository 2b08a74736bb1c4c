import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngWithHeader as png } from "../../../tests/support/images";
import { analyseImage, MAX_UPLOAD_BYTES, MediaError, renderVariant, variantWidths } from "./pipeline.server";

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();

async function expectMediaError(input: Buffer, code: string) {
  const error = await analyseImage(input).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MediaError);
  expect((error as MediaError).code).toBe(code);
  return error as MediaError;
}

describe("analyseImage", () => {
  it("derives size, variant widths, a content hash and a tiny placeholder", async () => {
    const image = await analyseImage(await jpeg(1800, 1200));
    expect(image).toMatchObject({
      width: 1800,
      height: 1200,
      mime: "image/jpeg",
      widths: [320, 640, 960, 1280, 1600, 1800],
    });
    expect(image.hash).toMatch(/^[0-9a-f]{24}$/);
    expect(image.originalKey).toBe(`originals/${image.hash}.jpg`);
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(image.placeholder.length).toBeLessThan(400);
  });

  it("gives the same bytes the same hash", async () => {
    const bytes = await jpeg(400, 300);
    expect((await analyseImage(bytes)).hash).toBe((await analyseImage(Buffer.from(bytes))).hash);
  });

  it("swaps width and height for EXIF-rotated photos", async () => {
    const rotated = await sharp(await jpeg(600, 400))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await analyseImage(rotated)).toMatchObject({ width: 400, height: 600 });
  });

  it("rejects a file that is not an image", async () => {
    const error = await expectMediaError(Buffer.from("name,price\nTidewater,6800\n"), "not_image");
    expect(error.message).toBe("This file is not an image. Upload a JPEG, PNG, WebP, AVIF, HEIC, TIFF or GIF.");
  });

  it("rejects a truncated image", async () => {
    const full = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#446" } })
      .composite([
        { input: Buffer.from('<svg width="800" height="600"><circle cx="400" cy="300" r="200" fill="#e93"/></svg>') },
      ])
      .jpeg({ quality: 90 })
      .toBuffer();
    const error = await expectMediaError(full.subarray(0, Math.floor(full.length / 2)), "damaged");
    expect(error.message).toMatch(/incomplete or damaged/);
  });

  it("rejects an interlaced image too large to decode safely, from its header alone", async () => {
    // 10,000 x 10,000, 16-bit RGBA, interlaced: 800 MB to decode, in a file of a few bytes of pixels.
    const error = await expectMediaError(png(10_000, 10_000, { depth: 16, interlaced: true }), "too_many_pixels");
    expect(error.message).toMatch(/interlaced \(progressive\) and too large/);
    // The same picture not interlaced is decoded as it streams: refused only if it is damaged, as this one is.
    await expectMediaError(png(10_000, 10_000, { depth: 16, interlaced: false }), "damaged");
  });

  it("rejects an oversized or empty file before decoding it", async () => {
    await expectMediaError(Buffer.alloc(MAX_UPLOAD_BYTES + 1), "too_large");
    await expectMediaError(Buffer.alloc(0), "empty");
  });
});

describe("variantWidths", () => {
  it("uses the fixed ladder up to the image's width", () => {
    expect(variantWidths(2560)).toEqual([320, 640, 960, 1280, 1600, 2048, 2560]);
    expect(variantWidths(4000)).toEqual([320, 640, 960, 1280, 1600, 2048, 2560]);
    expect(variantWidths(1300)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(200)).toEqual([200]);
  });
});

describe("renderVariant", () => {
  it.each(["avif", "webp"] as const)("encodes %s at the requested width", async (format) => {
    const out = await renderVariant(await jpeg(1000, 500), 320, format);
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(160);
  });
});
