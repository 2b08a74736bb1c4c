import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { artworks, siteSettings } from "~/db/schema";
import { ogArtworkVersion } from "~/lib/seo";
import { createArtwork, listArtworkUpdates, slugify } from "~/modules/catalog/catalog.server";
import { createSection, latestContentUpdate, savePageContent } from "~/modules/content/content.server";
import { ingestImage } from "~/modules/media/media.server";
import { artworkOgImage, pageOgImage } from "~/modules/seo/og.server";
import { buildSitemap } from "~/modules/seo/sitemap.server";
import { saveSettings } from "~/modules/settings/settings.server";
import { parseSitemap, SITEMAP_PAGES, xmllintValidate } from "../support/sitemap";
import { BACKENDS, useTestServices } from "../support/harness";
import { solidPicture } from "../support/images";

const ORIGIN = "http://localhost:3000";

function ogFiles(dataDir: string): string[] {
  const dir = join(dataDir, "media", "og");
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".jpg")) : [];
}

describe.each(BACKENDS)("sitemap on %s", (backend) => {
  const ctx = useTestServices(backend);
  const day = 86_400_000;
  const base = Date.UTC(2025, 2, 1, 12, 0, 0);
  const works = [
    { title: "Tidewater Hymn", updatedAt: new Date(base + 3 * day) },
    { title: "Salt & Ledger <II>", updatedAt: new Date(base + 9 * day) },
    { title: "Quiet Architecture", updatedAt: new Date(base + 1 * day) },
  ];
  const ids: string[] = [];

  beforeAll(async () => {
    await saveSettings({ siteTitle: "Mara Ellison", artistName: "Mara Ellison" });
    await ctx.handle.db.update(siteSettings).set({ updatedAt: new Date(base) });
    for (const w of works)
      ids.push((await createArtwork({ ...w, slug: slugify(w.title), createdAt: new Date(base) })).id);
    await savePageContent("about", { title: "About the Artist" });
  });

  it("lists every public page and every artwork, absolute, with lastmod, valid against the sitemap protocol", async () => {
    const xml = await buildSitemap();
    const entries = parseSitemap(xml, ORIGIN);
    expect(entries.map((e) => e.loc)).toEqual([
      ...SITEMAP_PAGES.map((p) => `${ORIGIN}${p}`),
      ...[...ids].sort().map((id) => `${ORIGIN}/artwork/${id}`),
    ]);
    for (const entry of entries) expect(entry.lastmod, entry.loc).toBeDefined();
    for (const [i, id] of ids.entries()) {
      expect(entries.find((e) => e.loc === `${ORIGIN}/artwork/${id}`)?.lastmod).toBe(
        works[i]!.updatedAt.toISOString().replace(".000Z", "Z"),
      );
    }
    const lint = xmllintValidate(xml);
    if (lint.ran) expect(lint.ok, lint.output).toBe(true);
  });

  it("dates each page by what it shows: the catalogue, the page content, or the settings", async () => {
    const lastmod = (path: string) => parseSitemap(xml, ORIGIN).find((e) => e.loc === `${ORIGIN}${path}`)?.lastmod;
    const xml = await buildSitemap();
    const newestWork = "2025-03-10T12:00:00Z";
    const content = (await latestContentUpdate())!;
    expect(content.getTime()).toBeGreaterThan(base);
    const contentAt = content.toISOString().replace(/\.\d{3}Z$/, "Z");
    expect(lastmod("/gallery")).toBe(newestWork);
    expect(lastmod("/shop")).toBe(newestWork);
    expect(lastmod("/about")).toBe(contentAt);
    expect(lastmod("/")).toBe(contentAt > newestWork ? contentAt : newestWork);
    expect(lastmod("/contact")).toBe("2025-03-01T12:00:00Z");
    expect(lastmod("/privacy")).toBe("2025-03-01T12:00:00Z");
  });
});

