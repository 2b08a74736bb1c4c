// Realtime across processes (issue 13 item 4): two hubs, each with its own event bus LISTENing on one
// PostgreSQL database, behave as two server processes. Presence is merged both ways, a notification or a
// broadcast made in one reaches the sockets of the other, a user leaving one process is gone from the other,
// and a process that stops takes its rows with it. Always on a PostgreSQL server (SERVER_POSTGRES_URL).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realtimePresence, user, userRoles } from "~/db/schema";
import type { PresenceEntry, ServerMessage } from "~/lib/realtime";
import { EventBus, listenOnPostgres } from "~/modules/events/bus.server";
import { RealtimeHub } from "~/modules/realtime/hub.server";
import { connectHubPeers } from "~/modules/realtime/hub-peers.server";
import { useTestServices } from "../support/harness";

class Socket {
  messages: ServerMessage[] = [];
  send(data: string) {
    this.messages.push(JSON.parse(data) as ServerMessage);
  }
  lastPresence(): PresenceEntry[] | undefined {
    const last = this.messages.filter((m) => m.t === "presence").at(-1);
    return last?.t === "presence" ? last.users : undefined;
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("realtime across two processes on one PostgreSQL database", () => {
  const ctx = useTestServices("postgres");
  const processes: { hub: RealtimeHub; bus: EventBus; stop: () => Promise<void> }[] = [];

  async function startProcess() {
    const bus = new EventBus();
    const transport = await listenOnPostgres({
      databaseUrl: ctx.config.databaseUrl!,
      notify: async (channel, message) => {
        await ctx.handle.db.execute(sql`select pg_notify(${channel}, ${message})`);
      },
      onMessage: (message) => bus.receive(message),
      onReconnect: () => undefined,
      onError: (error) => {
        throw error;
      },
    });
    await bus.useTransport(transport);
    const hub = new RealtimeHub();
    const stopPeers = await connectHubPeers({
      db: ctx.handle.db,
      hub,
      bus,
      onError: (error) => {
        throw error;
      },
    });
    const process = {
      hub,
      bus,
      stop: async () => {
        await stopPeers();
        await bus.useTransport(undefined);
      },
    };
    processes.push(process);
    return process;
  }

  beforeAll(async () => {
    await ctx.handle.db.insert(user).values([
      { id: "u-mara", name: "Mara Ellison", email: "mara@example.com" },
      { id: "u-jo", name: "Jo", email: "jo@example.com" },
    ]);
    await ctx.handle.db.insert(userRoles).values({ userId: "u-mara", role: "admin" });
  });
  afterAll(async () => {
    for (const p of processes) await p.stop().catch(() => undefined);
  });

  it("merges presence, carries notifications and broadcasts both ways, and forgets a stopped process", async () => {
    const a = await startProcess();
    const b = await startProcess();
    const mara = new Socket();
    const jo = new Socket();
    a.hub.join(mara, { id: "u-mara", name: "Mara Ellison", email: "mara@example.com", isAdmin: true });
    const joOnB = b.hub.join(jo, { id: "u-jo", name: "Jo", email: "jo@example.com" });

    // The artist on A sees Jo, who is connected to B; Jo (not an admin) sees a count of two and only himself.
    await until(() => mara.lastPresence()?.some((u) => u.userId === "u-jo") === true, "Jo in A's presence");
    expect(mara.lastPresence()!.map((u) => [u.userId, u.name, u.status])).toEqual([
      ["u-mara", "Mara Ellison", "online"],
      ["u-jo", "Jo", "online"],
    ]);
    await until(() => {
      const last = jo.messages.filter((m) => m.t === "presence").at(-1);
      return last?.t === "presence" && last.count === 2;
    }, "a count of two on B");
    expect(jo.lastPresence()!.map((u) => u.userId)).toEqual(["u-jo"]);

    // Jo goes away on B: A hears it.
    joOnB.receive(JSON.stringify({ t: "presence", status: "away" }));
    await until(() => mara.lastPresence()?.find((u) => u.userId === "u-jo")?.status === "away", "Jo away on A");

    // A notification for the artist made in B reaches her socket on A, once.
    b.hub.toUser("u-mara", {
      t: "notification",
      eventId: "e-1",
      event: "read-all",
    });
    await until(() => mara.messages.some((m) => m.t === "notification"), "the notification on A");
    expect(mara.messages.filter((m) => m.t === "notification")).toHaveLength(1);

    // The artist's broadcast from A reaches Jo on B.
    const sent = a.hub.broadcast(
      { id: "u-mara", name: "Mara Ellison", email: "mara@example.com", isAdmin: true },
      "announcement",
      { text: "New collection live" },
    );
    expect(sent).toMatchObject({ type: "announcement" });
    await until(() => jo.messages.some((m) => m.t === "broadcast"), "the broadcast on B");

    // Jo closes his page on B: gone from A's list.
    joOnB.leave();
    await until(() => mara.lastPresence()?.some((u) => u.userId === "u-jo") === false, "Jo gone from A");

    // Jo again on B, then B stops: its rows go and A forgets him.
    b.hub.join(new Socket(), { id: "u-jo", name: "Jo", email: "jo@example.com" });
    await until(() => mara.lastPresence()?.some((u) => u.userId === "u-jo") === true, "Jo back on A");
    await b.stop();
    processes.splice(processes.indexOf(b), 1);
    await until(() => mara.lastPresence()?.some((u) => u.userId === "u-jo") === false, "B's users gone from A");
    const left = await ctx.handle.db.select().from(realtimePresence);
    expect(left.map((r) => r.userId)).toEqual(["u-mara"]);
  });

  it("does nothing for a process alone (the embedded database): no rows, no peers", async () => {
    const before = await ctx.handle.db.select().from(realtimePresence);
    const bus = new EventBus();
    const hub = new RealtimeHub();
    const stop = await connectHubPeers({ db: ctx.handle.db, hub, bus, onError: () => undefined });
    const socket = new Socket();
    hub.join(socket, { id: "u-jo", name: "Jo", email: "jo@example.com" });
    hub.toUser("u-jo", { t: "notification", eventId: "e-2", event: "read-all" });
    expect(socket.messages.filter((m) => m.t === "notification")).toHaveLength(1);
    await stop();
    expect(await ctx.handle.db.select().from(realtimePresence)).toEqual(before);
  });
});
