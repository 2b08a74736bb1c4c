import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs, mailOutbox, orderEvents, orderItems, orders } from "~/db/schema";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { saveSettings } from "~/modules/settings/settings.server";
import { EXPIRE_JOB } from "~/modules/shop/order-actions.server";
import { listAvailableArtworks } from "~/modules/catalog/catalog.server";
import * as cartRoute from "~/routes/resources/cart";
import * as checkoutRoute from "~/routes/shop/checkout";
import * as confirmationRoute from "~/routes/shop/order-confirmation";
import * as trackRoute from "~/routes/shop/track-order";
import { BACKENDS, useTestServices } from "../support/harness";
import {
  BUYER,
  callRoute,
  checkoutForm,
  cookieFrom,
  formOf,
  seedShopSettings,
  seedWork,
  stockRow,
} from "../support/shop-data";

const post = (form: FormData, ip = "192.0.2.10", cookie?: string) =>
  callRoute(checkoutRoute.action, "/checkout", { form, ip, cookie });

describe.each(BACKENDS)("checkout on %s", (backend) => {
  const ctx = useTestServices(backend);
  beforeAll(() => seedShopSettings());
  beforeEach(async () => {
    await ctx.handle.db.execute(sql`delete from rate_limits`);
  });

  it("places an order: reserves the work at the catalogue's price, records everything, and shows it only to its buyer", async () => {
    const id = await seedWork({ title: "Tidewater Hymn", priceCents: 680_000 });
    const answer = await post(checkoutForm([{ id }], { price: "1" }));
    expect(answer.status).toBe(303);
    const number = new URL(answer.location!, "http://x").searchParams.get("order")!;
    expect(number).toMatch(/^A-\d{4}-\d{4}$/);
    expect(answer.setCookie).toMatch(/^atelier_orders=.+HttpOnly/i);

    const [order] = await ctx.handle.db.select().from(orders).where(eq(orders.number, number));
    // 9.45 % tax on the work (shipping is not taxed), $95 insured shipping in the US.
    expect(order).toMatchObject({
      status: "awaiting_payment",
      provider: "manual",
      email: BUYER.email,
      subtotalCents: 680_000,
      shippingCents: 9_500,
      taxCents: 64_260,
      totalCents: 680_000 + 9_500 + 64_260,
      city: "New Orleans",
      country: "US",
    });
    // A bank transfer holds the work for the default 72 hours.
    const holdHours = (order!.reservedUntil!.getTime() - order!.createdAt.getTime()) / 3_600_000;
    expect(holdHours).toBeCloseTo(72, 1);
    const items = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(items).toEqual([
      expect.objectContaining({ artworkId: id, title: "Tidewater Hymn", unitPriceCents: 680_000, quantity: 1 }),
    ]);
    expect(await stockRow(id)).toMatchObject({ quantity: 0, availability: "reserved" });
    const events = await ctx.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events).toEqual([expect.objectContaining({ kind: "placed", actorKind: "buyer", actorEmail: BUYER.email })]);
    const [job] = await ctx.handle.db.select().from(jobs).where(eq(jobs.kind, EXPIRE_JOB));
    expect(job!.runAt.getTime()).toBe(order!.reservedUntil!.getTime());
    const mails = await ctx.handle.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.template} like 'order-%'`);
    expect(mails.map((m) => [m.template, m.toAddress]).sort()).toEqual([
      ["order-new", "artist@example.com"],
      ["order-placed", BUYER.email],
    ]);
    // The artist's note links to the order in the admin, on the site's address.
    const note = mails.find((m) => m.template === "order-new")!;
    expect(note.text).toContain(`${ctx.config.publicUrl}/admin/orders/${order!.id}`);
    const placed = mails.find((m) => m.template === "order-placed")!;
    expect(placed.subject).toBe(`Your order ${number} at Test Studio`);
    expect(placed.text).toContain("Total: $7,537.60");
    expect(placed.text).toContain("We will reply within one working day with our bank details and an invoice.");
    expect(placed.text).toContain(`Please quote ${number} with your payment.`);
    expect(placed.text).not.toContain("quote your order number");

    // The confirmation: the buyer's browser (its cookie) sees the order; anyone else a neutral page.
    const url = `/order-confirmation?order=${number}`;
    const mine = await callRoute(confirmationRoute.loader, url, { cookie: cookieFrom(answer.setCookie) });
    expect(mine.body).toMatchObject({ order: { number, status: "awaiting_payment", totals: { totalCents: 753_760 } } });
    expect((await callRoute(confirmationRoute.loader, url)).body).toEqual({ order: null });
    const forged = `atelier_orders=${Buffer.from(JSON.stringify([order!.id])).toString("base64")}.forged`;
    expect((await callRoute(confirmationRoute.loader, url, { cookie: forged })).body).toEqual({ order: null });

    // Tracking: the right number and e-mail show the timeline; a wrong pair one neutral answer.
    const track = (n: string, email: string) =>
      callRoute(trackRoute.action, "/track-order", { form: formOf({ number: n, email }), ip: "198.51.100.7" });
    const found = await track(number.toLowerCase(), "ADA@example.com ");
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      order: {
        number,
        timeline: [{ label: "Order placed", done: true }, { done: false }, { done: false }, { done: false }],
      },
    });
    const wrongEmail = await track(number, "eve@example.com");
    const wrongNumber = await track("A-1999-0001", BUYER.email);
    expect(wrongEmail.status).toBe(404);
    const { values: _a, ...neutral } = wrongEmail.body as Record<string, unknown>;
    const { values: _b, ...neutralToo } = wrongNumber.body as Record<string, unknown>;
    expect(neutral).toEqual(neutralToo);
    expect(neutral.order).toBeNull();
    expect(neutral.formError).toMatch(/^We could not find an order/);
  });

  it("makes one order of the same form sent twice, one after the other or at once", async () => {
    const id = await seedWork();
    const form = checkoutForm([{ id }]);
    const first = await post(form);
    const again = await post(form);
    expect(again.status).toBe(303);
    expect(again.location).toBe(first.location);

    const other = await seedWork();
    const twin = checkoutForm([{ id: other }]);
    const both = await Promise.all([post(twin), post(twin), post(twin)]);
    expect(new Set(both.map((b) => b.status))).toEqual(new Set([303]));
    expect(new Set(both.map((b) => b.location)).size).toBe(1);
    const key = twin.get("idempotencyKey") as string;
    expect(await ctx.handle.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
    expect(await stockRow(other)).toMatchObject({ quantity: 0, availability: "reserved" });

    // Someone else replaying a key (another e-mail) learns nothing about that order.
    const stolen = await post(checkoutForm([{ id: other }], { email: "eve@example.com" }, key));
    expect(stolen.status).toBe(409);
    expect(stolen.location).toBeNull();
  });

  it("answers bad input with errors beside the fields, keeps what was typed, and reserves nothing", async () => {
    const id = await seedWork();
    const answer = await post(
      checkoutForm([{ id }], { name: "", email: "not-an-email", postalCode: "ABC", city: "", phone: "call me" }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      fieldErrors: {
        name: "Enter your name.",
        email: "Enter a valid e-mail address, like name@example.com.",
        postalCode: "Enter a 5-digit ZIP code.",
        city: "Enter the city.",
        phone: "Enter a phone number (digits, spaces, + and -), or leave it empty.",
      },
      values: { email: "not-an-email", postalCode: "ABC", addressLine1: "1 Esplanade Ave", phone: "call me" },
    });
    expect(await stockRow(id)).toMatchObject({ quantity: 1, availability: "available" });
    // Collecting from the studio needs no address; the studio's country is taxed, nothing is charged to ship.
    const pickup = await post(
      checkoutForm([{ id }], { fulfilment: "pickup", addressLine1: "", city: "", postalCode: "", country: "FR" }),
    );
    expect(pickup.status).toBe(303);
    const number = new URL(pickup.location!, "http://x").searchParams.get("order")!;
    const [order] = await ctx.handle.db.select().from(orders).where(eq(orders.number, number));
    expect(order).toMatchObject({
      fulfilment: "pickup",
      shippingCents: 0,
      taxCents: 23_625,
      country: "US",
      addressLine1: "",
    });
  });

  it("never takes a price from the browser, and refuses when the catalogue's total differs from the one shown", async () => {
    const id = await seedWork({ priceCents: 100_000 });
    const shownBeforeRaise = 100_000 + 9_500 + 9_450;
    await ctx.handle.db.execute(sql`update artworks set price_cents = 120000 where id = ${id}`);
    const answer = await post(checkoutForm([{ id }], { expectedTotalCents: String(shownBeforeRaise) }));
    expect(answer.status).toBe(409);
    expect((answer.body as { formError: string }).formError).toBe(
      "A price in your cart has changed: the total is now $1,408.40. Please check your order and place it again.",
    );
    expect(await stockRow(id)).toMatchObject({ quantity: 1, availability: "available" });
  });

  it("without JavaScript, a total shown for the studio's country then sent for another says what it is, not that a price changed", async () => {
    // The Buy now page drawn on the server showed US shipping and tax; the buyer chose Canada before placing it.
    const id = await seedWork({ priceCents: 100_000 });
    const shownForUs = 100_000 + 9_500 + 9_450;
    const canada = { country: "CA", region: "QC", postalCode: "H2X 1Y4", city: "Montréal" };
    const form = { ...canada, expectedSubtotalCents: "100000", expectedTotalCents: String(shownForUs) };
    const answer = await post(checkoutForm([{ id }], form));
    expect(answer.status).toBe(409);
    const { formError } = answer.body as { formError: string };
    expect(formError).toMatch(
      /^With shipping and tax for your choices, the total is \$[\d,.]+\. Please check it and place your order again\.$/,
    );
    expect(formError).not.toContain("$1,189.50");
    expect(await stockRow(id)).toMatchObject({ quantity: 1, availability: "available" });
  });

  it("says clearly when a work is no longer available, and sold or unpriced works cannot be bought", async () => {
    const sold = await seedWork({ title: "Undertow", availability: "sold", quantity: 0 });
    const onRequest = await seedWork({ title: "Price on request", priceCents: null });
    const free = await seedWork({ title: "Free one" });
    const answer = await post(checkoutForm([{ id: free }, { id: sold }, { id: onRequest }]));
    expect(answer.status).toBe(409);
    expect((answer.body as { unavailable: string[] }).unavailable.sort()).toEqual([sold, onRequest].sort());
    expect((answer.body as { formError: string }).formError).toMatch(
      /“(Undertow|Price on request)” and “(Undertow|Price on request)” are no longer available/,
    );
    // Nothing of that cart was reserved (one transaction).
    expect(await stockRow(free)).toMatchObject({ quantity: 1, availability: "available" });
    expect((await post(checkoutForm([]))).body).toMatchObject({ formError: "Your cart is empty." });
  });

  it("refuses a cart that lists one work twice (no browser's cart does) as unreadable, reserving nothing", async () => {
    const id = await seedWork({ title: "Listed twice" });
    const answer = await post(checkoutForm([{ id }, { id }]));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ formError: "Your cart could not be read. Please reload the page." });
    expect(await stockRow(id)).toMatchObject({ quantity: 1, availability: "available" });
  });

  it("answers hidden fields no page sends (a total that is no whole number, an over-long room or hold) in words, reserving nothing", async () => {
    const id = await seedWork({ title: "Hand-made form" });
    for (const fields of [
      { expectedTotalCents: "NaN" },
      { expectedTotalCents: "-1" },
      { expectedSubtotalCents: "1.5" },
      { expectedTotalCents: "1e30" },
      { room: "r".repeat(65) },
      { hold: "h".repeat(121) },
    ]) {
      const answer = await post(checkoutForm([{ id }], fields));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        formError: "The form could not be read. Please reload the page and try again.",
        values: { name: BUYER.name, addressLine1: BUYER.addressLine1 },
      });
    }
    expect(await stockRow(id)).toMatchObject({ quantity: 1, availability: "available" });
  });

  it("says what is too many when a cart holds more works, or more pieces of one, than an order takes", async () => {
    const ids = await Promise.all(Array.from({ length: 21 }, () => seedWork()));
    const many = await post(checkoutForm(ids.map((id) => ({ id }))));
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({
      formError: "An order can hold at most 20 works. Please remove some from your cart and order them separately.",
    });
    const edition = await seedWork({ title: "Large edition", quantity: 500 });
    const pieces = await post(checkoutForm([{ id: edition, quantity: 150 }]));
    expect(pieces.status).toBe(400);
    expect(pieces.body).toMatchObject({ formError: "An order can hold at most 100 pieces of one work." });
    for (const id of [...ids, edition]) expect((await stockRow(id)).availability).toBe("available");
  });

  it("says so when an order would total more than an order can hold, and reserves nothing", async () => {
    // Three pieces at $10,000,000 (the most a price may be) come to more than an order's columns hold.
    const edition = await seedWork({ title: "Costly edition", priceCents: 1_000_000_000, quantity: 5 });
    const answer = await post(checkoutForm([{ id: edition, quantity: 3 }]));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      formError:
        "An order can total at most $21,474,836.47. Please order fewer pieces, or write to the studio to arrange the sale.",
    });
    expect(await stockRow(edition)).toMatchObject({ quantity: 5, availability: "available" });
  });

  it("never lists, offers or sells an archived or not-for-sale work (security item 11)", async () => {
    const archived = await seedWork({ title: "Put Away" });
    const notForSale = await seedWork({ title: "Kept By The Artist" });
    await ctx.handle.db.execute(sql`update artworks set archived_at = now() where id = ${archived}`);
    await ctx.handle.db.execute(sql`update artworks set availability = 'not_for_sale' where id = ${notForSale}`);

    const shop = await listAvailableArtworks({ limit: 200 });
    expect(shop.map((a) => a.id)).not.toContain(archived);
    expect(shop.map((a) => a.id)).not.toContain(notForSale);

    const cart = await callRoute(cartRoute.loader, `/api/cart?ids=${archived},${notForSale}`);
    const lines = (cart.body as { lines: { id: string; buyable: boolean }[] }).lines;
    expect(lines.filter((l) => l.buyable)).toEqual([]);

    const answer = await post(checkoutForm([{ id: archived }, { id: notForSale }]));
    expect(answer.status).toBe(409);
    expect((answer.body as { unavailable: string[] }).unavailable.sort()).toEqual([archived, notForSale].sort());
    expect((answer.body as { formError: string }).formError).toMatch(/are no longer available/);
    expect(await stockRow(archived)).toMatchObject({ quantity: 1, availability: "available" });
  });

  it("sells an edition piece by piece and refuses more than the stock", async () => {
    const print = await seedWork({ title: "Edition", priceCents: 30_000, quantity: 3 });
    expect((await post(checkoutForm([{ id: print, quantity: 2 }]))).status).toBe(303);
    expect(await stockRow(print)).toMatchObject({ quantity: 1, availability: "available" });
    expect((await post(checkoutForm([{ id: print, quantity: 2 }]))).status).toBe(409);
    expect((await post(checkoutForm([{ id: print }]))).status).toBe(303);
    expect(await stockRow(print)).toMatchObject({ quantity: 0, availability: "reserved" });
  });

  it("releases an unpaid order's works when the reservation lapses (the expiry job)", async () => {
    const id = await seedWork();
    const answer = await post(checkoutForm([{ id }]));
    const number = new URL(answer.location!, "http://x").searchParams.get("order")!;
    // Before the time nothing happens.
    await runDueJobs();
    expect(await stockRow(id)).toMatchObject({ availability: "reserved" });
    const past = new Date(Date.now() - 1000);
    await ctx.handle.db.update(orders).set({ reservedUntil: past }).where(eq(orders.number, number));
    await ctx.handle.db
      .update(jobs)
      .set({ runAt: past })
      .where(and(eq(jobs.kind, EXPIRE_JOB), sql`done_at is null`));
    await runDueJobs();
    const [order] = await ctx.handle.db.select().from(orders).where(eq(orders.number, number));
    expect(order).toMatchObject({ status: "cancelled", reservedUntil: null });
    expect(await stockRow(id)).toMatchObject({ quantity: 1, availability: "available" });
    const events = await ctx.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events.map((e) => [e.kind, e.actorKind])).toEqual([
      ["placed", "buyer"],
      ["expired", "system"],
    ]);
  });

  it("refuses a country no shipping region covers, and rate-limits placing orders per address", async () => {
    await saveSettings({
      contactEmail: "artist@example.com",
      shop: { shippingRegions: [{ id: "us", label: "United States", countries: ["US"], rateCents: 9_500 }] },
    });
    try {
      const id = await seedWork();
      const answer = await post(checkoutForm([{ id }], { country: "JP", region: "", postalCode: "100-0001" }));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        fieldErrors: { country: "We do not ship to this country yet. Choose studio pickup, or write to us." },
      });
    } finally {
      await seedShopSettings();
    }
    await ctx.handle.db.execute(sql`delete from rate_limits`);
    const id = await seedWork();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await post(checkoutForm([{ id }], { email: `buyer${i}@example.com` }), "203.0.113.99")).status);
    expect(statuses.slice(1, 10).every((s) => s === 409)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("rate-limits placing orders per buyer e-mail, whatever address they come from (security issue item 6)", async () => {
    const id = await seedWork();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await post(checkoutForm([{ id }], { email: "hoarder@example.com" }), `198.51.100.${i + 1}`)).status,
      );
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("reserves at most 20 pieces a day per address and per buyer e-mail: nobody holds the catalogue (security item 6)", async () => {
    // An edition of 40 prints: one address asks for 8, 8, then 8 more (24 > 20) with changing e-mails.
    const prints = await seedWork({ title: "Open Edition", priceCents: 5_000, quantity: 40 });
    const fromOneAddress = [];
    for (let i = 0; i < 3; i++)
      fromOneAddress.push(
        await post(checkoutForm([{ id: prints, quantity: 8 }], { email: `collector${i}@example.com` }), "203.0.113.40"),
      );
    expect(fromOneAddress.map((a) => a.status)).toEqual([303, 303, 429]);
    expect((fromOneAddress[2]!.body as { formError: string }).formError).toBe(
      "That is more works than one buyer can reserve in a day (20). Please complete the orders you have, or write to us.",
    );
    expect(await stockRow(prints)).toMatchObject({ quantity: 24 });
    // One e-mail from changing addresses: the same cap.
    await ctx.handle.db.execute(sql`delete from rate_limits`);
    const oneBuyer = [];
    for (let i = 0; i < 3; i++)
      oneBuyer.push(
        await post(
          checkoutForm([{ id: prints, quantity: 8 }], { email: "hoarder@example.com" }),
          `198.51.100.${40 + i}`,
        ),
      );
    expect(oneBuyer.map((a) => a.status)).toEqual([303, 303, 429]);
    expect(await stockRow(prints)).toMatchObject({ quantity: 8 });
  });

  it("rate-limits order tracking to 10 lookups a minute per address", async () => {
    const form = formOf({ number: "A-2026-9999", email: "nobody@example.com" });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await callRoute(trackRoute.action, "/track-order", { form, ip: "203.0.113.5" })).status);
    expect(statuses).toEqual([...Array<number>(10).fill(404), 429, 429]);
    // Another address is not affected.
    expect((await callRoute(trackRoute.action, "/track-order", { form, ip: "203.0.113.6" })).status).toBe(404);
  });
});
