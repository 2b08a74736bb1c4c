// The one event bus (docs/architecture.md "Events"): `publish(topic, payload)` and `subscribe(topic, fn)`.
// Within a process it is an in-memory fan-out. When processes share a PostgreSQL server, every event also goes
// out with NOTIFY on one channel and every process LISTENs, so each subscriber in every process hears each
// event exactly once (its own process's events are delivered locally and skipped when they come back).
// Payloads are small (NOTIFY carries at most 8,000 bytes): ids and versions, or what the realtime hub sends its
// own sockets (a notification for its user, a broadcast); never secrets.
// Owns: nothing in the database. Exposes: publish, subscribe, eventBus, EventBus, connectEventBus.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { isDatabaseUnavailable, outageReason } from "~/db/unavailable";
import { services } from "~/services.server";
import type { EventTopics, Topic } from "./topics";

export type { EventTopics, Topic } from "./topics";

export const EVENT_CHANNEL = "atelier_events";
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
const MAX_MESSAGE_BYTES = 7_900;

type Handler = (payload: never) => void;

interface Envelope {
  /** The publishing process. */
  o: string;
  t: string;
  p: unknown;
}

/** Carries events to the other processes. */
export interface EventTransport {
  send(message: string): Promise<void>;
  close(): Promise<void>;
  /** Whether the other processes' events can reach this one now (false while it reconnects). */
  connected(): boolean;
}

export class EventBus {
  readonly origin = randomUUID();
  private handlers = new Map<string, Set<Handler>>();
  private transport: EventTransport | undefined;

  constructor(private readonly onError: (error: unknown, topic: string) => void = () => undefined) {}

  subscribe<T extends Topic>(topic: T, fn: (payload: EventTopics[T]) => void): () => void {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(fn);
    return () => set.delete(fn);
  }

  /**
   * Delivers to this process's subscribers at once, then to the other processes. Call it after the change is
   * committed: a subscriber that reads the database must see the new state.
   */
  async publish<T extends Topic>(topic: T, payload: EventTopics[T]): Promise<void> {
    // Checked in every process, so an event that could not cross to the others fails on a laptop too.
    const message = JSON.stringify({ o: this.origin, t: topic, p: payload } satisfies Envelope);
    if (Buffer.byteLength(message) > MAX_MESSAGE_BYTES)
      throw new Error(`event ${topic} is too large for NOTIFY (${Buffer.byteLength(message)} bytes)`);
    this.deliver(topic, payload);
    if (!this.transport) return;
    try {
      await this.transport.send(message);
    } catch (error) {
      this.onError(error, topic);
    }
  }

  /**
   * To the other processes only: for state this process has already applied itself (the realtime hub delivers
   * to its own sockets first). Without a transport (one process) it does nothing.
   */
  async publishToOthers<T extends Topic>(topic: T, payload: EventTopics[T]): Promise<void> {
    if (!this.transport) return;
    const message = JSON.stringify({ o: this.origin, t: topic, p: payload } satisfies Envelope);
    if (Buffer.byteLength(message) > MAX_MESSAGE_BYTES) {
      this.onError(new Error(`event ${topic} is too large for NOTIFY (${Buffer.byteLength(message)} bytes)`), topic);
      return;
    }
    try {
      await this.transport.send(message);
    } catch (error) {
      this.onError(error, topic);
    }
  }

  /** A message from the transport: another process's event (this process's own are skipped). */
  receive(message: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch {
      return;
    }
    if (envelope.o === this.origin || typeof envelope.t !== "string") return;
    this.deliver(envelope.t as Topic, envelope.p as never);
  }

  /** Events of this process only from now on (the transport is closed). */
  async useTransport(transport: EventTransport | undefined): Promise<void> {
    const previous = this.transport;
    this.transport = transport;
    await previous?.close();
  }

  get distributed(): boolean {
    return this.transport !== undefined;
  }

  /**
   * Whether the other processes' events reach this one now: false while the transport reconnects (what they
   * publish meanwhile is missed), undefined for a process on its own. `/metrics` says it.
   */
  get listening(): boolean | undefined {
    return this.transport?.connected();
  }

  /** Delivers to this process's subscribers only. */
  deliver<T extends Topic>(topic: T, payload: EventTopics[T]): void {
    for (const fn of this.handlers.get(topic) ?? []) {
      try {
        (fn as (p: unknown) => void)(payload);
      } catch (error) {
        this.onError(error, topic);
      }
    }
  }
}

