// Newsletter: visitors' subscriptions with double opt-in, and the issues the artist sends them.
// Owns: newsletter_subscribers, newsletter_issues, newsletter_deliveries. Exposes: subscribe, confirm and
// unsubscribe by link, the admin's subscriber list (search, status, pages, CSV) and issues (test, send, counts).
//
// Links carry `{id}.{HMAC}` keyed by the app's secret: nothing to store, nothing to steal from the database,
// and every issue can carry its reader's own unsubscribe link. A confirmation link also carries the time it was
// sent and works for CONFIRM_LINK_DAYS, only for the sign-up it was sent for (modules/mail/opt-in.server.ts). Sending writes one delivery row per confirmed
// subscriber, then a job queues their mails in batches (each batch, its outbox rows and the deliveries' mail
// ids in one transaction), throttled to NEWSLETTER_PER_MINUTE: a crash resumes where it stopped, and the
// (issue, subscriber) key means nobody is mailed twice.
import { and, count, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { choiceParam, emailField, pageField, requiredText, searchParam } from "~/modules/forms/fields";
import { mailOutbox, newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "~/db/schema";
import { enqueue, JOB_PRIORITY, type JobHandlers } from "~/modules/jobs/jobs.server";
import { markdownToText, renderMarkdown } from "~/modules/content/markdown.server";
import { sendConfirmationCopy, sendMail } from "~/modules/mail/mail.server";
import { optInLinks, signUpAgain } from "~/modules/mail/opt-in.server";
import { services } from "~/services.server";
import { FORMULA_LEADING } from "~/modules/catalog/import/fields";
import { db, queryRows, type Database } from "~/db/client.server";
import { containing, newestFirst, pageOf } from "~/db/list-queries.server";
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from "~/lib/newsletter";
import { paths } from "~/lib/paths";
import { CONFIRM_LINK_DAYS, type ConfirmLinkState } from "~/lib/opt-in";
import type { LinkKind } from "~/modules/mail/mail-link.server";
import { pageOffset } from "~/lib/pagination";

export const SubscribeSchema = z.object({ email: emailField });

// --- Links ---------------------------------------------------------------------------------------------

/** The list's links (`/newsletter/confirm?token=…`, `/newsletter/unsubscribe?token=…`) and what their buttons do. */
const links = optInLinks(newsletterSubscribers, { purpose: "newsletter", page: paths.newsletter() });
export const {
  confirmUrl,
  unsubscribeUrl,
  unsubscribeToken,
  readUnsubscribeToken,
  confirm: confirmSubscription,
  unsubscribe: unsubscribeByToken,
} = links;

// --- Subscribing ---------------------------------------------------------------------------------------

export type SubscribeOutcome = "confirmation-sent" | "already-subscribed" | "not-sent";

/**
 * Subscribes an address: a new (or returning) one gets a confirmation mail and is mailed nothing else until it
 * confirms; one already confirmed is left as it is. The words shown are the same either way.
 */
export async function subscribe(email: string, source = "footer"): Promise<SubscribeOutcome> {
  const now = new Date();
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterSubscribers)
      .values({ email: email.toLowerCase(), source, confirmRequestedAt: now })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: signUpAgain(newsletterSubscribers, now),
      })
      .returning({ id: newsletterSubscribers.id, confirmedAt: newsletterSubscribers.confirmedAt });
    if (row!.confirmedAt) return "already-subscribed";
    const sent = await sendConfirmationCopy(
      email,
      "newsletter-confirm",
      { confirmUrl: confirmUrl(row!.id, now), days: CONFIRM_LINK_DAYS },
      tx,
    );
    if (!sent) return "not-sent";
    await tx.update(newsletterSubscribers).set({ confirmSentAt: now }).where(eq(newsletterSubscribers.id, row!.id));
    return "confirmation-sent";
  });
}

/** What a link's page shows: the address and its state, or (a confirm link that changes nothing) only why. */
export type SubscriberLinkView =
  { state: "open"; email: string; status: SubscriberStatus } | { state: Exclude<ConfirmLinkState, "open"> };

