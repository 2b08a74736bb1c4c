// Analytics: page views counted in memory reach the database in one flush, summed per day, path and referring
// site; the report counts views, the most viewed works (by id or slug), referrers, orders per view and the
// monthly orders, revenue, messages and commission requests; views outside the range do not count.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { orders, pageViewCounts } from "~/db/schema";
import { dayIn } from "~/lib/dates";
import { revenueSummary } from "~/modules/admin/dashboard.server";
import {
  flushPageViews,
  MAX_REFERRERS_A_DAY,
  NEW_REFERRERS_PER_CLIENT,
  recordPageView,
} from "~/modules/analytics/page-views.server";
import { analyticsReport, RANK_PAGE_SIZE } from "~/modules/analytics/reports.server";
import { getArtwork } from "~/modules/catalog/catalog.server";
import { markOrderPaid } from "~/modules/shop/order-actions.server";
import { loader as analyticsLoader } from "~/routes/admin/analytics";
import { createLogger } from "~/logger.server";
import { services, setServices } from "~/services.server";
import { adminCookie, userCookie } from "../support/admin-session";
import { failingDatabase } from "../support/failing-database";
import { sendContact, sendCommission } from "../support/inquiry-data";
import { BACKENDS, useTestServices } from "../support/harness";
import { callRoute, placedOrderOf, seedShopSettings, seedWork } from "../support/shop-data";

/** One visitor's address, for views whose client does not matter. */
const VISITOR = "203.0.113.5";

