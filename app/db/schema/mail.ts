// Mail: every outgoing message is written here first, then sent by a job until delivered.
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, oneOf } from "./columns";

export const MAIL_STATUSES = ["pending", "sent", "logged", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * A file sent with a message, kept in the outbox until the message is delivered: its bytes (an invoice's PDF), or
 * what to draw when it is delivered (a certificate's PDF: `draw` names the kind and the row, mail.server.ts).
 */
export type MailAttachment = { filename: string; contentType: string } & (
  { contentBase64: string } | { draw: { kind: AttachmentKind; id: string } }
);

/** What can be drawn on delivery (a row of another kind, from an older build, fails its delivery and is retried). */
export type AttachmentKind = "certificate";

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: idColumn(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Which template made it (magic-link, password-reset, …), for the admin's outbox view. */
    template: text("template").notNull(),
    attachments: jsonb("attachments").$type<MailAttachment[]>().notNull().default([]),
    /** Extra headers (a newsletter's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    status: text("status").$type<MailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    messageId: text("message_id"),
    createdAt: createdAtColumn(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("mail_outbox_status_check", oneOf(t.status, MAIL_STATUSES)),
    index("mail_outbox_created_idx").on(t.createdAt.desc()),
  ],
);
