// Notifications and the realtime hub: a user's newest 50, read / read all / delete on their own rows only,
// every change pushed to that user's sockets and nobody else's; presence, ping and broadcast; the artist told
// of a new message.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { notifications, user, userRoles } from "~/db/schema";
import type { ServerMessage } from "~/lib/realtime";
import { newSubmissionKey, submitContact, ContactSchema } from "~/modules/inbox/inquiries.server";
import {
  PRESENCE_BURST,
  PRESENCE_INTERVAL_MS,
  PRESENCE_PUBLISH_BURST,
  PRESENCE_PUBLISH_INTERVAL_MS,
  RealtimeHub,
  realtimeHub,
} from "~/modules/realtime/hub.server";
import {
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notifyUser,
} from "~/modules/realtime/notifications.server";
import { saveSettings } from "~/modules/settings/settings.server";
import { BACKENDS, useTestServices } from "../support/harness";

class FakeSocket {
  received: ServerMessage[] = [];
  send(data: string) {
    this.received.push(JSON.parse(data) as ServerMessage);
  }
  last<T extends ServerMessage["t"]>(t: T) {
    return this.received.filter((m) => m.t === t).at(-1) as Extract<ServerMessage, { t: T }> | undefined;
  }
}

/** A socket the hub can close, as a real one: the code it was closed with. */
class ClosableSocket extends FakeSocket {
  closedWith?: number;
  close(code: number) {
    this.closedWith ??= code;
  }
}

