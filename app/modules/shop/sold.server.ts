// What counts as a sale (order-status.ts SOLD_STATUSES) as a list for SQL written by hand: `status in (${soldStatusesSql})`.
import { sql } from "drizzle-orm";
import { SOLD_STATUSES } from "./order-status";

export const soldStatusesSql = sql.join(
  SOLD_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);
