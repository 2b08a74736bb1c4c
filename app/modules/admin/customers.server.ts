// Customer Management: everyone who has ordered, commissioned or written to the studio, one row per e-mail
// address (compared without case), with what they have done. Read-only: it is built from orders, commission
// requests and contact messages, so there is nothing to keep in step.
import { sql } from "drizzle-orm";
import { db, escapeLike, queryRows } from "~/db/client.server";
import { soldStatusesSql } from "~/modules/shop/sold.server";
import { pageOffset } from "~/lib/pagination";

export interface Customer {
  email: string;
  name: string;
  orders: number;
  /** Paid, shipped or delivered orders' totals, in cents (refunded and cancelled orders do not count). */
  spentCents: number;
  commissions: number;
  messages: number;
  firstSeen: Date;
  lastSeen: Date;
}

export const CUSTOMERS_PAGE_SIZE = 50;

/** The list, most recently active first, optionally narrowed to a name or e-mail containing `q`. */
export async function listCustomers({ q, page = 1 }: { q?: string; page?: number }) {
  const pattern = q ? `%${escapeLike(q)}%` : null;
  const people = sql`
    select lower(email) as email, name, created_at, 1 as is_order,
           case when status in (${soldStatusesSql}) then total_cents else 0 end as spent,
           0 as is_commission, 0 as is_message
      from orders
    union all
    select lower(email), name, created_at, 0, 0, 1, 0 from commissions
    union all
    select lower(email), name, created_at, 0, 0, 0, 1 from messages`;
  const filtered = sql`
    select email,
           (array_agg(name order by created_at desc))[1] as name,
           sum(is_order)::int as orders,
           sum(spent)::bigint as spent_cents,
           sum(is_commission)::int as commissions,
           sum(is_message)::int as messages,
           min(created_at) as first_seen,
           max(created_at) as last_seen
      from (${people}) as people
     group by email`;
  const where = pattern ? sql`where email ilike ${pattern} or name ilike ${pattern}` : sql``;
  const offset = pageOffset(page, CUSTOMERS_PAGE_SIZE);
  const [rows, [count]] = await Promise.all([
    queryRows<{
      email: string;
      name: string;
      orders: number;
      spent_cents: string | number;
      commissions: number;
      messages: number;
      first_seen: string | Date;
      last_seen: string | Date;
    }>(
      db(),
      sql`select * from (${filtered}) as customers ${where}
          order by last_seen desc, email limit ${CUSTOMERS_PAGE_SIZE} offset ${offset}`,
    ),
    queryRows<{ n: number }>(db(), sql`select count(*)::int as n from (${filtered}) as customers ${where}`),
  ]);
  const customers: Customer[] = rows.map((r) => ({
    email: r.email,
    name: r.name,
    orders: Number(r.orders),
    spentCents: Number(r.spent_cents),
    commissions: Number(r.commissions),
    messages: Number(r.messages),
    firstSeen: new Date(r.first_seen),
    lastSeen: new Date(r.last_seen),
  }));
  return { customers, total: count?.n ?? 0 };
}