/** Lets the hub finish what it does after a delivery (a socket it closed leaves once the delivery is done). */
const settled = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe("the realtime hub", () => {
  const artist = { id: "u-mara", email: "mara@example.com", name: "Mara", isAdmin: true };

  /** A hub on Vitest's fake clock (the test's own), with the artist connected on `m`. */
  function hubOnFakeTime() {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const hub = new RealtimeHub(() => Date.now());
    const m = new FakeSocket();
    hub.join(m, artist);
    return { hub, m };
  }

  it("keeps one presence entry per user over their tabs, away only when every tab is hidden", () => {
    const hub = new RealtimeHub();
    const a1 = new FakeSocket();
    const a2 = new FakeSocket();
    const m = new FakeSocket();
    const ann = { id: "u-ann", email: "ann@example.com", name: "Ann" };
    const tab1 = hub.join(a1, ann);
    const tab2 = hub.join(a2, ann);
    const mara = hub.join(m, artist);
    expect(a1.received[0]).toEqual({ t: "hello", userId: "u-ann" });
    expect(m.last("presence")!.users.map((u) => [u.userId, u.status])).toEqual([
      ["u-ann", "online"],
      ["u-mara", "online"],
    ]);

    tab1.receive(JSON.stringify({ t: "presence", status: "away" }));
    expect(m.last("presence")!.users[0]!.status).toBe("online");
    tab2.receive(JSON.stringify({ t: "presence", status: "away" }));
    expect(m.last("presence")!.users[0]!.status).toBe("away");
    tab2.receive(JSON.stringify({ t: "presence", status: "busy" }));
    expect(m.last("presence")!.users[0]!.status).toBe("busy");
    tab2.receive(JSON.stringify({ t: "presence", status: "online" }));
    expect(m.last("presence")!.users[0]!.status).toBe("online");

    tab1.leave();
    tab2.leave();
    expect(m.last("presence")!.users.map((u) => u.userId)).toEqual(["u-mara"]);
    mara.leave();
    expect(hub.size()).toBe(0);
  });

  it("tells the artist who is online, and anyone else only how many and themselves (no names, no addresses)", () => {
    const hub = new RealtimeHub();
    const m = new FakeSocket();
    const a = new FakeSocket();
    const b = new FakeSocket();
    hub.join(m, artist);
    hub.join(a, { id: "u-ann", email: "ann@example.com", name: "Ann Collector" });
    hub.join(b, { id: "u-bob", email: "bob@example.com", name: "Bob" });
    expect(m.last("presence")).toMatchObject({ count: 3 });
    expect(m.last("presence")!.users.map((u) => u.email)).toEqual([
      "mara@example.com",
      "ann@example.com",
      "bob@example.com",
    ]);
    for (const [socket, self] of [
      [a, "ann@example.com"],
      [b, "bob@example.com"],
    ] as const) {
      const presence = socket.last("presence")!;
      expect(presence.count).toBe(3);
      expect(presence.users.map((u) => u.email)).toEqual([self]);
      // Nothing of anyone else in anything this socket received.
      const everything = JSON.stringify(socket.received);
      for (const other of ["mara@example.com", "Mara", "ann@example.com", "Ann Collector", "bob@example.com"])
        if (other !== self && !(self === "ann@example.com" && other === "Ann Collector"))
          expect(everything).not.toContain(other);
    }
  });

  it("keeps presence metadata a user shares, short strings only", () => {
    const hub = new RealtimeHub();
    const m = new FakeSocket();
    const mara = hub.join(m, artist);
    mara.receive(JSON.stringify({ t: "presence", status: "busy", metadata: { note: "In the studio", bad: 3 } }));
    expect(m.last("presence")!.users[0]).toMatchObject({ status: "busy", metadata: { note: "In the studio" } });
    mara.receive(JSON.stringify({ t: "presence", status: "online", metadata: { note: "x".repeat(500) } }));
    expect(m.last("presence")!.users[0]!.metadata!.note).toHaveLength(120);
  });

  it("sends a user's presence changes at once, and past a burst only the latest, once a second", () => {
    const { hub, m } = hubOnFakeTime();
    const ann = hub.join(new FakeSocket(), { id: "u-ann", email: "ann@example.com", name: "Ann" });
    const frames = () => m.received.filter((r) => r.t === "presence").length;
    const annStatus = () => m.last("presence")!.users.find((u) => u.userId === "u-ann")!.status;
    const before = frames();
    // A script toggling its status as fast as it can.
    for (let i = 0; i < 20_000; i++) ann.receive(JSON.stringify({ t: "presence", status: i % 2 ? "online" : "away" }));
    ann.receive(JSON.stringify({ t: "presence", status: "busy" }));
    // Her socket joining was the first change of the burst.
    expect(frames() - before).toBe(PRESENCE_BURST - 1);
    expect(annStatus()).not.toBe("busy");
    vi.advanceTimersByTime(PRESENCE_INTERVAL_MS);
    expect(frames() - before).toBe(PRESENCE_BURST);
    expect(annStatus()).toBe("busy");
    // A person who changes their status now and then is never held back.
    vi.advanceTimersByTime(60_000);
    ann.receive(JSON.stringify({ t: "presence", status: "away" }));
    expect(annStatus()).toBe("away");
  });

  it("holds back a user's sockets joining and leaving past the burst the same way, and shows a new tab at once", () => {
    const { hub, m } = hubOnFakeTime();
    const ann = { id: "u-ann", email: "ann@example.com", name: "Ann" };
    const frames = () => m.received.filter((r) => r.t === "presence").length;
    const online = () => m.last("presence")!.users.map((u) => u.userId);
    const before = frames();
    // A script opening and closing sockets as fast as the server lets it.
    for (let i = 0; i < 1_000; i++) hub.join(new FakeSocket(), ann).leave();
    expect(frames() - before).toBe(PRESENCE_BURST);
    // The last change (Ann gone) goes out within a second, to whoever was last sent another presence: the artist
    // was last sent Ann leaving already.
    vi.advanceTimersByTime(PRESENCE_INTERVAL_MS);
    expect(frames() - before).toBe(PRESENCE_BURST);
    expect(online()).toEqual(["u-mara"]);
    // While held back, a socket that joins still gets the presence as it is, at once.
    for (let i = 0; i < 20; i++) hub.join(new FakeSocket(), ann).leave();
    const tab = new FakeSocket();
    const annTab = hub.join(tab, ann);
    expect(tab.last("presence")!.users.map((u) => u.userId)).toEqual(["u-ann"]);
    vi.advanceTimersByTime(PRESENCE_INTERVAL_MS);
    expect(online()).toEqual(["u-mara", "u-ann"]);
    // A while later the whole burst is hers again.
    annTab.leave();
    vi.advanceTimersByTime(60_000);
    const next = frames();
    for (let i = 0; i < PRESENCE_BURST / 2; i++) hub.join(new FakeSocket(), ann).leave();
    expect(frames() - next).toBe(PRESENCE_BURST);
  });

  it("sends people other than the artist a presence only when what they see changes, and everyone a burst of presences at most, then the latest four times a second", () => {
    const { hub, m } = hubOnFakeTime();
    // A hundred signed-up accounts with ten tabs each.
    const firstTabs = [];
    const quiet: FakeSocket[] = [];
    for (let u = 0; u < 100; u++)
      for (let t = 0; t < 10; t++) {
        const socket = new FakeSocket();
        const tab = hub.join(socket, { id: `u-${u}`, email: `${u}@example.com`, name: `Customer ${u}` });
        if (t === 0) firstTabs.push(tab);
        if (u === 99) quiet.push(socket);
      }
    vi.advanceTimersByTime(60_000);
    expect(m.last("presence")).toMatchObject({ count: 101 });
    const framesOf = (socket: FakeSocket) => socket.received.filter((r) => r.t === "presence").length;
    const quietBefore = quiet.map(framesOf);
    const artistBefore = framesOf(m);
    // Ninety-nine of them share a note at once.
    for (const tab of firstTabs.slice(0, 99))
      tab.receive(JSON.stringify({ t: "presence", status: "online", metadata: { note: "Out" } }));
    // The hundredth sees the same count and the same entry of their own: nothing is sent to their tabs.
    expect(quiet.map(framesOf)).toEqual(quietBefore);
    // The artist sees every change, a burst at once and then the latest state four times a second at most.
    expect(framesOf(m) - artistBefore).toBe(PRESENCE_PUBLISH_BURST);
    vi.advanceTimersByTime(PRESENCE_PUBLISH_INTERVAL_MS);
    expect(framesOf(m) - artistBefore).toBe(PRESENCE_PUBLISH_BURST + 1);
    expect(m.last("presence")!.users.filter((u) => u.metadata?.note === "Out")).toHaveLength(99);
    expect(quiet.map(framesOf)).toEqual(quietBefore);
    // A tab opened while the hub's burst is spent still gets the presence at once.
    for (const tab of firstTabs) tab.receive(JSON.stringify({ t: "presence", status: "busy" }));
    const late = new FakeSocket();
    hub.join(late, { id: "u-late", email: "late@example.com", name: "Late" });
    expect(late.last("presence")).toMatchObject({ count: 102 });
  });

  it("forgets a person who has left once their burst has filled again, and not before", () => {
    const { hub } = hubOnFakeTime();
    // What the hub keeps per person: read from outside, as a heap snapshot would (nothing else shows it).
    const kept = () => (hub as unknown as { presenceBudget: Map<string, unknown> }).presenceBudget.size;
    for (let i = 0; i < 200; i++) hub.join(new FakeSocket(), { id: `u-visitor-${i}`, email: "", name: "" }).leave();
    expect(kept()).toBe(201);
    // Two changes each (join, leave): full again two seconds later; the artist, still here, is kept.
    vi.advanceTimersByTime(2 * PRESENCE_INTERVAL_MS);
    expect(kept()).toBe(1);
    // A change held back keeps its person until it has gone out and the burst has refilled.
    const ann = { id: "u-ann", email: "ann@example.com", name: "Ann" };
    for (let i = 0; i < 10; i++) hub.join(new FakeSocket(), ann).leave();
    vi.advanceTimersByTime(PRESENCE_INTERVAL_MS);
    expect(kept()).toBe(2);
    vi.advanceTimersByTime(PRESENCE_BURST * PRESENCE_INTERVAL_MS);
    expect(kept()).toBe(1);
  });

  it("answers pings, lets only the artist broadcast, a few times a minute, and ignores what it does not understand", () => {
    let now = 1_000_000;
    const hub = new RealtimeHub(() => now);
    const m = new FakeSocket();
    const a = new FakeSocket();
    const mara = hub.join(m, artist);
    const ann = hub.join(a, { id: "u-ann", email: "ann@example.com", name: "Ann" });
    ann.receive(JSON.stringify({ t: "ping", id: 7 }));
    expect(a.last("pong")).toEqual({ t: "pong", id: 7 });
    expect(m.last("pong")).toBeUndefined();

    mara.receive(JSON.stringify({ t: "broadcast", type: "new-work", payload: { title: "Tide Line" } }));
    for (const socket of [m, a]) {
      expect(socket.last("broadcast")!.message).toMatchObject({
        type: "new-work",
        payload: { title: "Tide Line" },
        from: { userId: "u-mara", email: "mara@example.com" },
      });
    }
    // One message, the same for everyone: its own id, and the time it was sent (spec 3.24).
    const sent = m.last("broadcast")!.message;
    expect(a.last("broadcast")!.message).toEqual(sent);
    expect(sent.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent.timestamp).toBe(new Date(now).toISOString());
    // A customer's broadcast goes nowhere.
    const seen = a.received.length;
    ann.receive(JSON.stringify({ t: "broadcast", type: "spam", payload: "buy now" }));
    expect(m.received.filter((x) => x.t === "broadcast")).toHaveLength(1);
    expect(a.received.length).toBe(seen);

    // Six a minute, then refused until the minute has passed.
    for (let i = 0; i < 10; i++) hub.broadcast(artist, "news", { i });
    expect(a.received.filter((x) => x.t === "broadcast")).toHaveLength(6);
    now += 60_000;
    expect(hub.broadcast(artist, "news", { i: 11 })).toMatchObject({ type: "news" });

    const count = a.received.length;
    mara.receive("not json");
    mara.receive("null");
    mara.receive(JSON.stringify({ t: "broadcast", type: "Bad Type!", payload: 1 }));
    mara.receive(JSON.stringify({ t: "broadcast", type: "big", payload: "x".repeat(5000) }));
    mara.receive(JSON.stringify({ t: "presence", status: "invisible" }));
    expect(a.received.length).toBe(count);
  });

  it("closes the sockets of sessions that ended, and no others", () => {
    const hub = new RealtimeHub();
    const closed: string[] = [];
    const socket = (name: string) => ({
      send: () => undefined,
      close: (code: number) => closed.push(`${name}:${code}`),
    });
    hub.join(socket("tab1"), { ...artist, sessionId: "s-1" });
    hub.join(socket("tab2"), { ...artist, sessionId: "s-1" });
    hub.join(socket("phone"), { ...artist, sessionId: "s-2" });
    expect(hub.sessionIds()).toEqual(new Set(["s-1", "s-2"]));
    expect(hub.closeSessions(["s-1", "s-unknown"])).toBe(2);
    expect(closed).toEqual(["tab1:4401", "tab2:4401"]);
  });

  it("sends nothing past the moment a socket's session was due to end, and has the page ask again (4403) rather than sign it out", async () => {
    const { hub } = hubOnFakeTime();
    const start = Date.now();
    const idle = new ClosableSocket();
    hub.join(idle, { ...artist, id: "u-idle", email: "idle@example.com", sessionId: "s-idle", until: start + 60_000 });
    const ann = new ClosableSocket();
    const annTab = hub.join(ann, { id: "u-ann", email: "ann@example.com", name: "Ann", sessionId: "s-ann" });
    expect(idle.last("presence")!.users.map((u) => u.email)).toContain("ann@example.com");
    const sent = idle.received.length;

    // The session is due to end (an administrator's idle timeout, an expiry) before the next heartbeat looks.
    vi.setSystemTime(start + 60_000);
    annTab.receive(JSON.stringify({ t: "presence", status: "busy", metadata: { note: "Back at four" } }));
    hub.toUser("u-idle", { t: "notification", event: "read-all", eventId: "e-1" });
    hub.broadcast(artist, "announcement", { text: "Closing early" });
    expect(idle.received.length).toBe(sent);
    // The session may have been used (renewed) since the last heartbeat looked: the page joins again at once, and
    // the upgrade, which reads the session, closes it with 4401 only if it has really ended.
    expect(idle.closedWith).toBe(4403);
    await settled();
    expect(ann.last("presence")!.count).toBe(2); // Ann and the artist
    expect(hub.sessionIds()).toEqual(new Set(["s-ann"]));
    expect(ann.closedWith).toBeUndefined();
  });

  it("reviews the sockets' sessions: ended ones closed with 4401, a changed admin standing with 4403, the rest renewed", async () => {
    const { hub } = hubOnFakeTime();
    const start = Date.now();
    const [signedOut, demoted, promoted, renewed, unasked] = [1, 2, 3, 4, 5].map(() => new ClosableSocket());
    const person = (n: number, isAdmin: boolean) => ({
      id: `u-${n}`,
      email: `p${n}@example.com`,
      name: `P${n}`,
      isAdmin,
      sessionId: `s-${n}`,
      until: start + 60_000,
    });
    hub.join(signedOut!, person(1, false));
    hub.join(demoted!, person(2, true));
    hub.join(promoted!, person(3, false));
    hub.join(renewed!, person(4, true));
    hub.join(unasked!, person(5, true));
    hub.reviewSessions(
      new Map([
        ["s-1", null],
        ["s-2", { isAdmin: false, until: start + 60_000 }],
        ["s-3", { isAdmin: true, until: start + 60_000 }],
        ["s-4", { isAdmin: true, until: start + 120_000 }],
      ]),
    );
    expect([signedOut, demoted, promoted, renewed, unasked].map((s) => s!.closedWith)).toEqual([
      4401,
      4403,
      4403,
      undefined,
      undefined,
    ]);
    await settled();
    expect(renewed!.last("presence")!.users.map((u) => u.userId)).toEqual(["u-mara", "u-4", "u-5"]);
    // Renewed past the moment it was first due to end, it is still sent what changes.
    vi.setSystemTime(start + 90_000);
    hub.toUser("u-4", { t: "notification", event: "read-all", eventId: "e-2" });
    expect(renewed!.last("notification")).toMatchObject({ eventId: "e-2" });
    expect(renewed!.closedWith).toBeUndefined();
  });
});

