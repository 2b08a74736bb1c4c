// The newsletter on real databases: double opt-in, links signed with the app's secret, an issue sent in
// throttled batches that a crash can interrupt and resume without mailing anyone twice, one-click
// unsubscribe, and the admin's list (search, status, pages, CSV).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { migrationsFolder, queryRows } from "~/db/client.server";
import { mailOutbox, newsletterIssues, newsletterSubscribers } from "~/db/schema";
import {
  confirmSubscription,
  countSubscribers,
  unsubscribeToken,
  listIssues,
  listSubscribers,
  readUnsubscribeToken,
  sendIssueBatch,
  startIssue,
  subscribe,
  subscribersCsv,
  unsubscribeByToken,
  unsubscribeUrl,
} from "~/modules/inbox/newsletter.server";
import { saveSettings } from "~/modules/settings/settings.server";
import { SUBSCRIBER_STATUS_LABELS } from "~/lib/newsletter";
import { loader as newsletterLoader } from "~/routes/admin/newsletter";
import { adminCookie } from "../support/admin-session";
import { callRoute } from "../support/shop-data";
import { BACKENDS, useTestServices } from "../support/harness";

const tokenFrom = (url: string) => new URL(url).searchParams.get("token");

describe.each(BACKENDS)("newsletter on %s", (backend) => {
  const ctx = useTestServices(backend, { NEWSLETTER_PER_MINUTE: "2" });
  beforeAll(async () => {
    await saveSettings({ artistName: "Mara Ellison", siteTitle: "Mara Ellison", contactEmail: "studio@example.com" });
  });

  const idOf = async (email: string) =>
    (await ctx.handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]!.id;
  const mailsTo = (email: string, template: string) =>
    ctx.handle.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, template)));
  /** The token of the confirmation link mailed to `email` (the last one). */
  const mailedToken = async (email: string) => {
    const mail = (await mailsTo(email, "newsletter-confirm")).at(-1);
    const link = /https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(mail?.text ?? "")?.[0];
    return link ? tokenFrom(link) : null;
  };

  it("asks a new address to confirm, and mails it nothing else until it does", async () => {
    expect(await subscribe("Ada@Example.com")).toBe("confirmation-sent");
    const [confirmMail] = await mailsTo("Ada@Example.com", "newsletter-confirm");
    expect(confirmMail?.subject).toBe("Confirm your subscription to Mara Ellison");
    const id = await idOf("ada@example.com");
    expect(confirmMail?.text).toContain(`/newsletter/confirm?token=${id}.`);
    expect(confirmMail?.text).toContain("Confirm with the button below within 7 days.");
    const token = await mailedToken("Ada@Example.com");
    expect(await countSubscribers()).toMatchObject({ active: 0, unconfirmed: 1 });

    // A link of the other kind, a forged or a cut one, confirms nothing.
    expect(await confirmSubscription(unsubscribeToken(id))).toBeUndefined();
    expect(await confirmSubscription(`${id}.${"A".repeat(32)}`)).toBeUndefined();
    expect(await confirmSubscription(token!.slice(0, -1))).toBeUndefined();
    expect(readUnsubscribeToken(null)).toBeUndefined();

    expect(await confirmSubscription(token)).toEqual({ state: "confirmed", email: "ada@example.com" });
    expect(await countSubscribers()).toMatchObject({ active: 1, unconfirmed: 0 });
    // Subscribing again once confirmed sends nothing more.
    expect(await subscribe("ada@example.com")).toBe("already-subscribed");
    expect(await mailsTo("ada@example.com", "newsletter-confirm")).toHaveLength(0);
  });

  it("sends an issue in throttled batches, resumes after a crash and never mails anyone twice", async () => {
    for (const email of ["ben@example.com", "cy@example.com", "dee@example.com"]) {
      await subscribe(email);
      await confirmSubscription(await mailedToken(email));
    }
    await subscribe("waiting@example.com"); // never confirms
    await subscribe("gone@example.com");
    await confirmSubscription(await mailedToken("gone@example.com"));
    await unsubscribeByToken(unsubscribeToken(await idOf("gone@example.com")));

    const { issue, recipients } = await startIssue({ subject: "Spring studio notes", markdown: "New **paintings**." });
    expect(recipients).toBe(4); // ada, ben, cy, dee
    // The first batch (NEWSLETTER_PER_MINUTE=2), then the process "dies": the rest waits in deliveries.
    expect(await sendIssueBatch(issue.id)).toBe(2);
    // Someone unsubscribes between batches: they are not mailed.
    const [pending] = await queryRows<{ email: string }>(
      ctx.handle.db,
      sql`select s.email from newsletter_deliveries d join newsletter_subscribers s on s.id = d.subscriber_id
           where d.issue_id = ${issue.id} and d.mail_id is null order by s.email limit 1`,
    );
    await unsubscribeByToken(unsubscribeToken(await idOf(pending!.email)));
    // Resumed (the job runs again, twice over, as a retry after a crash would).
    await Promise.all([sendIssueBatch(issue.id), sendIssueBatch(issue.id)]);
    await sendIssueBatch(issue.id);

    const sent = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.template, "newsletter-issue"));
    const addresses = sent.map((m) => m.toAddress).sort();
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(addresses).toHaveLength(3);
    expect(addresses).not.toContain(pending!.email);
    expect(addresses).not.toContain("waiting@example.com");
    expect(addresses).not.toContain("gone@example.com");
    for (const mail of sent) {
      const id = await idOf(mail.toAddress);
      expect(mail.headers).toEqual({
        "List-Unsubscribe": `<${unsubscribeUrl(id)}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      expect(mail.html).toContain("<strong>paintings</strong>");
      expect(mail.text).toContain(unsubscribeUrl(id));
    }
    const [stored] = await ctx.handle.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issue.id));
    expect(stored?.status).toBe("sent");
    const { rows } = await listIssues();
    expect(rows[0]).toMatchObject({ subject: "Spring studio notes", recipients: 4, waiting: 3, sent: 0, failed: 0 });
  });

  it("lists, filters, counts and exports a sign-up whose confirmation link expired as such, not as waiting", async () => {
    const cookie = await adminCookie();
    const page = async (query = "") => {
      const answer = await callRoute(newsletterLoader, `/admin/newsletter${query}`, { cookie });
      return answer.body as {
        counts: { active: number; unconfirmed: number; expired: number };
        subscribers: { total: number; rows: { email: string; status: string }[] };
      };
    };
    const statusOf = async (email: string) =>
      (await listSubscribers({ page: 1, q: email })).rows.find((r) => r.email === email)?.status;
    const before = await countSubscribers();

    // Signed up 8 days ago and never confirmed: the link mailed then works for 7 days.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 8 * 86_400_000 });
    try {
      await subscribe("late@example.com");
    } finally {
      vi.useRealTimers();
    }
    await subscribe("fresh@example.com");
    expect(await statusOf("late@example.com")).toBe("expired");
    expect(await statusOf("fresh@example.com")).toBe("unconfirmed");
    expect(SUBSCRIBER_STATUS_LABELS.expired).toBe("Link expired");
    expect(await countSubscribers()).toEqual({
      ...before,
      unconfirmed: before.unconfirmed + 1,
      expired: before.expired + 1,
      total: before.total + 2,
    });

    // The admin's filters part them: "waiting to confirm" is only who can still confirm.
    const expired = await page("?status=expired");
    expect(expired.subscribers.rows.map((r) => r.email)).toContain("late@example.com");
    expect(expired.subscribers.rows.every((r) => r.status === "expired")).toBe(true);
    expect(expired.subscribers.total).toBe(expired.counts.expired);
    const waiting = await page("?status=unconfirmed");
    expect(waiting.subscribers.rows.map((r) => r.email)).toContain("fresh@example.com");
    expect(waiting.subscribers.rows.map((r) => r.email)).not.toContain("late@example.com");
    expect(waiting.subscribers.total).toBe(waiting.counts.unconfirmed);
    expect(await subscribersCsv({ q: "late@" })).toContain(`"late@example.com","expired","footer"`);

    // Signing up again mails a new link: waiting again, and it confirms.
    await subscribe("late@example.com");
    expect(await statusOf("late@example.com")).toBe("unconfirmed");
    expect(await confirmSubscription(await mailedToken("late@example.com"))).toMatchObject({ state: "confirmed" });
    expect(await statusOf("late@example.com")).toBe("confirmed");
  });

  it("migration 0024 gives each sign-up waiting the time of its newest link, so one asked again lately still works", async () => {
    await subscribe("asked-twice@example.com");
    await subscribe("asked-twice@example.com"); // waiting still: a second link for the same sign-up
    await subscribe("asked-once@example.com");
    await ctx.handle.db.insert(newsletterSubscribers).values({ email: "legacy@example.com" }); // before links had a time
    // Moved back in time as the days would have: asked 10 days ago and again 2 days ago; once, 9 days ago.
    await ctx.handle.db.execute(sql`
      update mail_outbox m set created_at = now() - make_interval(days => a.days)
        from (select id, case when to_address = 'asked-once@example.com' then 9
                              when row_number() over (partition by to_address order by created_at, id) = 1 then 10
                              else 2 end as days
                from mail_outbox where template = 'newsletter-confirm'
                  and to_address in ('asked-twice@example.com', 'asked-once@example.com')) a
       where m.id = a.id`);
    await ctx.handle.db.execute(sql`
      update newsletter_subscribers set confirm_requested_at = now() - make_interval(days =>
          case email when 'asked-twice@example.com' then 10 else 9 end)
       where email in ('asked-twice@example.com', 'asked-once@example.com')`);
    // As before the migration: no row knew when its link was sent.
    await ctx.handle.db.update(newsletterSubscribers).set({ confirmSentAt: null });

    const migration = readFileSync(join(migrationsFolder(), "0024_newsletter_confirm_sent_at.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint").filter((s) => !/ALTER TABLE/.test(s)))
      await ctx.handle.db.execute(sql.raw(statement));

    const statusOf = async (email: string) => (await listSubscribers({ page: 1, q: email })).rows[0]?.status;
    expect(await statusOf("asked-twice@example.com")).toBe("unconfirmed");
    expect(await statusOf("asked-once@example.com")).toBe("expired");
    expect(await statusOf("legacy@example.com")).toBe("expired");
  });

  it("lists every subscriber by page, search and status, and exports them as CSV", async () => {
    await ctx.handle.db
      .insert(newsletterSubscribers)
      .values(Array.from({ length: 60 }, (_, i) => ({ email: `bulk-${String(i).padStart(2, "0")}@example.com` })));
    await ctx.handle.db.insert(newsletterSubscribers).values({ email: "=cmd@example.com", source: "+import" });
    const all = await listSubscribers({ page: 1 });
    expect(all.total).toBeGreaterThan(60);
    expect(all.rows).toHaveLength(50);
    const second = await listSubscribers({ page: 2 });
    expect(second.rows.length).toBe(all.total - 50);
    expect(new Set([...all.rows, ...second.rows].map((r) => r.id)).size).toBe(all.total);
    expect((await listSubscribers({ page: 1, q: "bulk-0" })).total).toBe(10);
    expect((await listSubscribers({ page: 1, status: "unsubscribed" })).rows.map((r) => r.email).sort()).toContain(
      "gone@example.com",
    );
    expect((await listSubscribers({ page: 1, status: "confirmed" })).rows.every((r) => r.status === "confirmed")).toBe(
      true,
    );
    const csv = await subscribersCsv({});
    expect(csv.split("\r\n")[0]).toBe("email,status,source,subscribed_at,confirmed_at,unsubscribed_at");
    expect(csv.split("\r\n")).toHaveLength(all.total + 1);
    // Mailed no confirmation link, it has none that works.
    expect(csv).toContain(`"'=cmd@example.com","expired","'+import"`);
  });
});
