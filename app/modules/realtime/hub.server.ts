// The realtime hub: who is connected (spec §3 "Presence entry", §4 "Presence"), broadcasts to everyone signed in
// (the spec's global-broadcast channel) and each user's notification changes. It lives in this process's memory
// (docs/realtime.md says how several processes share it).
//
// What each person may see (docs/realtime.md "Who sees what"): administrators (the artist and their staff)
// receive the full presence list with names and addresses; any other signed-in person receives only how many
// people are online and their own entry, never another person's name or address. Only administrators may
// broadcast, a few times a minute, with a small payload.
import type {
  BroadcastMessage,
  ClientMessage,
  PresenceEntry,
  PresenceMetadata,
  PresenceStatus,
  ServerMessage,
} from "~/lib/realtime";
import { PERMISSIONS_CHANGED_CLOSE, UNAUTHORIZED_CLOSE } from "~/lib/realtime";
import { uuidv7 } from "~/lib/uuid";
import type { SessionStanding } from "~/modules/auth/session.server";

export interface HubSocket {
  send(data: string): void;
  /** Ends the socket (its session ended); the socket's close handler then leaves the hub. */
  close?(code: number, reason: string): void;
}

export interface HubUser {
  id: string;
  email: string;
  name: string;
  /** Administrators see everyone; others see a count and themselves. */
  isAdmin?: boolean;
  /** The session the socket was opened with: signing out of it closes the socket. */
  sessionId?: string;
  /**
   * When that session ends unless it is used again (ms since the epoch): its expiry, or an administrator's idle
   * timeout. Nothing is sent to the socket past it; `reviewSessions` moves it on.
   */
  until?: number;
}

interface Connection {
  socket: HubSocket;
  user: HubUser;
  status: PresenceStatus;
  metadata: PresenceMetadata;
  /** The last presence this socket was sent: the same again is not sent. */
  sentPresence?: string;
  /** When its session ends unless renewed (HubUser.until, moved on by each review). */
  until?: number;
  /** Closed by the hub: sent nothing more, and gone from the hub once the current delivery is done. */
  ended?: boolean;
}

/** Status of a user over all their tabs: online if any tab is, else busy if any is, else away. */
function combined(statuses: PresenceStatus[]): PresenceStatus {
  if (statuses.includes("online")) return "online";
  if (statuses.includes("busy")) return "busy";
  return "away";
}

const BROADCAST_TYPE = /^[a-z][a-z0-9-]{0,39}$/;
const MAX_BROADCAST_BYTES = 4096;
/** Broadcasts per administrator per minute. */
export const BROADCASTS_PER_MINUTE = 6;
/**
 * Presence changes of one user (a socket joining or leaving, a status or shared note sent) that go out to everyone
 * at once; past them, one a second at most, with the latest state. Each change is sent to every socket here, so a
 * script toggling its status, or opening and closing sockets, as fast as it could was multiplied by everyone online.
 */
export const PRESENCE_BURST = 10;
export const PRESENCE_INTERVAL_MS = 1000;
/**
 * Presences the hub sends out to its sockets at once, over all users; past them, the latest state four times a
 * second. Each goes to every socket, so many accounts changing within their own budgets (a hundred signed-up
 * accounts with ten tabs each) would otherwise cost sockets × changes a second and stall the process.
 */
export const PRESENCE_PUBLISH_BURST = 20;
export const PRESENCE_PUBLISH_INTERVAL_MS = 250;

/** The other processes, as the hub sees them (hub-peers.server.ts). */
export interface HubPeers {
  /** A local user's entry changed (undefined: no socket of theirs is left here). */
  presenceChanged(userId: string, entry: PresenceEntry | undefined): void;
  sendToUser(userId: string, message: ServerMessage): void;
  sendBroadcast(message: BroadcastMessage): void;
}

interface PresenceBudget {
  tokens: number;
  at: number;
  held?: ReturnType<typeof setTimeout>;
}

export class RealtimeHub {
  private connections = new Set<Connection>();
  private lastSeen = new Map<string, Date>();
  private broadcasts = new Map<string, number[]>();
  /** Per user: presence changes that may still go out at once (refilled one a second), and a change held back. */
  private presenceBudget = new Map<string, PresenceBudget>();
  /** Presences that may still go out to every socket at once (refilled four a second), and one held back. */
  private publishBudget: PresenceBudget;
  /** Entries of users connected to other processes (one per user and process). */
  private remote: PresenceEntry[] = [];
  private peers: HubPeers | undefined;

  constructor(private readonly now: () => number = Date.now) {
    this.publishBudget = { tokens: PRESENCE_PUBLISH_BURST, at: now() };
  }

