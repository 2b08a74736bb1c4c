// Holds on request (docs/shop.md "Holds", decision 0020): a buyer asks the artist to keep a work for them; the
// artist approves or declines; an approved hold makes the work `on_hold` (not on /shop, not buyable by anyone
// else) until its buyer completes the purchase through the signed link mailed to them, or the lapse job
// releases it. Owns: holds. Lock order is always the hold row, then the artwork row (checkout does the same).
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db, queryRows, type Database } from "~/db/client.server";
import { newestFirst, pageOf } from "~/db/list-queries.server";
import { artworks, holds } from "~/db/schema";
import { canMoveHold, holdExpiry, holdHasLapsed, holdIsLive, type HoldStatus } from "~/lib/holds";
import { queueAlertEvent } from "~/modules/alerts/alerts.server";
import { catalogChanged } from "~/modules/catalog/catalog-cache.server";
import { atDeadline, enqueue, JOB_PRIORITY, type JobHandlers } from "~/modules/jobs/jobs.server";
import { emailField, lowerCase, requiredText } from "~/modules/forms/fields";
import { sendConfirmationCopy, sendMail } from "~/modules/mail/mail.server";
import { notifyAdmins } from "~/modules/realtime/notifications.server";
import { readSignedId, signedId } from "~/modules/security/signed-ids.server";
import { getSettings } from "~/modules/settings/settings.server";
import { adminPaths } from "~/lib/admin-paths";
import { formatDateTime } from "~/lib/dates";
import { paths } from "~/lib/paths";
import { absoluteUrl } from "~/lib/seo";
import { services } from "~/services.server";
import { DomainError } from "~/lib/domain-error";

export const HoldRequestSchema = z.object({
  name: requiredText("Enter your name.", 120, "Please keep your name under 120 characters."),
  email: emailField.transform(lowerCase),
  note: z.string().trim().max(1_000, "Please keep the note under 1,000 characters.").default(""),
});
export type HoldRequestInput = z.infer<typeof HoldRequestSchema>;

export type Hold = typeof holds.$inferSelect;

export class HoldError extends DomainError<"not-found" | "invalid" | "unavailable"> {}

export const LAPSE_JOB = "shop.hold.lapse";
const LINK_PURPOSE = "hold:complete";

/** The holder's link: the work's checkout with the hold's signed id (nothing secret is stored). */
export const holdToken = (holdId: string) => signedId(LINK_PURPOSE, holdId);
export const readHoldToken = (token: string | null | undefined) => readSignedId(LINK_PURPOSE, token);
export const holdCheckoutUrl = (hold: Pick<Hold, "id" | "artworkId">) =>
  absoluteUrl(services().config.publicUrl, paths.holdCheckout(hold.artworkId, holdToken(hold.id)));

async function lockHold(tx: Database, id: string): Promise<Hold | undefined> {
  const [row] = await tx.select().from(holds).where(eq(holds.id, id)).for("update");
  return row;
}

async function artworkTitle(tx: Database, id: string): Promise<string> {
  const [row] = await tx.select({ title: artworks.title }).from(artworks).where(eq(artworks.id, id));
  return row?.title ?? "the work";
}

export type RequestHoldResult = { ok: true; hold: Hold; created: boolean } | { ok: false; reason: "unavailable" };

/**
 * A buyer asks to hold a work. It blocks nothing yet: the work stays for sale until the artist approves. The
 * same address asking again for the same work while its request waits gets that request, not another.
 */
