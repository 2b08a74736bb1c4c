// Analytics reports: page views (this module's counters) beside what the shop and the inbox already record,
// read-only in one place like Customer Management: orders and revenue, messages and commission requests by
// month, the most viewed works, referring sites, and orders per view over 7, 30 or 90 days. Days and months are
// the studio's (docs/decisions/0032-dates-on-the-studios-clock.md).
import { sql } from "drizzle-orm";
import { db, queryRows } from "~/db/client.server";
import { orders } from "~/db/schema";
import { addDays, dayIn, startOfDayIn } from "~/lib/dates";
import { artworkTitlesByKeys } from "~/modules/catalog/catalog.server";
import { studioTimeZone } from "~/modules/settings/settings.server";

import type { AnalyticsRange } from "./page-views";
import { soldStatusesSql } from "~/modules/shop/sold.server";
import { pageOffset } from "~/lib/pagination";

/** Months shown in the monthly tables, this one included. */
const MONTHS = 12;

/** Rows per page of the three ranked tables (works, referring sites, pages); each pages on its own. */
export const RANK_PAGE_SIZE = 10;

export interface RankPages {
  works: number;
  referrers: number;
  pages: number;
}

export interface MonthRow {
  month: string;
  orders: number;
  revenueCents: number;
  messages: number;
  commissions: number;
}

export interface AnalyticsReport {
  range: AnalyticsRange;
  since: string;
  views: number;
  ordersInRange: number;
  /** Orders placed per page view in the range; null without views. */
  conversion: number | null;
  viewsByDay: { day: string; views: number }[];
  topArtworks: { key: string; title: string | null; slug: string | null; views: number }[];
  topReferrers: { host: string; views: number }[];
  topPages: { path: string; views: number }[];
  /** How many rows each ranked table has in all, and the page shown. */
  rankTotals: RankPages;
  rankPages: RankPages;
  months: MonthRow[];
}

const n = (v: unknown) => Number(v ?? 0);

