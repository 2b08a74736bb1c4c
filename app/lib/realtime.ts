// Realtime constants and message shapes shared by the server and the browser (spec §3, §4, §8, §9).

export const NOTIFICATION_TYPES = ["error", "warning", "success", "info"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_PRIORITIES = ["urgent", "high", "normal", "default"] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** Spec §3: an unknown type reads as info, an unknown priority as default. */
export function notificationType(value: string): NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value) ? (value as NotificationType) : "info";
}
export function notificationPriority(value: string): NotificationPriority {
  return (NOTIFICATION_PRIORITIES as readonly string[]).includes(value) ? (value as NotificationPriority) : "default";
}

/** Spec §9. */
export const NOTIFICATION_LIMIT = 50;
export const RECONNECT_MAX_ATTEMPTS = 5;
export const RECONNECT_DELAY_MS = 2000;
export const LATENCY_SAMPLES = 100;
export const LATENCY_TARGET_MS = 100;
export const METRICS_REFRESH_MS = 1000;
export const ONLINE_AVATARS_SHOWN = 3;
export const REALTIME_PATH = "/realtime";
/**
 * The close code of a socket opened without a valid session. The server accepts the upgrade and closes at
 * once rather than refusing it with 401: a refused handshake is an error in the browser's console, and a
 * page can race its own sign-out (it asked for the socket just before the session ended).
 */
export const UNAUTHORIZED_CLOSE = 4401;
/**
 * The close code of a socket whose session still holds but no longer carries what the socket was opened with (an
 * administrator's role taken away, or the admin area now needing a second factor they have not set up), or whose
 * session is past the end the server last knew (it may have been renewed since): the page connects again at once
 * and sees what the session may see now, or is closed with 4401 if it has ended.
 */
export const PERMISSIONS_CHANGED_CLOSE = 4403;
/** The close code of a socket over one person's limit (too many tabs): no retry. */
export const TOO_MANY_CONNECTIONS_CLOSE = 4429;
/** The close code of a socket refused while the server is full (1013, "Try Again Later"): retried with backoff. */
export const TRY_AGAIN_LATER_CLOSE = 1013;

/** Spec §9: the badge shows the count, or 9+ above 9. */
export function badgeText(unread: number): string {
  return unread > 9 ? "9+" : String(unread);
}

export type LatencyQuality = "excellent" | "good" | "poor" | "offline";

/** Spec §9: excellent at or below 100 ms, good at or below 200, poor at or below 500, else offline. */
export function latencyQuality(ms: number | null): LatencyQuality {
  if (ms === null) return "offline";
  if (ms <= 100) return "excellent";
  if (ms <= 200) return "good";
  if (ms <= 500) return "poor";
  return "offline";
}

/** Spec §4: reconnect waits 2000 ms times the attempt number, at most 5 attempts. */
export function reconnectDelay(attempt: number): number | null {
  return attempt > RECONNECT_MAX_ATTEMPTS ? null : RECONNECT_DELAY_MS * attempt;
}

/** The average of the last LATENCY_SAMPLES round trips (null before the first). */
export function averageLatency(samples: readonly number[]): number | null {
  const recent = samples.slice(-LATENCY_SAMPLES);
  return recent.length ? Math.round(recent.reduce((a, b) => a + b, 0) / recent.length) : null;
}

export type ConnectionState = "connecting" | "connected" | "disconnected" | "error";
export type PresenceStatus = "online" | "away" | "busy";

/** Spec §3 "optional metadata": a few short strings a user shares with their presence (e.g. a note). */
export type PresenceMetadata = Record<string, string>;

export interface PresenceEntry {
  userId: string;
  email: string;
  name: string;
  status: PresenceStatus;
  lastSeen: string;
  metadata?: PresenceMetadata;
}

export interface NotificationView {
  id: string;
  type: NotificationType;
  priority: NotificationPriority;
  title: string;
  message: string;
  link: string | null;
  createdAt: string;
  readAt: string | null;
}

/** The broadcast type of the studio's announcements: `{ text }`, shown as a toast to everyone signed in. */
export const ANNOUNCEMENT = "announcement";
export const MAX_ANNOUNCEMENT_LENGTH = 280;

/** The text of an announcement's payload, when it has one. */
export function announcementText(payload: unknown): string | undefined {
  const text = (payload as { text?: unknown } | null)?.text;
  return typeof text === "string" && text.trim() ? text.trim().slice(0, MAX_ANNOUNCEMENT_LENGTH) : undefined;
}

export interface BroadcastMessage {
  id: string;
  type: string;
  payload: unknown;
  from: { userId: string; email: string };
  timestamp: string;
}

/** Browser -> server. */
export type ClientMessage =
  | { t: "ping"; id: number }
  | { t: "presence"; status: PresenceStatus; metadata?: PresenceMetadata }
  | { t: "broadcast"; type: string; payload: unknown };

/** Server -> browser. */
export type ServerMessage =
  | { t: "hello"; userId: string }
  | { t: "pong"; id: number }
  /** Administrators get every entry; anyone else only their own, and how many are online (`count`). */
  | { t: "presence"; users: PresenceEntry[]; count: number }
  | { t: "broadcast"; message: BroadcastMessage }
  | {
      t: "notification";
      /** Unique per event, so a browser that receives it twice drops the second (spec §9 duplicate-event cache). */
      eventId: string;
      event: "insert" | "update" | "delete" | "read-all";
      notification?: NotificationView;
      id?: string;
    };
