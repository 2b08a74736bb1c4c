// Catalog: the artist's artworks. Owns: artworks. Exposes: listing in the spec's order, lookups, creation.
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { db, type Database } from "~/db/client.server";
import { artworks, mediaAssets } from "~/db/schema";
import type { AvailabilityValue } from "~/lib/availability";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { ArtworkSummary } from "~/lib/artwork";
import type { ImageAsset } from "~/lib/media";
import { toSlug } from "~/lib/slug";
import { isUuid } from "~/lib/uuid";
import { imageColumns, withImage } from "~/modules/media/media.server";
import { cachedRead, invalidateCatalogCaches } from "./catalog-cache.server";
import { termFacets, type TermKind } from "./taxonomy.server";

export interface ArtworkCard extends ArtworkSummary {
  slug: string;
  description: string;
  quantity: number;
  availability: AvailabilityValue;
  isFeatured: boolean;
  image: ImageAsset | null;
}

/** What a work's card on the site and its row in the admin both show: its facts, price, state and picture. */
export const workColumns = {
  id: artworks.id,
  slug: artworks.slug,
  title: artworks.title,
  medium: artworks.medium,
  year: artworks.year,
  size: artworks.size,
  priceCents: artworks.priceCents,
  currency: artworks.currency,
  availability: artworks.availability,
  quantity: artworks.quantity,
  isFeatured: artworks.isFeatured,
  ...imageColumns,
};

const cardColumns = { ...workColumns, description: artworks.description };

/** Works with their main picture, as `columns` (a card's, an admin row's, and any others a reader needs). */
export function selectWithPicture<T extends SelectedFields>(columns: T) {
  return db().select(columns).from(artworks).leftJoin(mediaAssets, eq(mediaAssets.id, artworks.mainImageId));
}
const selectCards = () => selectWithPicture(cardColumns);
type CardRow = Awaited<ReturnType<typeof selectCards>>[number];

function toCard(row: CardRow): ArtworkCard {
  return withImage(row);
}

/** Archived works stay on record for the admin but never show on the site. */
export const notArchived = isNull(artworks.archivedAt);

/** Spec §7: sort_order ascending (nulls last), then created_at descending. */
// Written to match artworks_display_order_idx exactly (including nulls last on created_at), so a page reads
// 24 index entries instead of sorting the whole catalogue.
export const displayOrder = [
  sql`${artworks.sortOrder} asc nulls last`,
  sql`${artworks.createdAt} desc nulls last`,
  asc(artworks.id),
];

export async function listArtworks({ limit, offset = 0 }: { limit: number; offset?: number }): Promise<ArtworkCard[]> {
  const rows = await selectCards()
    .where(notArchived)
    .orderBy(...displayOrder)
    .limit(Math.min(limit, 500))
    .offset(offset);
  return rows.map(toCard);
}

export async function countArtworks(): Promise<number> {
  return db().$count(artworks, notArchived);
}

/** Every work on the site by title (artworks_title_idx), for pickers such as an exhibition's works. */
export async function listArtworkTitles(
  limit = 1000,
): Promise<{ id: string; slug: string; title: string; year: number | null }[]> {
  return db()
    .select({ id: artworks.id, slug: artworks.slug, title: artworks.title, year: artworks.year })
    .from(artworks)
    .where(notArchived)
    .orderBy(sql`lower(${artworks.title})`, asc(artworks.id))
    .limit(Math.min(limit, 5000));
}

/** Of these ids, those the catalogue holds, archived works included (for a form whose ids may be posted by hand). */
export async function knownArtworkIds(ids: readonly string[]): Promise<Set<string>> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return new Set();
  const rows = await db().select({ id: artworks.id }).from(artworks).where(inArray(artworks.id, valid));
  return new Set(rows.map((r) => r.id));
}

/** The titles and slugs of the given works that are on the site, in no particular order. */
export async function artworkTitlesByIds(ids: string[]): Promise<{ id: string; slug: string; title: string }[]> {
  if (ids.length === 0) return [];
  return db()
    .select({ id: artworks.id, slug: artworks.slug, title: artworks.title })
    .from(artworks)
    .where(and(inArray(artworks.id, ids.slice(0, 2000)), notArchived));
}

