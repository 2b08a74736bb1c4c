import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { composeOgImage } from "./og.server";

const painting = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 60, b: 140 } } })
    .jpeg()
    .toBuffer();

/** The colour of one pixel of a JPEG, as [r, g, b]. */
async function pixel(jpeg: Buffer, x: number, y: number): Promise<number[]> {
  const { data } = await sharp(jpeg)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data];
}
const near = (actual: number[], expected: number[], tolerance = 12) =>
  actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);
const PAPER = [0xf1, 0xed, 0xe6];
const BLUE = [30, 60, 140];

describe("composeOgImage", () => {
  it.each([
    ["a landscape work", 1600, 900],
    ["a portrait work", 900, 1600],
    ["a tiny work", 40, 30],
  ])("fits %s whole on a paper ground, as a 1200x630 JPEG", async (_label, width, height) => {
    const card = await composeOgImage(await painting(width, height), {
      title: 'A "Title" & <more>',
      byline: "Mara Ellison",
    });
    const meta = await sharp(card).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: "jpeg",
      width: 1200,
      height: 630,
    });
    // The picture sits in the middle of the card; the corners are paper.
    expect(near(await pixel(card, 600, 280), BLUE)).toBe(true);
    expect(near(await pixel(card, 4, 4), PAPER)).toBe(true);
    expect(near(await pixel(card, 1195, 4), PAPER)).toBe(true);
  });

  it("makes a text card when there is no picture, or the picture cannot be read", async () => {
    for (const source of [undefined, Buffer.from("not an image")]) {
      const card = await composeOgImage(source, {
        title: "Mara Ellison",
        byline: "Abstract paintings of water, weather and light",
      });
      const meta = await sharp(card).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
      expect(near(await pixel(card, 600, 580), PAPER)).toBe(true);
    }
  });
});