  /** Links the hub to the other processes (undefined: this process alone again). */
  connectPeers(peers: HubPeers | undefined): void {
    this.peers = peers;
    if (!peers) this.setRemote([]);
  }

  /** The other processes' entries changed: merged into presence and sent to everyone here. */
  setRemote(entries: PresenceEntry[]): void {
    if (JSON.stringify(entries) === JSON.stringify(this.remote)) return;
    this.remote = entries;
    this.publishPresence();
  }

  /** One user's entry over this process's sockets only (what the peers share). */
  localEntry(userId: string): PresenceEntry | undefined {
    return this.localPresence().find((e) => e.userId === userId);
  }

  /** A signed-in user's socket joins; everyone gets the new presence. Returns the receive and leave functions. */
  join(socket: HubSocket, user: HubUser): { receive: (raw: string) => void; leave: () => void } {
    const connection: Connection = { socket, user, status: "online", metadata: {}, until: user.until };
    this.connections.add(connection);
    this.lastSeen.set(user.id, new Date(this.now()));
    this.deliver(connection, JSON.stringify({ t: "hello", userId: user.id } satisfies ServerMessage));
    // Held back past a burst (the user's, or the hub's), the others hear of it within a second; the new socket
    // sees the presence now.
    this.presenceChanged(user.id);
    if (connection.sentPresence === undefined) this.sendPresence([connection], this.presence());
    return {
      receive: (raw) => this.receive(connection, raw),
      leave: () => {
        if (!this.connections.delete(connection)) return;
        this.lastSeen.set(user.id, new Date(this.now()));
        this.presenceChanged(user.id);
      },
    };
  }

  /**
   * Who is connected now, one entry per user, in the order they arrived; a user with sockets in several
   * processes is one entry (online if any socket is, the latest last-seen).
   */
  presence(): PresenceEntry[] {
    const merged = new Map<string, PresenceEntry & { statuses: PresenceStatus[] }>();
    for (const entry of [...this.localPresence(), ...this.remote]) {
      const seen = merged.get(entry.userId);
      if (!seen) {
        merged.set(entry.userId, { ...entry, statuses: [entry.status] });
        continue;
      }
      seen.statuses.push(entry.status);
      if (entry.lastSeen > seen.lastSeen) seen.lastSeen = entry.lastSeen;
      if (entry.metadata) seen.metadata = { ...seen.metadata, ...entry.metadata };
    }
    return [...merged.values()].map(({ statuses, ...entry }) => ({ ...entry, status: combined(statuses) }));
  }

  /** This process's sockets, one entry per user, in the order they arrived. */
  private localPresence(): PresenceEntry[] {
    const byUser = new Map<string, { user: HubUser; statuses: PresenceStatus[]; metadata: PresenceMetadata }>();
    for (const c of this.connections) {
      if (c.ended) continue;
      const entry = byUser.get(c.user.id) ?? { user: c.user, statuses: [], metadata: {} };
      entry.statuses.push(c.status);
      entry.metadata = { ...entry.metadata, ...c.metadata };
      byUser.set(c.user.id, entry);
    }
    return [...byUser.values()].map(({ user, statuses, metadata }) => ({
      userId: user.id,
      email: user.email,
      name: user.name,
      status: combined(statuses),
      lastSeen: (this.lastSeen.get(user.id) ?? new Date(this.now())).toISOString(),
      ...(Object.keys(metadata).length ? { metadata } : {}),
    }));
  }

  /** Sends a message to every socket of one user (their notifications), in every process. */
  toUser(userId: string, message: ServerMessage): void {
    this.deliverToUser(userId, message);
    this.peers?.sendToUser(userId, message);
  }

  /** A message for one user from another process: to this process's sockets of theirs. */
  deliverToUser(userId: string, message: ServerMessage): void {
    const data = JSON.stringify(message);
    for (const c of this.connections) if (c.user.id === userId) this.deliver(c, data);
  }

  /** A broadcast from an administrator (the dashboard's form or their socket) to everyone signed in. */
  broadcast(from: HubUser, type: string, payload: unknown): BroadcastMessage | "refused" | "too-many" {
    if (!from.isAdmin) return "refused";
    if (!BROADCAST_TYPE.test(type) || JSON.stringify(payload ?? null).length > MAX_BROADCAST_BYTES) return "refused";
    const now = this.now();
    const recent = (this.broadcasts.get(from.id) ?? []).filter((at) => now - at < 60_000);
    if (recent.length >= BROADCASTS_PER_MINUTE) return "too-many";
    this.broadcasts.set(from.id, [...recent, now]);
    const message: BroadcastMessage = {
      id: uuidv7(),
      type,
      payload: payload ?? null,
      from: { userId: from.id, email: from.email },
      timestamp: new Date(now).toISOString(),
    };
    this.deliverBroadcast(message);
    this.peers?.sendBroadcast(message);
    return message;
  }

