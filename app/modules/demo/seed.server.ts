// First-start seeding: an empty database gets settings, and (unless SEED_DEMO=false) the demo catalogue.
// Runs once: the settings row marks an initialised database, and the work happens in one transaction.
// Loaded by boot only when the database is empty, so the generators stay out of a running server's memory.
import { LOCKS, type DatabaseHandle } from "~/db/client.server";
import { variantUrl } from "~/lib/media";
import type { Logger } from "~/logger.server";
import { createArtwork, slugify } from "~/modules/catalog/catalog.server";
import { addArtistPhoto, createSection, savePageContent } from "~/modules/content/content.server";
import { DEFAULT_HIGHLIGHTS } from "~/modules/content/sections";
import { registerImage, storeOriginal } from "~/modules/media/media.server";
import { saveSettings, settingsExist } from "~/modules/settings/settings.server";
import { DEMO_ARTIST, DEMO_ARTWORKS, DEMO_BIOGRAPHY, DEMO_CV, DEMO_STATEMENT, type DemoArtwork } from "./demo-data";
import { demoPainting, demoStudioPhoto } from "./images.server";

export type SeedResult = "already-initialised" | "empty" | "demo";

export interface SeedOptions {
  demo: boolean;
  logger: Logger;
  /** For an empty (non-demo) install: the first value of "require two-factor for administrators". */
  requireAdminTwoFactor?: boolean;
  /** Tests seed a few works at a small size; the real first start seeds them all at 1600 px. */
  artworks?: readonly DemoArtwork[];
  longSide?: number;
}

async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!, i);
      }
    }),
  );
  return results;
}

function pixels([wIn, hIn]: [number, number], longSide: number): { width: number; height: number } {
  return wIn >= hIn
    ? { width: longSide, height: Math.round((longSide * hIn) / wIn) }
    : { width: Math.round((longSide * wIn) / hIn), height: longSide };
}

export async function seedIfEmpty(handle: DatabaseHandle, options: SeedOptions): Promise<SeedResult> {
  const catalogue = options.artworks ?? DEMO_ARTWORKS;
  const longSide = options.longSide ?? 1600;
  return handle.withLock(LOCKS.seed, async () => {
    if (await settingsExist(handle.db)) return "already-initialised";
    if (!options.demo) {
      // A new install: administrators set up a second factor before the admin area opens, unless the operator
      // chose otherwise for this first start (REQUIRE_ADMIN_TWO_FACTOR=false). The demo leaves it off.
      await saveSettings({ security: { requireAdminTwoFactor: options.requireAdminTwoFactor ?? true } }, handle.db);
      options.logger.info("initialised an empty database (SEED_DEMO=false)");
      return "empty";
    }
    const started = Date.now();
    // Rendering (or reading the machine's cache of it) and checking the images is CPU work done before the
    // transaction opens; two at a time keeps both cores busy.
    const paintings = await mapLimit(catalogue, 2, async (a, i) =>
      storeOriginal(await demoPainting({ seed: 1000 + i * 7, ...pixels(a.inches, longSide) })),
    );
    const studio = await mapLimit([0, 1, 2], 2, async (i) =>
      storeOriginal(await demoStudioPhoto(i, longSide, Math.round(longSide * 0.75))),
    );
    options.logger.info({ ms: Date.now() - started }, "prepared demo images");

    await handle.db.transaction(async (tx) => {
      const now = Date.now();
      for (const [i, artwork] of catalogue.entries()) {
        const asset = await registerImage(paintings[i]!, tx);
        await createArtwork(
          {
            slug: slugify(artwork.title),
            title: artwork.title,
            description: artwork.description,
            medium: artwork.medium,
            year: artwork.year,
            size: `${artwork.inches[0]}" x ${artwork.inches[1]}"`,
            priceCents: artwork.priceUsd * 100,
            availability: artwork.availability,
            quantity: artwork.availability === "sold" ? 0 : 1,
            isFeatured: artwork.featured ?? false,
            // The first four are placed by hand; the rest follow newest first.
            sortOrder: i < 4 ? i + 1 : null,
            mainImageId: asset.id,
            mainImageUrl: variantUrl(asset.hash, asset.widths.at(-1)!, "webp"),
            createdAt: new Date(now - i * 86_400_000),
          },
          tx,
        );
      }
      const captions = [
        "The studio wall in late afternoon",
        "Work in progress, spring",
        "Two paintings from the Ledger series",
      ];
      for (const [i, photo] of studio.entries()) {
        const asset = await registerImage(photo, tx);
        await addArtistPhoto(
          {
            fileName: `studio-${i + 1}.jpg`,
            mediaAssetId: asset.id,
            altText: `${captions[i]}, in the studio of ${DEMO_ARTIST.name}`,
            caption: captions[i],
            displayOrder: i,
            isFeaturedHomepage: i === 0,
            isFeaturedAbout: true,
          },
          tx,
        );
      }
      const heroImage = await registerImage(paintings[Math.min(3, paintings.length - 1)]!, tx);
      await createSection(
        {
          sectionType: "hero",
          sectionOrder: 0,
          isPublished: true,
          content: {
            title: "Paintings of water, weather and light",
            subtitle: `Original abstract works by ${DEMO_ARTIST.name}, made in New Orleans.`,
            ctaText: "Explore the Gallery",
            ctaLink: "/gallery",
            backgroundImage: heroImage.hash,
          },
        },
        tx,
      );
      await createSection(
        {
          sectionType: "featured_artworks",
          sectionOrder: 1,
          isPublished: true,
          content: {
            title: "Featured Works",
            description: "A selection of recent paintings, chosen by the artist.",
            ctaText: "View Complete Gallery",
            ctaLink: "/gallery",
          },
        },
        tx,
      );
      await createSection(
        {
          sectionType: "artist_statement",
          sectionOrder: 2,
          isPublished: true,
          content: {
            title: "About the Artist",
            subtitle: DEMO_ARTIST.name,
            description: DEMO_BIOGRAPHY.split("\n\n")[0],
            statement: DEMO_STATEMENT,
            highlights: DEFAULT_HIGHLIGHTS,
          },
        },
        tx,
      );
      await savePageContent(
        "about",
        {
          title: "About the Artist",
          biography: DEMO_BIOGRAPHY,
          statement: DEMO_STATEMENT,
          highlights: DEFAULT_HIGHLIGHTS,
          cv: DEMO_CV,
        },
        tx,
      );
      await saveSettings(
        {
          siteTitle: DEMO_ARTIST.name,
          artistName: DEMO_ARTIST.name,
          tagline: "Abstract paintings of water, weather and light",
          contactEmail: DEMO_ARTIST.email,
          locationLine: DEMO_ARTIST.location,
          socialLinks: [
            { label: "Instagram", url: "https://www.instagram.com/" },
            { label: "Facebook", url: "https://www.facebook.com/" },
            { label: "Pinterest", url: "https://www.pinterest.com/" },
          ],
          // New Orleans: Louisiana and Orleans Parish sales tax on works delivered or collected in the US.
          shop: { taxRateBps: 945, timeZone: "America/Chicago" },
        },
        tx,
      );
    });
    options.logger.info({ artworks: catalogue.length, ms: Date.now() - started }, "seeded demo content");
    return "demo";
  });
}
