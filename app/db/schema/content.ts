// Website content: homepage sections (spec §3) and the site's settings.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, updatedAtColumn, oneOf } from "./columns";

export const SECTION_TYPES = ["hero", "featured_artworks", "artist_statement", "process"] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

export const homepageSections = pgTable(
  "homepage_sections",
  {
    id: idColumn(),
    sectionType: text("section_type").$type<SectionType>().notNull(),
    /** Typed per section type by the zod schemas in modules/content. */
    content: jsonb("content").$type<Record<string, unknown>>().notNull().default({}),
    /** Edits saved but not yet published (the admin previews them); null when there are none. */
    draftContent: jsonb("draft_content").$type<Record<string, unknown>>(),
    isPublished: boolean("is_published").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    sectionOrder: integer("section_order").notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("homepage_sections_type_check", oneOf(t.sectionType, SECTION_TYPES)),
    index("homepage_sections_visible_idx")
      .on(t.sectionOrder)
      .where(sql`${t.isPublished} and ${t.isActive}`),
  ],
);

/** One row: the site's settings as a validated document (modules/settings owns its shape). */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [check("site_settings_single_row", sql`${t.id} = 1`)],
);

/** Editable page content as validated documents, by key (e.g. "about"); modules/content owns each shape. */
export const pageContent = pgTable("page_content", {
  key: text("key").primaryKey(),
  data: jsonb("data").$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAtColumn(),
});
