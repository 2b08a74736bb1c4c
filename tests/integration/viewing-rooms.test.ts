// Private viewing rooms on real databases (issue 15 item 4, decision 0023): a room is made with room prices; its
// page logs each open (device only) and answers 404/410 with noindex and no caching; an expired or revoked room
// refuses checkout; checkout through a room charges the room's price from the database (not the browser's), and
// follows the shop's reservation rules: a work reserved, on hold or sold elsewhere cannot be bought there, a work
// reserved through a room cannot be bought by anyone else, and a room and the shop racing for one work sell it once.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, viewingRooms, viewingRoomVisits } from "~/db/schema";
import { approveHold, requestHold } from "~/modules/shop/holds.server";
import { cancelOrder } from "~/modules/shop/order-actions.server";
import {
  createRoom,
  getRoom,
  listRooms,
  openRoom,
  regenerateRoomLink,
  revokeRoomLink,
  RoomSchema,
  type RoomInput,
} from "~/modules/rooms/rooms.server";
import { loader as roomLoader } from "~/routes/site/room";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/shop/checkout";
import { action as contactAction } from "~/routes/site/contact";
import { messages } from "~/db/schema";
import { BACKENDS, useTestServices } from "../support/harness";
import { adminCookie } from "../support/admin-session";
import { action as roomEditAction } from "~/routes/admin/room-edit";
import {
  BUYER,
  callRoute,
  checkoutForm,
  formOf,
  orderOne,
  seedShopSettings,
  seedWork,
  stockRow,
} from "../support/shop-data";

const TZ = "America/Chicago";
const admin = { kind: "admin" as const, id: "admin-1", email: "artist@example.com" };
const farDay = "2099-12-31";

const roomInput = (works: { artworkId: string; price?: string }[], extra: Partial<RoomInput> = {}): RoomInput => ({
  title: "For Ada",
  note: "A few works I thought of for your hallway.",
  recipientName: "Ada Collector",
  recipientEmail: "ada@example.com",
  expiresOn: farDay,
  works: works.map((w) => ({ artworkId: w.artworkId, price: w.price ?? "" })),
  ...extra,
});

type LoaderResult = {
  data: { state: string; room: { works: { priceCents: number | null }[] } | null };
  init: ResponseInit;
};
const openPage = async (
  token: string,
  ua = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/131.0 Safari/537.36",
) =>
  (await (roomLoader as (args: unknown) => Promise<unknown>)({
    request: new Request(`http://localhost/room/${token}`, { headers: { "user-agent": ua } }),
    params: { token },
    context: {},
  })) as LoaderResult;

