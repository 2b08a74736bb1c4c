// Realtime: the signed-in user's notifications (spec §3 "Notification", §7 "notifications"). Presence and
// broadcasts live only in the server's memory (app/modules/realtime/hub.server.ts).
import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { NotificationPriority, NotificationType } from "~/lib/realtime";
import { uuidv7 } from "~/lib/uuid";
import { user } from "./auth";

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`)
      .$defaultFn(uuidv7),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type").$type<NotificationType>().notNull().default("info"),
    priority: text("priority").$type<NotificationPriority>().notNull().default("default"),
    title: text("title").notNull(),
    message: text("message").notNull().default(""),
    /** Where the notification leads (a path on this site), if anywhere. */
    link: text("link"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null while unread (spec §4: unread becomes read by setting read_at). */
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("notifications_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst())],
);
