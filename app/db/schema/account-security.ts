// Account security kept beside better-auth's tables: the devices a user has signed in from (for sign-in
// alerts) and the one-time tokens of the first-run administrator setup (only their SHA-256 is stored).
import { sql } from "drizzle-orm";
import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAtColumn } from "./columns";
import { userIdColumn } from "./auth";

/** A browser a user has signed in from: user agent + client address, hashed into device_key. */
export const knownDevices = pgTable(
  "known_devices",
  {
    userId: userIdColumn(),
    deviceKey: text("device_key").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    ipAddress: text("ip_address").notNull().default(""),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceKey] })],
);

/** First-run setup: valid while no administrator exists and until expires_at. */
export const setupTokens = pgTable("setup_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  createdAt: createdAtColumn(),
  expiresAt: timestamp("expires_at", { withTimezone: true })
    .notNull()
    .default(sql`now() + interval '24 hours'`),
});
