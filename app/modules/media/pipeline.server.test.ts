import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngWithHeader as png, solidPicture } from "../../../tests/support/images";
import {
  analyseImage,
  decodeForVariants,
  encodeVariant,
  MAX_UPLOAD_BYTES,
  MediaError,
  renderVariant,
  variantWidths,
} from "./pipeline.server";

const jpeg = (width: number, height: number) => solidPicture(width, height, { r: 180, g: 90, b: 40 });

/** A JPEG with detail in it: an orange disc on a dark ground. */
const withCircle = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#345" } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width * 0.4}" cy="${height * 0.4}" r="${height / 4}" fill="#e93"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 90 })
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
    const full = await withCircle(800, 600);
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

  it("rejects an AVIF its decoder would hold whole past the budget, from its header alone", async () => {
    // 5,000 x 5,000: a few hundred bytes of AVIF that take about 500 MB to read (libheif holds it whole).
    const avif = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: "#c86432" } })
      .avif({ effort: 0, quality: 20 })
      .toBuffer();
    expect(avif.length).toBeLessThan(5_000);
    const error = await expectMediaError(avif, "too_many_pixels");
    expect(error.message).toBe(
      "The image is too large to read safely as AVIF or HEIC. Save it as JPEG or PNG, or smaller, and upload it again.",
    );
    // A photograph's size in the same format is read.
    const small = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#c86432" } })
      .avif({ effort: 0 })
      .toBuffer();
    expect(await analyseImage(small)).toMatchObject({ width: 1200, height: 900 });
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

describe("variants from one decode", () => {
  /** The mean absolute difference of two pictures of one size, per channel value (0 to 255). */
  async function difference(a: Buffer, b: Buffer) {
    const [x, y] = await Promise.all([a, b].map((p) => sharp(p).ensureAlpha().raw().toBuffer()));
    let sum = 0;
    for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
    return sum / x!.length;
  }

  it("looks like the variant rendered from the original, at every width and in both formats", async () => {
    const original = await withCircle(2000, 1500);
    const source = (await decodeForVariants(original, { width: 2000, height: 1500 }, 1600))!;
    expect(source.info).toEqual({ width: 1600, height: 1200, channels: 3 });
    for (const width of [320, 960, 1600]) {
      for (const format of ["avif", "webp"] as const) {
        const fromSource = await encodeVariant(source, width, format);
        const direct = await renderVariant(original, width, format);
        expect(await sharp(fromSource).metadata()).toMatchObject({ width, height: (width * 3) / 4 });
        expect(await difference(fromSource, direct), `${width}.${format}`).toBeLessThan(2);
      }
    }
  });

  it("keeps transparency and reads a 16-bit picture as the original does", async () => {
    const original = await sharp({
      create: { width: 900, height: 600, channels: 4, background: { r: 200, g: 40, b: 90, alpha: 0.5 } },
    })
      .toColourspace("rgb16")
      .png()
      .toBuffer();
    expect((await sharp(original).metadata()).depth).toBe("ushort");
    const source = (await decodeForVariants(original, { width: 900, height: 600 }, 640))!;
    const variant = await encodeVariant(source, 320, "webp");
    const [fromSource, direct] = await Promise.all(
      [variant, await renderVariant(original, 320, "webp")].map((p) => sharp(p).raw().toBuffer()),
    );
    // The colour and the half transparency come through (WebP is lossy: within a few values of the direct one).
    for (let channel = 0; channel < 4; channel++)
      expect(Math.abs(fromSource![channel]! - direct![channel]!), `channel ${channel}`).toBeLessThanOrEqual(3);
    expect(Math.abs(fromSource![0]! - 200)).toBeLessThanOrEqual(3);
    expect(fromSource![3]).toBeGreaterThan(100);
    expect(fromSource![3]).toBeLessThan(160);
  });

  it("holds no source past its budget: a very tall picture is rendered variant by variant instead", async () => {
    const tall = await sharp({ create: { width: 2600, height: 7000, channels: 4, background: "#fff" } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(await decodeForVariants(tall, { width: 2600, height: 7000 }, 2560)).toBeUndefined();
    expect(await decodeForVariants(tall, { width: 2600, height: 7000 }, 1280)).toBeDefined();
  });
});
