import { describe, expect, it } from "vitest";
import { scaledSizes, srcSet, widestSlot, type ImageAsset } from "./media";

const asset: ImageAsset = {
  hash: "abc",
  width: 2400,
  height: 3000,
  widths: [320, 640, 960, 1280, 1600, 2048],
  placeholder: "data:,",
};
const widths = (set: string) => set.split(", ").map((c) => Number(/ (\d+)w$/.exec(c)![1]));

describe("srcsets no larger than the layout can use", () => {
  it("reads the widest slot of a sizes attribute", () => {
    // A gallery card: 330 px on a wide screen, 28 % of at most 1280 px, 42 % of at most 768, 84 % of at most 480.
    expect(widestSlot("(min-width: 1280px) 330px, (min-width: 768px) 28vw, (min-width: 480px) 42vw, 84vw")).toBe(404);
    expect(widestSlot("(min-width: 1280px) 640px, (min-width: 768px) 50vw, calc(100vw - 5.5rem)")).toBe(768);
    expect(widestSlot("100vw")).toBeUndefined();
    expect(widestSlot("(min-width: 768px) 50vw, 100vw")).toBeUndefined();
    expect(widestSlot("min(100%, 40rem)")).toBeUndefined();
  });

  it("lists candidates up to the widest slot at 2x, and all of them when the slot is unbounded", () => {
    const card = "(min-width: 1280px) 330px, (min-width: 768px) 28vw, (min-width: 480px) 42vw, 84vw";
    expect(widths(srcSet(asset, "avif", card))).toEqual([320, 640, 960]);
    expect(widths(srcSet(asset, "webp", "(min-width: 1280px) 640px, 100vw"))).toEqual(asset.widths);
    expect(widths(srcSet(asset, "avif"))).toEqual(asset.widths);
    expect(widths(srcSet({ ...asset, widths: [320, 640] }, "avif", card))).toEqual([320, 640]);
  });
});

describe("sizes of a picture that takes part of its slot", () => {
  it("scales every length and leaves the conditions alone", () => {
    expect(scaledSizes("(min-width: 1280px) 330px, (min-width: 768px) 28vw, 84vw", 0.82)).toBe(
      "(min-width: 1280px) 271px, (min-width: 768px) 23vw, 69vw",
    );
    expect(scaledSizes("100vw", 1)).toBe("100vw");
    expect(scaledSizes("100vw", 0)).toBe("100vw");
  });
});
