// Background jobs: a table polled with FOR UPDATE SKIP LOCKED, safe with several processes.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn } from "./columns";

export const jobs = pgTable(
  "jobs",
  {
    id: idColumn(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** Same key, same job: enqueueing twice is a no-op while the first is pending. */
    dedupeKey: text("dedupe_key"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** Lower runs first among due jobs: what a person waits for (mail, a lapsing reservation) before image work. */
    priority: smallint("priority").notNull().default(100),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("jobs_due_idx")
      .on(t.priority, t.runAt)
      .where(sql`${t.doneAt} is null`),
    uniqueIndex("jobs_pending_dedupe_idx")
      .on(t.dedupeKey)
      .where(sql`${t.doneAt} is null`),
  ],
);