/** Works named by id or slug (as in /artwork/{key}), each with the key it was found by. */
export async function artworkTitlesByKeys(keys: string[]): Promise<{ key: string; slug: string; title: string }[]> {
  const wanted = keys.slice(0, 200);
  if (wanted.length === 0) return [];
  const ids = wanted.filter(isUuid);
  const rows = await db()
    .select({ id: artworks.id, slug: artworks.slug, title: artworks.title })
    .from(artworks)
    .where(ids.length ? or(inArray(artworks.slug, wanted), inArray(artworks.id, ids)) : inArray(artworks.slug, wanted));
  return wanted.flatMap((key) => {
    const row = rows.find((r) => r.slug === key || r.id === key);
    return row ? [{ key, slug: row.slug, title: row.title }] : [];
  });
}

export type NewArtwork = typeof artworks.$inferInsert;

export async function createArtwork(values: NewArtwork, tx: Database = db()): Promise<{ id: string; slug: string }> {
  const [row] = await tx.insert(artworks).values(values).returning({ id: artworks.id, slug: artworks.slug });
  if (!row) throw new Error("artwork insert returned nothing");
  invalidateCatalogCaches();
  return row;
}

/** A URL slug from a title. */
export function slugify(title: string): string {
  return toSlug(title) || "untitled";
}

export interface ArtworkDetail extends ArtworkCard {
  createdAt: Date;
  updatedAt: Date;
}

/** One artwork by id (or by slug, for readable links); undefined when there is none or it is archived. */
export function getArtwork(idOrSlug: string): Promise<ArtworkDetail | undefined> {
  return cachedRead(`artwork:${idOrSlug}`, () => readArtwork(idOrSlug));
}

async function readArtwork(idOrSlug: string): Promise<ArtworkDetail | undefined> {
  const where = and(isUuid(idOrSlug) ? eq(artworks.id, idOrSlug) : eq(artworks.slug, idOrSlug), notArchived);
  const [row] = await selectWithPicture({
    ...cardColumns,
    createdAt: artworks.createdAt,
    updatedAt: artworks.updatedAt,
  })
    .where(where)
    .limit(1);
  if (!row) return undefined;
  const { createdAt, updatedAt, ...card } = row;
  return { ...toCard(card), createdAt, updatedAt };
}

/** Spec §7: featured artworks, at most 6, in display order. */
export const FEATURED_LIMIT = 6;
export function listFeaturedArtworks(): Promise<ArtworkCard[]> {
  return cachedRead("featured", readFeaturedArtworks);
}

async function readFeaturedArtworks(): Promise<ArtworkCard[]> {
  const rows = await selectCards()
    .where(and(eq(artworks.isFeatured, true), notArchived))
    .orderBy(...displayOrder)
    .limit(FEATURED_LIMIT);
  return rows.map(toCard);
}

export const GALLERY_AVAILABILITIES = ["available", "sold"] as const;

export interface GalleryQuery {
  q?: string;
  medium?: string;
  availability?: (typeof GALLERY_AVAILABILITIES)[number];
  year?: number;
  /** Term slugs (spec'd filters use the artist's categories and series; tags work through the URL). */
  category?: string;
  series?: string;
  tag?: string;
  limit: number;
  offset?: number;
}

/** Works that carry the term of this kind and slug (artwork_terms_term_idx behind it). */
const hasTerm = (kind: TermKind, slug: string) =>
  sql`exists (select 1 from artwork_terms at join terms t on t.id = at.term_id where at.artwork_id = ${artworks.id} and t.kind = ${kind} and t.slug = ${slug})`;

/**
 * The visitor's search as PostgreSQL's websearch_to_tsquery reads it (words, "phrases", or, -word), with a run of
 * minus signs counted as one and a minus before no word dropped: 33 negations in a row fail the whole query
 * ("tsquery stack too small"), and a stranger could send them.
 */
