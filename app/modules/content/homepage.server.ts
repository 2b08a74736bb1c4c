// The home page (spec §2 Home): the visible sections resolved for display, the fixed process section,
// and fallbacks so that no failing query takes the page down. Exposes loadHomepage().
import type { SectionType } from "~/db/schema";
import type { ImageAsset } from "~/lib/media";
import { listFeaturedArtworks, type ArtworkCard } from "~/modules/catalog/catalog.server";
import { services } from "~/services.server";
import { findImageByHash, listArtistPhotos, listVisibleSections, type ArtistPhoto } from "./content.server";
import { keptContentRead } from "./content-cache.server";
import { listPreviewSections } from "./homepage-admin.server";
import {
  FeaturedContent,
  HeroContent,
  ProcessContent,
  StatementContent,
  resolveHighlights,
  resolveProcess,
} from "./sections";

export interface Portrait {
  image: ImageAsset;
  altText: string;
  caption: string | null;
}

export type HomeSection =
  | { type: "hero"; content: HeroContent; image: ImageAsset | null; imageUrl: string | null }
  | { type: "featured_artworks"; content: FeaturedContent }
  | { type: "process"; content: ProcessContent }
  | { type: "artist_statement"; content: StatementContent; portrait: Portrait | null };

export interface Homepage {
  /** In section_order; the process section is always among them. */
  sections: HomeSection[];
  /**
   * The works themselves when they are already loaded, else a promise the page awaits behind a skeleton
   * (deferred: below the fold). Never rejects: a failure is logged and reads as "no featured works".
   */
  featuredArtworks: ArtworkCard[] | Promise<ArtworkCard[]> | null;
  /** The stored sections could not be read: the page shows what it can and tells the visitor. */
  sectionsFailed: boolean;
}

export const toPortrait = (photo: ArtistPhoto): Portrait => ({
  image: photo.image,
  altText: photo.altText,
  caption: photo.caption,
});

/** A background image given as a URL: only same-origin ones, as the CSP's img-src allows nothing else. */
function sameOriginImageUrl(value: string): string | null {
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  try {
    const url = new URL(value);
    if (url.origin === new URL(services().config.publicUrl).origin) return `${url.pathname}${url.search}`;
  } catch {
    // Not a URL at all.
  }
  return null;
}

async function resolveHero(content: HeroContent, failed: () => void): Promise<HomeSection> {
  const value = content.backgroundImage.trim();
  if (!value) return { type: "hero", content, image: null, imageUrl: null };
  const image = await findImageByHash(value).catch((err: unknown) => {
    services().logger.error({ err }, "failed to load the hero image");
    failed();
    return undefined;
  });
  const imageUrl = image ? null : sameOriginImageUrl(value);
  if (!image && !imageUrl)
    services().logger.warn({ backgroundImage: value }, "hero background image not found or not same-origin");
  return { type: "hero", content, image: image ?? null, imageUrl };
}

type Parsed = { ok: true; value: Promise<HomeSection> } | { ok: false; issues: unknown };

function toSection(type: SectionType, raw: unknown, portrait: Promise<Portrait | null>, failed: () => void): Parsed {
  switch (type) {
    case "hero": {
      const parsed = HeroContent.safeParse(raw);
      return parsed.success
        ? { ok: true, value: resolveHero(parsed.data, failed) }
        : { ok: false, issues: parsed.error.issues };
    }
    case "featured_artworks": {
      const parsed = FeaturedContent.safeParse(raw);
      return parsed.success
        ? { ok: true, value: Promise.resolve({ type, content: parsed.data }) }
        : { ok: false, issues: parsed.error.issues };
    }
    case "process": {
      const parsed = ProcessContent.safeParse(raw);
      return parsed.success
        ? { ok: true, value: Promise.resolve({ type, content: resolveProcess(parsed.data) }) }
        : { ok: false, issues: parsed.error.issues };
    }
    case "artist_statement": {
      const parsed = StatementContent.safeParse(raw);
      if (!parsed.success) return { ok: false, issues: parsed.error.issues };
      const content = { ...parsed.data, highlights: resolveHighlights(parsed.data.highlights) };
      return { ok: true, value: portrait.then((p): HomeSection => ({ type, content, portrait: p })) };
    }
  }
}