describe.each(BACKENDS)("sitemap with 10,000 artworks on %s", (backend) => {
  const ctx = useTestServices(backend);
  beforeAll(async () => {
    await saveSettings({});
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      slug: `work-${i}`,
      title: `Work ${i}`,
      updatedAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000),
    }));
    // A few thousand rows a statement keeps under PostgreSQL's 65,535 parameters.
    for (let i = 0; i < rows.length; i += 2000) await ctx.handle.db.insert(artworks).values(rows.slice(i, i + 2000));
  });

  it("stays fast and bounded: two columns per work, one query, well under a second or two", async () => {
    await buildSitemap(); // warm up the query plan and the connection
    const started = performance.now();
    const xml = await buildSitemap();
    const ms = performance.now() - started;
    const entries = parseSitemap(xml, ORIGIN);
    expect(entries).toHaveLength(10_000 + SITEMAP_PAGES.length);
    expect(ms).toBeLessThan(2500);
    expect(Buffer.byteLength(xml)).toBeLessThan(1_500_000);
    expect(await listArtworkUpdates({ limit: 5 })).toHaveLength(5);
    const lint = xmllintValidate(xml);
    if (lint.ran) expect(lint.ok, lint.output).toBe(true);
  });
});

describe.each(BACKENDS)("sharing images on %s", (backend) => {
  const ctx = useTestServices(backend);
  let artworkId: string;
  let artworkImageHash: string;
  let heroHash: string;

  beforeAll(async () => {
    await saveSettings({ siteTitle: "Mara Ellison", artistName: "Mara Ellison", tagline: "Paintings" });
    const image = await ingestImage(await solidPicture(1500, 1000, "#335"));
    artworkImageHash = image.hash;
    artworkId = (await createArtwork({ slug: "tidewater-hymn", title: "Tidewater Hymn", mainImageId: image.id })).id;
    const hero = await ingestImage(await solidPicture(1200, 900, "#a52"));
    heroHash = hero.hash;
    await createSection({
      sectionType: "hero",
      sectionOrder: 0,
      isPublished: true,
      content: { title: "Hello", backgroundImage: hero.hash },
    });
  });

  it("makes an artwork's 1200x630 card once, stores it, and versions it like the page's meta does", async () => {
    const [a, b] = await Promise.all([artworkOgImage(artworkId), artworkOgImage(artworkId)]);
    expect(a!.bytes.equals(b!.bytes)).toBe(true);
    expect(ogFiles(ctx.dataDir)).toHaveLength(1);
    const meta = await sharp(a!.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    const again = await artworkOgImage(artworkId);
    expect(again!.etag).toBe(a!.etag);
    expect(ogFiles(ctx.dataDir)).toHaveLength(1);
    expect(a!.version).toBe(
      ogArtworkVersion({ imageHash: artworkImageHash, title: "Tidewater Hymn", artistName: "Mara Ellison" }),
    );
    expect(await artworkOgImage("00000000-0000-7000-8000-000000000000")).toBeUndefined();
  });

  it("shares pages with the hero by default, and with the artist's own choice once set", async () => {
    const home = await pageOgImage("home");
    const contact = await pageOgImage("contact");
    expect(contact.etag).toBe(home.etag);
    const meta = await sharp(home.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    // The hero is orange-brown; the card's middle shows it.
    const { data } = await sharp(home.bytes)
      .extract({ left: 600, top: 280, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]!).toBeGreaterThan(data[2]! + 60);

    const own = await ingestImage(await solidPicture(800, 800, "#2a6"));
    await saveSettings({
      siteTitle: "Mara Ellison",
      artistName: "Mara Ellison",
      tagline: "Paintings",
      pages: { contact: { image: own.hash } },
    });
    const chosen = await pageOgImage("contact");
    expect(chosen.etag).not.toBe(home.etag);
    expect((await pageOgImage("home")).etag).toBe(home.etag);
    expect(heroHash).not.toBe(own.hash);
  });
});