const KEY = Symbol.for("atelier.eventBus");
type Holder = { [KEY]?: EventBus };

/** The process's bus (on globalThis: the dev server loads app modules apart from server/). */
export function eventBus(): EventBus {
  const holder = globalThis as Holder;
  holder[KEY] ??= new EventBus((error, topic) => {
    try {
      services().logger.error({ err: error, topic }, "event bus: a subscriber or the transport failed");
    } catch {
      // No services yet (a unit test): nothing to log to.
    }
  });
  return holder[KEY];
}

export function publish<T extends Topic>(topic: T, payload: EventTopics[T]): Promise<void> {
  return eventBus().publish(topic, payload);
}

export function subscribe<T extends Topic>(topic: T, fn: (payload: EventTopics[T]) => void): () => void {
  return eventBus().subscribe(topic, fn);
}

export interface PostgresTransportOptions {
  databaseUrl: string;
  /** Sends NOTIFY through the app's pool (any connection will do). */
  notify: (channel: string, message: string) => Promise<void>;
  onMessage: (message: string) => void;
  /** After a lost LISTEN connection is back: events may have been missed meanwhile. */
  onReconnect: () => void;
  onError: (error: unknown) => void;
}

/** The longest wait between two tries to take the LISTEN connection again (see below). */
const MAX_RECONNECT_DELAY_MS = 5_000;

/**
 * LISTENs on one dedicated connection (a pooled one would be handed to others) and reconnects with backoff
 * (1 s doubling to 5 s) when it drops. Events sent while it was down are lost, so `onReconnect` lets the
 * subscribers that keep derived state (caches) start afresh. The backoff stays short because a process that is
 * not listening serves what the others changed from its caches until it is back: once the database answers
 * again, that lasts 5 s at most (one connection attempt per process every 5 s costs a server nothing).
 */
export async function listenOnPostgres(options: PostgresTransportOptions): Promise<EventTransport> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 1000;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 5000 });
    c.on("notification", (n) => {
      if (n.channel === EVENT_CHANNEL && n.payload) options.onMessage(n.payload);
    });
    c.on("error", (error) => {
      options.onError(error);
      lost(c);
    });
    c.on("end", () => lost(c));
    await c.connect();
    await c.query(`listen ${EVENT_CHANNEL}`);
    client = c;
    delay = 1000;
  };

  const lost = (c: pg.Client) => {
    if (client !== c || closed) return;
    client = undefined;
    c.end().catch(() => undefined);
    schedule();
  };

  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect()
        .then(() => options.onReconnect())
        .catch((error: unknown) => {
          options.onError(error);
          delay = Math.min(MAX_RECONNECT_DELAY_MS, delay * 2);
          schedule();
        });
    }, delay);
    retry.unref();
  };

  await connect();
  return {
    send: (message) => options.notify(EVENT_CHANNEL, message),
    connected: () => client !== undefined,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}

/**
 * At boot: on PostgreSQL the process's bus starts carrying events to and from the other processes on the
 * same database. On PGlite (one process by design) it stays in memory. Returns the stop function.
 */
export async function connectEventBus(
  handle: DatabaseHandle,
  databaseUrl: string | undefined,
): Promise<() => Promise<void>> {
  const bus = eventBus();
  if (handle.kind !== "postgres" || !databaseUrl) return () => Promise.resolve();
  // The log says when the connection is lost and when it is back, not each try in between (every 5 s).
  let lost = false;
  const transport = await listenOnPostgres({
    databaseUrl,
    notify: async (channel, message) => {
      await handle.db.execute(sql`select pg_notify(${channel}, ${message})`);
    },
    onMessage: (message) => bus.receive(message),
    onReconnect: () => {
      lost = false;
      services().logger.info("event bus: LISTEN connection back; the caches start afresh");
      bus.deliver("bus.reconnected", {});
    },
    // The database out of reach is said in a line (what the driver said), not with the socket's stack.
    onError: (error) => {
      if (lost) return;
      lost = true;
      services().logger.warn(
        { err: isDatabaseUnavailable(error) ? outageReason(error) : error },
        "event bus: LISTEN connection lost; retrying until it is back",
      );
    },
  });
  await bus.useTransport(transport);
  return () => bus.useTransport(undefined);
}
