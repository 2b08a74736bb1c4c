// Admin dashboard: one summary of the studio, gathered from the other modules' exported functions.
// Exposes: dashboardSummary.
import { desc, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { allOf } from "~/lib/promises";
import { orders } from "~/db/schema";
import { catalogCounts, listArtworkEvents } from "~/modules/catalog/admin-catalog.server";
import { countOpenCommissions, countUnreadMessages, latestMessages } from "~/modules/inbox/inbox-admin.server";
import { countSubscribers } from "~/modules/inbox/newsletter.server";
import { outboxCounts } from "~/modules/mail/mail.server";
import { SOLD_STATUSES } from "~/modules/shop/order-status";

export interface Revenue {
  thisMonthCents: number;
  allTimeCents: number;
  currency: string;
  /** False until the shop's orders exist: the figures are then 0, not unknown. */
  fromOrders: boolean;
}

/** Paid orders' totals (paid, shipped or delivered; refunds and cancellations do not count), in UTC months. */
export async function revenueSummary(): Promise<Revenue> {
  const [row] = await db()
    .select({
      allTime: sql<string>`coalesce(sum(${orders.totalCents}), 0)`,
      thisMonth: sql<string>`coalesce(sum(${orders.totalCents}) filter (where ${orders.paidAt} >= date_trunc('month', now() at time zone 'utc') at time zone 'utc'), 0)`,
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
