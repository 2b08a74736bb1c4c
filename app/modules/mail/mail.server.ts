// Mail: queue a message in the outbox and deliver it through SMTP by a job, retrying with backoff until
// it is delivered; without SMTP_URL it is logged (recipient and subject only) and kept for the admin.
// Owns: mail_outbox. Exposes: sendMail, deliverMail (the job), listOutbox, the admin's status view.
import type { ActionResult } from "~/lib/action-result";
import { eq, sql } from "drizzle-orm";
import { createTransport, type Transporter } from "nodemailer";
import { db, type Database } from "~/db/client.server";
import { newestFirst, pageOf } from "~/db/list-queries.server";
import { mailOutbox, type AttachmentKind, type MailAttachment, type MailStatus } from "~/db/schema";
import { enqueue, JOB_PRIORITY, type JobHandlers } from "~/modules/jobs/jobs.server";
import { getSettings } from "~/modules/settings/settings.server";
import { services } from "~/services.server";
import { mailTemplates, type MailData, type MailTemplate } from "./templates";
import { emailKey, hitRateLimit, RATE_LIMITS } from "~/modules/security/rate-limit.server";
import { notifyAdmins } from "~/modules/realtime/notifications.server";
import { adminPaths } from "~/lib/admin-paths";

/** Delivery is retried for about a day (5 s doubling, capped at an hour) before the message is marked failed. */
const MAX_ATTEMPTS = 30;
/** Failed attempts in a row after which the artist is told (about a minute: retries wait 5, 10, 20 s). */
const NOTIFY_AFTER_ATTEMPTS = 3;
/** Templates whose body is a key to an account: cleared from the outbox once delivered. */
const SECRET_LINK_TEMPLATES = new Set(["magic-link", "password-reset", "email-verification"]);
const REMOVED_BODY = "(Removed after delivery: this message held a sign-in, reset or confirmation link.)";

/**
 * A copy for the person who filled in a form (contact, commission, order). Public forms take any address, so
 * they could be used to mail strangers: each address gets at most RATE_LIMITS.confirmationMail copies a day
 * from all forms together; past that the form still works (the message or order is kept, the artist is told)
 * and no copy is sent. Returns whether one was queued.
 */
export async function sendConfirmationCopy<T extends MailTemplate>(
  to: string,
  template: T,
  data: MailData<T>,
  tx: Database = db(),
): Promise<boolean> {
  const limit = await hitRateLimit(`copy:email:${emailKey(to)}`, RATE_LIMITS.confirmationMail, tx);
  if (!limit.allowed) {
    services().logger.info({ template }, "confirmation copy not sent: this address had its copies for today");
    return false;
  }
  await sendMail(to, template, data, tx);
  return true;
}

/** Templates sent to a list, many at once: delivered after every message a person is waiting for. */
const LIST_TEMPLATES: ReadonlySet<string> = new Set<MailTemplate>(["newsletter-issue", "work-alert"]);

/** Queues the delivery of an outbox message: one pending job per message. */
const queueDelivery = (id: string, template: string, tx: Database) =>
  enqueue(
    "mail.deliver",
    { id },
    {
      dedupeKey: `mail:${id}`,
      maxAttempts: MAX_ATTEMPTS,
      priority: LIST_TEMPLATES.has(template) ? JOB_PRIORITY.listMail : JOB_PRIORITY.mail,
    },
    tx,
  );

/** Queues a message; it is on its way once the surrounding transaction commits. Returns the outbox id. */
export async function sendMail<T extends MailTemplate>(
  to: string,
  template: T,
  data: MailData<T>,
  tx: Database = db(),
  attachments: MailAttachment[] = [],
  headers: Record<string, string> = {},
): Promise<string> {
  const settings = await getSettings(tx);
  const brand = {
    artistName: settings.artistName,
    siteTitle: settings.siteTitle,
    publicUrl: services().config.publicUrl,
  };
  const render = mailTemplates[template] as (
    b: typeof brand,
    d: MailData<T>,
  ) => { subject: string; html: string; text: string };
  const message = render(brand, data);
  const [row] = await tx
    .insert(mailOutbox)
    .values({ toAddress: to, template, attachments, headers, ...message })
    .returning({ id: mailOutbox.id });
  await queueDelivery(row!.id, template, tx);
  return row!.id;
}

