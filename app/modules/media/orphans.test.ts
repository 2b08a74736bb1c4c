import { describe, expect, it } from "vitest";
import { isPartialFile, mediaKeyOwner, pastGrace, referenceQuestions, unreferencedMediaKeys } from "./orphans";

const HASH = "0123456789abcdef01234567";
const OTHER = "fedcba9876543210fedcba98";
const HOUR = 3_600_000;

describe("mediaKeyOwner", () => {
  it("names the image an original, a size, a tile or a print copy belongs to", () => {
    expect(mediaKeyOwner(`originals/${HASH}.jpg`)).toEqual({ kind: "original", hash: HASH });
    expect(mediaKeyOwner(`originals/${HASH}.heic`)).toEqual({ kind: "original", hash: HASH });
    expect(mediaKeyOwner(`variants/${HASH}/640.webp`)).toEqual({ kind: "derived", hash: HASH });
    expect(mediaKeyOwner(`tiles/${HASH}/zoom-v1.dzi`)).toEqual({ kind: "derived", hash: HASH });
    expect(mediaKeyOwner(`tiles/${HASH}/zoom-v1_files/12/3_4.webp`)).toEqual({ kind: "derived", hash: HASH });
    expect(mediaKeyOwner(`print/${HASH}/1400.jpg`)).toEqual({ kind: "derived", hash: HASH });
  });

  it("recognises nothing else: another folder, a name that is not a content hash, a file beside the folders", () => {
    for (const key of [
      `og/${HASH}.jpg`,
      `imports/${HASH}/source.csv`,
      `backups/${HASH}.jpg`,
      "originals/painting.jpg",
      `originals/${HASH}`,
      `originals/${HASH.slice(1)}.jpg`,
      `originals/x${HASH}.jpg`,
      `originals/${HASH}/640.webp`,
      `variants/${HASH}.webp`,
      `variants/${HASH}`,
      `variants/${HASH}x/640.webp`,
      `${HASH}.jpg`,
    ])
      expect(mediaKeyOwner(key), key).toBeUndefined();
  });
});

describe("isPartialFile", () => {
  it("is a file LocalDiskStorage.put began and never renamed into place", () => {
    expect(isPartialFile(`originals/${HASH}.jpg.0b6f3c2e-1d4a-4f5e-9a8b-7c6d5e4f3a2b.tmp`)).toBe(true);
    expect(isPartialFile(`variants/${HASH}/640.webp.0b6f3c2e-1d4a-4f5e-9a8b-7c6d5e4f3a2b.tmp`)).toBe(true);
    expect(isPartialFile(`originals/${HASH}.jpg`)).toBe(false);
    expect(isPartialFile("imports/notes.tmp")).toBe(false);
    expect(isPartialFile(`originals/${HASH}.jpg.0b6f3c2e.tmp`)).toBe(false);
  });
});

describe("pastGrace", () => {
  const now = new Date("2026-12-02T04:00:00Z");
  it("is a file last written longer ago than the grace period, never one written at its edge or later", () => {
    expect(pastGrace(new Date(now.getTime() - 25 * HOUR), now, 24 * HOUR)).toBe(true);
    expect(pastGrace(new Date(now.getTime() - 24 * HOUR), now, 24 * HOUR)).toBe(false);
    expect(pastGrace(new Date(now.getTime() - HOUR), now, 24 * HOUR)).toBe(false);
    // A clock ahead of this one (another machine's store): new, not old.
    expect(pastGrace(new Date(now.getTime() + 48 * HOUR), now, 24 * HOUR)).toBe(false);
  });
});

describe("unreferencedMediaKeys", () => {
  const recorded = { hashes: new Set([HASH]), originalKeys: new Set([`originals/${HASH}.jpg`]) };

  it("is every original and derived file of an image no record names", () => {
    expect(
      unreferencedMediaKeys(
        [
          `originals/${OTHER}.png`,
          `variants/${OTHER}/320.avif`,
          `tiles/${OTHER}/zoom-v1.dzi`,
          `print/${OTHER}/1400.png`,
        ],
        recorded,
      ),
    ).toEqual([
      `originals/${OTHER}.png`,
      `variants/${OTHER}/320.avif`,
      `tiles/${OTHER}/zoom-v1.dzi`,
      `print/${OTHER}/1400.png`,
    ]);
  });

  it("keeps the files of a recorded image, an original whose key a record holds, and what it does not recognise", () => {
    expect(
      unreferencedMediaKeys(
        [
          `originals/${HASH}.jpg`,
          // The same picture under another extension: its hash is recorded, so it stays too.
          `originals/${HASH}.png`,
          `variants/${HASH}/320.avif`,
          `print/${HASH}/1400.jpg`,
          "originals/painting.jpg",
          `og/${OTHER}.jpg`,
        ],
        recorded,
      ),
    ).toEqual([]);
    expect(
      unreferencedMediaKeys([`originals/${OTHER}.jpg`], {
        hashes: new Set(),
        originalKeys: new Set([`originals/${OTHER}.jpg`]),
      }),
    ).toEqual([]);
  });

  it("names the hashes and keys a page asks the database about", () => {
    expect(
      referenceQuestions([`originals/${HASH}.jpg`, `variants/${HASH}/320.avif`, `tiles/${OTHER}/zoom-v1.dzi`, "x/y"]),
    ).toEqual({ hashes: [HASH, OTHER], originalKeys: [`originals/${HASH}.jpg`] });
  });
});
