// The Homepage Editor's side of homepage_sections: every section (published or not) in order, drafts that
// the admin previews before publishing, the publish/active flags, reordering and removal.
import { asc, eq, max, sql } from "drizzle-orm";
import { db, type Database } from "~/db/client.server";
import { homepageSections, SECTION_TYPES, type SectionType } from "~/db/schema";
import { isUuid } from "~/lib/uuid";
import { parseSectionContent } from "./section-form";
import { SECTION_CONTENT } from "./sections";
import { publish } from "~/modules/events/bus.server";

export { SECTION_TYPES, type SectionType } from "~/db/schema";

export interface AdminSection {
  id: string;
  sectionType: SectionType;
  /** What the home page shows (when published and active). */
  content: Record<string, unknown>;
  /** Saved edits not yet published; null when there are none. */
  draftContent: Record<string, unknown> | null;
  isPublished: boolean;
  isActive: boolean;
  sectionOrder: number;
  updatedAt: Date;
}

/** A mistake the admin can fix, with messages by field name. */
export class SectionError extends Error {
  override name = "SectionError";
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

const columns = {
  id: homepageSections.id,
  sectionType: homepageSections.sectionType,
  content: homepageSections.content,
  draftContent: homepageSections.draftContent,
  isPublished: homepageSections.isPublished,
  isActive: homepageSections.isActive,
  sectionOrder: homepageSections.sectionOrder,
  updatedAt: homepageSections.updatedAt,
};

/** Every section in section_order (a handful; bounded anyway). */
export async function listSectionsForAdmin(tx: Database = db()): Promise<AdminSection[]> {
  return tx
    .select(columns)
    .from(homepageSections)
    .orderBy(asc(homepageSections.sectionOrder), asc(homepageSections.createdAt))
    .limit(100);
}

async function getSection(id: string, tx: Database): Promise<AdminSection> {
  const [row] = isUuid(id) ? await tx.select(columns).from(homepageSections).where(eq(homepageSections.id, id)) : [];
  if (!row) throw new SectionError("This section no longer exists. Reload the page.");
  return row;
}

/** What a new section of each type starts with: valid content the admin then edits. */
const STARTER: Record<SectionType, Record<string, unknown>> = {
  hero: { title: "A new opening for the home page" },
  featured_artworks: {},
  artist_statement: { title: "About the Artist" },
  process: {},
};

/** Adds a section at the end, unpublished (a draft until the admin publishes it). */
export async function addSection(type: SectionType, tx: Database = db()): Promise<AdminSection> {
  if (!SECTION_TYPES.includes(type)) throw new SectionError("Unknown section type.");
  const [last] = await tx.select({ at: max(homepageSections.sectionOrder) }).from(homepageSections);
  const content = SECTION_CONTENT[type].parse(STARTER[type]) as Record<string, unknown>;
  const [row] = await tx
    .insert(homepageSections)
    .values({ sectionType: type, content, isPublished: false, isActive: true, sectionOrder: (last?.at ?? -1) + 1 })
    .returning(columns);
  return row!;
}

/**
 * Saves edited content: as a draft (the home page keeps showing the published content; the preview shows
 * the draft), or published at once (the draft is cleared and the section is published).
 */
export async function saveSection(
  id: string,
  content: Record<string, unknown>,
  mode: "draft" | "publish",
  tx: Database = db(),
): Promise<AdminSection> {
  const section = await getSection(id, tx);
  const parsed = parseSectionContent(section.sectionType, content);
  if (!parsed.ok) throw new SectionError("Some fields need attention.", parsed.errors);
  const set =
    mode === "draft"
      ? { draftContent: parsed.content, updatedAt: new Date() }
      : { content: parsed.content, draftContent: null, isPublished: true, updatedAt: new Date() };
  const [row] = await tx.update(homepageSections).set(set).where(eq(homepageSections.id, id)).returning(columns);
  // A draft shows only in the admin's preview; publishing changes the home page.
  if (mode === "publish") await publish("content.changed", { area: "homepage" });
  return row!;
}

export async function discardDraft(id: string, tx: Database = db()): Promise<void> {
  await getSection(id, tx);
  await tx
    .update(homepageSections)
    .set({ draftContent: null, updatedAt: new Date() })
    .where(eq(homepageSections.id, id));
}

/** The published and active switches (spec §4: a section shows only when both are on). */
export async function setSectionFlags(
  id: string,
  flags: { isPublished?: boolean; isActive?: boolean },
  tx: Database = db(),
): Promise<AdminSection> {
  await getSection(id, tx);
  const [row] = await tx
    .update(homepageSections)
    .set({ ...flags, updatedAt: new Date() })
    .where(eq(homepageSections.id, id))
    .returning(columns);
  await publish("content.changed", { area: "homepage" });
  return row!;
}

/** Writes section_order from the given order of ids (which must be every section, once). */
export async function reorderSections(ids: string[], database: Database = db()): Promise<void> {
  await database.transaction(async (tx) => {
    const current = await tx.select({ id: homepageSections.id }).from(homepageSections);
    const known = new Set(current.map((r) => r.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
      throw new SectionError("The sections changed meanwhile. Reload the page and try again.");
    await tx.execute(sql`
      update homepage_sections as s set section_order = v.position, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(ids.map((id, position) => ({ id, position })))}::jsonb)
        as v(id uuid, position integer)
      where s.id = v.id`);
  });
  await publish("content.changed", { area: "homepage" });
}

/** One section's place (a reorder made offline arrives as one change per section). */
export async function setSectionOrder(id: string, position: number, tx: Database = db()): Promise<void> {
  await getSection(id, tx);
  await tx
    .update(homepageSections)
    .set({ sectionOrder: position, updatedAt: new Date() })
    .where(eq(homepageSections.id, id));
  await publish("content.changed", { area: "homepage" });
}

export async function deleteSection(id: string, tx: Database = db()): Promise<void> {
  await getSection(id, tx);
  await tx.delete(homepageSections).where(eq(homepageSections.id, id));
  await publish("content.changed", { area: "homepage" });
}

/**
 * The preview of the home page: every active section, published or not, with its draft where there is
 * one (what the page would show if everything were published now).
 */
export async function listPreviewSections(tx: Database = db()) {
  const rows = await tx
    .select()
    .from(homepageSections)
    .where(eq(homepageSections.isActive, true))
    .orderBy(asc(homepageSections.sectionOrder), asc(homepageSections.createdAt))
    .limit(100);
  return rows.map((row) => ({ ...row, content: row.draftContent ?? row.content }));
}
