// GET /api/notifications: the signed-in user's newest 50. POST: intent=read (id), read-all, or delete (id).
// Only ever the caller's own notifications; an anonymous POST gets 401.
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/notifications";
import { getAuthContext } from "~/modules/auth/session.server";
import {
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "~/modules/realtime/notifications.server";
import { NOT_UNDERSTOOD, readFormData } from "~/modules/forms/submission.server";

const NOT_SIGNED_IN = { error: "Sign in to see your notifications." };

/**
 * Nobody signed in has no notifications: an empty list and `signedIn: false`, not an error (the header asks
 * before it opens its socket, and a page that signed out meanwhile should not log a failed request).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const context = await getAuthContext(request);
  const notifications = context ? await listNotifications(context.user.id) : [];
  return data({ signedIn: Boolean(context), notifications }, { headers: { "cache-control": "no-store" } });
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.uuid() }),
  z.object({ intent: z.literal("read-all") }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
]);

export async function action({ request }: Route.ActionArgs) {
  const context = await getAuthContext(request);
  if (!context) throw data(NOT_SIGNED_IN, { status: 401 });
  const parsed = ActionSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data({ ok: false as const, error: NOT_UNDERSTOOD }, { status: 400 });
  const userId = context.user.id;
  switch (parsed.data.intent) {
    case "read":
      return { ok: true as const, changed: Number(await markNotificationRead(userId, parsed.data.id)) };
    case "read-all":
      return { ok: true as const, changed: await markAllNotificationsRead(userId) };
    case "delete":
      return { ok: true as const, changed: Number(await deleteNotification(userId, parsed.data.id)) };
  }
}
