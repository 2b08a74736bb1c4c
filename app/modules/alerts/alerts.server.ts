// Work alerts, "Notify me" (docs/shop.md "Notify me", decision 0020): visitors who asked to hear of new works
// or of one sold / on-hold work becoming available, with double opt-in and an unsubscribe link in every mail
// (signed links, as the newsletter's; a confirmation link works for CONFIRM_LINK_DAYS, only for the sign-up it
// was sent for: modules/mail/opt-in.server.ts). An event (a new work published, a hold lapsed, a reservation lapsed)
// queues one job; the job writes one delivery row per confirmed subscriber and its mail in one transaction,
// keyed by (event, subscriber), so a rerun or a second process mails nobody twice.
// Owns: work_alerts, work_alert_deliveries. Exposes: subscribeAlert, confirm/unsubscribe by link, queueAlertEvent.
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { db, queryRows, type Database } from "~/db/client.server";
import { workAlertDeliveries, workAlerts, type WorkAlertKind } from "~/db/schema";
import { enqueue, JOB_PRIORITY, type JobHandlers } from "~/modules/jobs/jobs.server";
import { emailField, lowerCase } from "~/modules/forms/fields";
import { sendConfirmationCopy, sendMail } from "~/modules/mail/mail.server";
import { optInLinks, signUpAgain } from "~/modules/mail/opt-in.server";
import { CONFIRM_LINK_DAYS, type ConfirmLinkState } from "~/lib/opt-in";
import { paths } from "~/lib/paths";
import { services } from "~/services.server";
import type { LinkKind } from "~/modules/mail/mail-link.server";

export const AlertSubscribeSchema = z.object({
  email: emailField.transform(lowerCase),
  /** Empty: new works; an artwork's id: that work becoming available. */
  artworkId: z
    .union([z.literal(""), z.uuid()])
    .optional()
    .transform((v) => v || undefined),
});
export type AlertSubscribeInput = z.infer<typeof AlertSubscribeSchema>;

/** The list's links (`/alerts/confirm?token=…`, `/alerts/unsubscribe?token=…`) and what their buttons do. */
const links = optInLinks(workAlerts, { purpose: "alerts", page: paths.workAlerts() });
export const {
  confirmUrl: alertConfirmUrl,
  unsubscribeUrl: alertUnsubscribeUrl,
  unsubscribeToken: alertUnsubscribeToken,
  confirm: confirmAlert,
  unsubscribe: unsubscribeAlert,
} = links;
const publicUrl = () => services().config.publicUrl;

export type AlertSubscribeOutcome = "confirmation-sent" | "already-subscribed" | "not-sent" | "no-such-work";

async function artworkOf(tx: Database, id: string) {
  const [row] = await queryRows<{ id: string; title: string; availability: string; archived: boolean }>(
    tx,
    sql`select id, title, availability, archived_at is not null as archived from artworks where id = ${id}`,
  );
  return row;
}

/** Subscribes an address (double opt-in): a confirmation mail first, nothing else until it is confirmed. */
export async function subscribeAlert(input: { email: string; artworkId?: string }): Promise<AlertSubscribeOutcome> {
  const now = new Date();
  return db().transaction(async (tx) => {
    let title: string | undefined;
    if (input.artworkId) {
      const work = await artworkOf(tx, input.artworkId);
      if (!work || work.archived) return "no-such-work";
      title = work.title;
    }
    const kind: WorkAlertKind = input.artworkId ? "artwork" : "new-works";
    const [row] = await tx
      .insert(workAlerts)
      .values({ email: input.email, kind, artworkId: input.artworkId ?? null, confirmRequestedAt: now })
      .onConflictDoUpdate({
        target: [workAlerts.email, workAlerts.artworkId],
        set: signUpAgain(workAlerts, now),
      })
      .returning({ id: workAlerts.id, confirmedAt: workAlerts.confirmedAt });
    if (row!.confirmedAt) return "already-subscribed";
    const sent = await sendConfirmationCopy(
      input.email,
      "alert-confirm",
      { confirmUrl: alertConfirmUrl(row!.id, now), title: title ?? null, days: CONFIRM_LINK_DAYS },
      tx,
    );
    return sent ? "confirmation-sent" : "not-sent";
  });
}

/** What an alert's link page shows: the address, the work and where it stands, or only why nothing changes. */
export type AlertLinkView =
  | {
      state: "open";
      email: string;
      title: string | null;
      artworkId: string | null;
      status: "confirmed" | "unconfirmed" | "unsubscribed";
    }
  | { state: Exclude<ConfirmLinkState, "open">; title: string | null; artworkId: string | null };