/**
 * How long a delivery waits on the mail server: 15 s to connect and for its greeting, 60 s of silence after.
 * nodemailer's own (2 minutes, then 10 of silence) let a provider in trouble hold a job lane, and the reservations'
 * lapses queued behind it, that long, and a stop waited as long for it. SMTP_URL may set others
 * (`?socketTimeout=120000`, in milliseconds). The job's stop signal is not handed to nodemailer: with it, the
 * test SMTP server saw connections reset after a delivery (docs/architecture.md, Mail).
 */
export function smtpOptions(url: string) {
  return { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000, url };
}

let transport: { url: string; transporter: Transporter } | undefined;
function transporter(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: createTransport(smtpOptions(url)) };
  return transport.transporter;
}

/**
 * What draws an attachment the message names by `draw` (its kind: "certificate"), when the message is delivered.
 * A PDF with pictures is drawn then, not in the transaction that queues the message (a payment's), which would
 * wait for the pictures' decode and hold its locks meanwhile. The kinds are given by server/jobs.ts.
 */
export type AttachmentDrawers = Record<AttachmentKind, (id: string) => Promise<Uint8Array>>;

async function attachmentBytes(attachment: MailAttachment, drawers: AttachmentDrawers): Promise<Buffer> {
  if ("contentBase64" in attachment) return Buffer.from(attachment.contentBase64, "base64");
  const draw = drawers[attachment.draw.kind] as AttachmentDrawers[AttachmentKind] | undefined;
  // A failure here is one failed attempt, retried like a mail server that does not answer.
  if (!draw) throw new Error(`Nothing draws a "${attachment.draw.kind}" attachment.`);
  return Buffer.from(await draw(attachment.draw.id));
}

/** The files to send, drawn one after the other (each drawing may decode a large picture). */
async function attachmentFiles(attachments: MailAttachment[], drawers: AttachmentDrawers) {
  const files: { filename: string; contentType: string; content: Buffer }[] = [];
  for (const a of attachments)
    files.push({ filename: a.filename, contentType: a.contentType, content: await attachmentBytes(a, drawers) });
  return files;
}

/** The mail.deliver job: one attempt; throwing makes the job retry later. */
export async function deliverMail(id: string, drawers: AttachmentDrawers): Promise<void> {
  const message = await db().query.mailOutbox.findFirst({ where: eq(mailOutbox.id, id) });
  if (!message || message.status === "sent" || message.status === "logged") return;
  const { config, logger } = services();
  if (!config.smtpUrl) {
    logger.info(
      { mail: id, to: message.toAddress, subject: message.subject },
      "mail kept in the outbox (SMTP_URL is not set)",
    );
    await db()
      .update(mailOutbox)
      .set({ status: "logged", attempts: message.attempts + 1 })
      .where(eq(mailOutbox.id, id));
    return;
  }
  try {
    const info = (await transporter(config.smtpUrl).sendMail({
      from: config.mailFrom,
      to: message.toAddress,
      subject: message.subject,
      html: message.html,
      text: message.text,
      headers: message.headers,
      attachments: await attachmentFiles(message.attachments, drawers),
    })) as { messageId?: string };
    await db()
      .update(mailOutbox)
      .set({
        status: "sent",
        attempts: message.attempts + 1,
        sentAt: new Date(),
        messageId: info.messageId ?? null,
        lastError: null,
        // A delivered mail that carried a sign-in, reset or confirmation link keeps no copy of it (review #26).
        ...(SECRET_LINK_TEMPLATES.has(message.template) ? { html: REMOVED_BODY, text: REMOVED_BODY } : {}),
      })
      .where(eq(mailOutbox.id, id));
    logger.info({ mail: id, template: message.template }, "mail sent");
  } catch (error) {
    const attempts = message.attempts + 1;
    const giveUp = attempts >= MAX_ATTEMPTS;
    await db()
      .update(mailOutbox)
      .set({
        attempts,
        lastError: (error as Error).message.slice(0, 1000),
        status: giveUp ? "failed" : "pending",
      })
      .where(eq(mailOutbox.id, id));
    // The artist hears of it: once it has failed a few times in a row (not a passing hiccup), and when it is
    // given up. The bell links to the outbox, where it can be retried.
    if (attempts === NOTIFY_AFTER_ATTEMPTS || giveUp)
      await notifyAdmins({
        type: giveUp ? "error" : "warning",
        priority: "high",
        title: giveUp
          ? `An e-mail to ${message.toAddress} could not be delivered`
          : `An e-mail to ${message.toAddress} is not going out`,
        message: `${message.subject}: ${(error as Error).message.slice(0, 300)}`,
        link: adminPaths.outbox(),
      });
    throw error;
  }
}