describe.each(BACKENDS)("analytics on %s", (backend) => {
  const ctx = useTestServices(backend);
  beforeAll(() => seedShopSettings());

  it("counts views, works, referrers, orders per view and the months", async () => {
    const heronId = await seedWork({ title: "Heron at Dusk", priceCents: 100_000 });
    const heron = (await getArtwork(heronId))!;
    const view = (path: string, referrerHost = "", artworkKey: string | null = null, at?: Date) =>
      recordPageView({ path, referrerHost, artworkKey }, VISITOR, at);

    for (let i = 0; i < 5; i++) view("/", "instagram.com");
    view("/gallery");
    view("/gallery");
    view(`/artwork/${heron.slug}`, "", heron.slug);
    view(`/artwork/${heronId}`, "pinterest.com", heronId);
    view(`/artwork/${heron.slug}`, "", heron.slug);
    view("/artwork/gone-work", "", "gone-work");
    // Long ago: outside every range.
    view("/", "instagram.com", null, new Date(Date.now() - 200 * 86_400_000));
    await flushPageViews();

    // Summed per day, path and referrer: five views of / from Instagram are one row.
    const rows = await ctx.handle.db.select().from(pageViewCounts);
    expect(rows.find((r) => r.path === "/" && r.views === 5)).toMatchObject({ referrerHost: "instagram.com" });
    // A second flush adds to the same rows.
    view("/gallery");
    await flushPageViews();

    const placed = await placedOrderOf(heronId, { fulfilment: "pickup" });
    await markOrderPaid(placed.id, { kind: "admin", id: "a", email: "artist@example.com" });
    await sendContact({ name: "Ada", email: "ada@example.com" });
    await sendCommission({ name: "Ben", email: "ben@example.com" });

    const report = await analyticsReport(7);
    expect(report.views).toBe(12);
    expect(report.ordersInRange).toBe(1);
    expect(report.conversion).toBeCloseTo(1 / 12);
    // The work's page by slug and by id is one work; a work no longer on the site keeps its key.
    expect(report.topArtworks).toEqual([
      { key: heron.slug, title: "Heron at Dusk", slug: heron.slug, views: 3 },
      { key: "gone-work", title: null, slug: null, views: 1 },
    ]);
    expect(report.topReferrers).toEqual([
      { host: "instagram.com", views: 5 },
      { host: "pinterest.com", views: 1 },
    ]);
    expect(report.topPages[0]).toEqual({ path: "/", views: 5 });
    expect(report.topPages[1]).toEqual({ path: "/gallery", views: 3 });
    expect(report.viewsByDay).toHaveLength(1);
    expect(report.months).toHaveLength(12);
    expect(report.months[0]).toMatchObject({
      month: dayIn(new Date(), "America/Chicago").slice(0, 7),
      orders: 1,
      revenueCents: placed.totalCents,
      messages: 1,
      commissions: 1,
    });
    expect(report.months.slice(1).every((m) => m.orders === 0 && m.messages === 0)).toBe(true);
    expect((await analyticsReport(90)).views).toBe(12);
  });

  it("keeps at most MAX_REFERRERS_A_DAY referring sites a day; views from more sites count without one", async () => {
    const day = new Date(Date.UTC(2031, 4, 10, 12));
    for (let i = 0; i < MAX_REFERRERS_A_DAY + 50; i++)
      recordPageView(
        { path: "/shop", referrerHost: `r${i}.example`, artworkKey: null },
        `10.1.${i >> 8}.${i & 255}`,
        day,
      );
    // A site already kept that day still counts as itself.
    recordPageView({ path: "/shop", referrerHost: "r0.example", artworkKey: null }, VISITOR, day);
    await flushPageViews();
    const rows = await ctx.handle.db.select().from(pageViewCounts).where(eq(pageViewCounts.day, "2031-05-10"));
    expect(rows.filter((r) => r.referrerHost !== "")).toHaveLength(MAX_REFERRERS_A_DAY);
    expect(rows.find((r) => r.referrerHost === "r0.example")?.views).toBe(2);
    expect(rows.find((r) => r.referrerHost === "")?.views).toBe(50);
    expect(rows.reduce((sum, r) => sum + r.views, 0)).toBe(MAX_REFERRERS_A_DAY + 51);
  });

  it("keeps at most NEW_REFERRERS_PER_CLIENT new referring sites a day from one client, so one stranger cannot fill the day's list", async () => {
    const day = new Date(Date.UTC(2031, 4, 11, 12));
    // A stranger names 50 sites first thing in the day; the next visitors' real referrers still count as themselves.
    for (let i = 0; i < 50; i++)
      recordPageView({ path: "/", referrerHost: `forged-${i}.example`, artworkKey: null }, "198.51.100.7", day);
    recordPageView({ path: "/", referrerHost: "instagram.com", artworkKey: null }, "203.0.113.20", day);
    // A site kept already still counts when the stranger names it again; an IPv6 client counts by its /48.
    recordPageView({ path: "/", referrerHost: "forged-0.example", artworkKey: null }, "198.51.100.7", day);
    for (let i = 0; i < 50; i++)
      recordPageView(
        { path: "/", referrerHost: `v6-${i}.example`, artworkKey: null },
        `2001:db8:9:${i.toString(16)}::/64`,
        day,
      );
    await flushPageViews();
    const rows = await ctx.handle.db.select().from(pageViewCounts).where(eq(pageViewCounts.day, "2031-05-11"));
    const kept = (prefix: string) => rows.filter((r) => r.referrerHost.startsWith(prefix));
    expect(kept("forged-")).toHaveLength(NEW_REFERRERS_PER_CLIENT);
    expect(kept("v6-")).toHaveLength(NEW_REFERRERS_PER_CLIENT);
    expect(rows.find((r) => r.referrerHost === "forged-0.example")?.views).toBe(2);
    expect(rows.find((r) => r.referrerHost === "instagram.com")?.views).toBe(1);
    expect(rows.find((r) => r.referrerHost === "")?.views).toBe(100 - 2 * NEW_REFERRERS_PER_CLIENT);
  });

  it("is for administrators only, and reads the range from the URL", async () => {
    expect((await callRoute(analyticsLoader, "/admin/analytics?range=7", { cookie: await userCookie() })).status).toBe(
      403,
    );
    const answer = await callRoute(analyticsLoader, "/admin/analytics?range=7", { cookie: await adminCookie() });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ range: 7, views: 12 });
    const fallback = await callRoute(analyticsLoader, "/admin/analytics?range=365", { cookie: await adminCookie() });
    expect(fallback.body).toMatchObject({ range: 30 });
  });
  it("pages through every ranked row, none left out (ten a page)", async () => {
    for (let i = 1; i <= 23; i++)
      for (let v = 0; v < i; v++)
        recordPageView({ path: `/blog/post-${i}`, referrerHost: `site-${i}.example`, artworkKey: null }, `10.2.0.${i}`);
    await flushPageViews();
    const first = await analyticsReport(7);
    expect(first.rankTotals.referrers).toBeGreaterThanOrEqual(23);
    expect(first.topReferrers).toHaveLength(RANK_PAGE_SIZE);
    expect(first.topReferrers[0]).toEqual({ host: "site-23.example", views: 23 });
    const seen: string[] = [];
    const pages = Math.ceil(first.rankTotals.referrers / RANK_PAGE_SIZE);
    for (let page = 1; page <= pages; page++)
      seen.push(
        ...(await analyticsReport(7, new Date(), { works: 1, referrers: page, pages: 1 })).topReferrers.map(
          (r) => r.host,
        ),
      );
    expect(seen).toHaveLength(first.rankTotals.referrers);
    expect(new Set(seen).size).toBe(seen.length);
    for (let i = 1; i <= 23; i++) expect(seen).toContain(`site-${i}.example`);
    const third = await analyticsReport(7, new Date(), { works: 1, referrers: 1, pages: 3 });
    expect(third.topPages.length).toBeGreaterThan(0);
    expect(third.rankPages.pages).toBe(3);
  });

  it("counts days and months on the studio's clock (Chicago), not in UTC", async () => {
    // 03:00 UTC on 1 March 2031 is 21:00 on 28 February in Chicago: February's, there.
    const lateEvening = new Date("2031-03-01T03:00:00Z");
    const now = new Date("2031-03-01T04:00:00Z");
    recordPageView({ path: "/gallery", referrerHost: "", artworkKey: null }, VISITOR, lateEvening);
    // A minute after midnight in Chicago: the next day's.
    recordPageView({ path: "/gallery", referrerHost: "", artworkKey: null }, VISITOR, new Date("2031-03-01T06:01:00Z"));
    await flushPageViews();
    const heronId = await seedWork({ title: "Heron at Midnight", priceCents: 250_000 });
    const placed = await placedOrderOf(heronId, { fulfilment: "pickup" });
    await markOrderPaid(placed.id, { kind: "admin", id: "a", email: "artist@example.com" });
    await ctx.handle.db
      .update(orders)
      .set({ createdAt: lateEvening, paidAt: lateEvening })
      .where(eq(orders.id, placed.id));

    const report = await analyticsReport(7, now);
    expect(report.viewsByDay).toEqual([{ day: "2031-02-28", views: 1 }]);
    expect(report.since).toBe("2031-02-22");
    expect(report.ordersInRange).toBe(1);
    expect(report.months[0]).toMatchObject({ month: "2031-02", orders: 1, revenueCents: placed.totalCents });
    expect(report.months[11]?.month).toBe("2030-03");
    const nextMorning = await analyticsReport(7, new Date("2031-03-01T12:00:00Z"));
    expect(nextMorning.viewsByDay).toEqual([
      { day: "2031-02-28", views: 1 },
      { day: "2031-03-01", views: 1 },
    ]);
    expect(nextMorning.months[0]).toMatchObject({ month: "2031-03", orders: 0 });
    expect(nextMorning.months[1]).toMatchObject({ month: "2031-02", orders: 1 });

    // Two quarter hours of one studio day, one flush: one row (a statement may not update a row twice).
    const path = "/merged-in-one-flush";
    recordPageView({ path, referrerHost: "", artworkKey: null }, VISITOR, new Date("2031-03-01T15:00:00Z"));
    recordPageView({ path, referrerHost: "", artworkKey: null }, VISITOR, new Date("2031-03-01T15:20:00Z"));
    recordPageView({ path, referrerHost: "", artworkKey: null }, VISITOR, new Date("2031-03-01T15:25:00Z"));
    await flushPageViews();
    const merged = await ctx.handle.db.select().from(pageViewCounts).where(eq(pageViewCounts.path, path));
    expect(merged.map((r) => ({ day: String(r.day).slice(0, 10), views: r.views }))).toEqual([
      { day: "2031-03-01", views: 3 },
    ]);

    // The dashboard's "Revenue this month" is February's until midnight in Chicago.
    expect((await revenueSummary(now)).thisMonthCents).toBe(placed.totalCents);
    expect((await revenueSummary(new Date("2031-03-01T12:00:00Z"))).thisMonthCents).toBe(0);
  });
});

describe("analytics when the database fails", () => {
  useTestServices("pglite");
  const logger = createLogger("silent");
  beforeAll(() => {
    setServices({ ...services(), db: failingDatabase("connection reset"), logger });
  });

  it("never throws to the page: the failed write is logged and its counts dropped", async () => {
    const error = vi.spyOn(logger, "error");
    expect(() => recordPageView({ path: "/gallery", referrerHost: "", artworkKey: null }, VISITOR)).not.toThrow();
    await expect(flushPageViews()).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ keys: 1 }), "page views not recorded");
    // Nothing is left to retry forever.
    error.mockClear();
    await flushPageViews();
    expect(error).not.toHaveBeenCalled();
  });
});