const PENDING = Symbol("pending");

/** A promise's value if it has already settled, else the promise: no skeleton for data that is already here. */
async function settledOrPending<T>(promise: Promise<T>): Promise<T | Promise<T>> {
  // An already settled promise wins the race: its reaction is queued before the marker's.
  const first = await Promise.race([promise, Promise.resolve(PENDING)]);
  return first === PENDING ? promise : first;
}

interface Sections {
  sections: HomeSection[];
  /** A part fell back after a failure (logged): shown, but not kept. */
  degraded: boolean;
}

/**
 * The visible sections resolved for display (hero image, portrait, the fixed process section); with `preview`,
 * every active section with its draft. Rejects only when the sections themselves cannot be read.
 */
async function readSections(preview: boolean): Promise<Sections> {
  const { logger } = services();
  let degraded = false;
  const portrait = listArtistPhotos({ homepage: true }).then(
    (photos) => (photos[0] ? toPortrait(photos[0]) : null),
    (err: unknown) => {
      logger.error({ err }, "failed to load artist photos for the homepage; showing the default portrait");
      degraded = true;
      return null;
    },
  );
  // Without a handler until awaited below: a rejection of the sections must not leave it unhandled.
  portrait.catch(() => undefined);
  const rows = preview ? await listPreviewSections() : await listVisibleSections();

  const seen = new Set<string>();
  const pending: Promise<HomeSection>[] = [];
  for (const row of rows) {
    // One section of each type: the first valid one in section_order wins.
    if (seen.has(row.sectionType)) continue;
    const section = toSection(row.sectionType, row.content, portrait, () => (degraded = true));
    if (!section.ok) {
      logger.warn(
        { sectionId: row.id, sectionType: row.sectionType, issues: section.issues },
        "homepage section has invalid content; not shown",
      );
      continue;
    }
    seen.add(row.sectionType);
    pending.push(section.value);
  }
  const sections = await Promise.all(pending);

  // The process section is fixed: without a stored one it sits just before the statement (or last).
  if (!sections.some((s) => s.type === "process")) {
    const at = sections.findIndex((s) => s.type === "artist_statement");
    sections.splice(at === -1 ? sections.length : at, 0, { type: "process", content: resolveProcess(undefined) });
  }
  return { sections, degraded };
}

/**
 * The home page's sections; with `preview`, every active section with its draft (the admin's preview). The
 * visible sections are kept in memory until the homepage or the artist photos change (content-cache.server.ts);
 * the featured works are the catalogue's kept read.
 */
export async function loadHomepage(options: { preview?: boolean } = {}): Promise<Homepage> {
  const { logger } = services();
  // Started at once and in parallel with the sections; each settles to a fallback instead of rejecting.
  const featuredArtworks = listFeaturedArtworks().catch((err: unknown) => {
    logger.error({ err }, "failed to load featured artworks");
    return [];
  });

  let sections: HomeSection[];
  try {
    ({ sections } = options.preview
      ? await readSections(true)
      : await keptContentRead(
          "homepage",
          ["homepage", "photos"],
          () => readSections(false),
          (read) => !read.degraded,
        ));
  } catch (err) {
    logger.error({ err }, "failed to load homepage sections");
    return {
      sections: [{ type: "process", content: resolveProcess(undefined) }],
      featuredArtworks: null,
      sectionsFailed: true,
    };
  }

  return {
    sections,
    featuredArtworks: sections.some((s) => s.type === "featured_artworks")
      ? await settledOrPending(featuredArtworks)
      : null,
    sectionsFailed: false,
  };
}
