// The browser's side of the notification list (spec §4 "Optimistic update", §8): loading it, and sending a
// change made optimistically. Failures are logged only (console.warn); a failed change fetches the list again,
// so what the page shows returns to the server's.
import { fetchWithRetry } from "./client-data";
import type { NotificationView } from "./realtime";

export const NOTIFICATIONS_URL = "/api/notifications";

export interface NotificationList {
  signedIn: boolean;
  notifications: NotificationView[];
}

/** The user's notifications (tried once more after a failure), or undefined when that failed too: logged only. */
export async function fetchNotifications(url: string = NOTIFICATIONS_URL): Promise<NotificationList | undefined> {
  try {
    const response = await fetchWithRetry(url, { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return (await response.json()) as NotificationList;
  } catch (error) {
    console.warn("Failed to load notifications", error);
    return undefined;
  }
}

/** Sends a change already shown (read, read-all, delete); on failure logs it and calls `refetch`. */
export async function sendNotificationChange(
  body: Record<string, string>,
  refetch: () => Promise<unknown>,
  url: string = NOTIFICATIONS_URL,
): Promise<void> {
  try {
    const response = await fetch(url, { method: "POST", body: new URLSearchParams(body) });
    if (!response.ok) throw new Error(`notifications: ${response.status}`);
  } catch (error) {
    console.warn("Failed to update notifications", error);
    await refetch();
  }
}
