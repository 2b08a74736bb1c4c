// First-party page views: counted in memory per quarter hour, path and referring host, and added to
// page_view_counts every few seconds in one statement, per day on the studio's clock (docs/decisions/0032), so a
// page never waits for (or fails with) its count. Owns: page_view_counts. Exposes: recordPageView
// (fire-and-forget), flushPageViews (tests, shutdown).
import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { dayIn } from "~/lib/dates";
import { networkKeyOf } from "~/modules/security/client-address";
import { studioTimeZone } from "~/modules/settings/settings.server";
import { services } from "~/services.server";
import type { PageView } from "./page-views";

const FLUSH_MS = 5_000;
/** Distinct (quarter hour, path, referrer) keys held before a flush is forced, so memory stays bounded. */
const MAX_KEYS = 2_000;
/**
 * Views are held per quarter hour and given their day when written: every time zone's offset is a whole number of
 * quarter hours (Kathmandu +5:45, Chatham +12:45), so a quarter hour never straddles the studio's midnight.
 */
const SLOT_MS = 15 * 60_000;
/**
 * Referring sites kept a day by this process. Anyone can name any site in a Referer header, so past this a view
 * counts without one: the table and the admin's list of referrers cannot be filled with names a stranger chose.
 */
export const MAX_REFERRERS_A_DAY = 300;
/**
 * New referring sites one client (an address; an IPv6 client by its /48) may add in a day, so that one stranger
 * cannot use up the day's list just after midnight: filling it takes 30 clients.
 */
export const NEW_REFERRERS_PER_CLIENT = 10;
const DAY_MS = 86_400_000;
/** The day's sites, and how many each client added (at most MAX_REFERRERS_A_DAY clients, so memory is bounded). */
let referrers = { day: -1, hosts: new Set<string>(), addedBy: new Map<string, number>() };

interface Pending extends PageView {
  slot: number;
  views: number;
}

let pending = new Map<string, Pending>();
let timer: NodeJS.Timeout | undefined;
let flushing: Promise<void> = Promise.resolve();

/** A counter's key: its quarter hour or day, path and referring host. */
const keyOf = (when: number | string, view: PageView) => `${when}\u0000${view.path}\u0000${view.referrerHost}`;

/**
 * Counts one view now, from `client` (security/client-address.ts's addressKey); written within FLUSH_MS. Never
 * throws.
 */
export function recordPageView(view: PageView, client: string, at: Date = new Date()): void {
  const slot = Math.floor(at.getTime() / SLOT_MS);
  if (view.referrerHost && !keepReferrer(view.referrerHost, client, at)) view = { ...view, referrerHost: "" };
  const key = keyOf(slot, view);
  const entry = pending.get(key);
  if (entry) entry.views++;
  else pending.set(key, { ...view, slot, views: 1 });
  if (pending.size >= MAX_KEYS) void flushPageViews();
  else if (!timer) {
    timer = setTimeout(() => void flushPageViews(), FLUSH_MS);
    timer.unref();
  }
}

/** Whether a view's referring site is kept: one kept already today, or a new one within both budgets. */
function keepReferrer(host: string, client: string, at: Date): boolean {
  // The UTC day: a bound on what is kept, not a report (whose days are the studio's).
  const day = Math.floor(at.getTime() / DAY_MS);
  if (referrers.day !== day) referrers = { day, hosts: new Set(), addedBy: new Map() };
  if (referrers.hosts.has(host)) return true;
  const by = networkKeyOf(client) ?? client;
  const added = referrers.addedBy.get(by) ?? 0;
  if (referrers.hosts.size >= MAX_REFERRERS_A_DAY || added >= NEW_REFERRERS_PER_CLIENT) return false;
  referrers.hosts.add(host);
  referrers.addedBy.set(by, added + 1);
  return true;
}

/** Writes what has been counted; a failure is logged and those counts are dropped (never retried forever). */
export function flushPageViews(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = undefined;
  const batch = [...pending.values()];
  pending = new Map();
  if (batch.length === 0) return flushing;
  flushing = flushing.then(async () => {
    try {
      const timeZone = await studioTimeZone();
      // One row per (day, path, referrer): a statement may not update the same row twice.
      const rows = new Map<string, PageView & { day: string; views: number }>();
      for (const { slot, views, ...view } of batch) {
        const day = dayIn(new Date(slot * SLOT_MS), timeZone);
        const key = keyOf(day, view);
        const row = rows.get(key);
        if (row) row.views += views;
        else rows.set(key, { ...view, day, views });
      }
      const values = sql.join(
        [...rows.values()].map((v) => sql`(${v.day}::date, ${v.path}, ${v.referrerHost}, ${v.artworkKey}, ${v.views})`),
        sql`, `,
      );
      await db().execute(sql`
        insert into page_view_counts (day, path, referrer_host, artwork_key, views) values ${values}
        on conflict (day, path, referrer_host) do update set views = page_view_counts.views + excluded.views`);
    } catch (err) {
      services().logger.error({ err, keys: batch.length }, "page views not recorded");
    }
  });
  return flushing;
}
