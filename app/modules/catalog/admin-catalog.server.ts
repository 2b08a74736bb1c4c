// Catalog, the back office's side: the admin table (search, filters, sort, pages), editing, featuring,
// reordering, availability in bulk, archive/delete, and the change log. Owns: artworks, artwork_events.
import { queueAlertEvent } from "~/modules/alerts/alerts.server";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { db, type Database } from "~/db/client.server";
import { newestFirst, pageOf } from "~/db/list-queries.server";
import { artworkEvents, artworks, mediaAssets, type ArtworkEventKind } from "~/db/schema";
import type { ActionResult } from "~/lib/action-result";
import type { AdminArtworkParams } from "~/lib/admin-artwork-query";
import type { ArtworkSummary } from "~/lib/artwork";
import { AVAILABILITY_LABELS, type AvailabilityValue } from "~/lib/availability";
import { FIELDS_NEED_ATTENTION } from "~/modules/forms/submission.server";
import type { ImageAsset } from "~/lib/media";
import { DomainError } from "~/lib/domain-error";
import { applyMove } from "~/lib/reorder";
import { withImage } from "~/modules/media/media.server";
import { queueTiles } from "~/modules/media/tiles.server";
import { liveClaims } from "~/modules/shop/stock-claims.server";
import type { ArtworkInputValues } from "./artwork-input";
import { catalogChanged } from "./catalog-cache.server";
import { displayOrder, FEATURED_LIMIT, selectWithPicture, slugify, workColumns } from "./catalog.server";

/** Who made a change, for the log. */
export interface Actor {
  id: string;
  name: string;
}

export interface AdminArtworkRow extends ArtworkSummary {
  slug: string;
  availability: AvailabilityValue;
  quantity: number;
  isFeatured: boolean;
  sortOrder: number | null;
  archivedAt: Date | null;
  updatedAt: Date;
  image: ImageAsset | null;
}

const rowColumns = {
  ...workColumns,
  sortOrder: artworks.sortOrder,
  archivedAt: artworks.archivedAt,
  updatedAt: artworks.updatedAt,
};

type RawRow = { [K in keyof typeof rowColumns]: unknown } & Record<string, unknown>;

function toRow(raw: RawRow): AdminArtworkRow {
  const { image, ...rest } = withImage(raw);
  return { ...(rest as Omit<AdminArtworkRow, "image">), image };
}

/** Words of a search as a prefix query ("blu oce" finds "Blue Ocean"), served by the GIN index. */
export function prefixTsQuery(q: string): string | undefined {
  const words = q
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, 8);
  if (!words?.length) return undefined;
  return words.map((w) => `${w}:*`).join(" & ");
}

function adminWhere(params: Omit<AdminArtworkParams, "sort" | "dir" | "page" | "pageSize">): SQL | undefined {
  const conditions: SQL[] = [params.archived === "only" ? isNotNull(artworks.archivedAt) : isNull(artworks.archivedAt)];
  const tsquery = params.q ? prefixTsQuery(params.q) : undefined;
  if (params.q && tsquery) {
    conditions.push(
      sql`(${artworks.search} @@ to_tsquery('simple', ${tsquery}) or ${artworks.search} @@ to_tsquery('english', ${tsquery}))`,
    );
  }
  if (params.availability) conditions.push(eq(artworks.availability, params.availability));
  if (params.featured !== undefined) conditions.push(eq(artworks.isFeatured, params.featured));
  if (params.medium) conditions.push(eq(artworks.medium, params.medium));
  return and(...conditions);
}

function adminOrder(params: Pick<AdminArtworkParams, "sort" | "dir">): SQL[] {
  const dir = params.dir === "asc" ? sql`asc` : sql`desc`;
  switch (params.sort) {
    case "title":
      return [sql`lower(${artworks.title}) ${dir}`, sql`${artworks.id} ${dir}`];
    case "year":
      return [sql`${artworks.year} ${dir} nulls last`, sql`${artworks.id} ${dir}`];
    case "price":
      return [sql`${artworks.priceCents} ${dir} nulls last`, sql`${artworks.id} ${dir}`];
    case "updated":
      return [sql`${artworks.updatedAt} ${dir}`, sql`${artworks.id} ${dir}`];
    case "order":
      return params.dir === "asc"
        ? displayOrder
        : [sql`${artworks.sortOrder} desc nulls first`, sql`${artworks.createdAt} asc`, desc(artworks.id)];
  }
}

