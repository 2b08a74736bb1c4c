// The back office's order operations (list, detail, mark paid, ship, deliver, cancel, refund), each recorded
// with who and when, and the admin pages' guard in loader and action.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, orderEvents, userRoles } from "~/db/schema";
import { getAuthContext } from "~/modules/auth/session.server";
import { adminActor, parseOrderFilters, runOrderIntent } from "~/modules/shop/admin-orders.server";
import { getOrder, listOrders, OrderError } from "~/modules/shop/orders.server";
import { cancelOrder, refundOrder, refundReported, shipOrder } from "~/modules/shop/order-actions.server";
import * as orderRoute from "~/routes/admin/order";
import * as ordersRoute from "~/routes/admin/orders";
import { adminCookie, userCookie } from "../support/admin-session";
import { BACKENDS, useTestServices } from "../support/harness";
import { BUYER, callRoute, formOf, placedOrderOf, seedShopSettings, seedWork, stockRow } from "../support/shop-data";

const ORIGIN = "http://localhost:3000";
const artist = { id: "admin-user-1", email: "artist@example.com" };

async function order(buyer: Partial<typeof BUYER> = {}, fulfilment: "ship" | "pickup" = "ship") {
  const work = await seedWork();
  const { id, number } = await placedOrderOf(work, { ...buyer, fulfilment });
  return { id, number, work };
}

