// Inbox: what visitors send the artist: newsletter subscriptions, contact messages and commission requests.
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, updatedAtColumn, belongsTo, oneOf } from "./columns";
import { sql } from "drizzle-orm";
import {
  INQUIRY_TYPES,
  MESSAGE_STATUSES,
  COMMISSION_STAGES,
  type CommissionStage,
  type InquiryType,
  type MessageStatus,
} from "~/lib/inquiries";
import { mediaAssets } from "./media";

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: idColumn(),
    /** Stored lower-cased, so one address subscribes once. */
    email: text("email").notNull().unique(),
    source: text("source").notNull().default("footer"),
    createdAt: createdAtColumn(),
    /** Double opt-in: set when the address's owner followed the confirmation link; only then is it mailed. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** When the sign-up waiting to be confirmed began (a confirm link sent since then confirms it); null when none waits. */
    confirmRequestedAt: timestamp("confirm_requested_at", { withTimezone: true }),
    /**
     * When the newest confirmation link was mailed (a sign-up mailed none when the address had its copies for the
     * day): the admin's list says "Link expired" once no link sent for the waiting sign-up works.
     */
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }),
  },
  (t) => [index("newsletter_subscribers_created_idx").on(t.createdAt.desc(), t.id.desc())],
);

/** One newsletter: written in the admin (Markdown) or made from a blog post, then sent to confirmed subscribers. */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: idColumn(),
    subject: text("subject").notNull(),
    markdown: text("markdown").notNull(),
    /** The blog post it was made from, if any. */
    blogPostId: uuid("blog_post_id"),
    status: text("status").$type<"sending" | "sent">().notNull().default("sending"),
    recipients: integer("recipients").notNull().default(0),
    createdAt: createdAtColumn(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("newsletter_issues_created_idx").on(t.createdAt.desc()),
    check("newsletter_issues_status_check", sql`${t.status} in ('sending', 'sent')`),
  ],
);

/**
 * One issue for one subscriber: written for every confirmed subscriber when the issue is sent, then given its
 * outbox message in the same transaction as the message is queued. The primary key is what makes a resumed
 * send never mail anyone twice.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    issueId: belongsTo("issue_id", () => newsletterIssues.id),
    subscriberId: belongsTo("subscriber_id", () => newsletterSubscribers.id),
    /** The outbox message, once queued (null: still to queue). */
    mailId: uuid("mail_id"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.issueId, t.subscriberId] }),
    index("newsletter_deliveries_pending_idx")
      .on(t.issueId)
      .where(sql`${t.mailId} is null`),
  ],
);

/** A contact inquiry (spec §1 "send contact inquiries"); an artwork inquiry keeps the work's id and title. */
export const messages = pgTable(
  "messages",
  {
    id: idColumn(),
    inquiryType: text("inquiry_type").$type<InquiryType>().notNull().default("general"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** No foreign key: the inquiry outlives the artwork; the title is kept as it was asked about. */
    artworkId: uuid("artwork_id"),
    artworkTitle: text("artwork_title"),
    status: text("status").$type<MessageStatus>().notNull().default("new"),
    /** One submission, one message: the form's key makes a double click or a retry harmless. */
    submissionKey: text("submission_key").notNull().unique(),
    createdAt: createdAtColumn(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("messages_created_idx").on(t.createdAt.desc()),
    index("messages_unread_idx")
      .on(t.createdAt.desc())
      .where(sql`${t.status} = 'new'`),
    check("messages_inquiry_type_check", oneOf(t.inquiryType, INQUIRY_TYPES)),
    check("messages_status_check", oneOf(t.status, MESSAGE_STATUSES)),
  ],
);

/** A commission request and its place in the artist's pipeline. */
export const commissions = pgTable(
  "commissions",
  {
    id: idColumn(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** What the collector has in mind: subject, palette, where it will hang. */
    description: text("description").notNull(),
    medium: text("medium"),
    size: text("size"),
    /** Budget range in whole US dollars, as the collector chose it. */
    budgetMin: integer("budget_min"),
    budgetMax: integer("budget_max"),
    timeline: text("timeline"),
    details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
    stage: text("stage").$type<CommissionStage>().notNull().default("requested"),
    /** The artist's quote: price in cents, terms, the deposit as a percentage, and when the work is due. */
    quoteCents: integer("quote_cents"),
    quoteTerms: text("quote_terms").notNull().default(""),
    depositPercent: integer("deposit_percent"),
    dueDate: date("due_date", { mode: "string" }),
    submissionKey: text("submission_key").notNull().unique(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index("commissions_stage_idx").on(t.stage, t.createdAt.desc()),
    // Analytics: commission requests by month.
    index("commissions_created_idx").on(t.createdAt.desc()),
    check("commissions_stage_check", oneOf(t.stage, COMMISSION_STAGES)),
  ],
);

/** A commission's history: stage changes, the artist's notes, quotes and payments, with who and when. */
export const commissionEvents = pgTable(
  "commission_events",
  {
    id: idColumn(),
    commissionId: belongsTo("commission_id", () => commissions.id),
    kind: text("kind").$type<"stage" | "note" | "quote" | "payment" | "photo">().notNull(),
    /** A stage change's from and to; a note's or payment's text; a card payment's checkout session in from. */
    fromValue: text("from_value"),
    toValue: text("to_value"),
    note: text("note").notNull().default(""),
    actorName: text("actor_name").notNull().default(""),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("commission_events_commission_idx").on(t.commissionId, t.createdAt.desc()),
    check("commission_events_kind_check", sql`${t.kind} in ('stage', 'note', 'quote', 'payment', 'photo')`),
  ],
);

/**
 * A commission's pictures: the reference images the client sent with the request, and the work-in-progress
 * photos the artist adds. The bytes are media assets (content-addressed, shared with the media pipeline).
 */
export const commissionImages = pgTable(
  "commission_images",
  {
    id: idColumn(),
    commissionId: belongsTo("commission_id", () => commissions.id),
    mediaAssetId: belongsTo("media_asset_id", () => mediaAssets.id, "restrict"),
    kind: text("kind").$type<"reference" | "progress">().notNull(),
    caption: text("caption").notNull().default(""),
    /** The file name it came with (shown to the artist only). */
    originalName: text("original_name"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // One commission's pictures of a kind, in the order they came.
    index("commission_images_commission_idx").on(t.commissionId, t.kind, t.createdAt),
    // The media library leaves out what visitors sent (a lookup by asset).
    index("commission_images_asset_idx").on(t.mediaAssetId),
    check("commission_images_kind_check", sql`${t.kind} in ('reference', 'progress')`),
  ],
);
