// Rate limits (modules/security/rate-limit.server.ts): one fixed window per key, shared by every process on
// the database and kept across restarts. Keys name the limit and what it counts by
// ("contact:ip:203.0.113.7", "sign-in:email:<sha256>"); rows past their window are pruned.
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    /** When the window ends. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_expires_idx").on(t.expiresAt)],
);