/** The address a link is for, and where it stands (for the page the link opens). */
export async function subscriberForLink(kind: LinkKind, token: string | null): Promise<SubscriberLinkView | undefined> {
  if (kind === "confirm") {
    const found = await links.confirmState(token);
    if (!found) return undefined;
    return found.state === "open"
      ? { state: "open", email: found.email, status: "unconfirmed" }
      : { state: found.state };
  }
  const id = readUnsubscribeToken(token);
  if (!id) return undefined;
  const [row] = await db()
    .select({
      email: newsletterSubscribers.email,
      confirmedAt: newsletterSubscribers.confirmedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      linkExpired: linkExpired(),
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id));
  return row ? { state: "open", email: row.email, status: subscriberStatus(row) } : undefined;
}

/**
 * Whether a subscriber has no confirmation link that works (true also for one subscribed or gone: read it with
 * `waiting`): the newest was mailed more than CONFIRM_LINK_DAYS ago, before the sign-up now waiting (the links of
 * an earlier one, before an unsubscribe, confirm nothing), or never (a version before links carried their time,
 * or the address had its copies for the day). The rule of the links themselves: `linkState` (opt-in.server.ts).
 */
const linkExpired = () => {
  const s = newsletterSubscribers;
  return sql<boolean>`not coalesce(${s.confirmSentAt} >= ${s.confirmRequestedAt}
    and ${s.confirmSentAt} >= now() - make_interval(days => ${sql.raw(String(CONFIRM_LINK_DAYS))}), false)`;
};

/** Subscribers waiting to confirm: neither confirmed nor unsubscribed. */
const waiting = () => and(isNull(newsletterSubscribers.confirmedAt), isNull(newsletterSubscribers.unsubscribedAt));

/** Which subscribers a status is (the admin's filter and counts). */
const SUBSCRIBER_WHERE: Record<SubscriberStatus, () => SQL | undefined> = {
  confirmed: () => and(isNotNull(newsletterSubscribers.confirmedAt), isNull(newsletterSubscribers.unsubscribedAt)),
  unconfirmed: () => and(waiting(), sql`not ${linkExpired()}`),
  expired: () => and(waiting(), linkExpired()),
  unsubscribed: () => isNotNull(newsletterSubscribers.unsubscribedAt),
};

const countWhere = (status: SubscriberStatus) =>
  sql<number>`count(*) filter (where ${SUBSCRIBER_WHERE[status]()})`.mapWith(Number);

/**
 * Who is mailed (confirmed and not unsubscribed), who has yet to confirm by a link that works, who waits with no
 * link that works (they must sign up again), and everyone ever.
 */
export async function countSubscribers(): Promise<{
  active: number;
  unconfirmed: number;
  expired: number;
  total: number;
}> {
  const [row] = await db()
    .select({
      total: count(),
      active: countWhere("confirmed"),
      unconfirmed: countWhere("unconfirmed"),
      expired: countWhere("expired"),
    })
    .from(newsletterSubscribers);
  return {
    active: row?.active ?? 0,
    unconfirmed: row?.unconfirmed ?? 0,
    expired: row?.expired ?? 0,
    total: row?.total ?? 0,
  };
}

// --- The admin's list ----------------------------------------------------------------------------------

export const SUBSCRIBERS_PAGE_SIZE = 50;

export const SubscriberFilterSchema = z.object({
  q: searchParam(),
  status: choiceParam(SUBSCRIBER_STATUSES),
  page: pageField,
});
export type SubscriberFilter = z.infer<typeof SubscriberFilterSchema>;

function subscriberWhere(filter: Pick<SubscriberFilter, "q" | "status">): SQL | undefined {
  return and(
    containing(filter.q, newsletterSubscribers.email),
    filter.status ? SUBSCRIBER_WHERE[filter.status]() : undefined,
  );
}

export function subscriberStatus(row: {
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  linkExpired: boolean;
}): SubscriberStatus {
  return row.unsubscribedAt
    ? "unsubscribed"
    : row.confirmedAt
      ? "confirmed"
      : row.linkExpired
        ? "expired"
        : "unconfirmed";
}

const subscriberColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  source: newsletterSubscribers.source,
  createdAt: newsletterSubscribers.createdAt,
  confirmedAt: newsletterSubscribers.confirmedAt,
  unsubscribedAt: newsletterSubscribers.unsubscribedAt,
  linkExpired: linkExpired(),
};

/** One page of subscribers, newest first, searched by address and filtered by status; no cap. */
export async function listSubscribers(filter: SubscriberFilter) {
  const where = subscriberWhere(filter);
  const query = db()
    .select(subscriberColumns)
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(...newestFirst(newsletterSubscribers))
    .$dynamic();
  const { rows, total } = await pageOf(
    query,
    db().$count(newsletterSubscribers, where),
    filter.page,
    SUBSCRIBERS_PAGE_SIZE,
  );
  return { rows: rows.map((r) => ({ ...r, status: subscriberStatus(r) })), total };
}

/** A CSV cell: quoted, and a formula-looking value made inert with an apostrophe (as the catalogue export). */
function csvCell(value: string): string {
  const safe = FORMULA_LEADING.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Every subscriber matching the filter (all pages), as CSV. */
export async function subscribersCsv(filter: Pick<SubscriberFilter, "q" | "status">): Promise<string> {
  const rows = await db()
    .select(subscriberColumns)
    .from(newsletterSubscribers)
    .where(subscriberWhere(filter))
    .orderBy(...newestFirst(newsletterSubscribers));
  const iso = (d: Date | null) => (d ? d.toISOString() : "");
  return [
    "email,status,source,subscribed_at,confirmed_at,unsubscribed_at",
    ...rows.map((r) =>
      [r.email, subscriberStatus(r), r.source, iso(r.createdAt), iso(r.confirmedAt), iso(r.unsubscribedAt)]
        .map(csvCell)
        .join(","),
    ),
  ].join("\r\n");
}

// --- Issues --------------------------------------------------------------------------------------------

export const IssueSchema = z.object({
  subject: requiredText("Give the e-mail a subject.", 200, "Keep the subject under 200 characters."),
  markdown: requiredText("Write something to send.", 50_000, "Keep it under 50,000 characters."),
});
export type IssueInput = z.infer<typeof IssueSchema>;

function issueMail(input: IssueInput, subscriberId: string) {
  return {
    subject: input.subject,
    html: renderMarkdown(input.markdown, { headingOffset: 1 }),
    text: markdownToText(input.markdown),
    unsubscribeUrl: unsubscribeUrl(subscriberId),
  };
}

/** "Send a test to myself": the issue as a subscriber would get it (its unsubscribe link goes nowhere real). */
export async function sendTestIssue(to: string, input: IssueInput): Promise<void> {
  const placeholder = "00000000-0000-4000-8000-000000000000";
  await sendMail(to, "newsletter-issue", issueMail(input, placeholder), db(), [], links.listHeaders(placeholder));
}

/** Starts sending an issue to every confirmed subscriber now; returns it with the number of recipients. */
export async function startIssue(input: IssueInput, blogPostId?: string) {
  return db().transaction(async (tx) => {
    const [issue] = await tx
      .insert(newsletterIssues)
      .values({ subject: input.subject, markdown: input.markdown, blogPostId: blogPostId ?? null })
      .returning();
    const added = await queryRows<{ n: number }>(
      tx,
      sql`with added as (
            insert into newsletter_deliveries (issue_id, subscriber_id)
            select ${issue!.id}, id from newsletter_subscribers
             where confirmed_at is not null and unsubscribed_at is null
            on conflict do nothing returning 1)
          select count(*)::int as n from added`,
    );
    const recipients = Number(added[0]?.n ?? 0);
    await tx.update(newsletterIssues).set({ recipients }).where(eq(newsletterIssues.id, issue!.id));
    await enqueue(SEND_JOB, { issueId: issue!.id }, { priority: JOB_PRIORITY.listMail }, tx);
    return { issue: issue!, recipients };
  });
}

const SEND_JOB = "newsletter.send";

/**
 * One batch of an issue: claims deliveries still without a mail (SKIP LOCKED: two workers never take the same),
 * queues each mail in the outbox and records it, all in one transaction; then schedules the next batch at the
 * throttled rate, or marks the issue sent. Returns how many were queued.
 */
export async function sendIssueBatch(issueId: string, database: Database = db()): Promise<number> {
  const perMinute = services().config.newsletterPerMinute;
  const batchSize = Math.max(1, Math.min(100, perMinute));
  const queued = await database.transaction(async (tx) => {
    const [issue] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId));
    if (!issue) return 0;
    const batch = await queryRows<{ subscriber_id: string; email: string }>(
      tx,
      sql`select d.subscriber_id, s.email from newsletter_deliveries d
            join newsletter_subscribers s on s.id = d.subscriber_id
           where d.issue_id = ${issueId} and d.mail_id is null
           order by d.subscriber_id limit ${batchSize}
           for update of d skip locked`,
    );
    for (const row of batch) {
      // Unsubscribed since the issue started: not mailed, and not counted as waiting.
      const [still] = await tx
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(and(eq(newsletterSubscribers.id, row.subscriber_id), isNull(newsletterSubscribers.unsubscribedAt)));
      if (!still) {
        await tx
          .delete(newsletterDeliveries)
          .where(
            and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.subscriberId, row.subscriber_id)),
          );
        continue;
      }
      const mailId = await sendMail(
        row.email,
        "newsletter-issue",
        issueMail(issue, row.subscriber_id),
        tx,
        [],
        links.listHeaders(row.subscriber_id),
      );
      await tx
        .update(newsletterDeliveries)
        .set({ mailId })
        .where(
          and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.subscriberId, row.subscriber_id)),
        );
    }
    return batch.length;
  });
  const left = await database.$count(
    newsletterDeliveries,
    and(eq(newsletterDeliveries.issueId, issueId), isNull(newsletterDeliveries.mailId)),
  );
  if (left > 0) {
    const delayMs = Math.round((queued / perMinute) * 60_000);
    await enqueue(SEND_JOB, { issueId }, { runAt: new Date(Date.now() + delayMs), priority: JOB_PRIORITY.listMail });
  } else {
    await database
      .update(newsletterIssues)
      .set({ status: "sent", sentAt: sql`coalesce(${newsletterIssues.sentAt}, now())` })
      .where(eq(newsletterIssues.id, issueId));
  }
  return queued;
}

