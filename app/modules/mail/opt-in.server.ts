// The two writes of a double opt-in list (the newsletter's subscribers, "Notify me" alerts): confirming a row
// from the link of its confirmation mail, and leaving the list from the unsubscribe link of any of its mails.
// Each list's module owns its table (with `id`, `email`, `confirmed_at` and `unsubscribed_at`), reads the link's
// token and passes its table here.
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { db, queryRows } from "~/db/client.server";

/** Confirms the row (again, after an unsubscribe): its address, or undefined when there is no such row. */
export async function confirmOptIn(table: PgTable, id: string): Promise<{ email: string } | undefined> {
  const [row] = await queryRows<{ email: string }>(
    db(),
    sql`update ${table} set confirmed_at = coalesce(confirmed_at, now()), unsubscribed_at = null
          where id = ${id} returning email`,
  );
  return row;
}

/** Takes the row off the list (the first time counts): its address, or undefined when there is no such row. */
export async function leaveOptIn(table: PgTable, id: string): Promise<{ email: string } | undefined> {
  const [row] = await queryRows<{ email: string }>(
    db(),
    sql`update ${table} set unsubscribed_at = coalesce(unsubscribed_at, now()) where id = ${id} returning email`,
  );
  return row;
}
