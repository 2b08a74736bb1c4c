// Catalog taxonomy: categories, series and tags, and which artworks carry them. Owns: terms, artwork_terms.
// Exposes: listing with counts, create / rename / merge / delete, bulk assignment, and lookups for the
// gallery filters, the import and the export.
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { db, type Database } from "~/db/client.server";
import { artworkTerms, terms, type TermKind } from "~/db/schema";
import { toSlug } from "~/lib/slug";
import { catalogChanged, invalidateCatalogCaches } from "./catalog-cache.server";

export { TERM_KINDS, type TermKind } from "~/db/schema";

export interface Term {
  id: string;
  kind: TermKind;
  name: string;
  slug: string;
}

export interface TermWithCount extends Term {
  artworkCount: number;
}

/** A mistake the admin can fix (a duplicate name, an unknown term): shown beside the field, never a 500. */
export class TaxonomyError extends Error {
  override name = "TaxonomyError";
}

/** Names are split on commas and semicolons in spreadsheets, so they cannot contain them. */
export const TERM_NAME_MAX = 80;
export function checkTermName(raw: string): string {
  const name = raw.replace(/\s+/g, " ").trim();
  if (!name) throw new TaxonomyError("Enter a name.");
  if (name.length > TERM_NAME_MAX) throw new TaxonomyError(`Use at most ${TERM_NAME_MAX} characters.`);
  if (/[,;]/.test(name)) throw new TaxonomyError("A name cannot contain a comma or a semicolon.");
  if (!toSlug(name)) throw new TaxonomyError("Use at least one letter or digit.");
  return name;
}

const termColumns = { id: terms.id, kind: terms.kind, name: terms.name, slug: terms.slug };

/** Every term of a kind (or all kinds) with how many works carry it, by name. Bounded: 2,000 a kind. */
export async function listTerms(kind?: TermKind, tx: Database = db()): Promise<TermWithCount[]> {
  const rows = await tx
    .select({ ...termColumns, artworkCount: count(artworkTerms.artworkId) })
    .from(terms)
    .leftJoin(artworkTerms, eq(artworkTerms.termId, terms.id))
    .where(kind ? eq(terms.kind, kind) : undefined)
    .groupBy(terms.id)
    .orderBy(asc(terms.kind), sql`lower(${terms.name})`)
    .limit(kind ? 2000 : 6000);
  return rows;
}

export async function getTerm(id: string, tx: Database = db()): Promise<Term | undefined> {
  const [row] = await tx.select(termColumns).from(terms).where(eq(terms.id, id)).limit(1);
  return row;
}

