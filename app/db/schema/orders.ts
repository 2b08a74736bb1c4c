// Shop: orders with their items as sold, their status history, processed payment webhooks, and the
// per-key counters of the shop's rate limits. modules/shop owns every table here.
import { sql } from "drizzle-orm";
import { idColumn, createdAtColumn, updatedAtColumn, belongsTo, totalsCheck, oneOf } from "./columns";
import {
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ImageAsset } from "~/lib/media";
import { artworks } from "./catalog";

export const ORDER_STATUSES = ["awaiting_payment", "paid", "shipped", "delivered", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_PROVIDERS = ["manual", "stripe"] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

export const FULFILMENTS = ["ship", "pickup"] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

/** Numbers of orders (A-2026-0001): a sequence, so concurrent checkouts never wait for each other. */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 1 });

export const orders = pgTable(
  "orders",
  {
    id: idColumn(),
    /** Human-friendly: A-{year}-{sequence}, shown to the buyer and typed into order tracking. */
    number: text("number").notNull().unique(),
    /** One per checkout page load: the same submission twice finds this order instead of making another. */
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("awaiting_payment"),
    provider: text("provider").$type<PaymentProviderId>().notNull(),
    /** Stored lower-cased: tracking compares it with what the buyer types. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    phone: text("phone").notNull().default(""),
    fulfilment: text("fulfilment").$type<Fulfilment>().notNull(),
    /** ISO 3166-1 alpha-2; for pickup, the studio's country. */
    country: text("country").notNull(),
    addressLine1: text("address_line1").notNull().default(""),
    addressLine2: text("address_line2").notNull().default(""),
    city: text("city").notNull().default(""),
    region: text("region").notNull().default(""),
    postalCode: text("postal_code").notNull().default(""),
    shippingLabel: text("shipping_label").notNull(),
    note: text("note").notNull().default(""),
    currency: text("currency").notNull().default("USD"),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    /** Basis points of the tax applied (945 = 9.45 %), kept for the receipt. */
    taxRateBps: integer("tax_rate_bps").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    /** While awaiting payment: when the reservation lapses (a job then releases the works). */
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    /** Stripe Checkout Session id and its hosted payment page; the payment intent once paid. */
    paymentSessionId: text("payment_session_id"),
    paymentUrl: text("payment_url"),
    paymentIntentId: text("payment_intent_id"),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("orders_status_check", oneOf(t.status, ORDER_STATUSES)),
    check("orders_provider_check", sql`${t.provider} in ('manual', 'stripe')`),
    check("orders_fulfilment_check", sql`${t.fulfilment} in ('ship', 'pickup')`),
    totalsCheck("orders", t),
    uniqueIndex("orders_idempotency_key_idx").on(t.idempotencyKey),
    uniqueIndex("orders_payment_session_idx").on(t.paymentSessionId),
    index("orders_payment_intent_idx").on(t.paymentIntentId),
    // The admin's list: newest first, optionally by status.
    index("orders_created_idx").on(t.createdAt.desc(), t.id),
    index("orders_status_created_idx").on(t.status, t.createdAt.desc()),
    index("orders_email_idx").on(t.email),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: idColumn(),
    orderId: belongsTo("order_id", () => orders.id),
    /**
     * The work; a work an order refers to is archived, never deleted (removeArtwork: the delete is refused by
     * this key). Null only on lines of orders from before migration 0021 whose work was deleted (the snapshot
     * below stays).
     */
    artworkId: uuid("artwork_id").references(() => artworks.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    medium: text("medium").notNull().default(""),
    size: text("size").notNull().default(""),
    year: integer("year"),
    /** The price per piece when sold, in cents, from the catalogue (never from the buyer's browser). */
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    image: jsonb("image").$type<ImageAsset | null>(),
  },
  (t) => [
    check("order_items_quantity_check", sql`${t.quantity} > 0`),
    check("order_items_price_check", sql`${t.unitPriceCents} >= 0`),
    index("order_items_order_idx").on(t.orderId),
    index("order_items_artwork_idx").on(t.artworkId),
  ],
);

export const ACTOR_KINDS = ["buyer", "admin", "system", "stripe"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** The status history: one row per change (and per note), with who made it and when. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: idColumn(),
    orderId: belongsTo("order_id", () => orders.id),
    /** The status after this event (unchanged for a note). */
    status: text("status").$type<OrderStatus>().notNull(),
    /** placed, paid, shipped, delivered, cancelled, expired, refunded, note, … */
    kind: text("kind").notNull(),
    actorKind: text("actor_kind").$type<ActorKind>().notNull(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    note: text("note").notNull().default(""),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("order_events_actor_check", oneOf(t.actorKind, ACTOR_KINDS)),
    index("order_events_order_idx").on(t.orderId, t.createdAt),
  ],
);

/** Payment webhooks already handled, by the provider's event id: a replay is recognised and ignored. */
export const processedWebhookEvents = pgTable(
  "processed_webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index("processed_webhook_events_at_idx").on(t.processedAt)],
);
