// The pieces every paged list of the admin builds its query from (docs/development.md "A paged list"): its search
// box, its order and its page. Each module still writes its own select, so the columns and the index it uses stay
// on the page; these only say the parts that must be the same in every list. `newestFirst` is also the order of
// any other read of the newest rows (a history, a user's notifications, a list's CSV export).
import { desc, ilike, or, type Column, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { pageOffset } from "~/lib/pagination";
import { escapeLike } from "./client.server";

/**
 * Rows where any of `columns` contains the text of a search box (case-insensitive, `%` and `_` taken literally);
 * undefined when the box is empty, so `and(…)` leaves it out.
 */
export function containing(search: string | undefined, ...columns: (Column | SQL)[]): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** Newest first, the id breaking ties, so that a row is never on two pages nor on none. */
export const newestFirst = (table: { createdAt: Column; id: Column }): SQL[] => [desc(table.createdAt), desc(table.id)];

/**
 * One page of a list (`size` rows from `page`, 1 the first), read beside `total`, the count of the whole list
 * (`db().$count(table, where)` with the list's own where). The query is a select made `$dynamic()`.
 */
export async function pageOf<Q extends PgSelect>(
  query: Q,
  total: Promise<number>,
  page: number,
  size: number,
): Promise<{ rows: Awaited<Q>; total: number }> {
  const [rows, count] = await Promise.all([query.limit(size).offset(pageOffset(page, size)), total]);
  return { rows, total: count };
}