/** A slug for a name that no other term of the kind uses (landscapes, landscapes-2, ...). */
async function freeSlug(kind: TermKind, name: string, tx: Database, exceptId?: string): Promise<string> {
  const base = toSlug(name) || "term";
  const taken = new Set(
    (
      await tx
        .select({ slug: terms.slug, id: terms.id })
        .from(terms)
        .where(and(eq(terms.kind, kind), sql`(${terms.slug} = ${base} or ${terms.slug} like ${`${base}-%`})`))
    )
      .filter((r) => r.id !== exceptId)
      .map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function findByName(kind: TermKind, name: string, tx: Database): Promise<Term | undefined> {
  const [row] = await tx
    .select(termColumns)
    .from(terms)
    .where(and(eq(terms.kind, kind), sql`lower(${terms.name}) = lower(${name})`))
    .limit(1);
  return row;
}

const KIND_NAMES: Record<TermKind, string> = { category: "category", series: "series", tag: "tag" };

export async function createTerm(kind: TermKind, rawName: string, tx: Database = db()): Promise<Term> {
  const name = checkTermName(rawName);
  if (await findByName(kind, name, tx))
    throw new TaxonomyError(`There is already a ${KIND_NAMES[kind]} named “${name}”.`);
  const [row] = await tx
    .insert(terms)
    .values({ kind, name, slug: await freeSlug(kind, name, tx) })
    .returning(termColumns);
  invalidateCatalogCaches();
  return row!;
}

/** Renames a term; its slug follows the new name (old gallery links then show every work). */
export async function renameTerm(id: string, rawName: string, tx: Database = db()): Promise<Term> {
  const name = checkTermName(rawName);
  const term = await getTerm(id, tx);
  if (!term) throw new TaxonomyError("This term no longer exists.");
  const other = await findByName(term.kind, name, tx);
  if (other && other.id !== id)
    throw new TaxonomyError(`There is already a ${KIND_NAMES[term.kind]} named “${name}”. Merge them instead.`);
  const [row] = await tx
    .update(terms)
    .set({ name, slug: await freeSlug(term.kind, name, tx, id), updatedAt: new Date() })
    .where(eq(terms.id, id))
    .returning(termColumns);
  await catalogChanged();
  return row!;
}

/** Moves every work of the sources onto the target and deletes the sources, in one transaction. */
export async function mergeTerms(sourceIds: string[], targetId: string, database: Database = db()): Promise<void> {
  const sources = sourceIds.filter((id) => id !== targetId);
  if (sources.length === 0) throw new TaxonomyError("Choose at least one other term to merge into this one.");
  await database.transaction(async (tx) => {
    const target = await getTerm(targetId, tx);
    if (!target) throw new TaxonomyError("The term to merge into no longer exists.");
    const found = await tx.select(termColumns).from(terms).where(inArray(terms.id, sources));
    if (found.length !== sources.length) throw new TaxonomyError("Some of the chosen terms no longer exist.");
    if (found.some((t) => t.kind !== target.kind))
      throw new TaxonomyError("Only terms of the same kind can be merged (a category with categories).");
    await tx.execute(sql`
      insert into artwork_terms (artwork_id, term_id)
      select distinct artwork_id, ${targetId}::uuid from artwork_terms where term_id in (${sql.join(
        sources.map((s) => sql`${s}::uuid`),
        sql`, `,
      )})
      on conflict do nothing`);
    await tx.delete(terms).where(inArray(terms.id, sources));
  });
  await catalogChanged();
}

export async function deleteTerm(id: string, tx: Database = db()): Promise<void> {
  const deleted = await tx.delete(terms).where(eq(terms.id, id)).returning({ id: terms.id });
  if (deleted.length === 0) throw new TaxonomyError("This term no longer exists.");
  await catalogChanged();
}

/** Adds a term to many works, or takes it off them. Returns how many works changed. */
export async function assignTerm(
  termId: string,
  artworkIds: string[],
  mode: "add" | "remove",
  tx: Database = db(),
): Promise<number> {
  if (artworkIds.length === 0) return 0;
  if (!(await getTerm(termId, tx))) throw new TaxonomyError("This term no longer exists.");
  const ids = [...new Set(artworkIds)].slice(0, 1000);
  const changed =
    mode === "add"
      ? await tx
          .insert(artworkTerms)
          .values(ids.map((artworkId) => ({ artworkId, termId })))
          .onConflictDoNothing()
          .returning({ id: artworkTerms.artworkId })
      : await tx
          .delete(artworkTerms)
          .where(and(eq(artworkTerms.termId, termId), inArray(artworkTerms.artworkId, ids)))
          .returning({ id: artworkTerms.artworkId });
  if (changed.length > 0) await catalogChanged(changed.map((c) => c.id));
  return changed.length;
}

export type ArtworkTermNames = Record<TermKind, string[]>;
const emptyTermNames = (): ArtworkTermNames => ({ category: [], series: [], tag: [] });

/** The names of each work's categories, series and tags (by name), for the given works. */
export async function termsForArtworks(
  artworkIds: string[],
  tx: Database = db(),
): Promise<Map<string, ArtworkTermNames>> {
  const result = new Map<string, ArtworkTermNames>();
  if (artworkIds.length === 0) return result;
  const rows = await tx
    .select({ artworkId: artworkTerms.artworkId, kind: terms.kind, name: terms.name })
    .from(artworkTerms)
    .innerJoin(terms, eq(terms.id, artworkTerms.termId))
    .where(inArray(artworkTerms.artworkId, artworkIds))
    .orderBy(sql`lower(${terms.name})`);
  for (const row of rows) {
    let names = result.get(row.artworkId);
    if (!names) result.set(row.artworkId, (names = emptyTermNames()));
    names[row.kind].push(row.name);
  }
  return result;
}

/** Ids of the terms with these names (matched without regard to case), creating the missing ones. */
export async function ensureTerms(kind: TermKind, names: string[], tx: Database = db()): Promise<Map<string, string>> {
  const wanted = new Map<string, string>();
  for (const raw of names) {
    const name = checkTermName(raw);
    if (!wanted.has(name.toLowerCase())) wanted.set(name.toLowerCase(), name);
  }
  const ids = new Map<string, string>();
  if (wanted.size === 0) return ids;
  const existing = await tx
    .select(termColumns)
    .from(terms)
    .where(and(eq(terms.kind, kind), inArray(sql`lower(${terms.name})`, [...wanted.keys()])));
  for (const term of existing) ids.set(term.name.toLowerCase(), term.id);
  for (const [key, name] of wanted) {
    if (ids.has(key)) continue;
    const [row] = await tx
      .insert(terms)
      .values({ kind, name, slug: await freeSlug(kind, name, tx) })
      .returning({ id: terms.id });
    ids.set(key, row!.id);
  }
  invalidateCatalogCaches();
  return ids;
}

/** Sets exactly these terms (by id) of some kinds on a batch of works, replacing what they had of those kinds. */
export async function replaceArtworkTerms(
  assignments: { artworkId: string; termIds: string[] }[],
  kinds: readonly TermKind[],
  tx: Database = db(),
): Promise<void> {
  if (assignments.length === 0 || kinds.length === 0) return;
  const artworkIds = assignments.map((a) => a.artworkId);
  for (let i = 0; i < artworkIds.length; i += 1000) {
    const chunk = artworkIds.slice(i, i + 1000);
    await tx.execute(sql`
      delete from artwork_terms using terms
      where terms.id = artwork_terms.term_id
        and terms.kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})
        and artwork_terms.artwork_id in (${sql.join(
          chunk.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`);
  }
  const rows = assignments.flatMap((a) =>
    [...new Set(a.termIds)].map((termId) => ({ artworkId: a.artworkId, termId })),
  );
  for (let i = 0; i < rows.length; i += 5000)
    await tx
      .insert(artworkTerms)
      .values(rows.slice(i, i + 5000))
      .onConflictDoNothing();
}

/** The categories and series that have works, with counts (the gallery's filter choices). */
export async function termFacets(tx: Database = db()): Promise<{
  categories: { value: string; label: string; count: number }[];
  series: { value: string; label: string; count: number }[];
}> {
  const rows = await tx
    .select({ kind: terms.kind, slug: terms.slug, name: terms.name, n: count(artworkTerms.artworkId) })
    .from(terms)
    .innerJoin(artworkTerms, eq(artworkTerms.termId, terms.id))
    .where(inArray(terms.kind, ["category", "series"]))
    .groupBy(terms.id)
    .orderBy(sql`lower(${terms.name})`)
    .limit(400);
  const pick = (kind: TermKind) =>
    rows.filter((r) => r.kind === kind).map((r) => ({ value: r.slug, label: r.name, count: r.n }));
  return { categories: pick("category"), series: pick("series") };
}
