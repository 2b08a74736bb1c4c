// Holds and work alerts (decision 0020): a buyer's request to keep a work for a while, and the visitors who
// asked to hear of new works or of one work becoming available. modules/shop/holds and modules/alerts own them.
import { sql } from "drizzle-orm";
import { idColumn, createdAtColumn, belongsTo, oneOf } from "./columns";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { HOLD_STATUSES, type HoldStatus } from "~/lib/holds";
import { artworks } from "./catalog";
import { orders } from "./orders";

export const holds = pgTable(
  "holds",
  {
    id: idColumn(),
    artworkId: belongsTo("artwork_id", () => artworks.id),
    name: text("name").notNull(),
    /** Stored lower-cased. */
    email: text("email").notNull(),
    note: text("note").notNull().default(""),
    status: text("status").$type<HoldStatus>().notNull().default("requested"),
    /** How long the artist's approval keeps the work, fixed when it is approved (settings.shop.holdHours). */
    hours: integer("hours"),
    createdAt: createdAtColumn(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
    /** Set on approval: the lapse job releases the work then. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** The holder's order, once they bought the work through their link. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
  },
  (t) => [
    check("holds_status_check", oneOf(t.status, HOLD_STATUSES)),
    // One live hold per work: two approvals of one work cannot both win.
    uniqueIndex("holds_one_approved_idx")
      .on(t.artworkId)
      .where(sql`${t.status} = 'approved'`),
    // The admin's list: waiting requests first, newest first.
    index("holds_status_created_idx").on(t.status, t.createdAt.desc()),
    index("holds_created_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);

export const WORK_ALERT_KINDS = ["new-works", "artwork"] as const;
export type WorkAlertKind = (typeof WORK_ALERT_KINDS)[number];

/** "Tell me about new works" (no artwork) or "Tell me if this becomes available" (one artwork). */
export const workAlerts = pgTable(
  "work_alerts",
  {
    id: idColumn(),
    email: text("email").notNull(),
    kind: text("kind").$type<WorkAlertKind>().notNull(),
    artworkId: uuid("artwork_id").references(() => artworks.id, { onDelete: "cascade" }),
    createdAt: createdAtColumn(),
    /** Double opt-in: mailed only once confirmed. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** When the sign-up waiting to be confirmed began (a confirm link sent since then confirms it); null when none waits. */
    confirmRequestedAt: timestamp("confirm_requested_at", { withTimezone: true }),
  },
  (t) => [
    check("work_alerts_kind_check", sql`(${t.kind} = 'new-works') = (${t.artworkId} is null)`),
    // One subscription per address and subject (nulls not distinct: one "new works" per address).
    unique("work_alerts_email_artwork_key").on(t.email, t.artworkId).nullsNotDistinct(),
    index("work_alerts_artwork_idx").on(t.artworkId),
  ],
);

/** One mail per subscriber per event (a new work, a work available again): the key makes a rerun a no-op. */
export const workAlertDeliveries = pgTable(
  "work_alert_deliveries",
  {
    eventKey: text("event_key").notNull(),
    alertId: belongsTo("alert_id", () => workAlerts.id),
    mailId: uuid("mail_id"),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.eventKey, t.alertId] })],
);
