import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { catalogChanged } from "~/modules/catalog/catalog-cache.server";
import {
  countArtworks,
  createArtwork,
  getArtwork,
  listArtworks,
  listAvailableArtworks,
  listFeaturedArtworks,
  listMoreWorks,
  searchArtworks,
  slugify,
} from "~/modules/catalog/catalog.server";
import { BACKENDS, useTestServices } from "../support/harness";

describe.each(BACKENDS)("catalog on %s", (backend) => {
  const ctx = useTestServices(backend);
  beforeAll(async () => {
    const day = 86_400_000;
    const base = Date.UTC(2025, 0, 1);
    const works = [
      { title: "Oldest unplaced", sortOrder: null, createdAt: new Date(base), isFeatured: true },
      { title: "Newest unplaced", sortOrder: null, createdAt: new Date(base + 5 * day), isFeatured: true },
      { title: "Placed second", sortOrder: 2, createdAt: new Date(base + 1 * day) },
      { title: "Placed first", sortOrder: 1, createdAt: new Date(base + 2 * day), isFeatured: true },
      { title: "Middle unplaced", sortOrder: null, createdAt: new Date(base + 3 * day) },
    ];
    for (const w of works) await createArtwork({ ...w, slug: slugify(w.title), medium: "Oil on canvas" });
  });

  it("lists in the spec's order: sort_order ascending with nulls last, then newest first", async () => {
    const titles = (await listArtworks({ limit: 10 })).map((a) => a.title);
    expect(titles).toEqual(["Placed first", "Placed second", "Newest unplaced", "Middle unplaced", "Oldest unplaced"]);
    expect((await listArtworks({ limit: 2, offset: 2 })).map((a) => a.title)).toEqual([
      "Newest unplaced",
      "Middle unplaced",
    ]);
    expect(await countArtworks()).toBe(5);
  });

  it("lists featured works in the same order", async () => {
    expect((await listFeaturedArtworks()).map((a) => a.title)).toEqual([
      "Placed first",
      "Newest unplaced",
      "Oldest unplaced",
    ]);
  });

  it("finds an artwork by id or slug, and nothing for an unknown one", async () => {
    const bySlug = await getArtwork("placed-first");
    expect(bySlug?.title).toBe("Placed first");
    expect((await getArtwork(bySlug!.id))?.slug).toBe("placed-first");
    expect(await getArtwork("00000000-0000-7000-8000-000000000000")).toBeUndefined();
    expect(await getArtwork("no-such-work")).toBeUndefined();
  });

  it("keeps what the pages read until the catalogue changes, then reads afresh", async () => {
    const work = (await getArtwork("placed-second"))!;
    const more = (await listMoreWorks(work.id, 3)).map((a) => a.title);
    // Bypassing the module (as nothing in the app does): the kept reads are served, no query is made.
    await ctx.handle.db.execute(
      sql`update artworks set price_cents = 777, title = 'Renamed' where slug = 'placed-first'`,
    );
    expect((await getArtwork("placed-first"))?.priceCents).not.toBe(777);
    expect((await listMoreWorks(work.id, 3)).map((a) => a.title)).toEqual(more);
    // The catalogue's change event (every module write publishes it) drops them.
    await catalogChanged();
    expect((await getArtwork("placed-first"))?.priceCents).toBe(777);
    expect((await listMoreWorks(work.id, 3)).map((a) => a.title)).toContain("Renamed");
    // A write through the module is seen on the next read.
    expect((await listFeaturedArtworks()).map((a) => a.title)).not.toContain("Placed zeroth");
    await createArtwork({ title: "Placed zeroth", slug: "placed-zeroth", sortOrder: 0, isFeatured: true });
    expect((await listFeaturedArtworks()).map((a) => a.title)[0]).toBe("Placed zeroth");
  });

  it("lists the shop's works: available only, newest first whatever their place in the gallery", async () => {
    // Newer than every other work, but sold: the shop leaves it out.
    await createArtwork({
      title: "Newest, sold",
      slug: "newest-sold",
      medium: "Oil on canvas",
      availability: "sold",
      createdAt: new Date(Date.UTC(2025, 0, 10)),
    });
    // The test before made "Placed zeroth" just now (the newest of all) and renamed "Placed first".
    expect((await listAvailableArtworks({ limit: 10 })).map((a) => a.title)).toEqual([
      "Placed zeroth",
      "Newest unplaced",
      "Middle unplaced",
      "Renamed",
      "Placed second",
      "Oldest unplaced",
    ]);
    expect((await listAvailableArtworks({ limit: 2 })).map((a) => a.title)).toEqual([
      "Placed zeroth",
      "Newest unplaced",
    ]);
  });

  it("searches with the visitor's words, phrases, or and minus; stacked minus signs search instead of failing", async () => {
    const titles = async (q: string) => (await searchArtworks({ q, limit: 50 })).artworks.map((a) => a.title).sort();
    expect(await titles("placed second")).toEqual(["Placed second"]);
    expect(await titles('"placed second" or middle')).toEqual(["Middle unplaced", "Placed second"]);
    expect(await titles("unplaced -newest -oldest")).toEqual(["Middle unplaced"]);
    // PostgreSQL's websearch_to_tsquery fails ("tsquery stack too small") on 33 negations in a row: a run of
    // minus signs counts as one, and a minus before no word as none.
    expect(await titles(`${"-".repeat(40)}newest`)).toEqual(await titles("-newest"));
    expect(await titles(`unplaced ${"- ".repeat(40)}newest`)).toEqual(["Newest unplaced"]);
    expect(await titles("--- -- - middle")).toEqual(["Middle unplaced"]);
    expect(await titles("- -- ---")).toEqual([]);
  });

  it("answers any search a visitor can type, however its minus signs, quotes and ors are stacked", async () => {
    const piece = fc.constantFrom(
      "-",
      "- ",
      "-".repeat(12),
      "- ".repeat(12),
      " ",
      '"',
      "or ",
      "a",
      "placed",
      "!",
      "(",
      "'",
      "&",
      "|",
      ":*",
      "<->",
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 120 }), async (pieces) => {
        await searchArtworks({ q: pieces.join(""), limit: 5 }, { remember: false });
      }),
      { numRuns: 60 },
    );
  });
});

describe("slugify", () => {
  it("makes readable ascii slugs", () => {
    expect(slugify("After the Storm, Ochre")).toBe("after-the-storm-ochre");
    expect(slugify("Café Noir — Étude #2")).toBe("cafe-noir-etude-2");
    expect(slugify("What the Tide’s Left")).toBe("what-the-tides-left");
    expect(slugify("!!!")).toBe("untitled");
  });
});