export async function analyticsReport(
  range: AnalyticsRange,
  now: Date = new Date(),
  rankPages: RankPages = { works: 1, referrers: 1, pages: 1 },
): Promise<AnalyticsReport> {
  const offset = (page: number) => pageOffset(page, RANK_PAGE_SIZE);
  const timeZone = await studioTimeZone();
  const today = dayIn(now, timeZone);
  const since = addDays(today, -(range - 1));
  const [year, month] = today.split("-").map(Number) as [number, number];
  const firstMonth = new Date(Date.UTC(year, month - 1 - (MONTHS - 1), 1)).toISOString().slice(0, 7);
  const inRange = sql`day between ${since}::date and ${today}::date`;
  /**
   * Rows created from the studio's day `day` until `now` (the index on created_at serves it). `now` is this
   * process's clock and created_at the database's: a database clock ahead by a second leaves an order placed in
   * that second out until the next look. The bound is for a report asked of a past moment (the tests).
   */
  const createdFrom = (day: string) => sql`created_at >= ${startOfDayIn(day, timeZone)} and created_at <= ${now}`;
  const database = db();
  const [[totals], byDay, artworks, referrers, pages, ordersInRange, monthly, [rankCounts]] = await Promise.all([
    queryRows<{ views: unknown }>(
      database,
      sql`select coalesce(sum(views), 0) as views from page_view_counts where ${inRange}`,
    ),
    queryRows<{ day: string | Date; views: unknown }>(
      database,
      sql`select day, sum(views) as views from page_view_counts where ${inRange} group by day order by day`,
    ),
    queryRows<{ key: string; views: unknown }>(
      database,
      sql`select artwork_key as key, sum(views) as views from page_view_counts
          where ${inRange} and artwork_key is not null
          group by artwork_key order by sum(views) desc, artwork_key
          limit ${RANK_PAGE_SIZE} offset ${offset(rankPages.works)}`,
    ),
    queryRows<{ host: string; views: unknown }>(
      database,
      sql`select referrer_host as host, sum(views) as views from page_view_counts
          where ${inRange} and referrer_host <> ''
          group by referrer_host order by sum(views) desc, referrer_host
          limit ${RANK_PAGE_SIZE} offset ${offset(rankPages.referrers)}`,
    ),
    queryRows<{ path: string; views: unknown }>(
      database,
      sql`select path, sum(views) as views from page_view_counts where ${inRange}
          group by path order by sum(views) desc, path
          limit ${RANK_PAGE_SIZE} offset ${offset(rankPages.pages)}`,
    ),
    database.$count(orders, createdFrom(since)),
    queryRows<{ month: string; orders: unknown; revenue: unknown; messages: unknown; commissions: unknown }>(
      database,
      sql`
        with months as (
          select to_char(m, 'YYYY-MM') as month
            from generate_series(${`${firstMonth}-01`}::date, ${`${today.slice(0, 7)}-01`}::date, interval '1 month') as m
        ),
        o as (
          select to_char(created_at at time zone ${timeZone}, 'YYYY-MM') as month, count(*) as orders,
                 sum(case when status in (${soldStatusesSql}) then total_cents else 0 end) as revenue
            from orders where ${createdFrom(`${firstMonth}-01`)} group by 1
        ),
        msg as (
          select to_char(created_at at time zone ${timeZone}, 'YYYY-MM') as month, count(*) as messages
            from messages where ${createdFrom(`${firstMonth}-01`)} group by 1
        ),
        c as (
          select to_char(created_at at time zone ${timeZone}, 'YYYY-MM') as month, count(*) as commissions
            from commissions where ${createdFrom(`${firstMonth}-01`)} group by 1
        )
        select months.month, coalesce(o.orders, 0) as orders, coalesce(o.revenue, 0) as revenue,
               coalesce(msg.messages, 0) as messages, coalesce(c.commissions, 0) as commissions
          from months left join o using (month) left join msg using (month) left join c using (month)
         order by months.month desc`,
    ),
    queryRows<{ works: unknown; referrers: unknown; pages: unknown }>(
      database,
      sql`select count(distinct artwork_key) as works,
                 count(distinct referrer_host) filter (where referrer_host <> '') as referrers,
                 count(distinct path) as pages
            from page_view_counts where ${inRange}`,
    ),
  ]);
  const titles = new Map((await artworkTitlesByKeys(artworks.map((a) => a.key))).map((a) => [a.key, a]));
  const views = n(totals?.views);
  return {
    range,
    since,
    views,
    ordersInRange,
    conversion: views > 0 ? ordersInRange / views : null,
    viewsByDay: byDay.map((d) => ({
      day: typeof d.day === "string" ? d.day.slice(0, 10) : d.day.toISOString().slice(0, 10),
      views: n(d.views),
    })),
    topArtworks: mergeArtworks(artworks, titles),
    topReferrers: referrers.map((r) => ({ host: r.host, views: n(r.views) })),
    topPages: pages.map((p) => ({ path: p.path, views: n(p.views) })),
    rankTotals: { works: n(rankCounts?.works), referrers: n(rankCounts?.referrers), pages: n(rankCounts?.pages) },
    rankPages,
    months: monthly.map((m) => ({
      month: m.month,
      orders: n(m.orders),
      revenueCents: n(m.revenue),
      messages: n(m.messages),
      commissions: n(m.commissions),
    })),
  };
}

/** One row per work, whether its page was reached by id or by slug; works no longer on the site keep their key. */
function mergeArtworks(
  rows: { key: string; views: unknown }[],
  titles: Map<string, { slug: string; title: string }>,
): AnalyticsReport["topArtworks"] {
  const merged = new Map<string, AnalyticsReport["topArtworks"][number]>();
  for (const row of rows) {
    const found = titles.get(row.key);
    const id = found ? `work:${found.slug}` : `key:${row.key}`;
    const entry = merged.get(id);
    if (entry) entry.views += n(row.views);
    else
      merged.set(id, {
        key: found?.slug ?? row.key,
        title: found?.title ?? null,
        slug: found?.slug ?? null,
        views: n(row.views),
      });
  }
  return [...merged.values()].sort((a, b) => b.views - a.views || a.key.localeCompare(b.key)).slice(0, 10);
}