export async function requestHold(artworkId: string, input: HoldRequestInput): Promise<RequestHoldResult> {
  const result = await db().transaction(async (tx): Promise<RequestHoldResult> => {
    const [work] = await tx
      .select({ id: artworks.id, title: artworks.title, availability: artworks.availability })
      .from(artworks)
      .where(
        and(
          eq(artworks.id, artworkId),
          sql`${artworks.archivedAt} is null and ${artworks.priceCents} > 0`,
          eq(artworks.availability, "available"),
        ),
      )
      // One request of a work at a time: two of one address at once each found none waiting and made one.
      .for("no key update");
    if (!work) return { ok: false, reason: "unavailable" };
    const [waiting] = await tx
      .select()
      .from(holds)
      .where(and(eq(holds.artworkId, artworkId), eq(holds.email, input.email), eq(holds.status, "requested")));
    if (waiting) return { ok: true, hold: waiting, created: false };
    const [hold] = await tx
      .insert(holds)
      .values({ artworkId, name: input.name, email: input.email, note: input.note })
      .returning();
    await sendConfirmationCopy(input.email, "hold-requested", { name: input.name, title: work.title }, tx);
    return { ok: true, hold: hold!, created: true };
  });
  if (result.ok && result.created) {
    // Told after the commit: the bell links to the Holds page, where Approve and Decline are.
    await notifyAdmins({
      type: "info",
      priority: "high",
      title: `Hold requested: ${await artworkTitle(db(), artworkId)}`,
      message: `${result.hold.name} (${result.hold.email}) asks you to hold it.${result.hold.note ? ` “${result.hold.note.slice(0, 200)}”` : ""}`,
      link: adminPaths.holds(),
    });
  }
  return result;
}

/** The artist approves: the work becomes `on_hold` for `holdHours` and the buyer is mailed their link. */
export async function approveHold(id: string, by: string, now = new Date()): Promise<Hold> {
  const settings = await getSettings();
  const hold = await db().transaction(async (tx) => {
    const current = await lockHold(tx, id);
    if (!current) throw new HoldError("not-found", "There is no such hold request.");
    if (!canMoveHold(current.status, "approved"))
      throw new HoldError("invalid", `This request was already ${current.status}.`);
    // The one conditional UPDATE: only a work still for sale can be put on hold (never a reserved or sold one).
    const taken = await queryRows<{ id: string }>(
      tx,
      sql`update artworks set availability = 'on_hold', updated_at = now()
           where id = ${current.artworkId} and availability = 'available' and archived_at is null
           returning id`,
    );
    if (taken.length === 0)
      throw new HoldError("unavailable", "This work is no longer for sale (reserved, on hold or sold): decline it.");
    const hours = settings.shop.holdHours;
    const expiresAt = holdExpiry(now, hours);
    const [approved] = await tx
      .update(holds)
      .set({ status: "approved", decidedAt: now, decidedBy: by, hours, expiresAt })
      .where(eq(holds.id, id))
      .returning();
    await scheduleLapse(tx, approved!);
    await sendMail(
      approved!.email,
      "hold-approved",
      {
        name: approved!.name,
        title: await artworkTitle(tx, approved!.artworkId),
        until: formatDateTime(expiresAt, settings.shop.timeZone),
        checkoutUrl: holdCheckoutUrl(approved!),
      },
      tx,
    );
    return approved!;
  });
  // The work shows "On hold" and leaves the shop at once, in every process.
  await catalogChanged([hold.artworkId]);
  return hold;
}

/** The artist declines: nothing was blocked; the buyer is told kindly. */
export async function declineHold(id: string, by: string, now = new Date()): Promise<Hold> {
  return db().transaction(async (tx) => {
    const current = await lockHold(tx, id);
    if (!current) throw new HoldError("not-found", "There is no such hold request.");
    if (!canMoveHold(current.status, "declined"))
      throw new HoldError("invalid", `This request was already ${current.status}.`);
    const [declined] = await tx
      .update(holds)
      .set({ status: "declined", decidedAt: now, decidedBy: by, endedAt: now })
      .where(eq(holds.id, id))
      .returning();
    await sendMail(
      declined!.email,
      "hold-declined",
      { name: declined!.name, title: await artworkTitle(tx, declined!.artworkId) },
      tx,
    );
    return declined!;
  });
}

async function scheduleLapse(tx: Database, hold: Pick<Hold, "id" | "expiresAt">) {
  if (!hold.expiresAt) return;
  await enqueue(
    LAPSE_JOB,
    { holdId: hold.id },
    { ...atDeadline(`hold-lapse:${hold.id}`, hold.expiresAt), priority: JOB_PRIORITY.shop },
    tx,
  );
}

/**
 * The lapse job: an approved hold past its end releases its work (on_hold → available) and tells the visitors
 * waiting for that work. Safe to run twice and from several processes: the hold row is locked and only an
 * approved, due hold moves.
 */
