// Notifications (spec §3, §4, §7): a user's newest 50, read one, read all, delete; new ones and changes
// reach the user's open pages through the realtime hub at once. Owns: notifications.
// Producers: notifyAdmins (new orders, messages and commission requests for the artist).
import { and, eq, isNull } from "drizzle-orm";
import { db, type Database } from "~/db/client.server";
import { newestFirst } from "~/db/list-queries.server";
import { notifications, userRoles } from "~/db/schema";
import {
  NOTIFICATION_LIMIT,
  notificationPriority,
  notificationType,
  type NotificationPriority,
  type NotificationType,
  type NotificationView,
} from "~/lib/realtime";
import { uuidv7 } from "~/lib/uuid";
import { services } from "~/services.server";
import { realtimeHub } from "./hub.server";

type Row = typeof notifications.$inferSelect;

function view(row: Row): NotificationView {
  return {
    id: row.id,
    type: notificationType(row.type),
    priority: notificationPriority(row.priority),
    title: row.title,
    message: row.message,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

/** The user's newest notifications, newest first (spec §7: limit 50). */
export async function listNotifications(userId: string): Promise<NotificationView[]> {
  const rows = await db()
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(...newestFirst(notifications))
    .limit(NOTIFICATION_LIMIT);
  return rows.map(view);
}

/** Marks one of the user's notifications read; another user's id changes nothing. */
export async function markNotificationRead(userId: string, id: string): Promise<boolean> {
  const [row] = await db()
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning();
  if (row)
    realtimeHub().toUser(userId, { t: "notification", eventId: uuidv7(), event: "update", notification: view(row) });
  return Boolean(row);
}

/** Marks every unread notification of the user read; returns how many. */
export async function markAllNotificationsRead(userId: string): Promise<number> {
  const rows = await db()
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (rows.length) realtimeHub().toUser(userId, { t: "notification", eventId: uuidv7(), event: "read-all" });
  return rows.length;
}

export async function deleteNotification(userId: string, id: string): Promise<boolean> {
  const rows = await db()
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (rows.length) realtimeHub().toUser(userId, { t: "notification", eventId: uuidv7(), event: "delete", id });
  return rows.length > 0;
}

export interface NewNotification {
  type?: NotificationType;
  priority?: NotificationPriority;
  title: string;
  message?: string;
  link?: string | null;
}

/** Stores a notification for one user and pushes it to their open pages. */
export async function notifyUser(userId: string, input: NewNotification, database: Database = db()) {
  const [row] = await database
    .insert(notifications)
    .values({
      userId,
      type: input.type ?? "info",
      priority: input.priority ?? "default",
      title: input.title.slice(0, 200),
      message: (input.message ?? "").slice(0, 1000),
      link: input.link ?? null,
    })
    .returning();
  if (row)
    realtimeHub().toUser(userId, { t: "notification", eventId: uuidv7(), event: "insert", notification: view(row) });
  return row ? view(row) : undefined;
}

/**
 * Tells every administrator (the artist) about something new. Called after the thing itself is saved: a
 * failure here is logged and never undoes the order or the message it is about.
 */
export async function notifyAdmins(input: NewNotification): Promise<void> {
  try {
    const admins = await db().select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin"));
    for (const { userId } of admins) await notifyUser(userId, input);
  } catch (error) {
    services().logger.error({ err: error, title: input.title }, "could not notify the administrators");
  }
}
