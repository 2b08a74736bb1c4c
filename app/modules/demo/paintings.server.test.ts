import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { PAINTING_PALETTES, PAINTING_STYLES, describePainting, renderPainting } from "./paintings.server";

// Small sizes keep the suite fast; the pipeline is the same at any size.
const W = 240;
const H = 180;

describe("renderPainting", () => {
  it("is deterministic: the same spec gives identical bytes", async () => {
    const spec = { seed: 42, width: W, height: H };
    const a = await renderPainting(spec);
    const b = await renderPainting(spec);
    expect(a.equals(b)).toBe(true);
  });

  it("produces a JPEG of exactly the requested size for every style and aspect ratio", async () => {
    const sizes: [number, number][] = [
      [W, H],
      [H, W],
      [200, 200],
      [320, 125],
      [97, 151],
    ];
    // Pick one seed per style so every rendering path is exercised.
    const seedsByStyle = new Map<string, number>();
    for (let seed = 0; seedsByStyle.size < PAINTING_STYLES.length && seed < 500; seed++) {
      const { style } = describePainting({ seed, width: W, height: H });
      if (!seedsByStyle.has(style)) seedsByStyle.set(style, seed);
    }
    expect(seedsByStyle.size).toBe(PAINTING_STYLES.length);
    let k = 0;
    for (const seed of seedsByStyle.values()) {
      const [width, height] = sizes[k++ % sizes.length] ?? [W, H];
      const buf = await renderPainting({ seed, width, height });
      expect([...buf.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const meta = await sharp(buf).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(height);
    }
  });

  it("gives different images for different seeds, including two seeds of the same style", async () => {
    const a = await renderPainting({ seed: 1, width: W, height: H });
    const b = await renderPainting({ seed: 2, width: W, height: H });
    expect(a.equals(b)).toBe(false);

    const { style } = describePainting({ seed: 1, width: W, height: H });
    let twin = 2;
    while (describePainting({ seed: twin, width: W, height: H }).style !== style) twin++;
    const sameStyle = await renderPainting({ seed: twin, width: W, height: H });
    expect(a.equals(sameStyle)).toBe(false);

    // Not just different bytes: the pictures themselves differ noticeably.
    const pixels = async (buf: Buffer): Promise<Buffer> => sharp(buf).resize(32, 24, { fit: "fill" }).raw().toBuffer();
    const pa = await pixels(a);
    const pb = await pixels(b);
    let diff = 0;
    for (let i = 0; i < pa.length; i++) diff += Math.abs((pa[i] ?? 0) - (pb[i] ?? 0));
    expect(diff / pa.length).toBeGreaterThan(5);
  });

  it("honours an explicit palette", async () => {
    const spec = { seed: 3, width: W, height: H };
    const a = await renderPainting({ ...spec, palette: 0 });
    const b = await renderPainting({ ...spec, palette: 5 });
    expect(a.equals(b)).toBe(false);
    expect(describePainting({ ...spec, palette: 5 }).palette).toBe(PAINTING_PALETTES[5]);
  });

  it("varies the style across a strided run of seeds, as the catalogue seed uses", () => {
    const styles = new Set(
      Array.from({ length: 28 }, (_, i) => describePainting({ seed: 1000 + i * 7, width: W, height: H }).style),
    );
    expect(styles.size).toBe(PAINTING_STYLES.length);
  });

  it("offers at least 5 styles and 10 palettes", () => {
    expect(PAINTING_STYLES.length).toBeGreaterThanOrEqual(5);
    expect(PAINTING_PALETTES.length).toBeGreaterThanOrEqual(10);
  });

  it("rejects invalid sizes", async () => {
    await expect(renderPainting({ seed: 1, width: 0, height: 10 })).rejects.toThrow(RangeError);
    await expect(renderPainting({ seed: 1, width: 10.5, height: 10 })).rejects.toThrow(RangeError);
  });
});
