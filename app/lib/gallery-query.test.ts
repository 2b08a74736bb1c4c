import { describe, expect, it } from "vitest";
import { galleryHref, isFiltered, parseGalleryParams } from "./gallery-query";

describe("gallery URL state", () => {
  it("reads filters, search and page, ignoring what is empty or invalid", () => {
    expect(
      parseGalleryParams(new URLSearchParams("q=blue+tide&medium=Oil+on+canvas&availability=sold&year=2024&page=2")),
    ).toEqual({
      q: "blue tide",
      medium: "Oil on canvas",
      availability: "sold",
      year: 2024,
      page: 2,
    });
    expect(parseGalleryParams(new URLSearchParams("q=&availability=stolen&year=soon&page=-3"))).toEqual({
      q: undefined,
      medium: undefined,
      availability: undefined,
      year: undefined,
      page: undefined,
    });
  });

  it("writes only what is set, so a filtered view is a short shareable link", () => {
    expect(galleryHref({})).toBe("/gallery");
    expect(galleryHref({ availability: "available", page: 1 })).toBe("/gallery?availability=available");
    expect(galleryHref({ q: "salt & light", year: 2025, page: 3 })).toBe("/gallery?q=salt+%26+light&year=2025&page=3");
  });

  it("reads term filters as slugs only", () => {
    expect(parseGalleryParams(new URLSearchParams("category=landscapes&series=river-works&tag=blue"))).toMatchObject({
      category: "landscapes",
      series: "river-works",
      tag: "blue",
    });
    const bad = parseGalleryParams(new URLSearchParams("category=Land%20scapes&series=-x&tag=%3Cb%3E"));
    expect([bad.category, bad.series, bad.tag]).toEqual([undefined, undefined, undefined]);
    expect(galleryHref({ category: "landscapes", page: 2 })).toBe("/gallery?category=landscapes&page=2");
  });

  it("knows when a view is filtered (the page alone is not a filter)", () => {
    expect(isFiltered({ page: 3 })).toBe(false);
    expect(isFiltered({ category: "landscapes" })).toBe(true);
    expect(isFiltered({ tag: "blue" })).toBe(true);
  });

  it("round-trips", () => {
    const params = {
      q: "ochre",
      medium: "Oil on linen",
      availability: "available" as const,
      year: 2024,
      category: "landscapes",
      series: "river-works",
      tag: "blue",
      page: 4,
    };
    expect(parseGalleryParams(new URL(`http://x${galleryHref(params)}`).searchParams)).toEqual(params);
  });
});
