// Certificates of authenticity: one per work sold (per piece of an order) or issued on demand, numbered per
// year without gaps and verified publicly by an unguessable code. modules/certificates owns these tables.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { idColumn, yearCounterTable, yearlyNumberColumns, yearlyNumberIndexes } from "./columns";
import { artworks } from "./catalog";
import { orders } from "./orders";

/** The last certificate number given in each year. */
export const certificateNumberCounters = yearCounterTable("certificate_number_counters");

export const certificates = pgTable(
  "certificates",
  {
    id: idColumn(),
    /** COA-{year}-{sequence}; a revoked certificate keeps its number. */
    ...yearlyNumberColumns(),
    /** The /verify/{code} secret: random, unrelated to the number. */
    code: text("code").notNull(),
    /**
     * The work; a certified work is archived, never deleted (removeArtwork: the delete is refused by this key).
     * Null only on certificates from before migration 0021 whose work was deleted; the snapshot below stays.
     */
    artworkId: uuid("artwork_id").references(() => artworks.id, { onDelete: "restrict" }),
    /** The order that sold the work; null for a certificate issued on demand. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** Which piece of the order's line (1 for an original; 1..n when several pieces of an edition were sold). */
    piece: integer("piece").notNull().default(1),
    // The work as certified when issued (a later edit of the catalogue does not rewrite a certificate).
    title: text("title").notNull(),
    yearMade: integer("year_made"),
    medium: text("medium").notNull().default(""),
    size: text("size").notNull().default(""),
    /** "Original, unique work" or the edition's wording. */
    edition: text("edition").notNull(),
    /** The content hash of the work's picture when issued. */
    imageHash: text("image_hash"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
  },
  (t) => [
    check("certificates_piece_check", sql`${t.piece} > 0`),
    check("certificates_revoked_check", sql`(${t.revokedAt} is null) = (${t.revokedReason} is null)`),
    ...yearlyNumberIndexes("certificates", t),
    uniqueIndex("certificates_code_idx").on(t.code),
    // One live certificate per piece sold, and one live certificate issued on demand per work.
    uniqueIndex("certificates_live_order_piece_idx")
      .on(t.orderId, t.artworkId, t.piece)
      .where(sql`${t.revokedAt} is null and ${t.orderId} is not null`),
    uniqueIndex("certificates_live_on_demand_idx")
      .on(t.artworkId)
      .where(sql`${t.revokedAt} is null and ${t.orderId} is null`),
    index("certificates_artwork_idx").on(t.artworkId, t.issuedAt.desc()),
    index("certificates_order_idx").on(t.orderId),
  ],
);
