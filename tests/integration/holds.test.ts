// Holds and "Notify me" on real databases: request / approve / decline, the lapse job (run twice, from the
// queue), a held work refusing another buyer and taking its holder's order, and work alerts with double
// opt-in, unsubscribe and one mail per subscriber per event even when the job runs twice.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { holds, jobs, mailOutbox, mediaAssets, notifications, user, userRoles, workAlerts } from "~/db/schema";
import {
  alertUnsubscribeToken,
  alertUnsubscribeUrl,
  confirmAlert,
  queueAlertEvent,
  sendAlertEvent,
  subscribeAlert,
  unsubscribeAlert,
} from "~/modules/alerts/alerts.server";
import { createArtworkFromUpload } from "~/modules/catalog/admin-catalog.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { cancelOrder } from "~/modules/shop/order-actions.server";
import {
  approveHold,
  declineHold,
  holdCheckoutUrl,
  HoldError,
  lapseHold,
  requestHold,
} from "~/modules/shop/holds.server";
import { BACKENDS, useTestServices } from "../support/harness";
import { orderOne, seedShopSettings, seedWork, stockRow } from "../support/shop-data";

const HOLDER = { name: "Hal Holder", email: "hal@example.com", note: "Back from travel on Friday." };
const tokenFrom = (url: string, name = "token") => new URL(url).searchParams.get(name);

