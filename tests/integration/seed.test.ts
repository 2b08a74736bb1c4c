import { describe, expect, it } from "vitest";
import { artworks, fileUploads, homepageSections } from "~/db/schema";
import { DEMO_ARTWORKS } from "~/modules/demo/demo-data";
import { seedIfEmpty } from "~/modules/demo/seed.server";
import { createLogger } from "~/logger.server";
import { listArtistPhotos, listVisibleSections } from "~/modules/content/content.server";
import { getSettings } from "~/modules/settings/settings.server";
import { BACKENDS, useTestServices } from "../support/harness";

const logger = createLogger("silent");

describe("the demo catalogue", () => {
  it("has at least 24 believable works, a mix of available and sold, 6 featured", () => {
    expect(DEMO_ARTWORKS.length).toBeGreaterThanOrEqual(24);
    expect(DEMO_ARTWORKS.filter((a) => a.featured)).toHaveLength(6);
    const sold = DEMO_ARTWORKS.filter((a) => a.availability === "sold").length;
    expect(sold).toBeGreaterThan(3);
    expect(DEMO_ARTWORKS.length - sold).toBeGreaterThan(12);
    expect(new Set(DEMO_ARTWORKS.map((a) => a.title)).size).toBe(DEMO_ARTWORKS.length);
    for (const a of DEMO_ARTWORKS) {
      expect(a.priceUsd).toBeGreaterThan(100);
      expect(a.year).toBeGreaterThan(2015);
      expect(a.description.length).toBeGreaterThan(40);
    }
  });
});

describe.each(BACKENDS)("first-start seed on %s", (backend) => {
  const ctx = useTestServices(backend);

  it("fills an empty database once, in one go", async () => {
    const few = [...DEMO_ARTWORKS.slice(0, 4), ...DEMO_ARTWORKS.slice(9, 11)];
    expect(await seedIfEmpty(ctx.handle, { demo: true, logger, artworks: few, longSide: 400 })).toBe("demo");
    const rows = await ctx.handle.db.select().from(artworks);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.mainImageId && r.mainImageUrl?.startsWith("/media/"))).toBe(true);
    expect(rows.find((r) => r.title === "Salt Ledger")?.size).toBe('36" x 48"');
    expect(rows.find((r) => r.title === "Undertow")).toMatchObject({
      availability: "sold",
      quantity: 0,
      priceCents: 420000,
    });

    const sections = await listVisibleSections();
    expect(sections.map((s) => s.sectionType)).toEqual(["hero", "featured_artworks", "artist_statement"]);
    expect(await listArtistPhotos({ homepage: true })).toHaveLength(1);
    expect(await listArtistPhotos({ about: true })).toHaveLength(3);
    expect((await getSettings()).artistName).toBe("Mara Ellison");

    // A second start finds the database initialised and adds nothing.
    expect(await seedIfEmpty(ctx.handle, { demo: true, logger, artworks: few, longSide: 400 })).toBe(
      "already-initialised",
    );
    expect(await ctx.handle.db.select().from(artworks)).toHaveLength(6);
    expect(await ctx.handle.db.select().from(homepageSections)).toHaveLength(3);
    expect(await ctx.handle.db.select().from(fileUploads)).toHaveLength(3);
  });
});

describe.each(BACKENDS)("SEED_DEMO=false on %s", (backend) => {
  const ctx = useTestServices(backend);

  it("starts empty, with default settings", async () => {
    expect(await seedIfEmpty(ctx.handle, { demo: false, logger })).toBe("empty");
    expect(await ctx.handle.db.select().from(artworks)).toHaveLength(0);
    expect((await getSettings()).currency).toBe("USD");
    expect(await seedIfEmpty(ctx.handle, { demo: true, logger })).toBe("already-initialised");
  });
});
