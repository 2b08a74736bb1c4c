// The realtime hub across processes (docs/realtime.md "Several processes"). When processes share a PostgreSQL
// database (WEB_CONCURRENCY, or several machines), each hub holds only its own sockets; this links them:
// - a notification or broadcast is delivered to the hub's own sockets, then sent to the other processes on the
//   event bus (LISTEN/NOTIFY), whose hubs deliver it to theirs;
// - presence is shared through the realtime_presence table: each process writes one row per user connected to
//   it and rings the others ("realtime.presence"), which read the other processes' rows again. Every heartbeat
//   a process touches its rows, and rows a dead process left behind (untouched for 90 s) are dropped.
// On PGlite (one process by design) nothing here runs. Owns: realtime_presence.
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { realtimePresence } from "~/db/schema";
import type { PresenceEntry } from "~/lib/realtime";
import { eventBus, type EventBus } from "~/modules/events/bus.server";
import { realtimeHub, type RealtimeHub } from "./hub.server";

/** How often a process touches its presence rows. */
export const PRESENCE_HEARTBEAT_MS = 30_000;
/** Rows untouched for this long belong to a process that is gone. */
export const PRESENCE_STALE_SECONDS = 90;

export interface PeersOptions {
  db: Database;
  hub?: RealtimeHub;
  bus?: EventBus;
  onError: (error: unknown, what: string) => void;
  heartbeatMs?: number;
}

/** Links this process's hub to the others; returns the stop function (which removes this process's rows). */
export async function connectHubPeers(options: PeersOptions): Promise<() => Promise<void>> {
  const { db, onError } = options;
  const hub = options.hub ?? realtimeHub();
  const bus = options.bus ?? eventBus();
  if (!bus.distributed) return () => Promise.resolve();
  const processId = bus.origin;

  // Presence writes run one at a time, each writing the user's latest entry (several changes in a burst are
  // one write).
  const dirty = new Set<string>();
  let writing: Promise<void> = Promise.resolve();
  const writePresence = async () => {
    const users = [...dirty];
    dirty.clear();
    if (users.length === 0) return;
    for (const userId of users) {
      const entry = hub.localEntry(userId);
      if (entry) {
        const row = {
          processId,
          userId,
          name: entry.name,
          email: entry.email,
          status: entry.status,
          metadata: entry.metadata ?? null,
          lastSeen: new Date(entry.lastSeen),
          updatedAt: new Date(),
        };
        await db
          .insert(realtimePresence)
          .values(row)
          .onConflictDoUpdate({ target: [realtimePresence.processId, realtimePresence.userId], set: row });
      } else {
        await db
          .delete(realtimePresence)
          .where(and(eq(realtimePresence.processId, processId), eq(realtimePresence.userId, userId)));
      }
    }
    await bus.publishToOthers("realtime.presence", {});
  };
  const queueWrite = () => {
    writing = writing.then(writePresence).catch((error: unknown) => onError(error, "presence write"));
  };

  // Reads of the others' rows: one at a time, and one more if asked meanwhile.
  let reading: Promise<void> | undefined;
  let readAgain = false;
  const readRemote = (): Promise<void> => {
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = (async () => {
      do {
        readAgain = false;
        const rows = await db
          .select()
          .from(realtimePresence)
          .where(
            and(
              ne(realtimePresence.processId, processId),
              gt(realtimePresence.updatedAt, sql`now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})`),
            ),
          )
          .orderBy(realtimePresence.lastSeen);
        hub.setRemote(
          rows.map((r): PresenceEntry => ({
            userId: r.userId,
            name: r.name,
            email: r.email,
            status: r.status,
            lastSeen: r.lastSeen.toISOString(),
            ...(r.metadata && Object.keys(r.metadata).length ? { metadata: r.metadata } : {}),
          })),
        );
      } while (readAgain);
    })()
      .catch((error: unknown) => onError(error, "presence read"))
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };

  hub.connectPeers({
    presenceChanged: (userId) => {
      dirty.add(userId);
      queueWrite();
    },
    sendToUser: (userId, message) => void bus.publishToOthers("realtime.user", { userId, message }),
    sendBroadcast: (message) => void bus.publishToOthers("realtime.broadcast", { message }),
  });
  const unsubscribe = [
    bus.subscribe("realtime.user", ({ userId, message }) => hub.deliverToUser(userId, message)),
    bus.subscribe("realtime.broadcast", ({ message }) => hub.deliverBroadcast(message)),
    bus.subscribe("realtime.presence", () => void readRemote()),
    // Events may have been missed while the LISTEN connection was down.
    bus.subscribe("bus.reconnected", () => void readRemote()),
  ];

  const heartbeat = setInterval(() => {
    void (async () => {
      await db.update(realtimePresence).set({ updatedAt: new Date() }).where(eq(realtimePresence.processId, processId));
      const gone = await db
        .delete(realtimePresence)
        .where(lt(realtimePresence.updatedAt, sql`now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})`))
        .returning({ userId: realtimePresence.userId });
      if (gone.length > 0) await bus.publishToOthers("realtime.presence", {});
      await readRemote();
    })().catch((error: unknown) => onError(error, "presence heartbeat"));
  }, options.heartbeatMs ?? PRESENCE_HEARTBEAT_MS);
  heartbeat.unref();

  // Whoever is already connected here (a hub linked after sockets joined), then the others.
  for (const entry of hub.presence()) dirty.add(entry.userId);
  queueWrite();
  await writing;
  await readRemote();

  return async () => {
    clearInterval(heartbeat);
    for (const off of unsubscribe) off();
    hub.connectPeers(undefined);
    await writing;
    try {
      await db.delete(realtimePresence).where(eq(realtimePresence.processId, processId));
      await bus.publishToOthers("realtime.presence", {});
    } catch (error) {
      onError(error, "presence cleanup");
    }
  };
}
