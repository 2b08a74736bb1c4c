// The realtime hub: who is connected (spec §3 "Presence entry", §4 "Presence"), broadcasts to everyone
// signed in (the spec's global-broadcast channel) and each user's notification changes. It lives in this
// process's memory: one server process serves every socket (docs/realtime.md says what several would need).
import type { BroadcastMessage, ClientMessage, PresenceEntry, PresenceStatus, ServerMessage } from "~/lib/realtime";
import { uuidv7 } from "~/lib/uuid";

export interface HubSocket {
  send(data: string): void;
}

export interface HubUser {
  id: string;
  email: string;
  name: string;
}

interface Connection {
  socket: HubSocket;
  user: HubUser;
  status: PresenceStatus;
}

/** Status of a user over all their tabs: online if any tab is, else busy if any is, else away. */
function combined(statuses: PresenceStatus[]): PresenceStatus {
  if (statuses.includes("online")) return "online";
  if (statuses.includes("busy")) return "busy";
  return "away";
}

const BROADCAST_TYPE = /^[a-z][a-z0-9-]{0,39}$/;
const MAX_BROADCAST_BYTES = 4096;

export class RealtimeHub {
  private connections = new Set<Connection>();
  private lastSeen = new Map<string, Date>();

  /** A signed-in user's socket joins; everyone gets the new presence list. Returns the leave function. */
  join(socket: HubSocket, user: HubUser): { receive: (raw: string) => void; leave: () => void } {
    const connection: Connection = { socket, user, status: "online" };
    this.connections.add(connection);
    this.lastSeen.set(user.id, new Date());
    send(socket, { t: "hello", userId: user.id });
    this.publishPresence();
    return {
      receive: (raw) => this.receive(connection, raw),
      leave: () => {
        if (!this.connections.delete(connection)) return;
        this.lastSeen.set(user.id, new Date());
        this.publishPresence();
      },
    };
  }

  /** Who is connected now, one entry per user, in the order they arrived. */
  presence(): PresenceEntry[] {
    const byUser = new Map<string, { user: HubUser; statuses: PresenceStatus[] }>();
    for (const c of this.connections) {
      const entry = byUser.get(c.user.id) ?? { user: c.user, statuses: [] };
      entry.statuses.push(c.status);
      byUser.set(c.user.id, entry);
    }
    return [...byUser.values()].map(({ user, statuses }) => ({
      userId: user.id,
      email: user.email,
      name: user.name,
      status: combined(statuses),
      lastSeen: (this.lastSeen.get(user.id) ?? new Date()).toISOString(),
    }));
  }

  /** Sends a message to every socket of one user (their notifications). */
  toUser(userId: string, message: ServerMessage): void {
    const data = JSON.stringify(message);
    for (const c of this.connections) if (c.user.id === userId) c.socket.send(data);
  }

  /** How many sockets are open (for /healthz-style checks and tests). */
  size(): number {
    return this.connections.size;
  }

  private receive(connection: Connection, raw: string): void {
    let message: ClientMessage;
    try {
      message = JSON.parse(raw) as ClientMessage;
    } catch {
      return;
    }
    this.lastSeen.set(connection.user.id, new Date());
    switch (message.t) {
      case "ping":
        if (typeof message.id === "number") send(connection.socket, { t: "pong", id: message.id });
        return;
      case "presence":
        if (!["online", "away", "busy"].includes(message.status) || connection.status === message.status) return;
        connection.status = message.status;
        this.publishPresence();
        return;
      case "broadcast": {
        if (typeof message.type !== "string" || !BROADCAST_TYPE.test(message.type)) return;
        if (JSON.stringify(message.payload ?? null).length > MAX_BROADCAST_BYTES) return;
        const broadcast: BroadcastMessage = {
          id: uuidv7(),
          type: message.type,
          payload: message.payload ?? null,
          from: { userId: connection.user.id, email: connection.user.email },
          timestamp: new Date().toISOString(),
        };
        this.toAll({ t: "broadcast", message: broadcast });
        return;
      }
    }
  }

  private publishPresence(): void {
    this.toAll({ t: "presence", users: this.presence() });
  }

  private toAll(message: ServerMessage): void {
    const data = JSON.stringify(message);
    for (const c of this.connections) c.socket.send(data);
  }
}

function send(socket: HubSocket, message: ServerMessage) {
  socket.send(JSON.stringify(message));
}

const KEY = Symbol.for("atelier.realtimeHub");
type Holder = { [KEY]?: RealtimeHub };

/** The process's hub (on globalThis: the dev server loads app modules apart from server/). */
export function realtimeHub(): RealtimeHub {
  const holder = globalThis as Holder;
  holder[KEY] ??= new RealtimeHub();
  return holder[KEY];
}