export async function lapseHold(id: string, now = new Date()): Promise<"lapsed" | "not-due" | "kept"> {
  const outcome = await db().transaction(async (tx) => {
    const hold = await lockHold(tx, id);
    if (!hold || hold.status !== "approved") return { result: "kept" as const };
    if (!holdHasLapsed(hold, now)) {
      await scheduleLapse(tx, hold);
      return { result: "not-due" as const };
    }
    await tx.update(holds).set({ status: "lapsed", endedAt: now }).where(eq(holds.id, id));
    const released = await queryRows<{ id: string }>(
      tx,
      sql`update artworks set availability = 'available', updated_at = now()
           where id = ${hold.artworkId} and availability = 'on_hold' returning id`,
    );
    if (released.length > 0)
      await queueAlertEvent(tx, { kind: "available", artworkId: hold.artworkId, key: `hold-lapsed:${hold.id}` });
    return { result: "lapsed" as const, artworkId: hold.artworkId };
  });
  if (outcome.result === "lapsed") await catalogChanged([outcome.artworkId]);
  return outcome.result;
}

/** The background jobs of this module (registered by server/jobs.ts). */
export const holdJobs: JobHandlers = {
  [LAPSE_JOB]: async (payload) => {
    if (typeof payload.holdId === "string") await lapseHold(payload.holdId);
  },
};

/**
 * At checkout, inside the order's transaction and before the work is taken: the hold a link names, locked,
 * when it is live and for this work. Only then may the conditional UPDATE take an `on_hold` work.
 */
export async function lockLiveHold(
  tx: Database,
  token: string | undefined,
  artworkIds: readonly string[],
  now = new Date(),
): Promise<Hold | undefined> {
  const id = readHoldToken(token);
  if (!id) return undefined;
  const hold = await lockHold(tx, id);
  return hold && artworkIds.includes(hold.artworkId) && holdIsLive(hold, now) ? hold : undefined;
}

/** The holder bought the work: the hold ends (in the order's transaction), the lapse job finds nothing to do. */
export async function completeHold(tx: Database, holdId: string, orderId: string, now = new Date()): Promise<void> {
  await tx
    .update(holds)
    .set({ status: "completed", orderId, endedAt: now })
    .where(and(eq(holds.id, holdId), eq(holds.status, "approved")));
}

/** The hold a checkout link names, when it is live (the checkout page then offers its work to the holder). */
export async function liveHoldForLink(token: string | null, now = new Date()): Promise<Hold | undefined> {
  const id = readHoldToken(token);
  if (!id) return undefined;
  const [hold] = await db().select().from(holds).where(eq(holds.id, id));
  return hold && holdIsLive(hold, now) ? hold : undefined;
}

// --- The admin's list ------------------------------------------------------------------------------------

export const HOLDS_PAGE_SIZE = 50;

export interface HoldRow {
  id: string;
  artworkId: string;
  artworkTitle: string;
  artworkSlug: string;
  name: string;
  email: string;
  note: string;
  status: HoldStatus;
  createdAt: Date;
  expiresAt: Date | null;
  decidedBy: string | null;
}

/** Waiting requests first, then the rest newest first; one page. */
export async function listHolds(page = 1): Promise<{ rows: HoldRow[]; total: number; waiting: number }> {
  const query = db()
    .select({
      id: holds.id,
      artworkId: holds.artworkId,
      artworkTitle: artworks.title,
      artworkSlug: artworks.slug,
      name: holds.name,
      email: holds.email,
      note: holds.note,
      status: holds.status,
      createdAt: holds.createdAt,
      expiresAt: holds.expiresAt,
      decidedBy: holds.decidedBy,
    })
    .from(holds)
    .innerJoin(artworks, eq(artworks.id, holds.artworkId))
    .orderBy(sql`${holds.status} = 'requested' desc`, ...newestFirst(holds))
    .$dynamic();
  const [{ rows, total }, waiting] = await Promise.all([
    pageOf(query, db().$count(holds), page, HOLDS_PAGE_SIZE),
    db().$count(holds, eq(holds.status, "requested")),
  ]);
  return { rows, total, waiting };
}
