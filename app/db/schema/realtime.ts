// Realtime: the signed-in user's notifications (spec §3 "Notification", §7 "notifications"), and, when several
// processes share the database, who is connected to which (realtime_presence). Broadcasts are never stored.
import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, updatedAtColumn } from "./columns";
import type { NotificationPriority, NotificationType } from "~/lib/realtime";
import { userIdColumn } from "./auth";

export const notifications = pgTable(
  "notifications",
  {
    id: idColumn(),
    userId: userIdColumn(),
    type: text("type").$type<NotificationType>().notNull().default("info"),
    priority: text("priority").$type<NotificationPriority>().notNull().default("default"),
    title: text("title").notNull(),
    message: text("message").notNull().default(""),
    /** Where the notification leads (a path on this site), if anywhere. */
    link: text("link"),
    createdAt: createdAtColumn(),
    /** Null while unread (spec §4: unread becomes read by setting read_at). */
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("notifications_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst())],
);

/**
 * Presence shared between processes (app/modules/realtime/hub-peers.server.ts): each process keeps one row per
 * user with sockets on it, touches its rows every heartbeat and deletes them when it stops; rows not touched
 * for 90 s belong to a process that died and are ignored, then removed. Used with PostgreSQL only.
 */
export const realtimePresence = pgTable(
  "realtime_presence",
  {
    processId: text("process_id").notNull(),
    userId: userIdColumn(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    status: text("status").$type<"online" | "away" | "busy">().notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>(),
    lastSeen: timestamp("last_seen", { withTimezone: true }).notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.processId, t.userId] }), index("realtime_presence_updated_idx").on(t.updatedAt)],
);