describe.each(BACKENDS)("admin orders on %s", (backend) => {
  const ctx = useTestServices(backend, { PUBLIC_URL: ORIGIN });
  beforeAll(() => seedShopSettings());

  it("takes a bank-transfer order through paid, shipped and delivered, recording who and when", async () => {
    const { id, number, work } = await order();
    expect(await runOrderIntent(id, formOf({ intent: "mark-paid", note: "Transfer ref 4471" }), artist)).toEqual({
      ok: true,
      message: `Order ${number} is marked paid.`,
    });
    expect(await stockRow(work)).toMatchObject({ quantity: 0, availability: "sold" });

    // Shipping needs a carrier and a tracking number; the link is made for a known carrier.
    const missing = await runOrderIntent(id, formOf({ intent: "ship", carrier: "", trackingNumber: "" }), artist);
    expect(missing).toMatchObject({
      ok: false,
      fieldErrors: { carrier: "Enter the carrier.", trackingNumber: "Enter the tracking number." },
    });
    await runOrderIntent(id, formOf({ intent: "ship", carrier: "UPS", trackingNumber: "1Z999AA10123456784" }), artist);
    await runOrderIntent(id, formOf({ intent: "deliver" }), artist);

    const detail = await getOrder(id);
    expect(detail).toMatchObject({
      status: "delivered",
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    });
    expect(detail!.paidAt).toBeInstanceOf(Date);
    expect(detail!.shippedAt).toBeInstanceOf(Date);
    expect(detail!.deliveredAt).toBeInstanceOf(Date);
    expect(detail!.events.map((e) => [e.kind, e.status, e.actorKind, e.actorId, e.actorEmail])).toEqual([
      ["placed", "awaiting_payment", "buyer", null, BUYER.email],
      ["paid", "paid", "admin", artist.id, artist.email],
      ["shipped", "shipped", "admin", artist.id, artist.email],
      ["delivered", "delivered", "admin", artist.id, artist.email],
    ]);
    expect(detail!.events[1]!.note).toBe("Transfer ref 4471");
    for (const e of detail!.events) expect(e.createdAt).toBeInstanceOf(Date);

    const mails = await ctx.handle.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like ${`%${number}%`}`);
    expect(mails.map((m) => m.template).sort()).toEqual(["order-new", "order-paid", "order-placed", "order-shipped"]);
    const shipped = mails.find((m) => m.template === "order-shipped")!;
    expect(shipped.toAddress).toBe(BUYER.email);
    expect(shipped.text).toContain("Tracking number: 1Z999AA10123456784");
    expect(shipped.text).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");
  });

  it("refuses moves the rules do not allow, with a message for the admin", async () => {
    const { id, number } = await order();
    const ship = await runOrderIntent(id, formOf({ intent: "ship", carrier: "UPS", trackingNumber: "1Z1" }), artist);
    expect(ship).toMatchObject({
      ok: false,
      error: `Order ${number} is awaiting payment: it cannot become shipped.`,
    });
    await expect(refundOrder(id, adminActor(artist))).rejects.toThrow(OrderError);
    expect(await runOrderIntent(id, formOf({ intent: "refund", note: "" }), artist)).toMatchObject({
      ok: false,
      fieldErrors: { confirm: "Tick the box to confirm the refund." },
    });
    expect(await runOrderIntent(id, formOf({ intent: "launch" }), artist)).toMatchObject({ ok: false });
    // A pickup order is collected, not shipped; a shipping order is not delivered before it ships.
    const pickup = await order({ email: "pick@example.com" }, "pickup");
    await runOrderIntent(pickup.id, formOf({ intent: "mark-paid" }), artist);
    await expect(shipOrder(pickup.id, adminActor(artist), { carrier: "UPS", trackingNumber: "1Z2" })).rejects.toThrow(
      /collected from the studio/,
    );
    expect(await runOrderIntent(pickup.id, formOf({ intent: "deliver" }), artist)).toMatchObject({
      ok: true,
      message: `Order ${pickup.number} is marked collected.`,
    });
    const paid = await order({ email: "paid@example.com" });
    await runOrderIntent(paid.id, formOf({ intent: "mark-paid" }), artist);
    expect(await runOrderIntent(paid.id, formOf({ intent: "deliver" }), artist)).toMatchObject({ ok: false });
    await expect(cancelOrder(paid.id, adminActor(artist))).rejects.toThrow(/refund it instead/);
  });

  it("says beside each shipping field that it is too long, in words, and ships nothing", async () => {
    const { id } = await order({ email: "long-fields@example.com" });
    await runOrderIntent(id, formOf({ intent: "mark-paid" }), artist);
    const long = formOf({
      intent: "ship",
      carrier: "c".repeat(61),
      trackingNumber: "1".repeat(61),
      trackingUrl: `https://example.com/${"u".repeat(500)}`,
    });
    expect(await runOrderIntent(id, long, artist)).toMatchObject({
      ok: false,
      intent: "ship",
      fieldErrors: {
        carrier: "Keep the carrier under 60 characters.",
        trackingNumber: "Keep the tracking number under 60 characters.",
        trackingUrl: "Keep the tracking link under 500 characters.",
      },
    });
    expect((await getOrder(id))!.status).toBe("paid");
  });

  it("cancels an unpaid order and refunds a paid one, putting the works back", async () => {
    const unpaid = await order({ email: "cancel@example.com" });
    expect(await runOrderIntent(unpaid.id, formOf({ intent: "cancel", note: "Asked by phone" }), artist)).toMatchObject(
      { ok: true },
    );
    expect(await stockRow(unpaid.work)).toMatchObject({ quantity: 1, availability: "available" });
    const paid = await order({ email: "refund@example.com" });
    await runOrderIntent(paid.id, formOf({ intent: "mark-paid" }), artist);
    expect(
      await runOrderIntent(paid.id, formOf({ intent: "refund", note: "Damaged in transit", confirm: "yes" }), artist),
    ).toMatchObject({
      ok: true,
    });
    expect(await stockRow(paid.work)).toMatchObject({ quantity: 1, availability: "available" });
    const [event] = await ctx.handle.db
      .select()
      .from(orderEvents)
      .where(sql`${orderEvents.orderId} = ${paid.id} and ${orderEvents.kind} = 'refunded'`);
    expect(event).toMatchObject({ actorKind: "admin", actorEmail: artist.email, note: "Damaged in transit" });
  });

  it("lists orders newest first, by status and by number, e-mail or name, one page at a time", async () => {
    const a = await order({ email: "list-a@example.com", name: "Quentin Blake" });
    const b = await order({ email: "list-b@example.com", name: "Rosa Bonheur" });
    await runOrderIntent(b.id, formOf({ intent: "mark-paid" }), artist);
    const all = await listOrders({ pageSize: 500 });
    expect(all.orders[0]!.number).toBe(b.number);
    expect(all.orders[1]!.number).toBe(a.number);
    expect(all.total).toBe(all.orders.length);
    expect((await listOrders({ q: "bonheur", pageSize: 10 })).orders.map((o) => o.number)).toEqual([b.number]);
    expect((await listOrders({ q: a.number.toLowerCase(), pageSize: 10 })).orders.map((o) => o.email)).toEqual([
      "list-a@example.com",
    ]);
    expect((await listOrders({ q: "100%_", pageSize: 10 })).orders).toEqual([]);
    const paid = await listOrders({ status: "paid", pageSize: 500 });
    expect(paid.orders.every((o) => o.status === "paid")).toBe(true);
    expect(paid.orders.map((o) => o.number)).toContain(b.number);
    const firstPage = await listOrders({ pageSize: 2 });
    const secondPage = await listOrders({ pageSize: 2, page: 2 });
    expect(firstPage.orders.map((o) => o.id)).not.toContain(secondPage.orders[0]?.id);
    expect(firstPage.orders[0]!.itemCount).toBe(1);
    expect(parseOrderFilters(new URLSearchParams("status=paid&q=%20x%20&page=3"))).toEqual({
      status: "paid",
      q: "x",
      page: 3,
    });
    expect(parseOrderFilters(new URLSearchParams("status=lost&page=-1"))).toEqual({
      status: undefined,
      q: undefined,
      page: 1,
    });
  });

  it("guards the pages' loaders and actions: anonymous to /auth, a plain user 403, an admin through as the actor", async () => {
    const { id, number } = await order({ email: "guard@example.com" });
    const anon = await callRoute(ordersRoute.loader, "/admin/orders");
    expect(anon.status).toBe(302);
    expect(anon.location).toBe("/auth?redirectTo=%2Fadmin%2Forders");
    const anonAction = await callRoute(orderRoute.action, `/admin/orders/${id}`, {
      form: formOf({ intent: "mark-paid" }),
    });
    expect(anonAction.status).toBe(302);

    const visitor = await userCookie("visitor@example.com");
    const denied = await callRoute(ordersRoute.loader, "/admin/orders", { cookie: visitor });
    expect(denied.status).toBe(403);
    const deniedAction = await callRoute(
      (args: never) => orderRoute.action({ ...(args as object), params: { id } } as never),
      `/admin/orders/${id}`,
      { form: formOf({ intent: "mark-paid" }), cookie: visitor },
    );
    expect(deniedAction.status).toBe(403);
    expect((await getOrder(id))!.status).toBe("awaiting_payment");

    const owner = await adminCookie("owner@example.com");
    const ownerId = (await getAuthContext(new Request(`${ORIGIN}/`, { headers: { cookie: owner } })))!.user.id;
    const list = await callRoute(ordersRoute.loader, `/admin/orders?q=${number}`, { cookie: owner });
    expect(list.status).toBe(200);
    expect((list.body as { orders: { number: string }[] }).orders.map((o) => o.number)).toEqual([number]);
    const done = await callRoute(
      (args: never) => orderRoute.action({ ...(args as object), params: { id } } as never),
      `/admin/orders/${id}`,
      { form: formOf({ intent: "mark-paid" }), cookie: owner },
    );
    expect(done.body).toEqual({ ok: true, message: `Order ${number} is marked paid.` });
    const [paidEvent] = await ctx.handle.db
      .select()
      .from(orderEvents)
      .where(sql`${orderEvents.orderId} = ${id} and ${orderEvents.kind} = 'paid'`);
    expect(paidEvent).toMatchObject({ actorKind: "admin", actorId: ownerId, actorEmail: "owner@example.com" });
    const detail = await callRoute(
      (args: never) => orderRoute.loader({ ...(args as object), params: { id } } as never),
      `/admin/orders/${id}`,
      { cookie: owner },
    );
    expect(detail.body).toMatchObject({ order: { number, status: "paid" }, actions: ["ship", "refund"] });
    const missing = await callRoute(
      (args: never) => orderRoute.loader({ ...(args as object), params: { id: "not-an-id" } } as never),
      "/admin/orders/not-an-id",
      { cookie: owner },
    );
    expect(missing.status).toBe(404);
    expect(await ctx.handle.db.select().from(userRoles).where(eq(userRoles.role, "admin"))).toHaveLength(1);
  });

  it("answers a request its page never sends (no intent, an unknown one, two at once) as not understood, changing nothing", async () => {
    const { id } = await order({ email: "hand-made@example.com" });
    const cookie = await adminCookie();
    const asAdmin = (args: never) => orderRoute.action({ ...(args as object), params: { id } } as never);
    const twoIntents = new FormData();
    twoIntents.append("intent", "mark-paid");
    twoIntents.append("intent", "cancel");
    for (const form of [formOf({}), formOf({ intent: "launch" }), twoIntents]) {
      const answer = await callRoute(asAdmin, `/admin/orders/${id}`, { form, cookie });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ ok: false, error: "That request was not understood." });
      expect((answer.body as { fieldErrors?: unknown }).fieldErrors).toBeUndefined();
    }
    const detail = await getOrder(id);
    expect(detail!.status).toBe("awaiting_payment");
    expect(detail!.events.map((e) => e.kind)).toEqual(["placed"]);
  });

  it("says a step is already taken when its form is sent again (a second click, a stale page), and why a cancel is refused", async () => {
    const shipped = await order({ email: "twice@example.com" });
    await runOrderIntent(shipped.id, formOf({ intent: "mark-paid" }), artist);
    expect(await runOrderIntent(shipped.id, formOf({ intent: "mark-paid" }), artist)).toEqual({
      ok: false,
      error: `Order ${shipped.number} is already paid.`,
    });
    const ship = formOf({ intent: "ship", carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    await runOrderIntent(shipped.id, ship, artist);
    expect(await runOrderIntent(shipped.id, ship, artist)).toEqual({
      ok: false,
      error: `Order ${shipped.number} is already shipped.`,
    });
    await runOrderIntent(shipped.id, formOf({ intent: "deliver" }), artist);
    expect(await runOrderIntent(shipped.id, formOf({ intent: "deliver" }), artist)).toEqual({
      ok: false,
      error: `Order ${shipped.number} is already delivered.`,
    });
    const pickup = await order({ email: "collect-twice@example.com" }, "pickup");
    await runOrderIntent(pickup.id, formOf({ intent: "mark-paid" }), artist);
    await runOrderIntent(pickup.id, formOf({ intent: "deliver" }), artist);
    expect(await runOrderIntent(pickup.id, formOf({ intent: "deliver" }), artist)).toEqual({
      ok: false,
      error: `Order ${pickup.number} is already collected.`,
    });
    // Recorded refunded meanwhile (a card refund reported before its payment: webhooks come in any order) while
    // the artist's page still offered Cancel.
    const refunded = await order({ email: "stale-cancel@example.com" });
    await refundReported(
      { provider: "stripe", id: `evt_${crypto.randomUUID()}`, type: "charge.refunded" },
      { orderId: refunded.id, full: true, amountNote: "$2,500.00" },
    );
    expect(await runOrderIntent(refunded.id, formOf({ intent: "cancel" }), artist)).toEqual({
      ok: false,
      error: `Order ${refunded.number} is already refunded: there is nothing to cancel.`,
    });
    expect((await getOrder(refunded.id))!.status).toBe("refunded");
  });
});
