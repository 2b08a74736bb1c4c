import { describe, expect, it } from "vitest";
import { parseSize } from "./seo";
import {
  ABOVE_FURNITURE_IN,
  describeSize,
  HANG_CENTRE_IN,
  hangArtwork,
  inInches,
  percentOf,
  ROOMS,
  type Room,
} from "./wall-view";

const living = ROOMS.find((r) => r.id === "living-room")!;

describe("true scale", () => {
  it("reads sizes entered in inches or centimetres as inches", () => {
    expect(inInches(parseSize('24" x 30"')!)).toEqual({ widthIn: 24, heightIn: 30 });
    const cm = inInches(parseSize("60.96 x 76.2 cm")!);
    expect(cm.widthIn).toBeCloseTo(24, 5);
    expect(cm.heightIn).toBeCloseTo(30, 5);
  });

  it("gives a 48-inch work twice the width of a 24-inch one on the same wall", () => {
    const small = hangArtwork(living, { widthIn: 24, heightIn: 30 });
    const large = hangArtwork(living, { widthIn: 48, heightIn: 30 });
    expect(large.width / small.width).toBe(2);
    expect(Number.parseFloat(percentOf(large.width, living.wallWidthIn))).toBeCloseTo(
      2 * Number.parseFloat(percentOf(small.width, living.wallWidthIn)),
      3,
    );
  });

  it("says the size in both units, the entered one first", () => {
    expect(describeSize(parseSize('24" x 30"')!)).toBe("24 × 30 in (61 × 76.2 cm)");
    expect(describeSize(parseSize("60 x 90 cm")!)).toBe("60 × 90 cm (23.6 × 35.4 in)");
  });
});

describe("hanging", () => {
  const bare: Room = { ...living, furniture: { ...living.furniture, heightIn: 0 } };

  it("centres a work at 57 in above the floor, over the furniture's middle", () => {
    const place = hangArtwork(bare, { widthIn: 20, heightIn: 20 });
    expect(bare.wallHeightIn - (place.y + place.height / 2)).toBe(HANG_CENTRE_IN);
    expect(place.x + place.width / 2).toBe(bare.furniture.centreIn);
    expect(place.tooLarge).toBe(false);
  });

  it("keeps 8 in above a sofa", () => {
    // Centred at 57 in, a 40-inch-tall work would reach down to 37 in: into the sofa's 33 in plus the gap.
    const place = hangArtwork(living, { widthIn: 40, heightIn: 40 });
    const bottomAboveFloor = living.wallHeightIn - (place.y + place.height);
    expect(bottomAboveFloor).toBe(living.furniture.heightIn + ABOVE_FURNITURE_IN);
  });

  it("never hangs into the furniture, and says when a work is larger than the wall", () => {
    const tall = hangArtwork(living, { widthIn: 40, heightIn: 64 });
    expect(living.wallHeightIn - (tall.y + tall.height)).toBe(living.furniture.heightIn + ABOVE_FURNITURE_IN);
    expect(tall.y).toBeGreaterThanOrEqual(0);
    expect(tall.tooLarge).toBe(false);
    const huge = hangArtwork(living, { widthIn: 200, heightIn: 80 });
    expect(huge.tooLarge).toBe(true);
  });
});
