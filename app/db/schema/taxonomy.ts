// Taxonomy: the artist's categories, series and tags (one table, told apart by kind), and which works carry them.
import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, updatedAtColumn, belongsTo, oneOf } from "./columns";
import { artworks } from "./catalog";

export const TERM_KINDS = ["category", "series", "tag"] as const;
export type TermKind = (typeof TERM_KINDS)[number];

export const terms = pgTable(
  "terms",
  {
    id: idColumn(),
    kind: text("kind").$type<TermKind>().notNull(),
    name: text("name").notNull(),
    /** Unique within a kind; the gallery's URL carries it (?category=landscapes). */
    slug: text("slug").notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("terms_kind_check", oneOf(t.kind, TERM_KINDS)),
    uniqueIndex("terms_kind_slug_key").on(t.kind, t.slug),
    // Names are unique within a kind regardless of case: "Landscapes" and "landscapes" are one category.
    uniqueIndex("terms_kind_name_key").on(t.kind, sql`lower(${t.name})`),
  ],
);

export const artworkTerms = pgTable(
  "artwork_terms",
  {
    artworkId: belongsTo("artwork_id", () => artworks.id),
    termId: belongsTo("term_id", () => terms.id),
  },
  (t) => [
    primaryKey({ columns: [t.artworkId, t.termId] }),
    // The other direction: the works of a term (gallery filter, counts, merge).
    index("artwork_terms_term_idx").on(t.termId, t.artworkId),
  ],
);
