import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canAddToCart,
  clampPan,
  clampZoom,
  classifySwipe,
  downloadName,
  fitSize,
  imageTitle,
  keyAction,
  pinchZoom,
  tapZoom,
  wheelZoom,
  wrapIndex,
  zoomAt,
  zoomIn,
  zoomOut,
  zoomPercent,
} from "./lightbox-logic";

describe("zoom (spec §9: 0.1 to 5; key step 1.2; wheel 0.9/1.1; tap-zoom to 2)", () => {
  it.each([
    [0.01, 0.1],
    [12, 5],
    [1.5, 1.5],
    [Number.NaN, 1],
  ])("clamps %d to %d (0.1 … 5)", (zoom, clamped) => {
    expect(clampZoom(zoom)).toBe(clamped);
  });

  it("steps by 1.2 for + and -, and comes back to exactly 100%", () => {
    expect(zoomIn(1)).toBe(1.2);
    expect(zoomIn(1.2)).toBe(1.44);
    expect(zoomOut(1.2)).toBe(1);
    expect(zoomOut(1)).toBeCloseTo(1 / 1.2, 4);
    let z = 1;
    for (let i = 0; i < 6; i++) z = zoomIn(z);
    for (let i = 0; i < 6; i++) z = zoomOut(z);
    expect(z).toBe(1);
    expect(zoomPercent(zoomIn(1))).toBe("120%");
    expect(zoomPercent(zoomOut(1))).toBe("83%");
  });

  it("stops at the limits however often a key is pressed", () => {
    let z = 1;
    for (let i = 0; i < 30; i++) z = zoomIn(z);
    expect(z).toBe(5);
    for (let i = 0; i < 60; i++) z = zoomOut(z);
    expect(z).toBe(0.1);
    expect(zoomPercent(z)).toBe("10%");
  });

  it("zooms in by 1.1 on a wheel turn away from the user and out by 0.9 toward them", () => {
    expect(wheelZoom(1, -100)).toBe(1.1);
    expect(wheelZoom(1, 100)).toBe(0.9);
    expect(wheelZoom(2, 0)).toBe(2);
    expect(wheelZoom(5, -1)).toBe(5);
    expect(wheelZoom(0.1, 1)).toBe(0.1);
  });

  it("a tap zooms to 2, and a tap on a zoomed image returns to 1", () => {
    expect(tapZoom(1)).toBe(2);
    expect(tapZoom(0.5)).toBe(2);
    expect(tapZoom(2)).toBe(1);
    expect(tapZoom(3.4)).toBe(1);
  });

  it("pinch scales with the finger distance, within the limits", () => {
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(2, 100, 50)).toBe(1);
    expect(pinchZoom(1, 100, 10_000)).toBe(5);
    expect(pinchZoom(1, 100, 1)).toBe(0.1);
    expect(pinchZoom(1.5, 0, 80)).toBe(1.5);
  });

  it("every zoom any input can produce stays within 0.1 … 5", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 0.1, max: 5, noNaN: true }),
        (delta, z) => {
          for (const next of [
            wheelZoom(z, delta),
            zoomIn(z),
            zoomOut(z),
            tapZoom(z),
            pinchZoom(z, 50, Math.abs(delta)),
          ]) {
            expect(next).toBeGreaterThanOrEqual(0.1);
            expect(next).toBeLessThanOrEqual(5);
          }
        },
      ),
    );
  });
});

describe("swipe (spec §9: under 300 ms, over 50 px horizontal, under 100 px vertical)", () => {
  it("a quick horizontal swipe navigates: left shows the next image, right the previous", () => {
    expect(classifySwipe({ dx: -120, dy: 10, ms: 150 })).toBe("next");
    expect(classifySwipe({ dx: 120, dy: -10, ms: 150 })).toBe("previous");
    expect(classifySwipe({ dx: -51, dy: 99, ms: 299 })).toBe("next");
  });

  it("a slow, short or mostly vertical movement does nothing", () => {
    expect(classifySwipe({ dx: -120, dy: 0, ms: 300 })).toBeNull();
    expect(classifySwipe({ dx: -120, dy: 0, ms: 800 })).toBeNull();
    expect(classifySwipe({ dx: -50, dy: 0, ms: 100 })).toBeNull();
    expect(classifySwipe({ dx: 20, dy: 0, ms: 100 })).toBeNull();
    expect(classifySwipe({ dx: -200, dy: 100, ms: 100 })).toBeNull();
    expect(classifySwipe({ dx: 10, dy: 300, ms: 100 })).toBeNull();
  });
});