  /** Delivers a broadcast made elsewhere (another process) to this process's sockets. */
  deliverBroadcast(message: BroadcastMessage): void {
    const data = JSON.stringify({ t: "broadcast", message } satisfies ServerMessage);
    for (const c of this.connections) this.deliver(c, data);
  }

  /** How many sockets are open, in all or for one user. */
  size(userId?: string): number {
    if (userId === undefined) return this.connections.size;
    let n = 0;
    for (const c of this.connections) if (c.user.id === userId) n++;
    return n;
  }

  /** The sessions the open sockets belong to (checked against the database at every heartbeat). */
  sessionIds(): Set<string> {
    const ids = new Set<string>();
    for (const c of this.connections) if (c.user.sessionId && !c.ended) ids.add(c.user.sessionId);
    return ids;
  }

  /** Closes every socket of these sessions (signed out, revoked); returns how many. */
  closeSessions(sessionIds: Iterable<string>): number {
    const ended = new Set(sessionIds);
    let closed = 0;
    for (const c of this.connections) {
      if (!c.user.sessionId || !ended.has(c.user.sessionId) || c.ended) continue;
      closed++;
      this.end(c, UNAUTHORIZED_CLOSE, "Signed out");
    }
    return closed;
  }

  /**
   * What the sockets' sessions may see now (the heartbeat's one query, for the sessions it asked about): a socket
   * whose session ended is closed with 4401; one whose session no longer opens the admin area, or now does, with
   * 4403 (the page connects again and is joined as what it is now); the others' `until` moves on.
   */
  reviewSessions(standings: ReadonlyMap<string, SessionStanding>): void {
    for (const c of this.connections) {
      const id = c.user.sessionId;
      if (id === undefined || !standings.has(id) || c.ended) continue;
      const standing = standings.get(id);
      if (!standing) this.end(c, UNAUTHORIZED_CLOSE, "Session ended");
      else if (standing.isAdmin !== Boolean(c.user.isAdmin))
        this.end(c, PERMISSIONS_CHANGED_CLOSE, "Permissions changed");
      else c.until = standing.until;
    }
  }

  /** Sends `data` to a socket whose session has not ended; one past its session's known end is closed instead. */
  private deliver(c: Connection, data: string): void {
    if (c.ended || this.pastDue(c)) return;
    c.socket.send(data);
  }

  /**
   * Whether the socket's session is past the end the last review knew, in which case it is closed, told nothing
   * more. With 4403, not 4401: the session may have been used (renewed) since that review, so the page joins
   * again at once and the upgrade, which reads the session, closes it with 4401 only if it has really ended.
   */
  private pastDue(c: Connection): boolean {
    if (c.until === undefined || this.now() < c.until) return false;
    this.end(c, PERMISSIONS_CHANGED_CLOSE, "Session due for a check");
    return true;
  }

  /**
   * Closes a socket from this side: it is sent nothing more at once, and leaves the hub (everyone told) once the
   * delivery under way is done, not inside it (a presence being sent to everyone would be overtaken by the next).
   */
  private end(c: Connection, code: number, reason: string): void {
    if (c.ended) return;
    c.ended = true;
    c.socket.close?.(code, reason);
    void Promise.resolve().then(() => {
      if (!this.connections.delete(c)) return;
      this.lastSeen.set(c.user.id, new Date(this.now()));
      this.presenceChanged(c.user.id);
    });
  }

  private receive(connection: Connection, raw: string): void {
    if (connection.ended || this.pastDue(connection)) return;
    let message: ClientMessage;
    try {
      message = JSON.parse(raw) as ClientMessage;
    } catch {
      return;
    }
    if (typeof message !== "object" || message === null) return;
    this.lastSeen.set(connection.user.id, new Date(this.now()));
    switch (message.t) {
      case "ping":
        if (typeof message.id === "number")
          this.deliver(connection, JSON.stringify({ t: "pong", id: message.id } satisfies ServerMessage));
        return;
      case "presence": {
        const status = ["online", "away", "busy"].includes(message.status) ? message.status : connection.status;
        const metadata = cleanMetadata(message.metadata) ?? connection.metadata;
        if (connection.status === status && sameMetadata(connection.metadata, metadata)) return;
        connection.status = status;
        connection.metadata = metadata;
        this.presenceChanged(connection.user.id);
        return;
      }
      case "broadcast":
        if (typeof message.type !== "string") return;
        this.broadcast(connection.user, message.type, message.payload);
        return;
    }
  }