/** A page of the admin table and how many works match. */
export async function listAdminArtworks(
  params: AdminArtworkParams,
): Promise<{ rows: AdminArtworkRow[]; total: number }> {
  const where = adminWhere(params);
  const query = selectWithPicture(rowColumns)
    .where(where)
    .orderBy(...adminOrder(params))
    .$dynamic();
  const size = Math.min(params.pageSize, 100);
  const { rows, total } = await pageOf(query, db().$count(artworks, where), params.page, size);
  return { rows: rows.map(toRow), total };
}

/** Distinct mediums, for the table's filter (bounded). */
export async function listMediums(): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ medium: artworks.medium })
    .from(artworks)
    .where(sql`${artworks.medium} <> ''`)
    .orderBy(asc(artworks.medium))
    .limit(200);
  return rows.map((r) => r.medium);
}

export interface AdminArtwork extends AdminArtworkRow {
  description: string;
  mainImageId: string | null;
  createdAt: Date;
}

/** One work for the edit page, archived or not. */
export async function getAdminArtwork(id: string): Promise<AdminArtwork | undefined> {
  const [row] = await selectWithPicture({
    ...rowColumns,
    description: artworks.description,
    mainImageId: artworks.mainImageId,
    createdAt: artworks.createdAt,
  })
    .where(eq(artworks.id, id))
    .limit(1);
  if (!row) return undefined;
  const { description, mainImageId, createdAt } = row;
  return { ...toRow(row), description, mainImageId, createdAt };
}

