// Notifications and the realtime hub: a user's newest 50, read / read all / delete on their own rows only,
// every change pushed to that user's sockets and nobody else's; presence, ping and broadcast; the artist told
// of a new message.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, user, userRoles } from "~/db/schema";
import type { ServerMessage } from "~/lib/realtime";
import { newSubmissionKey, submitContact, ContactSchema } from "~/modules/inbox/inquiries.server";
import { RealtimeHub, realtimeHub } from "~/modules/realtime/hub.server";
import {
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notifyUser,
} from "~/modules/realtime/notifications.server";
import { saveSettings } from "~/modules/settings/settings.server";
import { BACKENDS, setupTestServices, type TestContext } from "../support/harness";

class FakeSocket {
  received: ServerMessage[] = [];
  send(data: string) {
    this.received.push(JSON.parse(data) as ServerMessage);
  }
  last<T extends ServerMessage["t"]>(t: T) {
    return this.received.filter((m) => m.t === t).at(-1) as Extract<ServerMessage, { t: T }> | undefined;
  }
}

describe("the realtime hub", () => {
  it("keeps one presence entry per user over their tabs, away only when every tab is hidden", () => {
    const hub = new RealtimeHub();
    const a1 = new FakeSocket();
    const a2 = new FakeSocket();
    const b = new FakeSocket();
    const ann = { id: "u-ann", email: "ann@example.com", name: "Ann" };
    const tab1 = hub.join(a1, ann);
    const tab2 = hub.join(a2, ann);
    const bob = hub.join(b, { id: "u-bob", email: "bob@example.com", name: "" });
    expect(a1.received[0]).toEqual({ t: "hello", userId: "u-ann" });
    expect(b.last("presence")!.users.map((u) => [u.userId, u.status])).toEqual([
      ["u-ann", "online"],
      ["u-bob", "online"],
    ]);

    tab1.receive(JSON.stringify({ t: "presence", status: "away" }));
    expect(b.last("presence")!.users[0]!.status).toBe("online");
    tab2.receive(JSON.stringify({ t: "presence", status: "away" }));
    expect(b.last("presence")!.users[0]!.status).toBe("away");
    tab2.receive(JSON.stringify({ t: "presence", status: "online" }));
    expect(b.last("presence")!.users[0]!.status).toBe("online");

    tab1.leave();
    tab2.leave();
    expect(b.last("presence")!.users.map((u) => u.userId)).toEqual(["u-bob"]);
    bob.leave();
    expect(hub.size()).toBe(0);
  });

  it("answers pings, broadcasts to everyone with the sender, and ignores what it does not understand", () => {
    const hub = new RealtimeHub();
    const a = new FakeSocket();
    const b = new FakeSocket();
    const ann = hub.join(a, { id: "u-ann", email: "ann@example.com", name: "Ann" });
    hub.join(b, { id: "u-bob", email: "bob@example.com", name: "Bob" });
    ann.receive(JSON.stringify({ t: "ping", id: 7 }));
    expect(a.last("pong")).toEqual({ t: "pong", id: 7 });
    expect(b.last("pong")).toBeUndefined();

    ann.receive(JSON.stringify({ t: "broadcast", type: "new-work", payload: { title: "Tide Line" } }));
    for (const socket of [a, b]) {
      expect(socket.last("broadcast")!.message).toMatchObject({
        type: "new-work",
        payload: { title: "Tide Line" },
        from: { userId: "u-ann", email: "ann@example.com" },
      });
    }
    const count = b.received.length;
    ann.receive("not json");
    ann.receive(JSON.stringify({ t: "broadcast", type: "Bad Type!", payload: 1 }));
    ann.receive(JSON.stringify({ t: "broadcast", type: "big", payload: "x".repeat(5000) }));
    ann.receive(JSON.stringify({ t: "presence", status: "invisible" }));
    expect(b.received.length).toBe(count);
  });
});

describe.each(BACKENDS)("notifications on %s", (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupTestServices(backend);
    await saveSettings({ artistName: "Mara Ellison", contactEmail: "studio@maraellison.art" });
    await ctx.handle.db.insert(user).values([
      { id: "u-mara", name: "Mara Ellison", email: "mara@example.com" },
      { id: "u-jo", name: "Jo", email: "jo@example.com" },
    ]);
    await ctx.handle.db.insert(userRoles).values({ userId: "u-mara", role: "admin" });
  });
  afterAll(() => ctx.close());

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
      expect(jo.last("notification")).toEqual({ t: "notification", event: "read-all" });
      expect((await listNotifications("u-jo")).some((n) => n.readAt === null)).toBe(false);
      expect((await listNotifications("u-mara"))[0]!.readAt).toBeNull();

      expect(await deleteNotification("u-jo", created!.id)).toBe(true);
      expect(jo.last("notification")).toEqual({ t: "notification", event: "delete", id: created!.id });
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