describe("navigation wraps at both ends", () => {
  it("previous of the first is the last, next of the last is the first", () => {
    expect(wrapIndex(-1, 28)).toBe(27);
    expect(wrapIndex(28, 28)).toBe(0);
    expect(wrapIndex(5, 28)).toBe(5);
    expect(wrapIndex(-29, 28)).toBe(27);
    expect(wrapIndex(0, 1)).toBe(0);
    expect(wrapIndex(3, 0)).toBe(0);
  });

  it("always lands on a real image", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 1, max: 500 }), (i, n) => {
        const w = wrapIndex(i, n);
        expect(Number.isInteger(w) && w >= 0 && w < n).toBe(true);
      }),
    );
  });
});

describe("fitting and panning", () => {
  const stage = { width: 1000, height: 600 };

  it("fits the image inside the stage at its proportions", () => {
    expect(fitSize({ width: 4000, height: 3000 }, stage)).toEqual({ width: 800, height: 600 });
    expect(fitSize({ width: 3000, height: 1000 }, stage)).toEqual({ width: 1000, height: 333 });
    expect(fitSize({ width: 0, height: 10 }, stage)).toEqual({ width: 0, height: 0 });
  });

  it("a zoomed image pans only until its edge meets the stage's edge", () => {
    const base = { width: 800, height: 600 };
    expect(clampPan({ zoom: 2, x: 9999, y: -9999 }, base, stage)).toEqual({ zoom: 2, x: 300, y: -300 });
    expect(clampPan({ zoom: 1, x: 50, y: 50 }, base, stage)).toEqual({ zoom: 1, x: 0, y: 0 });
  });

  it("zooming toward a point keeps that point under the pointer", () => {
    const base = { width: 800, height: 600 };
    const at = { x: 200, y: 100 };
    const next = zoomAt({ zoom: 1, x: 0, y: 0 }, 2, base, stage, at);
    // The image point under `at` was (200, 100) from its centre; at 2x it is (400, 200), shifted back by the pan.
    expect(next).toEqual({ zoom: 2, x: -200, y: -100 });
    expect(zoomAt(next, 1, base, stage, at)).toEqual({ zoom: 1, x: 0, y: 0 });
    expect(zoomAt(next, 0.5, base, stage)).toEqual({ zoom: 0.5, x: 0, y: 0 });
  });
});

describe("keys (spec §2: arrows, + -, 0, F, T, S, D, H, Esc)", () => {
  it("maps each key to its action, in either case", () => {
    const map = Object.fromEntries(
      ["ArrowLeft", "ArrowRight", "+", "=", "-", "0", "f", "F", "t", "T", "s", "S", "d", "D", "h", "H", "Escape"].map(
        (key) => [key, keyAction({ key })],
      ),
    );
    expect(map).toEqual({
      ArrowLeft: "previous",
      ArrowRight: "next",
      "+": "zoom-in",
      "=": "zoom-in",
      "-": "zoom-out",
      "0": "zoom-reset",
      f: "fullscreen",
      F: "fullscreen",
      t: "thumbnails",
      T: "thumbnails",
      s: "share",
      S: "share",
      d: "download",
      D: "download",
      h: "help",
      H: "help",
      Escape: "close",
    });
  });

  it("leaves browser shortcuts alone and pans with Shift and the arrows", () => {
    expect(keyAction({ key: "s", ctrlKey: true })).toBeNull();
    expect(keyAction({ key: "f", metaKey: true })).toBeNull();
    expect(keyAction({ key: "0", ctrlKey: true })).toBeNull();
    expect(keyAction({ key: "x" })).toBeNull();
    expect(keyAction({ key: "ArrowLeft", shiftKey: true })).toBe("pan-left");
    expect(keyAction({ key: "ArrowRight", shiftKey: true })).toBe("pan-right");
    expect(keyAction({ key: "ArrowUp" })).toBe("pan-up");
    expect(keyAction({ key: "ArrowDown", shiftKey: true })).toBe("pan-down");
  });
});

describe("what the lightbox shows", () => {
  it("falls back to 'Image N' when an image has no title", () => {
    expect(imageTitle({ title: "Salt Ledger" }, 1)).toBe("Salt Ledger");
    expect(imageTitle({ title: "  " }, 1)).toBe("Image 2");
    expect(imageTitle({}, 0)).toBe("Image 1");
  });

  it("offers Add to Cart only for an available, priced work when a purchase handler exists", () => {
    const handler = () => undefined;
    expect(canAddToCart({ available: true, price: 680_000 }, handler)).toBe(true);
    expect(canAddToCart({ available: true, price: 680_000 }, undefined)).toBe(false);
    expect(canAddToCart({ available: false, price: 680_000 }, handler)).toBe(false);
    expect(canAddToCart({ available: true, price: null }, handler)).toBe(false);
    expect(canAddToCart({ available: true, price: 0 }, handler)).toBe(false);
  });

  it("names a download after the work", () => {
    expect(downloadName("After the Storm, Ochre", "webp")).toBe("after-the-storm-ochre.webp");
    expect(downloadName("Café Noël’s Blue", "webp")).toBe("cafe-noels-blue.webp");
    expect(downloadName("???", "jpg")).toBe("artwork.jpg");
  });
});
