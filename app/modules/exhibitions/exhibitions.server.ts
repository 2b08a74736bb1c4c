// Exhibitions: the artist's shows (venue, dates, kind, the works shown), managed in the admin and listed on
// the About page when published. Owns: exhibitions, exhibition_artworks. Exposes: list, read, create,
// update, delete, and the published list for the public page.
import { asc, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { services } from "~/services.server";
import { exhibitionArtworks, exhibitions } from "~/db/schema";
import { catalogChanged } from "~/modules/catalog/catalog-cache.server";
import { artworkTitlesByIds } from "~/modules/catalog/catalog.server";
import { getSettings } from "~/modules/settings/settings.server";
import {
  EXHIBITION_TYPE_LABELS,
  exhibitionPhase,
  formatDateRange,
  type ExhibitionInput,
  type ExhibitionPhase,
} from "./exhibition-rules";
import { publish } from "~/modules/events/bus.server";
import { keptContentRead } from "~/modules/content/content-cache.server";
import { dayIn } from "~/lib/dates";

export type Exhibition = typeof exhibitions.$inferSelect;

/** More than an artist's lifetime of shows; the lists are bounded all the same. */
const LIST_LIMIT = 500;

/** The studio's today (its time zone), which decides upcoming, current and past. */
export async function studioToday(): Promise<string> {
  const { shop } = await getSettings();
  return dayIn(new Date(), shop.timeZone);
}

async function artworkIdsOf(ids: string[]): Promise<Map<string, string[]>> {
  const byExhibition = new Map<string, string[]>();
  if (ids.length === 0) return byExhibition;
  const rows = await db()
    .select({ exhibitionId: exhibitionArtworks.exhibitionId, artworkId: exhibitionArtworks.artworkId })
    .from(exhibitionArtworks)
    .where(inArray(exhibitionArtworks.exhibitionId, ids));
  for (const row of rows)
    byExhibition.set(row.exhibitionId, [...(byExhibition.get(row.exhibitionId) ?? []), row.artworkId]);
  return byExhibition;
}

export interface ExhibitionListItem extends Exhibition {
  phase: ExhibitionPhase;
  artworkCount: number;
}

/** Every exhibition, newest start first (exhibitions_start_idx), with where it stands today. */
export async function listExhibitions(): Promise<{ today: string; exhibitions: ExhibitionListItem[] }> {
  const [today, rows] = await Promise.all([
    studioToday(),
    db()
      .select({
        exhibition: exhibitions,
        artworkCount: sql<number>`(select count(*)::int from exhibition_artworks ea where ea.exhibition_id = ${exhibitions.id})`,
      })
      .from(exhibitions)
      .orderBy(desc(exhibitions.startDate), desc(exhibitions.id))
      .limit(LIST_LIMIT),
  ]);
  return {
    today,
    exhibitions: rows.map((r) => ({
      ...r.exhibition,
      artworkCount: Number(r.artworkCount),
      phase: exhibitionPhase(r.exhibition.startDate, r.exhibition.endDate, today),
    })),
  };
}

/** The exhibitions a work was in, oldest first (exhibition_artworks_artwork_idx), for its provenance. */
export async function exhibitionsOfArtwork(artworkId: string): Promise<Exhibition[]> {
  return db()
    .select(getTableColumns(exhibitions))
    .from(exhibitionArtworks)
    .innerJoin(exhibitions, eq(exhibitions.id, exhibitionArtworks.exhibitionId))
    .where(eq(exhibitionArtworks.artworkId, artworkId))
    .orderBy(asc(exhibitions.startDate), asc(exhibitions.id))
    .limit(LIST_LIMIT);
}

export async function getExhibition(id: string): Promise<(Exhibition & { artworkIds: string[] }) | undefined> {
  const [row] = await db().select().from(exhibitions).where(eq(exhibitions.id, id)).limit(1);
  if (!row) return undefined;
  const ids = await artworkIdsOf([id]);
  return { ...row, artworkIds: ids.get(id) ?? [] };
}

const columns = (input: ExhibitionInput) => ({
  title: input.title,
  venue: input.venue,
  city: input.city,
  country: input.country,
  startDate: input.startDate,
  endDate: input.endDate,
  type: input.type,
  description: input.description,
  link: input.link || null,
  published: input.published,
});

export async function createExhibition(input: ExhibitionInput): Promise<Exhibition> {
  const created = await db().transaction(async (tx) => {
    const [row] = await tx.insert(exhibitions).values(columns(input)).returning();
    const unique = [...new Set(input.artworkIds)];
    if (unique.length)
      await tx.insert(exhibitionArtworks).values(unique.map((artworkId) => ({ exhibitionId: row!.id, artworkId })));
    return row!;
  });
  await publish("content.changed", { area: "exhibitions" });
  // The works' pages may show the show in their provenance (decision 0024).
  if (input.artworkIds.length > 0) await catalogChanged([...new Set(input.artworkIds)]);
  return created;
}

/** Saves the exhibition and replaces its works. Undefined when it no longer exists. */
export async function updateExhibition(id: string, input: ExhibitionInput): Promise<Exhibition | undefined> {
  let before: string[] = [];
  const updated = await db().transaction(async (tx) => {
    const [row] = await tx
      .update(exhibitions)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(eq(exhibitions.id, id))
      .returning();
    if (!row) return undefined;
    const removed = await tx
      .delete(exhibitionArtworks)
      .where(eq(exhibitionArtworks.exhibitionId, id))
      .returning({ artworkId: exhibitionArtworks.artworkId });
    before = removed.map((r) => r.artworkId);
    const unique = [...new Set(input.artworkIds)];
    if (unique.length)
      await tx.insert(exhibitionArtworks).values(unique.map((artworkId) => ({ exhibitionId: id, artworkId })));
    return row;
  });
  if (updated) {
    await publish("content.changed", { area: "exhibitions" });
    const touched = [...new Set([...before, ...input.artworkIds])];
    if (touched.length > 0) await catalogChanged(touched);
  }
  return updated;
}

export async function deleteExhibition(id: string): Promise<boolean> {
  const shown = (await artworkIdsOf([id])).get(id) ?? [];
  const rows = await db().delete(exhibitions).where(eq(exhibitions.id, id)).returning({ id: exhibitions.id });
  if (rows.length > 0) {
    await publish("content.changed", { area: "exhibitions" });
    if (shown.length > 0) await catalogChanged(shown);
  }
  return rows.length > 0;
}

export interface PublicExhibition {
  id: string;
  title: string;
  venue: string;
  place: string;
  startDate: string;
  endDate: string;
  type: Exhibition["type"];
  description: string;
  link: string | null;
  artworks: { slug: string; title: string }[];
}

/**
 * Published exhibitions for the About page: upcoming and current (soonest first), then past (latest first). The
 * list is kept in memory until the exhibitions or the catalogue (the works' titles) change; which of them are
 * past is decided on each call, by the studio's day.
 */
export async function listPublishedExhibitions(): Promise<{ upcoming: PublicExhibition[]; past: PublicExhibition[] }> {
  const [today, list] = await Promise.all([
    studioToday(),
    keptContentRead("exhibitions", ["exhibitions", "catalog"], readPublishedExhibitions),
  ]);
  const upcoming = list.filter((e) => e.endDate >= today).reverse();
  const past = list.filter((e) => e.endDate < today);
  return { upcoming, past };
}

/** Every published exhibition, latest first. */
async function readPublishedExhibitions(): Promise<PublicExhibition[]> {
  const rows = await db()
    .select()
    .from(exhibitions)
    .where(eq(exhibitions.published, true))
    .orderBy(desc(exhibitions.startDate), asc(exhibitions.id))
    .limit(LIST_LIMIT);
  const links = await artworkIdsOf(rows.map((r) => r.id));
  const titles = new Map((await artworkTitlesByIds([...new Set([...links.values()].flat())])).map((a) => [a.id, a]));
  return rows.map((r): PublicExhibition => ({
    id: r.id,
    title: r.title,
    venue: r.venue,
    place: [r.city, r.country].filter(Boolean).join(", "),
    startDate: r.startDate,
    endDate: r.endDate,
    type: r.type,
    description: r.description,
    link: r.link,
    artworks: (links.get(r.id) ?? [])
      .map((id) => titles.get(id))
      .filter((a) => a !== undefined)
      .map((a) => ({ slug: a.slug, title: a.title }))
      .sort((a, b) => a.title.localeCompare(b.title)),
  }));
}

/** The About page's exhibitions, ready to show; on a failure, logged, none (the rest of the page still shows). */
export async function aboutPageExhibitions() {
  const shown = (e: PublicExhibition) => ({
    id: e.id,
    title: e.title,
    venue: e.venue,
    place: e.place,
    dates: formatDateRange(e.startDate, e.endDate),
    startDate: e.startDate,
    kind: EXHIBITION_TYPE_LABELS[e.type],
    description: e.description,
    link: e.link,
    artworks: e.artworks,
  });
  try {
    const { upcoming, past } = await listPublishedExhibitions();
    return { upcoming: upcoming.map(shown), past: past.map(shown) };
  } catch (err) {
    services().logger.error({ err }, "failed to load exhibitions for the about page; showing none");
    return { upcoming: [], past: [] };
  }
}