/** The background jobs of this module (registered by server/jobs.ts). */
export const newsletterJobs: JobHandlers = {
  [SEND_JOB]: async (payload) => {
    const issueId = typeof payload.issueId === "string" ? payload.issueId : "";
    if (issueId) await sendIssueBatch(issueId);
  },
};

export const ISSUES_PAGE_SIZE = 20;

/** The issues, newest first, each with how many of its mails wait, went out and failed. */
export async function listIssues(page = 1) {
  const rows = await queryRows<{
    id: string;
    subject: string;
    status: string;
    recipients: number;
    created_at: Date | string;
    sent_at: Date | string | null;
    waiting: number;
    sent: number;
    failed: number;
  }>(
    db(),
    sql`select i.id, i.subject, i.status, i.recipients, i.created_at, i.sent_at,
               count(*) filter (where d.subscriber_id is not null and (d.mail_id is null or m.status = 'pending'))::int as waiting,
               count(*) filter (where m.status in ('sent', 'logged'))::int as sent,
               count(*) filter (where m.status = 'failed')::int as failed
          from newsletter_issues i
          left join newsletter_deliveries d on d.issue_id = i.id
          left join ${mailOutbox} m on m.id = d.mail_id
         group by i.id
         order by i.created_at desc, i.id desc
         limit ${ISSUES_PAGE_SIZE} offset ${pageOffset(page, ISSUES_PAGE_SIZE)}`,
  );
  const total = await db().$count(newsletterIssues);
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      subject: r.subject,
      status: r.status as "sending" | "sent",
      recipients: Number(r.recipients),
      createdAt: new Date(r.created_at),
      sentAt: r.sent_at ? new Date(r.sent_at) : null,
      waiting: Number(r.waiting),
      sent: Number(r.sent),
      failed: Number(r.failed),
    })),
  };
}
