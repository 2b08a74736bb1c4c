// Provenance: a work's history, read from the modules that keep its parts (exhibitions, shop orders,
// certificates) plus the entries the artist adds, and the artist's choice to show it on the artwork page.
// Owns: artwork_provenance, provenance_entries. Exposes: the admin's full timeline, the public (kept) variant,
// the visibility switch, adding and removing entries. Every change publishes catalog.changed for the work.
import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { artworkProvenance, provenanceEntries } from "~/db/schema";
import { cachedRead, catalogChanged } from "~/modules/catalog/catalog-cache.server";
import { certificatesForArtwork } from "~/modules/certificates/certificates.server";
import { exhibitionsOfArtwork } from "~/modules/exhibitions/exhibitions.server";
import { dayIn } from "~/lib/dates";
import { getSettings } from "~/modules/settings/settings.server";
import { ordersOfArtwork } from "~/modules/shop/orders.server";
import {
  buildProvenance,
  provenanceLine,
  publicProvenance,
  type ProvenanceEntry,
  type ProvenanceEntryInput,
  type ProvenanceLine,
  type ProvenanceSources,
} from "./provenance-rules";

export type ProvenanceRecord = typeof provenanceEntries.$inferSelect;

/** A work has few: bounded all the same. */
const ENTRY_LIMIT = 200;

export async function isProvenancePublic(artworkId: string): Promise<boolean> {
  const [row] = await db()
    .select({ isPublic: artworkProvenance.isPublic })
    .from(artworkProvenance)
    .where(eq(artworkProvenance.artworkId, artworkId))
    .limit(1);
  return row?.isPublic ?? false;
}

export async function provenanceEntriesOf(artworkId: string): Promise<ProvenanceRecord[]> {
  return db()
    .select()
    .from(provenanceEntries)
    .where(eq(provenanceEntries.artworkId, artworkId))
    .orderBy(asc(provenanceEntries.date), asc(provenanceEntries.id))
    .limit(ENTRY_LIMIT);
}

/** Everything the builder needs, each part from the module that owns it; days in the studio's calendar. */
async function sourcesOf(work: { id: string; year: number | null }): Promise<ProvenanceSources> {
  const [exhibitions, orders, certificates, entries, { shop }] = await Promise.all([
    exhibitionsOfArtwork(work.id),
    ordersOfArtwork(work.id),
    certificatesForArtwork(work.id),
    provenanceEntriesOf(work.id),
    getSettings(),
  ]);
  const day = (d: Date) => dayIn(d, shop.timeZone);
  return {
    work: { year: work.year },
    exhibitions,
    orders: orders.map((o) => ({
      id: o.id,
      number: o.number,
      status: o.status,
      buyerName: o.name,
      city: o.city,
      country: o.country,
      paidOn: o.paidAt ? day(o.paidAt) : null,
    })),
    certificates: certificates.map((c) => ({
      id: c.id,
      number: c.number,
      issuedOn: day(c.issuedAt),
      revokedOn: c.revokedAt ? day(c.revokedAt) : null,
    })),
    entries,
  };
}

/** The artist's view: every entry, buyers named, and whether the artwork page shows it. */
export async function adminProvenance(work: { id: string; year: number | null }): Promise<{
  isPublic: boolean;
  timeline: ProvenanceEntry[];
}> {
  const [sources, isPublic] = await Promise.all([sourcesOf(work), isProvenancePublic(work.id)]);
  return { isPublic, timeline: buildProvenance(sources) };
}

/**
 * What the artwork page shows: null when the artist keeps it private, else the public lines (no buyer). Kept
 * with the catalogue's reads, so it is as fresh as the page (every change below publishes catalog.changed).
 */
export function publicProvenanceLines(work: { id: string; year: number | null }): Promise<ProvenanceLine[] | null> {
  return cachedRead(`provenance:${work.id}:${work.year ?? ""}`, async () => {
    if (!(await isProvenancePublic(work.id))) return null;
    return publicProvenance(buildProvenance(await sourcesOf(work))).map(provenanceLine);
  });
}

export async function setProvenancePublic(artworkId: string, isPublic: boolean): Promise<void> {
  await db()
    .insert(artworkProvenance)
    .values({ artworkId, isPublic })
    .onConflictDoUpdate({ target: artworkProvenance.artworkId, set: { isPublic, updatedAt: new Date() } });
  await catalogChanged([artworkId]);
}

export async function addProvenanceEntry(artworkId: string, input: ProvenanceEntryInput): Promise<ProvenanceRecord> {
  const [row] = await db()
    .insert(provenanceEntries)
    .values({ artworkId, kind: input.kind, date: input.date, description: input.description, place: input.place })
    .returning();
  await catalogChanged([artworkId]);
  return row!;
}

/** False when the entry is not this work's (or is gone). */
export async function removeProvenanceEntry(artworkId: string, entryId: string): Promise<boolean> {
  const rows = await db()
    .delete(provenanceEntries)
    .where(and(eq(provenanceEntries.id, entryId), eq(provenanceEntries.artworkId, artworkId)))
    .returning({ id: provenanceEntries.id });
  if (rows.length > 0) await catalogChanged([artworkId]);
  return rows.length > 0;
}
