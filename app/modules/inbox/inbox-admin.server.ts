// The artist's side of the inbox: contact messages (read, replied, archived), the commission pipeline and the
// newsletter list. Every caller is an admin route that has already checked the role.
import { and, count, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import { choiceParam, pageField, searchParam } from "~/modules/forms/fields";
import { db, type Database } from "~/db/client.server";
import { containing, newestFirst, pageOf } from "~/db/list-queries.server";
import { commissions, messages } from "~/db/schema";
import {
  COMMISSION_STAGES,
  MESSAGE_STATUSES,
  MESSAGES_PAGE_SIZE,
  NO_INVOICE_STAGES,
  type CommissionStage,
  type MessageStatus,
} from "~/lib/inquiries";

export const MessageFilterSchema = z.object({
  status: choiceParam(MESSAGE_STATUSES),
  q: searchParam(),
  page: pageField,
});
export type MessageFilter = z.infer<typeof MessageFilterSchema>;

export async function listMessages(filter: MessageFilter) {
  const where = and(
    // Archived messages only show when asked for.
    filter.status ? eq(messages.status, filter.status) : sql`${messages.status} <> 'archived'`,
    containing(filter.q, messages.name, messages.email, messages.subject, messages.body),
  );
  const query = db()
    .select({
      id: messages.id,
      name: messages.name,
      email: messages.email,
      subject: messages.subject,
      inquiryType: messages.inquiryType,
      artworkTitle: messages.artworkTitle,
      status: messages.status,
      createdAt: messages.createdAt,
      preview: sql<string>`left(${messages.body}, 140)`,
    })
    .from(messages)
    .where(where)
    .orderBy(...newestFirst(messages))
    .$dynamic();
  const [{ rows, total }, byStatus] = await Promise.all([
    pageOf(query, db().$count(messages, where), filter.page, MESSAGES_PAGE_SIZE),
    db().select({ status: messages.status, n: count() }).from(messages).groupBy(messages.status),
  ]);
  const counts = Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0])) as Record<MessageStatus, number>;
  for (const row of byStatus) counts[row.status] = row.n;
  return { rows, total, counts };
}

/** One message as it is, for the detail pane (a read: GET never changes a message). */
export async function getMessage(id: string) {
  return db().query.messages.findFirst({ where: eq(messages.id, id) });
}

/** The artist opened a new message: it becomes Read (its page posts this once it is on screen). */
export async function openMessage(id: string) {
  const [opened] = await db()
    .update(messages)
    .set({ status: "read", readAt: new Date() })
    .where(and(eq(messages.id, id), eq(messages.status, "new")))
    .returning();
  return opened ?? (await db().query.messages.findFirst({ where: eq(messages.id, id) }));
}

export async function setMessageStatus(ids: string[], status: MessageStatus): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db()
    .update(messages)
    .set({ status, readAt: status === "new" ? null : sql`coalesce(${messages.readAt}, now())` })
    .where(inArray(messages.id, ids))
    .returning({ id: messages.id });
  return rows.length;
}

export async function countUnreadMessages(): Promise<number> {
  return db().$count(messages, eq(messages.status, "new"));
}

/** Stages where the artist still owes the collector something. */
export const OPEN_STAGES: CommissionStage[] = ["requested", "in_discussion", "quoted", "accepted", "in_progress"];

/** Cards shown per stage on the board; the rest are a click away in the list (no hidden cap). */
export const BOARD_CARDS_PER_STAGE = 20;

const boardColumns = {
  id: commissions.id,
  name: commissions.name,
  email: commissions.email,
  phone: commissions.phone,
  description: commissions.description,
  medium: commissions.medium,
  size: commissions.size,
  budgetMin: commissions.budgetMin,
  budgetMax: commissions.budgetMax,
  budget: sql<string | null>`${commissions.details} ->> 'budget'`,
  timeline: commissions.timeline,
  stage: commissions.stage,
  createdAt: commissions.createdAt,
  updatedAt: commissions.updatedAt,
};

/** The board: each stage's newest cards (commissions_stage_idx) and how many the stage holds in all. */
export async function listCommissions() {
  const [perStage, counts] = await Promise.all([
    Promise.all(
      COMMISSION_STAGES.map((stage) =>
        db()
          .select(boardColumns)
          .from(commissions)
          .where(eq(commissions.stage, stage))
          .orderBy(desc(commissions.createdAt))
          .limit(BOARD_CARDS_PER_STAGE),
      ),
    ),
    db().select({ stage: commissions.stage, n: count() }).from(commissions).groupBy(commissions.stage),
  ]);
  type Row = (typeof perStage)[number][number];
  const byStage = Object.fromEntries(COMMISSION_STAGES.map((s, i) => [s, perStage[i]!])) as Record<
    CommissionStage,
    Row[]
  >;
  const totals = Object.fromEntries(COMMISSION_STAGES.map((s) => [s, 0])) as Record<CommissionStage, number>;
  for (const row of counts) totals[row.stage] = row.n;
  return { byStage, totals };
}

/** A commission request's who, what and where it stands: what a list row and an invoice start from. */
export const commissionColumns = {
  id: commissions.id,
  name: commissions.name,
  email: commissions.email,
  description: commissions.description,
  stage: commissions.stage,
};

/**
 * The commission requests an invoice may be made for (`mayInvoiceCommission`), newest first
 * (commissions_created_idx), at most `limit`; and `include`, the one a commission's page links with, when it may
 * be invoiced (`chosen`, else null), among them even when older; and whether there is any request at all.
 */
export async function listInvoiceableCommissions(limit: number, include?: string) {
  const invoiceable = notInArray(commissions.stage, [...NO_INVOICE_STAGES]);
  const columns = { id: commissions.id, name: commissions.name, email: commissions.email };
  const [choices, named] = await Promise.all([
    db()
      .select(columns)
      .from(commissions)
      .where(invoiceable)
      .orderBy(...newestFirst(commissions))
      .limit(limit),
    include
      ? db()
          .select(columns)
          .from(commissions)
          .where(and(invoiceable, eq(commissions.id, include)))
          .limit(1)
      : [],
  ]);
  const chosen = named[0];
  if (chosen && !choices.some((c) => c.id === chosen.id)) choices.push(chosen);
  return {
    choices,
    chosen: chosen?.id ?? null,
    any: choices.length > 0 || (await db().$count(commissions)) > 0,
  };
}

/** One commission request's who and what (for an invoice), or undefined. */
export async function getCommission(id: string, tx: Database = db()) {
  const [row] = await tx.select(commissionColumns).from(commissions).where(eq(commissions.id, id)).limit(1);
  return row;
}

export async function countOpenCommissions(): Promise<number> {
  return db().$count(commissions, inArray(commissions.stage, OPEN_STAGES));
}

/** The newest messages, for the dashboard. */
export async function latestMessages(limit = 5) {
  return db()
    .select({
      id: messages.id,
      from: messages.name,
      subject: messages.subject,
      status: messages.status,
      at: messages.createdAt,
    })
    .from(messages)
    .where(sql`${messages.status} <> 'archived'`)
    .orderBy(desc(messages.createdAt))
    .limit(limit);
}
