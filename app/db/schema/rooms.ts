// Private viewing rooms (decision 0023): a curated selection of works behind a secret link, with prices that may
// differ from the public ones, an expiry, and the record of who opened it when. modules/rooms owns them.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, updatedAtColumn, belongsTo, oneOf } from "./columns";
import { ROOM_VISIT_KINDS, type RoomVisitKind } from "~/lib/rooms";
import { artworks } from "./catalog";
import { orders } from "./orders";

export const viewingRooms = pgTable(
  "viewing_rooms",
  {
    id: idColumn(),
    title: text("title").notNull(),
    /** To the collector, shown under the title. */
    note: text("note").notNull().default(""),
    recipientName: text("recipient_name").notNull().default(""),
    /** Stored lower-cased; empty when the room is for nobody in particular. */
    recipientEmail: text("recipient_email").notNull().default(""),
    /** The secret of the link (192 random bits, base64url); a new one replaces it when the artist regenerates. */
    token: text("token").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The link was withdrawn by the artist: the room answers 410 until a new link is made. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex("viewing_rooms_token_idx").on(t.token),
    index("viewing_rooms_created_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** The works of a room, in the artist's order, each with an optional price that holds only in this room. */
export const viewingRoomWorks = pgTable(
  "viewing_room_works",
  {
    roomId: belongsTo("room_id", () => viewingRooms.id),
    artworkId: belongsTo("artwork_id", () => artworks.id),
    position: integer("position").notNull(),
    /** Integer cents in the work's currency; null: the public price (or inquiry only when there is none). */
    priceCents: integer("price_cents"),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.artworkId] }),
    check("viewing_room_works_price_check", sql`${t.priceCents} is null or ${t.priceCents} > 0`),
    index("viewing_room_works_artwork_idx").on(t.artworkId),
  ],
);

/**
 * Who opened a room when: each view of the page (device summary only, never an address), and each visitor who
 * identified themselves by inquiring or ordering from it.
 */
export const viewingRoomVisits = pgTable(
  "viewing_room_visits",
  {
    id: idColumn(),
    roomId: belongsTo("room_id", () => viewingRooms.id),
    kind: text("kind").$type<RoomVisitKind>().notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** "Chrome on macOS", "Link preview": from the user agent, nothing more. */
    device: text("device").notNull().default(""),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    artworkId: uuid("artwork_id").references(() => artworks.id, { onDelete: "set null" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
  },
  (t) => [
    check("viewing_room_visits_kind_check", oneOf(t.kind, ROOM_VISIT_KINDS)),
    index("viewing_room_visits_room_at_idx").on(t.roomId, t.at.desc()),
  ],
);