  /**
   * A user's presence changed: it goes out now while they have budget; past it, the latest once a second. A user
   * with no socket left is forgotten once their budget is full again.
   */
  private presenceChanged(userId: string): void {
    const now = this.now();
    const budget = this.presenceBudget.get(userId) ?? { tokens: PRESENCE_BURST, at: now };
    budget.tokens = Math.min(PRESENCE_BURST, budget.tokens + (now - budget.at) / PRESENCE_INTERVAL_MS);
    budget.at = now;
    this.presenceBudget.set(userId, budget);
    if (budget.held) return; // the held change will carry this one too
    if (budget.tokens >= 1) {
      budget.tokens -= 1;
      this.changed(userId);
      this.forgetWhenGone(userId, budget);
      return;
    }
    budget.held = setTimeout(() => {
      budget.held = undefined;
      budget.tokens = 0;
      budget.at = this.now();
      this.changed(userId);
      this.forgetWhenGone(userId, budget);
    }, PRESENCE_INTERVAL_MS);
    budget.held.unref?.();
  }

  /**
   * A user with no socket here: their budget goes once it has filled again (forgetting it sooner would give a
   * script that connects and leaves a fresh burst each time). A later change schedules its own check.
   */
  private forgetWhenGone(userId: string, budget: PresenceBudget): void {
    if (this.size(userId) > 0) return;
    const full = (PRESENCE_BURST - budget.tokens) * PRESENCE_INTERVAL_MS;
    const at = budget.at;
    setTimeout(() => {
      if (this.presenceBudget.get(userId) === budget && budget.at === at && !budget.held && this.size(userId) === 0)
        this.presenceBudget.delete(userId);
    }, full).unref?.();
  }

  /** A local user's sockets changed: everyone here is told, and the other processes through the peers. */
  private changed(userId: string): void {
    this.publishPresence();
    this.peers?.presenceChanged(userId, this.localEntry(userId));
  }

  /**
   * Everyone here is sent the presence: now while the hub's budget lasts, else the latest state once the next
   * presence may go out (a change meanwhile rides along).
   */
  private publishPresence(): void {
    const budget = this.publishBudget;
    if (budget.held) return;
    const now = this.now();
    budget.tokens = Math.min(PRESENCE_PUBLISH_BURST, budget.tokens + (now - budget.at) / PRESENCE_PUBLISH_INTERVAL_MS);
    budget.at = now;
    if (budget.tokens >= 1) {
      budget.tokens -= 1;
      this.sendPresence(this.connections, this.presence());
      return;
    }
    budget.held = setTimeout(
      () => {
        budget.held = undefined;
        budget.tokens = 0;
        budget.at = this.now();
        this.sendPresence(this.connections, this.presence());
      },
      (1 - budget.tokens) * PRESENCE_PUBLISH_INTERVAL_MS,
    );
    budget.held.unref?.();
  }

  /**
   * Administrators get the list; everyone else how many are online, and their own entry. A socket is sent only
   * what differs from the last presence it was sent (one person's status is no news to another customer).
   */
  private sendPresence(connections: Iterable<Connection>, users: PresenceEntry[]): void {
    const count = users.length;
    const everyone = JSON.stringify({ t: "presence", users, count } satisfies ServerMessage);
    const entries = new Map(users.map((u) => [u.userId, u]));
    const own = new Map<string, string>();
    for (const c of connections) {
      let message = c.user.isAdmin ? everyone : own.get(c.user.id);
      if (message === undefined) {
        const entry = entries.get(c.user.id);
        message = JSON.stringify({ t: "presence", users: entry ? [entry] : [], count } satisfies ServerMessage);
        own.set(c.user.id, message);
      }
      if (c.sentPresence === message || c.ended) continue;
      c.sentPresence = message;
      this.deliver(c, message);
    }
  }
}

/** Presence metadata: a few short strings a user chose to share (spec §3 "optional metadata"). */
function cleanMetadata(value: unknown): PresenceMetadata | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const out: PresenceMetadata = {};
  for (const [key, v] of Object.entries(value).slice(0, 8)) {
    if (/^[a-z][a-zA-Z0-9]{0,31}$/.test(key) && typeof v === "string") out[key] = v.slice(0, 120);
  }
  return out;
}

function sameMetadata(a: PresenceMetadata, b: PresenceMetadata): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const KEY = Symbol.for("atelier.realtimeHub");
type Holder = { [KEY]?: RealtimeHub };

/** The process's hub (on globalThis: the dev server loads app modules apart from server/). */
export function realtimeHub(): RealtimeHub {
  const holder = globalThis as Holder;
  holder[KEY] ??= new RealtimeHub();
  return holder[KEY];
}