export function webSearchText(q: string): string {
  return q.replace(/-+/g, "-").replace(/-(?![\p{L}\p{N}"])/gu, " ");
}

const matchesSearch = (q: string) => sql`websearch_to_tsquery('english', ${webSearchText(q)})`;

function galleryWhere(query: Omit<GalleryQuery, "limit" | "offset">) {
  const conditions: SQL[] = [notArchived];
  if (query.q) conditions.push(sql`${artworks.search} @@ ${matchesSearch(query.q)}`);
  if (query.medium) conditions.push(eq(artworks.medium, query.medium));
  if (query.availability) conditions.push(eq(artworks.availability, query.availability));
  if (query.year) conditions.push(eq(artworks.year, query.year));
  if (query.category) conditions.push(hasTerm("category", query.category));
  if (query.series) conditions.push(hasTerm("series", query.series));
  if (query.tag) conditions.push(hasTerm("tag", query.tag));
  return and(...conditions);
}

/** The gallery: filtered and searched works, a page of them, and how many match. */
/**
 * The gallery's works for `query`, held in memory by the catalogue's read cache. `remember: false` reads without
 * keeping the answer (a long list, up to 200 cards, that the page cache keeps instead, bounded by its bytes).
 */
export function searchArtworks(
  query: GalleryQuery,
  { remember = true }: { remember?: boolean } = {},
): Promise<{ artworks: ArtworkCard[]; total: number }> {
  if (!remember) return readSearch(query);
  const { q, medium, availability, year, category, series, tag, limit, offset } = query;
  const key = JSON.stringify([q, medium, availability, year, category, series, tag, limit, offset]);
  return cachedRead(`search:${key}`, () => readSearch(query));
}

async function readSearch(query: GalleryQuery): Promise<{ artworks: ArtworkCard[]; total: number }> {
  const where = galleryWhere(query);
  // A search ranks the best matches first; browsing keeps the artist's order.
  const order = query.q
    ? [sql`ts_rank(${artworks.search}, ${matchesSearch(query.q)}) desc`, ...displayOrder]
    : displayOrder;
  const [rows, total] = await Promise.all([
    selectCards()
      .where(where)
      .orderBy(...order)
      .limit(Math.min(query.limit, 200))
      .offset(query.offset ?? 0),
    db().$count(artworks, where),
  ]);
  return { artworks: rows.map(toCard), total };
}

export interface CatalogFacets {
  mediums: { value: string; count: number }[];
  years: number[];
  /** Categories and series that have works (slug, name, count); empty lists hide their filters. */
  categories: { value: string; label: string; count: number }[];
  series: { value: string; label: string; count: number }[];
}

/** The filter choices (mediums with counts, years, categories, series), kept until the catalogue changes. */
export function catalogFacets(): Promise<CatalogFacets> {
  return cachedRead("facets", readFacets);
}

async function readFacets(): Promise<CatalogFacets> {
  const [mediums, years, termChoices] = await Promise.all([
    db()
      .select({ value: artworks.medium, count: count() })
      .from(artworks)
      .where(and(sql`${artworks.medium} <> ''`, notArchived))
      .groupBy(artworks.medium)
      .orderBy(desc(count()), asc(artworks.medium))
      .limit(200),
    db()
      .selectDistinct({ year: artworks.year })
      .from(artworks)
      .where(and(sql`${artworks.year} is not null`, notArchived))
      .orderBy(desc(artworks.year))
      .limit(200),
    termFacets(),
  ]);
  return { mediums, years: years.map((y) => y.year!).filter(Boolean), ...termChoices };
}

/** Other works to show under an artwork: the first in display order, without it. */
export function listMoreWorks(excludeId: string, limit = 6): Promise<ArtworkCard[]> {
  return cachedRead(`more:${excludeId}:${limit}`, () => readMoreWorks(excludeId, limit));
}

async function readMoreWorks(excludeId: string, limit: number): Promise<ArtworkCard[]> {
  const rows = await selectCards()
    .where(and(sql`${artworks.id} <> ${excludeId}`, notArchived))
    .orderBy(...displayOrder)
    .limit(Math.min(limit, 24));
  return rows.map(toCard);
}

/** Every artwork's id and last change (for the sitemap): two columns, bounded, in primary-key order. */
export async function listArtworkUpdates({ limit }: { limit: number }): Promise<{ id: string; updatedAt: Date }[]> {
  return db()
    .select({ id: artworks.id, updatedAt: artworks.updatedAt })
    .from(artworks)
    .where(notArchived)
    .orderBy(asc(artworks.id))
    .limit(limit);
}

/** Spec §7 available artworks: availability available, newest first (the shop). Bounded. */
export async function listAvailableArtworks({ limit }: { limit: number }): Promise<ArtworkCard[]> {
  const rows = await selectCards()
    .where(and(eq(artworks.availability, "available"), notArchived))
    // Matches artworks_available_idx (availability, created_at desc nulls last).
    .orderBy(sql`${artworks.createdAt} desc nulls last`)
    .limit(Math.min(limit, 200));
  return rows.map(toCard);
}

/**
 * The works in a cart, as they are now (price, availability, stock), for re-checking what the browser holds.
 * An archived work is left out: the cart then shows it as no longer available.
 */
export async function getArtworksByIds(ids: readonly string[]): Promise<ArtworkCard[]> {
  const valid = [...new Set(ids.filter(isUuid))].slice(0, 50);
  if (valid.length === 0) return [];
  const rows = await selectCards().where(and(inArray(artworks.id, valid), notArchived));
  return rows.map(toCard);
}