async function alertRow(id: string) {
  const [row] = await queryRows<{
    email: string;
    title: string | null;
    artwork_id: string | null;
    confirmed_at: Date | null;
    unsubscribed_at: Date | null;
  }>(
    db(),
    sql`select a.email, w.title, a.artwork_id, a.confirmed_at, a.unsubscribed_at
          from work_alerts a left join artworks w on w.id = a.artwork_id where a.id = ${id}`,
  );
  return row;
}

/** What a confirm or unsubscribe link is for (for the page it opens). */
export async function alertForLink(kind: LinkKind, token: string | null): Promise<AlertLinkView | undefined> {
  if (kind === "confirm") {
    const found = await links.confirmState(token);
    const row = found && (await alertRow(found.id));
    if (!found || !row) return undefined;
    const about = { title: row.title, artworkId: row.artwork_id };
    return found.state === "open"
      ? { state: "open", email: found.email, status: "unconfirmed", ...about }
      : { state: found.state, ...about };
  }
  const id = links.readUnsubscribeToken(token);
  const row = id && (await alertRow(id));
  if (!row) return undefined;
  return {
    state: "open",
    email: row.email,
    title: row.title,
    artworkId: row.artwork_id,
    status: row.unsubscribed_at ? "unsubscribed" : row.confirmed_at ? "confirmed" : "unconfirmed",
  };
}

// --- Events ------------------------------------------------------------------------------------------------

export const ALERT_JOB = "alerts.send";

export interface AlertEvent {
  /** new-work: tell "new works" subscribers; available: tell that work's subscribers. */
  kind: "new-work" | "available";
  artworkId: string;
  /** What happened, once: e.g. new-work:{id}, hold-lapsed:{holdId}. */
  key: string;
}

/** Queues the mails of an event in the caller's transaction: they exist exactly when the event does. */
export async function queueAlertEvent(tx: Database, event: AlertEvent): Promise<void> {
  await enqueue(
    ALERT_JOB,
    { kind: event.kind, artworkId: event.artworkId, key: event.key },
    { dedupeKey: `alerts:${event.key}`, once: true, priority: JOB_PRIORITY.listMail },
    tx,
  );
}

/**
 * Sends an event's mails: one per confirmed subscriber, each recorded under (event, subscriber) in the same
 * transaction as its outbox row. Returns how many were queued now (0 on a rerun). A work no longer to be seen
 * (archived, or bought again before the job ran) is no news: nothing is sent.
 */
export async function sendAlertEvent(event: AlertEvent, database: Database = db()): Promise<number> {
  return database.transaction(async (tx) => {
    const work = await artworkOf(tx, event.artworkId);
    if (!work || work.archived) return 0;
    if (event.kind === "available" && work.availability !== "available") return 0;
    const subscribers = await tx
      .select({ id: workAlerts.id, email: workAlerts.email })
      .from(workAlerts)
      .where(
        and(
          sql`${workAlerts.confirmedAt} is not null`,
          isNull(workAlerts.unsubscribedAt),
          event.kind === "new-work" ? eq(workAlerts.kind, "new-works") : eq(workAlerts.artworkId, event.artworkId),
        ),
      );
    let queued = 0;
    for (const s of subscribers) {
      // The delivery row first: a second run (or process) finds it and skips this subscriber.
      const [fresh] = await tx
        .insert(workAlertDeliveries)
        .values({ eventKey: event.key, alertId: s.id })
        .onConflictDoNothing()
        .returning({ alertId: workAlertDeliveries.alertId });
      if (!fresh) continue;
      const mailId = await sendMail(
        s.email,
        "work-alert",
        {
          kind: event.kind,
          title: work.title,
          url: `${publicUrl()}${paths.artwork(work.id)}`,
          unsubscribeUrl: alertUnsubscribeUrl(s.id),
        },
        tx,
        [],
        links.listHeaders(s.id),
      );
      await tx
        .update(workAlertDeliveries)
        .set({ mailId })
        .where(and(eq(workAlertDeliveries.eventKey, event.key), eq(workAlertDeliveries.alertId, s.id)));
      queued++;
    }
    return queued;
  });
}

/** The background jobs of this module (registered by server/jobs.ts). */
export const alertJobs: JobHandlers = {
  [ALERT_JOB]: async (payload) => {
    const { kind, artworkId, key } = payload;
    if ((kind === "new-work" || kind === "available") && typeof artworkId === "string" && typeof key === "string")
      await sendAlertEvent({ kind, artworkId, key });
  },
};