describe.each(BACKENDS)("notifications on %s", (backend) => {
  const ctx = useTestServices(backend);
  beforeAll(async () => {
    await saveSettings({ artistName: "Mara Ellison", contactEmail: "studio@maraellison.art" });
    await ctx.handle.db.insert(user).values([
      { id: "u-mara", name: "Mara Ellison", email: "mara@example.com" },
      { id: "u-jo", name: "Jo", email: "jo@example.com" },
    ]);
    await ctx.handle.db.insert(userRoles).values({ userId: "u-mara", role: "admin" });
  });

  it("lists a user's newest 50, newest first, and never another user's", async () => {
    for (let i = 1; i <= 55; i++) await notifyUser("u-jo", { title: `Note ${i}` });
    await notifyUser("u-mara", { title: "For Mara only" });
    const list = await listNotifications("u-jo");
    expect(list).toHaveLength(50);
    expect(list[0]!.title).toBe("Note 55");
    expect(list.at(-1)!.title).toBe("Note 6");
    expect(list.every((n) => n.readAt === null && n.type === "info" && n.priority === "default")).toBe(true);
  });

  it("reads one, reads all, deletes, only on the user's own rows, and pushes each change to their sockets", async () => {
    const jo = new FakeSocket();
    const mara = new FakeSocket();
    const joMember = realtimeHub().join(jo, { id: "u-jo", email: "jo@example.com", name: "Jo" });
    const maraMember = realtimeHub().join(mara, { id: "u-mara", email: "mara@example.com", name: "Mara" });
    try {
      const created = await notifyUser("u-jo", {
        type: "warning",
        priority: "high",
        title: "Payment due",
        link: "/account",
      });
      expect(jo.last("notification")).toMatchObject({ event: "insert", notification: { title: "Payment due" } });
      expect(mara.last("notification")).toBeUndefined();

      // Someone else's id changes nothing.
      expect(await markNotificationRead("u-mara", created!.id)).toBe(false);
      expect(await deleteNotification("u-mara", created!.id)).toBe(false);

      expect(await markNotificationRead("u-jo", created!.id)).toBe(true);
      expect(jo.last("notification")).toMatchObject({ event: "update", notification: { id: created!.id } });
      const [row] = await ctx.handle.db.select().from(notifications).where(eq(notifications.id, created!.id));
      expect(row!.readAt).toBeInstanceOf(Date);

      expect(await markAllNotificationsRead("u-jo")).toBe(55);
      expect(jo.last("notification")).toMatchObject({ t: "notification", event: "read-all" });
      expect(typeof jo.last("notification")!.eventId).toBe("string");
      expect((await listNotifications("u-jo")).some((n) => n.readAt === null)).toBe(false);
      expect((await listNotifications("u-mara"))[0]!.readAt).toBeNull();

      expect(await deleteNotification("u-jo", created!.id)).toBe(true);
      expect(jo.last("notification")).toMatchObject({ t: "notification", event: "delete", id: created!.id });
      expect((await listNotifications("u-jo")).find((n) => n.id === created!.id)).toBeUndefined();
      expect(mara.received.filter((m) => m.t === "notification")).toHaveLength(0);
    } finally {
      joMember.leave();
      maraMember.leave();
    }
  });

  it("tells the artist (every administrator) of a new message, live, and only once per submission", async () => {
    const mara = new FakeSocket();
    const member = realtimeHub().join(mara, { id: "u-mara", email: "mara@example.com", name: "Mara" });
    try {
      const input = ContactSchema.parse({
        name: "Ines Collector",
        email: "ines@example.com",
        inquiryType: "general",
        message: "Do you ship paintings to Portugal?",
        submissionKey: newSubmissionKey(),
      });
      await submitContact(input);
      await submitContact(input);
      const pushed = mara.received.filter((m) => m.t === "notification");
      expect(pushed).toHaveLength(1);
      expect(pushed[0]).toMatchObject({
        event: "insert",
        notification: { title: "New message from Ines Collector", link: "/admin/messages" },
      });
      expect((await listNotifications("u-jo")).some((n) => n.title.startsWith("New message"))).toBe(false);
    } finally {
      member.leave();
    }
  });
});