describe.each(BACKENDS)("holds and work alerts on %s", (backend) => {
  const ctx = useTestServices(backend);
  beforeAll(() => seedShopSettings({ holdHours: 48 }));

  const mailsTo = (email: string, template: string) =>
    ctx.handle.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, template)));
  /** Time passes: the hold's end is now behind us. */
  const expire = (holdId: string) =>
    ctx.handle.db
      .update(holds)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(holds.id, holdId));

  it("a request blocks nothing, tells the artist's bell and copies the buyer", async () => {
    const [admin] = await ctx.handle.db
      .insert(user)
      .values({ id: "artist-1", email: "artist@example.com", name: "Artist", emailVerified: true })
      .returning();
    await ctx.handle.db.insert(userRoles).values({ userId: admin!.id, role: "admin" });
    const work = await seedWork();
    const result = await requestHold(work, HOLDER);
    expect(result).toMatchObject({ ok: true, created: true, hold: { status: "requested", email: HOLDER.email } });
    expect((await stockRow(work)).availability).toBe("available");
    expect(await mailsTo(HOLDER.email, "hold-requested")).toHaveLength(1);
    const bell = await ctx.handle.db.select().from(notifications).where(eq(notifications.userId, admin!.id));
    expect(bell.map((n) => n.link)).toContain("/admin/holds");
    // Asking again while it waits is the same request.
    expect(await requestHold(work, HOLDER)).toMatchObject({ ok: true, created: false });
    // Declined: nothing was blocked; the buyer is told.
    const declined = await declineHold(result.ok ? result.hold.id : "", "artist@example.com");
    expect(declined.status).toBe("declined");
    expect(await mailsTo(HOLDER.email, "hold-declined")).toHaveLength(1);
    await expect(approveHold(declined.id, "artist@example.com")).rejects.toBeInstanceOf(HoldError);
  });

  it("the same address asking at once from several connections gets one request, one copy", async () => {
    const work = await seedWork({ title: "Tide Table" });
    const asker = { ...HOLDER, email: "twice@example.com" };
    const results = await Promise.all(Array.from({ length: 4 }, () => requestHold(work, asker)));
    expect(results.filter((r) => r.ok && r.created)).toHaveLength(1);
    const rows = await ctx.handle.db.select().from(holds).where(eq(holds.email, asker.email));
    expect(rows).toHaveLength(1);
    expect(await mailsTo(asker.email, "hold-requested")).toHaveLength(1);
  });

  it("an approved hold refuses another buyer, takes its holder's order through the link, and ends", async () => {
    const work = await seedWork({ title: "Harbour at Dusk" });
    const requested = await requestHold(work, HOLDER);
    if (!requested.ok) throw new Error("request refused");
    const approved = await approveHold(requested.hold.id, "artist@example.com");
    expect(approved.status).toBe("approved");
    expect(approved.expiresAt!.getTime() - approved.decidedAt!.getTime()).toBe(48 * 3_600_000);
    expect((await stockRow(work)).availability).toBe("on_hold");
    const [mail] = await mailsTo(HOLDER.email, "hold-approved");
    const link = holdCheckoutUrl(approved);
    expect(mail?.text).toContain(link);
    // A second approval of another request of the same work is refused: the work is no longer for sale.
    const second = await requestHold(work, { ...HOLDER, email: "late@example.com" });
    expect(second.ok).toBe(false);

    // Someone else: refused, with or without a forged or another work's hold.
    expect(await orderOne(work)).toMatchObject({ ok: false, reason: "unavailable" });
    expect(await orderOne(work, { hold: `${approved.id}.${"A".repeat(32)}` })).toMatchObject({ ok: false });
    // The holder, through the link: the order is placed and the hold completed.
    const bought = await orderOne(work, { email: HOLDER.email, hold: tokenFrom(link, "hold")! });
    expect(bought).toMatchObject({ ok: true });
    expect((await stockRow(work)).availability).toBe("reserved");
    const [row] = await ctx.handle.db.select().from(holds).where(eq(holds.id, approved.id));
    expect(row).toMatchObject({ status: "completed", orderId: bought.ok ? bought.order.id : null });
    // The lapse job later finds nothing to do and releases nothing.
    await expire(approved.id);
    expect(await lapseHold(approved.id)).toBe("kept");
    expect((await stockRow(work)).availability).toBe("reserved");
    // The holder's order cancelled: the work is for sale again, like any other.
    if (bought.ok) await cancelOrder(bought.order.id, { kind: "system" });
    expect((await stockRow(work)).availability).toBe("available");
  });

  it("the job releases a lapsed hold once, even run twice, and the holder's link stops working", async () => {
    const work = await seedWork();
    const requested = await requestHold(work, HOLDER);
    if (!requested.ok) throw new Error("request refused");
    const approved = await approveHold(requested.hold.id, "artist@example.com");
    expect(await lapseHold(approved.id)).toBe("not-due");
    expect((await stockRow(work)).availability).toBe("on_hold");
    await expire(approved.id);
    // The queued lapse job (due now) runs; a second run and a direct call change nothing.
    await ctx.handle.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1_000) })
      .where(sql`${jobs.kind} = 'shop.hold.lapse' and ${jobs.doneAt} is null`);
    await runDueJobs();
    expect((await stockRow(work)).availability).toBe("available");
    const [row] = await ctx.handle.db.select().from(holds).where(eq(holds.id, approved.id));
    expect(row?.status).toBe("lapsed");
    expect(await lapseHold(approved.id)).toBe("kept");
    await runDueJobs();
    expect((await stockRow(work)).availability).toBe("available");
    // The old link is now just a checkout: the work is available to everyone, so it may still be bought.
    expect(await orderOne(work, { hold: tokenFrom(holdCheckoutUrl(approved), "hold")! })).toMatchObject({ ok: true });
  });

  it("a work alert needs confirming, mails once per event even if the job runs twice, and unsubscribes", async () => {
    const work = await seedWork({ title: "Blue Interior" });
    expect(await subscribeAlert({ email: "wait@example.com", artworkId: work })).toBe("confirmation-sent");
    expect(await subscribeAlert({ email: "news@example.com" })).toBe("confirmation-sent");
    const [waiting] = await ctx.handle.db.select().from(workAlerts).where(eq(workAlerts.email, "wait@example.com"));
    const [confirmMail] = await mailsTo("wait@example.com", "alert-confirm");
    const [newsMail] = await mailsTo("news@example.com", "alert-confirm");
    const confirmLink = (text: string | undefined) =>
      /https?:\/\/\S+\/alerts\/confirm\?token=\S+/.exec(text ?? "")?.[0];
    expect(confirmLink(confirmMail?.text)).toContain(`/alerts/confirm?token=${waiting!.id}.`);

    // Unconfirmed: no mail for an event.
    expect(await sendAlertEvent({ kind: "available", artworkId: work, key: "test:1" })).toBe(0);
    // Another purpose's or a forged link confirms nothing.
    expect(await confirmAlert(alertUnsubscribeToken(waiting!.id))).toBeUndefined();
    expect(await confirmAlert(tokenFrom(confirmLink(confirmMail?.text)!))).toEqual({
      state: "confirmed",
      email: "wait@example.com",
    });
    expect(await confirmAlert(tokenFrom(confirmLink(newsMail?.text)!))).toEqual({
      state: "confirmed",
      email: "news@example.com",
    });
    expect(await subscribeAlert({ email: "wait@example.com", artworkId: work })).toBe("already-subscribed");

    // A hold on the work lapses: its subscriber gets one mail, however many times the job runs.
    const requested = await requestHold(work, HOLDER);
    if (!requested.ok) throw new Error("request refused");
    const approved = await approveHold(requested.hold.id, "artist@example.com");
    await expire(approved.id);
    expect(await lapseHold(approved.id)).toBe("lapsed");
    await runDueJobs();
    expect(await sendAlertEvent({ kind: "available", artworkId: work, key: `hold-lapsed:${approved.id}` })).toBe(0);
    await queueAlertEvent(ctx.handle.db, { kind: "available", artworkId: work, key: `hold-lapsed:${approved.id}` });
    await runDueJobs();
    const available = await mailsTo("wait@example.com", "work-alert");
    expect(available).toHaveLength(1);
    expect(available[0]!.subject).toBe("“Blue Interior” is available again");
    expect(available[0]!.text).toContain(alertUnsubscribeUrl(waiting!.id));
    expect(available[0]!.headers).toMatchObject({
      "List-Unsubscribe": `<${alertUnsubscribeUrl(waiting!.id)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(await mailsTo("news@example.com", "work-alert")).toHaveLength(0);

    // A new work published from the admin: "new works" subscribers get one mail.
    const [image] = await ctx.handle.db
      .insert(mediaAssets)
      .values({
        hash: "abc123",
        originalKey: "originals/abc123",
        mime: "image/jpeg",
        bytes: 1000,
        width: 800,
        height: 600,
        widths: [400, 800],
        placeholder: "data:,",
      })
      .returning({ id: mediaAssets.id, hash: mediaAssets.hash, widths: mediaAssets.widths });
    if (image) {
      const created = await createArtworkFromUpload(
        {
          title: "Morning Field",
          description: "",
          medium: "Oil",
          year: 2026,
          size: "",
          price: 120_000,
          availability: "available",
          featured: false,
          quantity: 1,
        } as never,
        image,
      );
      await runDueJobs();
      await runDueJobs();
      const fresh = await mailsTo("news@example.com", "work-alert");
      expect(fresh).toHaveLength(1);
      expect(fresh[0]!.subject).toBe("New work: “Morning Field”");
      expect(fresh[0]!.text).toContain(`/artwork/${created.id}`);
    }

    // Unsubscribed: nothing more.
    expect(await unsubscribeAlert(tokenFrom(alertUnsubscribeUrl(waiting!.id)))).toEqual({ email: "wait@example.com" });
    expect(await sendAlertEvent({ kind: "available", artworkId: work, key: "test:after-unsubscribe" })).toBe(0);
  });
});