describe.each(BACKENDS)("viewing rooms on %s", (backend) => {
  const ctx = useTestServices(backend);
  beforeAll(() => seedShopSettings({ holdHours: 48 }));

  const visits = (roomId: string) =>
    ctx.handle.db.select().from(viewingRoomVisits).where(eq(viewingRoomVisits.roomId, roomId));

  it("is created with its works in order and room prices, and logs each open without an address", async () => {
    const a = await seedWork({ priceCents: 250_000 });
    const b = await seedWork({ priceCents: null });
    const room = await createRoom(
      roomInput([
        { artworkId: a, price: "2,000" },
        { artworkId: b, price: "1800" },
      ]),
      TZ,
    );
    expect(room.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(room.expiresAt.toISOString()).toBe("2100-01-01T05:59:59.999Z");
    const page = await openPage(room.token);
    expect(page.init.status ?? 200).toBe(200);
    const headers = new Headers(page.init.headers);
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(headers.get("x-robots-tag")).toContain("noindex");
    expect(page.data.room!.works.map((w) => w.priceCents)).toEqual([200_000, 180_000]);
    const logged = await visits(room.id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ kind: "opened", device: "Chrome on macOS", name: "", email: "" });
    // Nothing of the connection is kept: no column holds an address.
    expect(Object.keys(logged[0]!)).not.toContain("ip");
    await openPage(room.token, "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)");
    expect((await visits(room.id)).map((v) => v.device).sort()).toEqual(["Chrome on macOS", "Link preview or robot"]);
    const { rows } = await listRooms();
    expect(rows.find((r) => r.id === room.id)).toMatchObject({ works: 2, opens: 2 });
    const full = await getRoom(room.id);
    expect(full!.works.map((w) => w.artworkId)).toEqual([a, b]);
  });

  it("answers 404 for an unknown link and 410 once expired or revoked; the old link dies when a new one is made", async () => {
    const work = await seedWork();
    expect((await openPage("A".repeat(32))).init.status).toBe(404);
    expect((await openPage("not-a-token")).init.status).toBe(404);
    const room = await createRoom(roomInput([{ artworkId: work }]), TZ);
    await ctx.handle.db
      .update(viewingRooms)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(viewingRooms.id, room.id));
    const expired = await openPage(room.token);
    expect(expired.init.status).toBe(410);
    expect(new Headers(expired.init.headers).get("x-robots-tag")).toContain("noindex");
    expect(expired.data.room).toBeNull();
    expect(await visits(room.id)).toHaveLength(0);
    await ctx.handle.db
      .update(viewingRooms)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(viewingRooms.id, room.id));
    await revokeRoomLink(room.id);
    expect((await openPage(room.token)).init.status).toBe(410);
    expect(await openRoom(room.token)).toEqual({ state: "revoked" });
    const renewed = await regenerateRoomLink(room.id);
    expect(renewed!.token).not.toBe(room.token);
    expect((await openPage(room.token)).init.status).toBe(404);
    expect((await openPage(renewed!.token)).init.status ?? 200).toBe(200);
  });

  it("an expired or revoked room refuses checkout, and nothing is reserved", async () => {
    const work = await seedWork({ priceCents: 300_000 });
    const room = await createRoom(roomInput([{ artworkId: work, price: "2500" }]), TZ);
    await ctx.handle.db
      .update(viewingRooms)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(viewingRooms.id, room.id));
    expect(await orderOne(work, { room: room.token })).toEqual({ ok: false, reason: "room-closed" });
    expect((await stockRow(work)).availability).toBe("available");
    // Through the page: the action answers 410 and the checkout page offers nothing from the room.
    const answer = await callRoute(checkoutAction, "/checkout", {
      form: checkoutForm([{ id: work }], { room: room.token }),
    });
    expect(answer.status).toBe(410);
    const page = await callRoute(checkoutLoader, `/checkout?artwork=${work}&room=${room.token}`);
    expect(page.body).toMatchObject({ direct: null, roomClosed: true, room: null });
    const other = await createRoom(roomInput([{ artworkId: work }]), TZ);
    await revokeRoomLink(other.id);
    expect(await orderOne(work, { room: other.token })).toEqual({ ok: false, reason: "room-closed" });
    // A work the room does not show cannot be bought through its link either.
    const open = await createRoom(roomInput([]), TZ);
    expect(await orderOne(work, { room: open.token })).toEqual({ ok: false, reason: "room-closed" });
    expect((await stockRow(work)).availability).toBe("available");
  });

  it("checks out at the room's price from the database, never the browser's, and records who ordered", async () => {
    const work = await seedWork({ priceCents: 300_000 });
    const room = await createRoom(roomInput([{ artworkId: work, price: "2500" }]), TZ);
    const page = await callRoute(checkoutLoader, `/checkout?artwork=${work}&room=${room.token}`);
    expect(page.body).toMatchObject({ direct: { artwork_id: work, price: 250_000 }, room: { title: "For Ada" } });
    // A browser claiming the public price (or any other) is refused: the total is the room's.
    const wrong = await callRoute(checkoutAction, "/checkout", {
      form: checkoutForm([{ id: work }], { room: room.token, expectedTotalCents: "100" }),
    });
    expect(wrong.status).toBe(409);
    const result = await orderOne(work, { room: room.token });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order.subtotalCents).toBe(250_000);
    const [item] = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.orderId, result.order.id));
    expect(item!.unitPriceCents).toBe(250_000);
    expect((await stockRow(work)).availability).toBe("reserved");
    const ordered = (await visits(room.id)).filter((v) => v.kind === "ordered");
    expect(ordered).toHaveLength(1);
    expect(ordered[0]).toMatchObject({ name: BUYER.name, email: BUYER.email, orderId: result.order.id });
    // Reserved through the room: nobody else can buy it, in the shop or in the room.
    expect(await orderOne(work)).toMatchObject({ ok: false, reason: "unavailable" });
    expect(await orderOne(work, { room: room.token, email: "other@example.com" })).toMatchObject({
      ok: false,
      reason: "unavailable",
    });
  });

  it("sells a work shown without a public price only through the room, at the room's price", async () => {
    const work = await seedWork({ priceCents: null });
    const room = await createRoom(roomInput([{ artworkId: work, price: "1800" }]), TZ);
    expect(await orderOne(work)).toMatchObject({ ok: false, reason: "unavailable" });
    const result = await orderOne(work, { room: room.token });
    expect(result.ok && result.order.subtotalCents).toBe(180_000);
    // A room without its own price for an unpriced work offers it for inquiry only.
    const other = await seedWork({ priceCents: null });
    const inquiryOnly = await createRoom(roomInput([{ artworkId: other }]), TZ);
    expect(await orderOne(other, { room: inquiryOnly.token })).toMatchObject({ ok: false, reason: "unavailable" });
  });

  it("refuses a work reserved, on hold or sold elsewhere", async () => {
    const reserved = await seedWork();
    const held = await seedWork();
    const sold = await seedWork({ availability: "sold" });
    const room = await createRoom(
      roomInput([
        { artworkId: reserved, price: "900" },
        { artworkId: held, price: "900" },
        { artworkId: sold, price: "900" },
      ]),
      TZ,
    );
    const shopOrder = await orderOne(reserved, { email: "first@example.com" });
    expect(shopOrder.ok).toBe(true);
    const hold = await requestHold(held, { name: "Hal", email: "hal@example.com", note: "" });
    if (!hold.ok) throw new Error("hold refused");
    await approveHold(hold.hold.id, admin.email);
    for (const work of [reserved, held, sold])
      expect(await orderOne(work, { room: room.token })).toMatchObject({ ok: false, reason: "unavailable" });
    // The room page shows them, but offers no Buy.
    const page = await openRoom(room.token);
    expect(page.state === "open" && page.works.map((w) => w.buyable)).toEqual([false, false, false]);
    // Once the shop's order is cancelled the work is back, and the room sells it at its price.
    if (shopOrder.ok) await cancelOrder(shopOrder.order.id, admin);
    const again = await orderOne(reserved, { room: room.token });
    expect(again.ok && again.order.subtotalCents).toBe(90_000);
  });

  it("a room and the shop racing for one work sell it once", async () => {
    for (let round = 0; round < 5; round++) {
      const work = await seedWork({ priceCents: 400_000 });
      const room = await createRoom(roomInput([{ artworkId: work, price: "3500" }]), TZ);
      const results = await Promise.all([
        orderOne(work, { room: room.token, email: "room@example.com" }),
        orderOne(work, { email: "shop@example.com" }),
        orderOne(work, { room: room.token, email: "room2@example.com" }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "unavailable")).toBe(true);
      expect(await stockRow(work)).toMatchObject({ quantity: 0, availability: "reserved" });
    }
  });

  it("an inquiry from the room names the room and shows in its opens", async () => {
    const work = await seedWork({ title: "Harbour at dusk" });
    const room = await createRoom(roomInput([{ artworkId: work }], { title: "Winter selection" }), TZ);
    const form = formOf({
      name: "Ada Collector",
      email: "ada@example.com",
      inquiryType: "artwork",
      subject: "",
      message: "Could I see this one in daylight?",
      artworkId: work,
      room: room.token,
      submissionKey: crypto.randomUUID(),
    });
    const answer = await callRoute(contactAction, "/contact", { form, ip: "192.0.2.77" });
    expect(answer.body).toMatchObject({ ok: true });
    const [message] = await ctx.handle.db.select().from(messages).where(eq(messages.artworkId, work));
    expect(message!.subject).toBe("Inquiry about “Harbour at dusk” (viewing room “Winter selection”)");
    const inquired = (await visits(room.id)).filter((v) => v.kind === "inquired");
    expect(inquired).toHaveLength(1);
    expect(inquired[0]).toMatchObject({ name: "Ada Collector", email: "ada@example.com", artworkId: work });
  });
  it("refuses a work the catalogue does not have, beside the works, and saves nothing", async () => {
    const cookie = await adminCookie();
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "add", title: "Never Saved", expiresOn: farDay })) form.set(k, v);
    form.set("addWork", "00000000-0000-4000-8000-000000000000");
    const answer = await callRoute(
      (args: never) => roomEditAction({ ...(args as object), params: {} } as never),
      "/admin/rooms/new",
      { form, cookie },
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, fieldErrors: { works: "That work is not in the catalogue." } });
    expect(await ctx.handle.db.$count(viewingRooms, eq(viewingRooms.title, "Never Saved"))).toBe(0);
  });
});

describe("the viewing room form", () => {
  it("refuses a last day the database cannot store (9999-12-31 ends in the year 10000 east of UTC) on its field", () => {
    const parsed = RoomSchema.safeParse({ title: "Late", expiresOn: "9999-12-31", works: [] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["expiresOn"]);
    expect(RoomSchema.safeParse({ title: "Soon", expiresOn: "2027-01-31", works: [] }).success).toBe(true);
  });
});
