// Provenance: the artist's choice to show a work's history on its public page, and the entries the artist adds
// by hand (a consignment, an acquisition, a loan) beside what the site already knows (exhibitions, sales,
// certificates). modules/provenance owns these tables.
import { boolean, check, date, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, updatedAtColumn, belongsTo, oneOf } from "./columns";
import { artworks } from "./catalog";

/** One row per work whose provenance settings were ever touched; no row means "not shown". */
export const artworkProvenance = pgTable("artwork_provenance", {
  artworkId: uuid("artwork_id")
    .primaryKey()
    .references(() => artworks.id, { onDelete: "cascade" }),
  /** "Show provenance on the artwork page". */
  isPublic: boolean("is_public").notNull().default(false),
  updatedAt: updatedAtColumn(),
});

export const PROVENANCE_ENTRY_KINDS = ["consigned", "acquired", "exhibited", "loaned", "other"] as const;
export type ProvenanceEntryKind = (typeof PROVENANCE_ENTRY_KINDS)[number];

/** What the artist records by hand: "Acquired by the Museum of X", "Consigned to Gallery Y". */
export const provenanceEntries = pgTable(
  "provenance_entries",
  {
    id: idColumn(),
    artworkId: belongsTo("artwork_id", () => artworks.id),
    kind: text("kind").$type<ProvenanceEntryKind>().notNull(),
    date: date("date", { mode: "string" }).notNull(),
    description: text("description").notNull(),
    /** A city, a country or both; may be empty. */
    place: text("place").notNull().default(""),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("provenance_entries_kind_check", oneOf(t.kind, PROVENANCE_ENTRY_KINDS)),
    index("provenance_entries_artwork_idx").on(t.artworkId, t.date),
  ],
);
