// Business records of the back office: invoices (numbered per year, with their lines), exhibitions (with the
// works shown) and first-party page-view counters. modules/invoices, modules/exhibitions and
// modules/analytics own these tables.
import { sql } from "drizzle-orm";
import {
  idColumn,
  createdAtColumn,
  updatedAtColumn,
  belongsTo,
  yearCounterTable,
  yearlyNumberColumns,
  yearlyNumberIndexes,
  totalsCheck,
  oneOf,
} from "./columns";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { artworks } from "./catalog";
import { commissions } from "./inbox";
import { orders } from "./orders";

/** `refunded`: an order's invoice was paid, then the order refunded (the money given back; docs/shop.md). */
export const INVOICE_STATUSES = ["draft", "sent", "paid", "void", "refunded"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_KINDS = ["order", "commission"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const COMMISSION_INVOICE_STAGES = ["deposit", "final"] as const;
export type CommissionInvoiceStage = (typeof COMMISSION_INVOICE_STAGES)[number];

/** The last invoice number given in each year. */
export const invoiceNumberCounters = yearCounterTable("invoice_number_counters");

export const invoices = pgTable(
  "invoices",
  {
    id: idColumn(),
    /** INV-{year}-{sequence}; a voided invoice keeps its number. */
    ...yearlyNumberColumns(),
    kind: text("kind").$type<InvoiceKind>().notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    commissionId: uuid("commission_id").references(() => commissions.id, { onDelete: "set null" }),
    commissionStage: text("commission_stage").$type<CommissionInvoiceStage>(),
    status: text("status").$type<InvoiceStatus>().notNull().default("draft"),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    buyerName: text("buyer_name").notNull(),
    /** Stored lower-cased, as orders store it. */
    buyerEmail: text("buyer_email").notNull(),
    /** The billing address, one line per line. */
    buyerAddress: text("buyer_address").notNull().default(""),
    currency: text("currency").notNull().default("USD"),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    /** What the tax line says (e.g. "Sales tax 9.45 %"). */
    taxLabel: text("tax_label").notNull().default("Tax"),
    totalCents: integer("total_cents").notNull(),
    notes: text("notes").notNull().default(""),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    /** When the payment it records was given back (its order refunded). */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("invoices_status_check", oneOf(t.status, INVOICE_STATUSES)),
    check("invoices_kind_check", oneOf(t.kind, INVOICE_KINDS)),
    check(
      "invoices_commission_stage_check",
      sql`${t.commissionStage} is null or ${oneOf(t.commissionStage, COMMISSION_INVOICE_STAGES)}`,
    ),
    totalsCheck("invoices", t),
    check("invoices_dates_check", sql`${t.dueDate} >= ${t.issueDate}`),
    ...yearlyNumberIndexes("invoices", t),
    // The list: newest first, optionally by status; the order page's link to its invoices.
    index("invoices_created_idx").on(t.createdAt.desc(), t.id),
    index("invoices_status_created_idx").on(t.status, t.createdAt.desc()),
    index("invoices_order_idx").on(t.orderId),
    // An order has one live invoice (decision 0013): two "Create invoice" clicks cannot both insert one.
    uniqueIndex("invoices_order_live_idx")
      .on(t.orderId)
      .where(sql`${t.status} <> 'void'`),
    index("invoices_commission_idx").on(t.commissionId),
    index("invoices_buyer_email_idx").on(t.buyerEmail),
  ],
);

export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: idColumn(),
    invoiceId: belongsTo("invoice_id", () => invoices.id),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
  },
  (t) => [
    check("invoice_lines_quantity_check", sql`${t.quantity} > 0`),
    check("invoice_lines_price_check", sql`${t.unitPriceCents} >= 0`),
    uniqueIndex("invoice_lines_invoice_position_idx").on(t.invoiceId, t.position),
  ],
);

export const EXHIBITION_TYPES = ["solo", "group", "fair", "online"] as const;
export type ExhibitionType = (typeof EXHIBITION_TYPES)[number];

export const exhibitions = pgTable(
  "exhibitions",
  {
    id: idColumn(),
    title: text("title").notNull(),
    venue: text("venue").notNull(),
    city: text("city").notNull().default(""),
    /** ISO 3166-1 alpha-2, or empty (an online exhibition). */
    country: text("country").notNull().default(""),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    type: text("type").$type<ExhibitionType>().notNull(),
    description: text("description").notNull().default(""),
    link: text("link"),
    published: boolean("published").notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("exhibitions_type_check", oneOf(t.type, EXHIBITION_TYPES)),
    check("exhibitions_dates_check", sql`${t.endDate} >= ${t.startDate}`),
    index("exhibitions_start_idx").on(t.startDate.desc(), t.id),
    index("exhibitions_published_start_idx")
      .on(t.startDate.desc())
      .where(sql`${t.published}`),
  ],
);

export const exhibitionArtworks = pgTable(
  "exhibition_artworks",
  {
    exhibitionId: belongsTo("exhibition_id", () => exhibitions.id),
    artworkId: belongsTo("artwork_id", () => artworks.id),
  },
  (t) => [
    primaryKey({ columns: [t.exhibitionId, t.artworkId] }),
    index("exhibition_artworks_artwork_idx").on(t.artworkId),
  ],
);

/**
 * Page views counted per day, path and referring host: no cookie, no address, no visitor id, so nothing
 * here identifies anyone. Written in batches by the server (modules/analytics).
 */
export const pageViewCounts = pgTable(
  "page_view_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    /** The other site's host name, or "" for a direct visit or a page of this site. */
    referrerHost: text("referrer_host").notNull().default(""),
    /** The work's id or slug for /artwork/{id} pages. */
    artworkKey: text("artwork_key"),
    views: integer("views").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.path, t.referrerHost] }),
    index("page_view_counts_artwork_idx").on(t.artworkKey, t.day),
  ],
);
