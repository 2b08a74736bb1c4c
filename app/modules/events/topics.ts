// The events that cross the bus, and their payloads: ids and versions, or what a realtime socket is sent anyway.
// Add a topic here with a line on who publishes it and who listens.
import type { BroadcastMessage, ServerMessage } from "~/lib/realtime";

export interface EventTopics {
  /** The bus lost its LISTEN connection and has it back: events may have been missed; drop derived state. */
  "bus.reconnected": Record<string, never>;
  /**
   * Artworks changed (edit, price, status, images, order, a sale or a lapsed reservation, or what a work's
   * provenance shows: its switch and entries, an exhibition it is in, its certificates). No ids: all.
   */
  "catalog.changed": { artworkIds?: string[] };
  /** Homepage sections, the about page, artist photos, blog posts or exhibitions changed. */
  "content.changed": { area: "homepage" | "about" | "photos" | "blog" | "exhibitions" | "pages" };
  /** Sessions ended (sign-out, revoked, a reset password): their realtime sockets close in every process. */
  "auth.sessions-ended": { sessionIds: string[] };
  /** The site's settings document changed. */
  "settings.changed": Record<string, never>;
  /** Realtime (hub-peers.server.ts): a message for one user's sockets in the other processes. */
  "realtime.user": { userId: string; message: ServerMessage };
  /** Realtime: an administrator's broadcast, for the other processes' sockets. */
  "realtime.broadcast": { message: BroadcastMessage };
  /** Realtime: a process changed its rows of realtime_presence; the others read them again. */
  "realtime.presence": Record<string, never>;
}

export type Topic = keyof EventTopics;
