// The event bus: in-process fan-out, and across processes through PostgreSQL LISTEN/NOTIFY (two buses on one
// database stand for two server processes).
import { afterAll, describe, expect, it } from "vitest";
import { EVENT_CHANNEL, EventBus, listenOnPostgres, type EventTopics } from "~/modules/events/bus.server";
import { BACKENDS, useTestServices } from "../support/harness";
import { sql } from "drizzle-orm";

function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (check()) resolve();
      else if (Date.now() > deadline) reject(new Error("timed out"));
      else setTimeout(tick, 20);
    };
    tick();
  });
}

describe("the event bus in one process", () => {
  it("delivers to every subscriber of the topic, once, and to no other topic", async () => {
    const bus = new EventBus();
    const seen: string[] = [];
    bus.subscribe("catalog.changed", (p) => seen.push(`a:${p.artworkIds?.join(",")}`));
    const off = bus.subscribe("catalog.changed", (p) => seen.push(`b:${p.artworkIds?.join(",")}`));
    bus.subscribe("settings.changed", () => seen.push("settings"));
    await bus.publish("catalog.changed", { artworkIds: ["x"] });
    off();
    await bus.publish("catalog.changed", { artworkIds: ["y"] });
    expect(seen).toEqual(["a:x", "b:x", "a:y"]);
  });

  it("a failing subscriber is reported and does not stop the others", async () => {
    const errors: string[] = [];
    const bus = new EventBus((error, topic) => errors.push(`${topic}: ${(error as Error).message}`));
    const seen: string[] = [];
    bus.subscribe("settings.changed", () => {
      throw new Error("boom");
    });
    bus.subscribe("settings.changed", () => seen.push("second"));
    await bus.publish("settings.changed", {});
    expect(seen).toEqual(["second"]);
    expect(errors).toEqual(["settings.changed: boom"]);
  });
});

describe.each(BACKENDS.filter((b) => b === "postgres"))("the event bus across processes on %s", (backend) => {
  const ctx = useTestServices(backend);
  const buses: EventBus[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.useTransport(undefined);
  });

  async function processBus(
    on: { reconnect?: () => void; error?: () => void } = {},
  ): Promise<{ bus: EventBus; seen: Array<EventTopics["catalog.changed"]> }> {
    const bus = new EventBus();
    const seen: Array<EventTopics["catalog.changed"]> = [];
    bus.subscribe("catalog.changed", (p) => seen.push(p));
    await bus.useTransport(
      await listenOnPostgres({
        databaseUrl: ctx.config.databaseUrl!,
        notify: async (channel, message) => {
          await ctx.handle.db.execute(sql`select pg_notify(${channel}, ${message})`);
        },
        onMessage: (m) => bus.receive(m),
        onReconnect: on.reconnect ?? (() => undefined),
        onError: on.error ?? (() => undefined),
      }),
    );
    buses.push(bus);
    return { bus, seen };
  }

  it("an event published in one process reaches the other once, and its own subscribers once", async () => {
    const a = await processBus();
    const b = await processBus();
    await a.bus.publish("catalog.changed", { artworkIds: ["one"] });
    await until(() => b.seen.length === 1);
    await b.bus.publish("catalog.changed", { artworkIds: ["two"] });
    await until(() => a.seen.length === 2);
    // Give a duplicate the time to arrive, were there one.
    await new Promise((r) => setTimeout(r, 200));
    expect(a.seen).toEqual([{ artworkIds: ["one"] }, { artworkIds: ["two"] }]);
    expect(b.seen).toEqual([{ artworkIds: ["one"] }, { artworkIds: ["two"] }]);
  });

  it("a process whose LISTEN connection is lost says it is not listening, takes it again, and hears the others again", async () => {
    let reconnected = 0;
    const listeningAfterError: Array<boolean | undefined> = [];
    const a = await processBus({
      reconnect: () => reconnected++,
      // After the handler that reported the error has dropped the connection (it does so right after the call).
      error: () => queueMicrotask(() => listeningAfterError.push(a.bus.listening)),
    });
    expect(a.bus.listening).toBe(true);
    // As a restart of the database server or a failover does (every LISTEN of the suite's buses is dropped).
    await ctx.handle.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = ${`listen ${EVENT_CHANNEL}`}`,
    );
    await until(() => reconnected === 1, 30_000);
    expect(listeningAfterError[0]).toBe(false);
    expect(a.bus.listening).toBe(true);

    const b = await processBus();
    await b.bus.publish("catalog.changed", { artworkIds: ["after"] });
    await until(() => a.seen.length === 1);
    expect(a.seen).toEqual([{ artworkIds: ["after"] }]);
  });

  it("a process on its own (no transport) is not listening to anyone", () => {
    expect(new EventBus().listening).toBeUndefined();
  });

  it("refuses an event too large for NOTIFY instead of losing it silently", async () => {
    const a = await processBus();
    await expect(
      a.bus.publish("catalog.changed", {
        artworkIds: Array.from({ length: 400 }, (_, i) => `id-${i}-${"x".repeat(20)}`),
      }),
    ).rejects.toThrow(/too large/);
  });
});