/** A slug no other work has: the title's, then -2, -3 … */
export async function freeSlug(title: string, tx: Database = db(), exceptId?: string): Promise<string> {
  const base = slugify(title).slice(0, 80).replace(/-+$/, "") || "untitled";
  const taken = await tx
    .select({ slug: artworks.slug })
    .from(artworks)
    .where(
      and(
        sql`(${artworks.slug} = ${base} or ${artworks.slug} like ${`${base}-%`})`,
        exceptId ? sql`${artworks.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1000);
  const used = new Set(taken.map((t) => t.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

function inputColumns(values: ArtworkInputValues) {
  return {
    title: values.title,
    description: values.description,
    medium: values.medium,
    year: values.year ?? null,
    size: values.size,
    priceCents: values.price,
    availability: values.availability,
    isFeatured: values.featured,
    quantity: values.quantity,
  };
}

/** A new work from the upload form, first in the artist's order. */
export async function createArtworkFromUpload(
  values: ArtworkInputValues,
  image: { id: string; hash: string; widths: number[] },
): Promise<{ id: string; slug: string }> {
  const row = await db().transaction(async (tx) => {
    const slug = await freeSlug(values.title, tx);
    const [first] = await tx
      .select({ min: sql<number | null>`min(${artworks.sortOrder})` })
      .from(artworks)
      .where(isNull(artworks.archivedAt));
    const [created] = await tx
      .insert(artworks)
      .values({
        ...inputColumns(values),
        slug,
        mainImageId: image.id,
        mainImageUrl: mainImageUrl(image),
        // Before every ordered work, so the newest upload shows first until the artist arranges it.
        sortOrder: first?.min === null || first?.min === undefined ? null : Number(first.min) - 1,
      })
      .returning({ id: artworks.id, slug: artworks.slug });
    if (!created) throw new Error("artwork insert returned nothing");
    // "Tell me about new works" subscribers hear of it once (modules/alerts), in this transaction.
    await queueAlertEvent(tx, { kind: "new-work", artworkId: created.id, key: `new-work:${created.id}` });
    return created;
  });
  await catalogChanged([row.id]);
  await queueTiles(image.hash);
  return row;
}

/** Spec field main_image_url: the largest variant's public URL. */
function mainImageUrl(image: { hash: string; widths: number[] }): string {
  const width = image.widths.at(-1);
  return `/media/${image.hash}/${width}.webp`;
}

const SLUG_TAKEN = "Another work already uses this address.";

/** The edit form's values, with what its page showed of the stock (the shop moves it while the page is open). */
export type ArtworkEditValues = ArtworkInputValues & {
  slug: string;
  seenAvailability?: AvailabilityValue;
  seenQuantity?: number;
};

const movedSinceOpened = (now: string | number) =>
  `Changed to ${now} since this page was opened (an order or a hold). Check it and save again.`;

/**
 * One stock field of the edit form, against what happened since its page was opened (an order or a hold may
 * have taken the work meanwhile): left as the page showed it, it keeps its current value (a typo fixed on an old
 * page does not put a reserved original back on sale); changed by the artist, it is taken unless it moved
 * meanwhile too (then refused beside the field). Without `seen` (an import, the tests) the typed value is taken.
 */
function mergedStock<T>(typed: T, seen: T | undefined, now: T): { value: T } | { moved: true } {
  if (seen === undefined) return { value: typed };
  if (typed === seen) return { value: now };
  return now === seen ? { value: typed } : { moved: true };
}

/**
 * The edit form's stock fields the shop refuses, with why: putting on sale a work it keeps for someone
 * (claimOnSale), or raising the quantity of a work an unpaid order took pieces of. That order's pieces are out of
 * the quantity already: an original it reserved shows 0, and set to 1 it comes back as 2 when the order lapses (two
 * buyers then get it); an edition raised to its count before the order counts the ordered piece twice
 * (docs/admin.md "Artwork Management"). Lowering stays free, and so does restocking a work an approved hold keeps (its
 * piece is still in the quantity).
 */
async function keptStockFields(
  tx: Database,
  before: { id: string; availability: AvailabilityValue; quantity: number },
  stock: { availability: AvailabilityValue; quantity: number },
): Promise<Record<string, string> | undefined> {
  const fieldErrors: Record<string, string> = {};
  if (before.availability !== stock.availability) {
    const onSale = await claimOnSale(tx, [before], stock.availability);
    const why = onSale?.get(before.id);
    if (why) fieldErrors.availability = why;
  }
  if (stock.quantity > before.quantity) {
    const claim = (await liveClaims([before.id], tx)).get(before.id);
    if (claim?.piecesTaken) fieldErrors.quantity = `${claim.why}: ${claim.remedy}.`;
  }
  return Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined;
}

/**
 * Saves the edit form; an availability or featured change is logged. Refused when another work has the
 * address (a field error on `slug`), the stock moved under a page that changes it too (mergedStock), the shop
 * keeps the work for a buyer (keptStockFields), or the work is gone (no field named).
 */
export async function updateArtwork(id: string, values: ArtworkEditValues, actor: Actor): Promise<ActionResult> {
  const result = await db().transaction(async (tx): Promise<ActionResult> => {
    const [before] = await tx
      .select({
        title: artworks.title,
        availability: artworks.availability,
        quantity: artworks.quantity,
        isFeatured: artworks.isFeatured,
      })
      .from(artworks)
      .where(eq(artworks.id, id))
      .for("update");
    if (!before) return { ok: false, error: "No such artwork." };
    const availability = mergedStock(values.availability, values.seenAvailability, before.availability);
    const quantity = mergedStock(values.quantity, values.seenQuantity, before.quantity);
    if ("moved" in availability || "moved" in quantity) {
      const fieldErrors: Record<string, string> = {};
      if ("moved" in availability)
        fieldErrors.availability = movedSinceOpened(AVAILABILITY_LABELS[before.availability]);
      if ("moved" in quantity) fieldErrors.quantity = movedSinceOpened(before.quantity);
      return { ok: false, error: FIELDS_NEED_ATTENTION, fieldErrors };
    }
    const stock = { availability: availability.value, quantity: quantity.value };
    const kept = await keptStockFields(tx, { id, ...before }, stock);
    if (kept) return { ok: false, error: FIELDS_NEED_ATTENTION, fieldErrors: kept };
    const [clash] = await tx
      .select({ id: artworks.id })
      .from(artworks)
      .where(and(eq(artworks.slug, values.slug), sql`${artworks.id} <> ${id}`))
      .limit(1);
    if (clash) return { ok: false, error: SLUG_TAKEN, fieldErrors: { slug: SLUG_TAKEN } };
    await tx
      .update(artworks)
      .set({
        ...inputColumns(values),
        availability: stock.availability,
        quantity: stock.quantity,
        slug: values.slug,
        updatedAt: sql`now()`,
      })
      .where(eq(artworks.id, id));
    const events: NewEvent[] = [];
    if (before.availability !== stock.availability)
      events.push({ kind: "availability", fromValue: before.availability, toValue: stock.availability });
    if (before.isFeatured !== values.featured)
      events.push({ kind: "featured", fromValue: String(before.isFeatured), toValue: String(values.featured) });
    await logEvents(
      tx,
      events.map((e) => ({ ...e, artworkId: id, artworkTitle: values.title })),
      actor,
    );
    return { ok: true };
  });
  if (result.ok) await catalogChanged([id]);
  return result;
}

/** Replaces a work's picture with an ingested image. */
export async function replaceArtworkImage(
  id: string,
  image: { id: string; hash: string; widths: number[] },
): Promise<boolean> {
  const updated = await db()
    .update(artworks)
    .set({ mainImageId: image.id, mainImageUrl: mainImageUrl(image), updatedAt: sql`now()` })
    .where(eq(artworks.id, id))
    .returning({ id: artworks.id });
  if (updated.length > 0) {
    await catalogChanged([id]);
    await queueTiles(image.hash);
  }
  return updated.length > 0;
}

/** The stored image a client names by id (after uploading it), or undefined. */
export async function findImage(id: string): Promise<{ id: string; hash: string; widths: number[] } | undefined> {
  const [row] = await db()
    .select({ id: mediaAssets.id, hash: mediaAssets.hash, widths: mediaAssets.widths })
    .from(mediaAssets)
    .where(eq(mediaAssets.id, id))
    .limit(1);
  return row;
}

/** Features or unfeatures a work; answers how many live works are featured now (the home page shows 6). */
export async function setFeatured(
  id: string,
  featured: boolean,
  actor: Actor,
): Promise<{ found: boolean; featuredCount: number; limit: number }> {
  const found = await db().transaction(async (tx) => {
    const [before] = await tx
      .select({ title: artworks.title, isFeatured: artworks.isFeatured })
      .from(artworks)
      .where(eq(artworks.id, id))
      .for("update");
    if (!before) return false;
    if (before.isFeatured === featured) return true;
    await tx
      .update(artworks)
      .set({ isFeatured: featured, updatedAt: sql`now()` })
      .where(eq(artworks.id, id));
    await logEvents(
      tx,
      [
        {
          artworkId: id,
          artworkTitle: before.title,
          kind: "featured",
          fromValue: String(before.isFeatured),
          toValue: String(featured),
        },
      ],
      actor,
    );
    return true;
  });
  if (found) await catalogChanged([id]);
  const featuredCount = await db().$count(artworks, and(eq(artworks.isFeatured, true), isNull(artworks.archivedAt)));
  return { found, featuredCount, limit: FEATURED_LIMIT };
}

/**
 * Moves one work just before or after another in the artist's order and renumbers the whole catalogue
 * (1, 2, 3 …) in one statement, so sort_order has no gaps, ties or nulls afterwards.
 */
export async function moveArtwork(id: string, targetId: string, position: "before" | "after"): Promise<boolean> {
  if (id === targetId) return true;
  const moved = await db().transaction(async (tx) => {
    const rows = await tx
      .select({ id: artworks.id, sortOrder: artworks.sortOrder })
      .from(artworks)
      .orderBy(...displayOrder)
      .limit(100_000)
      .for("update");
    const ids = rows.map((r) => r.id);
    if (!ids.includes(id) || !ids.includes(targetId)) return false;
    const order = applyMove(ids, { id, targetId, position });
    const current = new Map(rows.map((r) => [r.id, r.sortOrder]));
    const changes = order.map((rowId, i) => [rowId, i + 1] as const).filter(([rowId, n]) => current.get(rowId) !== n);
    for (let i = 0; i < changes.length; i += 1000) {
      const chunk = changes.slice(i, i + 1000);
      const values = sql.join(
        chunk.map(([rowId, n]) => sql`(${rowId}::uuid, ${n}::int)`),
        sql`, `,
      );
      await tx.execute(
        sql`update ${artworks} set sort_order = v.n from (values ${values}) as v(id, n) where ${artworks.id} = v.id`,
      );
    }
    return true;
  });
  if (moved) await catalogChanged();
  return moved;
}

/** A change of availability refused because the shop keeps a work for someone (the message says who). */
export class AvailabilityRefused extends DomainError<"kept-for-buyer"> {}

/**
 * Putting a work on sale by hand while the shop keeps it for someone (`reserved` by an unpaid order, `on_hold`
 * for an approved hold) would let a second buyer take it: when the first pays, both have bought it (docs/admin.md
 * "Status Management"). Called with the works whose availability changes to `to`, locked; answers why for each
 * work kept, or undefined when the change may go ahead.
 */
async function claimOnSale(
  tx: Database,
  works: { id: string; availability: AvailabilityValue }[],
  to: AvailabilityValue,
): Promise<Map<string, string> | undefined> {
  const kept = works.filter((w) => w.availability === "reserved" || w.availability === "on_hold").map((w) => w.id);
  if (to !== "available" || kept.length === 0) return undefined;
  const claims = await liveClaims(kept, tx);
  if (claims.size === 0) return undefined;
  return new Map([...claims].map(([id, claim]) => [id, `${claim.why}: ${claim.remedy}.`]));
}

/**
 * Sets the availability of many works at once; each real change is logged. Answers how many changed; refuses the
 * whole change (AvailabilityRefused) when it would put on sale a work the shop keeps for someone.
 */
export async function setAvailability(ids: string[], availability: AvailabilityValue, actor: Actor): Promise<number> {
  if (ids.length === 0) return 0;
  const changed = await db().transaction(async (tx) => {
    const before = await tx
      .select({ id: artworks.id, title: artworks.title, availability: artworks.availability })
      .from(artworks)
      .where(inArray(artworks.id, ids))
      .for("update");
    const changing = before.filter((b) => b.availability !== availability);
    if (changing.length === 0) return 0;
    const claims = await claimOnSale(tx, changing, availability);
    if (claims) {
      const kept = changing.filter((c) => claims.has(c.id));
      throw new AvailabilityRefused("kept-for-buyer", kept.map((c) => `“${c.title}”: ${claims.get(c.id)}`).join(" "));
    }
    await tx
      .update(artworks)
      .set({ availability, updatedAt: sql`now()` })
      .where(
        inArray(
          artworks.id,
          changing.map((c) => c.id),
        ),
      );
    await logEvents(
      tx,
      changing.map((c) => ({
        artworkId: c.id,
        artworkTitle: c.title,
        kind: "availability" as const,
        fromValue: c.availability,
        toValue: availability,
      })),
      actor,
    );
    return changing.length;
  });
  if (changed > 0) await catalogChanged(ids);
  return changed;
}

export type RemoveOutcome = "deleted" | "archived" | "missing";

/** Postgres refusing the delete because something (an order line) still refers to the work. */
function isReferencedError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    // foreign_key_violation (ON DELETE NO ACTION) or restrict_violation (ON DELETE RESTRICT)
    if (code === "23503" || code === "23001") return true;
  }
  return false;
}

/**
 * Deletes a work; a work that something else refers to (an order line, by a restricting foreign key) is
 * archived instead: hidden from the site, kept on record.
 */
export async function removeArtwork(id: string, actor: Actor): Promise<RemoveOutcome> {
  const [work] = await db().select({ title: artworks.title }).from(artworks).where(eq(artworks.id, id)).limit(1);
  if (!work) return "missing";
  try {
    await db().transaction(async (tx) => {
      await logEvents(tx, [{ artworkId: id, artworkTitle: work.title, kind: "deleted" }], actor);
      await tx.delete(artworks).where(eq(artworks.id, id));
    });
    await catalogChanged([id]);
    return "deleted";
  } catch (error) {
    if (!isReferencedError(error)) throw error;
  }
  await archiveArtwork(id, actor);
  return "archived";
}

/** Hides a work from the site without deleting it. */
export async function archiveArtwork(id: string, actor: Actor): Promise<boolean> {
  return setArchived(id, true, actor);
}

export async function restoreArtwork(id: string, actor: Actor): Promise<boolean> {
  return setArchived(id, false, actor);
}

async function setArchived(id: string, archived: boolean, actor: Actor): Promise<boolean> {
  const done = await db().transaction(async (tx) => {
    const [row] = await tx
      .update(artworks)
      .set({ archivedAt: archived ? sql`now()` : null, updatedAt: sql`now()` })
      .where(and(eq(artworks.id, id), archived ? isNull(artworks.archivedAt) : isNotNull(artworks.archivedAt)))
      .returning({ title: artworks.title });
    if (!row) return false;
    await logEvents(tx, [{ artworkId: id, artworkTitle: row.title, kind: archived ? "archived" : "restored" }], actor);
    return true;
  });
  if (done) await catalogChanged([id]);
  return done;
}

interface NewEvent {
  kind: ArtworkEventKind;
  fromValue?: string;
  toValue?: string;
}

async function logEvents(
  tx: Database,
  events: (NewEvent & { artworkId: string; artworkTitle: string })[],
  actor: Actor,
): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(artworkEvents).values(
    events.map((e) => ({
      artworkId: e.artworkId,
      artworkTitle: e.artworkTitle,
      kind: e.kind,
      fromValue: e.fromValue ?? null,
      toValue: e.toValue ?? null,
      actorId: actor.id,
      actorName: actor.name,
    })),
  );
}

export interface ArtworkEvent {
  id: string;
  artworkId: string | null;
  artworkTitle: string;
  kind: ArtworkEventKind;
  fromValue: string | null;
  toValue: string | null;
  actorName: string;
  createdAt: Date;
}

/** The latest changes, newest first (optionally of one kind). */
export async function listArtworkEvents({
  limit,
  kind,
}: {
  limit: number;
  kind?: ArtworkEventKind;
}): Promise<ArtworkEvent[]> {
  return db()
    .select({
      id: artworkEvents.id,
      artworkId: artworkEvents.artworkId,
      artworkTitle: artworkEvents.artworkTitle,
      kind: artworkEvents.kind,
      fromValue: artworkEvents.fromValue,
      toValue: artworkEvents.toValue,
      actorName: artworkEvents.actorName,
      createdAt: artworkEvents.createdAt,
    })
    .from(artworkEvents)
    .where(kind ? eq(artworkEvents.kind, kind) : undefined)
    .orderBy(...newestFirst(artworkEvents))
    .limit(Math.min(limit, 200));
}

export interface CatalogCounts {
  artworks: number;
  available: number;
  reserved: number;
  sold: number;
  notForSale: number;
  featured: number;
  archived: number;
}

/** The dashboard's counts, in one pass over the catalogue. */
export async function catalogCounts(): Promise<CatalogCounts> {
  const live = sql`${artworks.archivedAt} is null`;
  const [row] = await db()
    .select({
      artworks: sql<number>`count(*) filter (where ${live})`.mapWith(Number),
      available: sql<number>`count(*) filter (where ${live} and ${artworks.availability} = 'available')`.mapWith(
        Number,
      ),
      reserved: sql<number>`count(*) filter (where ${live} and ${artworks.availability} = 'reserved')`.mapWith(Number),
      sold: sql<number>`count(*) filter (where ${live} and ${artworks.availability} = 'sold')`.mapWith(Number),
      notForSale: sql<number>`count(*) filter (where ${live} and ${artworks.availability} = 'not_for_sale')`.mapWith(
        Number,
      ),
      featured: sql<number>`count(*) filter (where ${live} and ${artworks.isFeatured})`.mapWith(Number),
      archived: sql<number>`count(*) filter (where ${artworks.archivedAt} is not null)`.mapWith(Number),
    })
    .from(artworks);
  return row ?? { artworks: 0, available: 0, reserved: 0, sold: 0, notForSale: 0, featured: 0, archived: 0 };
}

export interface InventoryQuery {
  availability?: AvailabilityValue;
  inStock?: boolean;
  medium?: string;
  limit: number;
  offset: number;
}

/** Inventory: live works with stock and value, in the artist's order. */
export async function listInventory(
  query: InventoryQuery,
): Promise<{ rows: AdminArtworkRow[]; total: number; stockValueCents: number; units: number }> {
  const conditions: SQL[] = [isNull(artworks.archivedAt)];
  if (query.availability) conditions.push(eq(artworks.availability, query.availability));
  if (query.inStock === true) conditions.push(sql`${artworks.quantity} > 0`);
  if (query.inStock === false) conditions.push(sql`${artworks.quantity} = 0`);
  if (query.medium) conditions.push(eq(artworks.medium, query.medium));
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    selectWithPicture(rowColumns)
      .where(where)
      .orderBy(...displayOrder)
      .limit(Math.min(query.limit, 200))
      .offset(query.offset),
    db()
      .select({
        n: count(),
        units: sql<number>`coalesce(sum(${artworks.quantity}), 0)`.mapWith(Number),
        value:
          sql<number>`coalesce(sum(${artworks.quantity}::bigint * ${artworks.priceCents}) filter (where ${artworks.availability} = 'available'), 0)`.mapWith(
            Number,
          ),
      })
      .from(artworks)
      .where(where),
  ]);
  return {
    rows: rows.map(toRow),
    total: totals?.n ?? 0,
    units: totals?.units ?? 0,
    stockValueCents: totals?.value ?? 0,
  };
}
