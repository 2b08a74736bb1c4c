// Admin dashboard: one summary of the studio, gathered from the other modules' exported functions.
// Exposes: dashboardSummary.
import { desc, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { dayIn, startOfDayIn } from "~/lib/dates";
import { allOf } from "~/lib/promises";
import { orders } from "~/db/schema";
import { catalogCounts, listArtworkEvents } from "~/modules/catalog/admin-catalog.server";
import { countOpenCommissions, countUnreadMessages, latestMessages } from "~/modules/inbox/inbox-admin.server";
import { countSubscribers } from "~/modules/inbox/newsletter.server";
import { outboxCounts } from "~/modules/mail/mail.server";
import { studioTimeZone } from "~/modules/settings/settings.server";
import { SOLD_STATUSES } from "~/modules/shop/order-status";

export interface Revenue {
  thisMonthCents: number;
  allTimeCents: number;
  currency: string;
  /** False until the shop's orders exist: the figures are then 0, not unknown. */
  fromOrders: boolean;
}

/**
 * Paid orders' totals (paid, shipped or delivered; refunds and cancellations do not count); this month is the
 * studio's month, from its first midnight in the studio's time zone.
 */
export async function revenueSummary(now: Date = new Date()): Promise<Revenue> {
  const timeZone = await studioTimeZone();
  const monthStart = startOfDayIn(`${dayIn(now, timeZone).slice(0, 7)}-01`, timeZone);
  const [row] = await db()
    .select({
      allTime: sql<string>`coalesce(sum(${orders.totalCents}), 0)`,
      thisMonth: sql<string>`coalesce(sum(${orders.totalCents}) filter (where ${orders.paidAt} >= ${monthStart} and ${orders.paidAt} <= ${now}), 0)`,
    })
    .from(orders)
    .where(inArray(orders.status, [...SOLD_STATUSES]));
  return {
    thisMonthCents: Number(row?.thisMonth ?? 0),
    allTimeCents: Number(row?.allTime ?? 0),
    currency: "USD",
    fromOrders: true,
  };
}

async function latestOrders(limit = 5) {
  const rows = await db()
    .select({ id: orders.id, number: orders.number, totalCents: orders.totalCents, at: orders.createdAt })
    .from(orders)
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, label: r.number, totalCents: r.totalCents, at: r.at }));
}

export function dashboardSummary() {
  return allOf({
    counts: catalogCounts(),
    revenue: revenueSummary(),
    subscribers: countSubscribers(),
    mail: outboxCounts(),
    recentChanges: listArtworkEvents({ limit: 6 }),
    openCommissions: countOpenCommissions(),
    unreadMessages: countUnreadMessages(),
    latestInquiries: latestMessages(5),
    latestOrders: latestOrders(5),
  });
}