/** The background jobs of this module, with what draws the attachments of each kind (registered by server/jobs.ts). */
export const mailJobs = (drawers: AttachmentDrawers): JobHandlers => ({
  "mail.deliver": async (payload) => {
    if (typeof payload.id === "string") await deliverMail(payload.id, drawers);
  },
});

export const OUTBOX_PAGE_SIZE = 50;

/** One page of the outbox without message bodies (they may hold sign-in links), newest first. */
export async function outboxPage(options: { status?: MailStatus; page: number }) {
  const where = options.status ? eq(mailOutbox.status, options.status) : undefined;
  const query = db()
    .select({
      id: mailOutbox.id,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      template: mailOutbox.template,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(where)
    .orderBy(...newestFirst(mailOutbox))
    .$dynamic();
  return pageOf(query, db().$count(mailOutbox, where), options.page, OUTBOX_PAGE_SIZE);
}

/**
 * Retry (a failed or waiting message: tried again now, its attempts counted afresh) or resend (a sent or kept
 * message: a new copy goes out). A message whose sign-in, reset or confirmation link was removed after
 * delivery cannot be sent again: the person asks for a new link instead.
 */
export async function requeueMail(id: string, how: "retry" | "resend"): Promise<ActionResult> {
  const message = await db().query.mailOutbox.findFirst({ where: eq(mailOutbox.id, id) });
  if (!message) return { ok: false, error: "That message is not in the outbox." };
  if (how === "retry") {
    if (message.status !== "failed" && message.status !== "pending")
      return { ok: false, error: "Only a failed or waiting message can be retried." };
    await db().transaction(async (tx) => {
      await tx.update(mailOutbox).set({ status: "pending", attempts: 0 }).where(eq(mailOutbox.id, id));
      await queueDelivery(id, message.template, tx);
    });
    return { ok: true, message: `Trying again to deliver “${message.subject}” to ${message.toAddress}.` };
  }
  if (message.html === REMOVED_BODY)
    return {
      ok: false,
      error: "This message held a sign-in or confirmation link, removed after delivery: it cannot be sent again.",
    };
  await db().transaction(async (tx) => {
    const [copy] = await tx
      .insert(mailOutbox)
      .values({
        toAddress: message.toAddress,
        template: message.template,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: message.attachments,
        headers: message.headers,
      })
      .returning({ id: mailOutbox.id });
    await queueDelivery(copy!.id, message.template, tx);
  });
  return { ok: true, message: `“${message.subject}” is being sent again to ${message.toAddress}.` };
}

/** How many messages are in each state. */
export async function outboxCounts(): Promise<Record<MailStatus, number>> {
  const rows = await db()
    .select({ status: mailOutbox.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const counts: Record<MailStatus, number> = { pending: 0, sent: 0, logged: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}
