// Card payments through a local stand-in for the Stripe API (the SDK's host/port/protocol options), driving the
// real routes: checkout → Stripe Checkout Session → signed webhook (the only thing that marks a card order
// paid), replays, out-of-order events, expiry, the buyer leaving the payment page, refunds, Stripe down.
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invoices, jobs, mailOutbox, orderEvents, orders, processedWebhookEvents } from "~/db/schema";
import { createInvoiceFromOrder, recordInvoicePayment } from "~/modules/invoices/invoices.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { cancelOrder, EXPIRE_JOB, markOrderPaid, refundOrder } from "~/modules/shop/order-actions.server";
import { OrderError } from "~/modules/shop/orders.server";
import { createRoom } from "~/modules/rooms/rooms.server";
import { services, setServices } from "~/services.server";
import * as checkoutRoute from "~/routes/shop/checkout";
import * as confirmationRoute from "~/routes/shop/order-confirmation";
import * as webhookRoute from "~/routes/resources/stripe-webhook";
import * as adminOrderRoute from "~/routes/admin/order";
import { adminCookie } from "../support/admin-session";
import { useStripeTestServices } from "../support/stripe-suite";
import type { StandInSession } from "../support/stripe-standin";
import { BACKENDS } from "../support/harness";
import { callRoute, checkoutForm, cookieFrom, seedShopSettings, seedWork, stockRow } from "../support/shop-data";
import { formOf } from "../support/form";

const admin = { kind: "admin" as const, id: "admin-1", email: "artist@example.com" };

describe.each(BACKENDS)("card payments through the Stripe stand-in on %s", (backend) => {
  const { ctx, stripe } = useStripeTestServices(backend, { PUBLIC_URL: "https://shop.example.com" });
  beforeAll(() => seedShopSettings({ reservationMinutes: 15 }));
  beforeEach(async () => {
    await ctx.handle.db.execute(sql`delete from rate_limits`);
  });

  async function checkout(workId: string, email = "ada@example.com") {
    const answer = await callRoute(checkoutRoute.action, "/checkout", {
      form: checkoutForm([{ id: workId }], { email }),
    });
    expect(answer.status).toBe(303);
    const sessionId = /\/pay\/(\w+)$/.exec(answer.location!)?.[1];
    expect(sessionId).toBeDefined();
    const [order] = await ctx.handle.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId!));
    return { answer, sessionId: sessionId!, order: order! };
  }

  const deliver = (event: { payload: string; signature: string }) =>
    callRoute(webhookRoute.action, "/webhooks/stripe", {
      body: event.payload,
      headers: { "stripe-signature": event.signature, "content-type": "application/json" },
    });

  /** The buyer pays on Stripe's page, and Stripe's signed webhook says so. */
  const payAtStripe = (sessionId: string) => {
    stripe.pay(sessionId);
    return deliver(stripe.event("checkout.session.completed", stripe.sessions.get(sessionId)));
  };

  /** Runs `act` with the services sending Stripe's calls to a port where nothing answers, the real address after. */
  async function whileStripeOutOfReach<T>(act: () => Promise<T>): Promise<T> {
    const config = services().config;
    setServices({
      ...services(),
      config: { ...config, stripe: { ...config.stripe!, api: { protocol: "http", host: "127.0.0.1", port: 9 } } },
    });
    try {
      return await act();
    } finally {
      setServices({ ...services(), config });
    }
  }

  const orderRow = async (id: string) => (await ctx.handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const mailsTo = async (orderNumber: string) =>
    (
      await ctx.handle.db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.subject} like ${`%${orderNumber}%`}`)
    ).map((m) => m.template);

  it("sends the buyer to a Checkout Session priced from the catalogue, and only the signed webhook marks it paid", async () => {
    const work = await seedWork({ title: "Salt Ledger", priceCents: 540_000 });
    const { answer, sessionId, order } = await checkout(work);
    expect(answer.location).toBe(`${stripe.url}/pay/${sessionId}`);
    const session = stripe.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: "payment",
      client_reference_id: order.id,
      customer_email: "ada@example.com",
      metadata: { order_id: order.id, order_number: order.number },
      success_url: `https://shop.example.com/order-confirmation?order=${order.number}`,
      cancel_url: expect.stringMatching(
        new RegExp(`^https://shop\\.example\\.com/checkout\\?cancelled=${order.number}&key=[\\w-]{32}$`),
      ) as unknown,
      amount_total: order.totalCents,
    });
    expect(session.params).toMatchObject({
      line_items: [
        {
          quantity: "1",
          price_data: { currency: "usd", unit_amount: "540000", product_data: { name: "Salt Ledger" } },
        },
        { quantity: "1", price_data: { unit_amount: String(order.taxCents) } },
      ],
      payment_intent_data: { metadata: { order_id: order.id } },
    });
    // Stripe's minimum: the session lives at least 30 minutes; our own reservation (15) closes it sooner.
    expect(session.expires_at - Date.now() / 1000).toBeGreaterThan(29 * 60);
    expect(stripe.requests.find((r) => r.path === "/v1/checkout/sessions")?.idempotencyKey).toBe(
      `checkout-session-${order.id}`,
    );
    expect((order.reservedUntil!.getTime() - order.createdAt.getTime()) / 60_000).toBeCloseTo(15, 0);
    expect(order).toMatchObject({ provider: "stripe", status: "awaiting_payment" });
    // No mail before the money: an abandoned card checkout is not news for anyone.
    expect(await mailsTo(order.number)).toEqual([]);

    // The artist cannot mark a card order paid; neither can a forged event.
    await expect(markOrderPaid(order.id, admin)).rejects.toThrow(OrderError);
    stripe.pay(sessionId);
    const event = stripe.event("checkout.session.completed", stripe.sessions.get(sessionId));
    const forged = await deliver({ payload: event.payload.replace("540000", "1"), signature: event.signature });
    expect(forged.status).toBe(400);
    expect((await deliver({ payload: event.payload, signature: "t=1,v1=deadbeef" })).status).toBe(400);
    expect((await orderRow(order.id)).status).toBe("awaiting_payment");

    // The real one, then four replays at once and one later: paid once, mailed once.
    expect((await deliver(event)).status).toBe(200);
    const replays = await Promise.all([deliver(event), deliver(event), deliver(event), deliver(event)]);
    expect(replays.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await deliver(event)).body).toBe("Already processed.");
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ status: "paid", paymentIntentId: session.payment_intent, reservedUntil: null });
    expect(await stockRow(work)).toMatchObject({ quantity: 0, availability: "sold" });
    const events = await ctx.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => [e.kind, e.actorKind])).toEqual([
      ["placed", "buyer"],
      ["paid", "stripe"],
    ]);
    expect(events[1]!.actorId).toBe(event.id);
    expect((await mailsTo(order.number)).sort()).toEqual(["order-new", "order-paid"]);
    expect(
      await ctx.handle.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, event.id)),
    ).toHaveLength(1);

    // The buyer lands on the confirmation page (their cookie came with the redirect to Stripe).
    const page = await callRoute(confirmationRoute.loader, `/order-confirmation?order=${order.number}`, {
      cookie: cookieFrom(answer.setCookie),
    });
    expect(page.body).toMatchObject({ order: { status: "paid", statusLabel: "Paid" } });

    // A refund made by the artist goes through Stripe (idempotently) and returns the work; the webhook that
    // reports it afterwards changes nothing more.
    await refundOrder(order.id, admin, "The buyer changed their mind.");
    expect(stripe.refunds).toContainEqual(expect.objectContaining({ payment_intent: session.payment_intent }));
    expect(stripe.requests.find((r) => r.path === "/v1/refunds")?.idempotencyKey).toBe(
      `refund-${order.id}-${session.payment_intent}`,
    );
    expect(await stockRow(work)).toMatchObject({ quantity: 1, availability: "available" });
    expect((await deliver(stripe.refundEvent(sessionId))).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe("refunded");
    expect(await stockRow(work)).toMatchObject({ quantity: 1, availability: "available" });
  });

  it("records a refund once when Stripe's charge.refunded lands while the artist's refund call is still waiting", async () => {
    const work = await seedWork({ title: "Crossed Wires" });
    const { sessionId, order } = await checkout(work, "race@example.com");
    expect((await payAtStripe(sessionId)).body).toBe("paid");
    const mailsBefore = (await mailsTo(order.number)).length;
    const refundForm = (note: string) => ({ form: formOf({ intent: "refund", note, confirm: "yes" }) });
    const refundAsArtist = async (note: string) =>
      callRoute(
        (args: never) => adminOrderRoute.action({ ...(args as object), params: { id: order.id } } as never),
        `/admin/orders/${order.id}`,
        { ...refundForm(note), cookie: await adminCookie() },
      );

    // Stripe's webhook reports the refund before the refund call has answered: the webhook records it first.
    const webhook: string[] = [];
    stripe.onRefund = async (event) => webhook.push(String((await deliver(event)).body));
    let answer;
    try {
      answer = await refundAsArtist("The frame arrived cracked.");
    } finally {
      stripe.onRefund = undefined;
    }
    expect(webhook).toEqual(["refunded"]);
    // The artist is told it went through, as when nothing raced.
    expect(answer).toMatchObject({
      status: 200,
      body: { ok: true, message: `Order ${order.number} is refunded; its works are for sale again.` },
    });
    expect(
      stripe.refunds.filter((r) => r.payment_intent === stripe.sessions.get(sessionId)!.payment_intent),
    ).toHaveLength(1);

    // Recorded once: one refund in the history, the work back once (an original: one piece), no mail more.
    const history = async () =>
      (await ctx.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).map((e) => e.kind);
    expect((await history()).filter((kind) => kind === "refunded")).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded" });
    // The artist's reason is kept beside Stripe's record of the refund.
    const notes = await ctx.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(notes.at(-1)).toMatchObject({
      kind: "note",
      actorKind: "admin",
      note: "Reason for the refund: The frame arrived cracked.",
    });
    expect(await stockRow(work)).toMatchObject({ quantity: 1, availability: "available" });
    expect(await mailsTo(order.number)).toHaveLength(mailsBefore);

    // A second press (a stale page, a double click) finds it done and succeeds as quietly.
    expect(await refundAsArtist("")).toMatchObject({ status: 200, body: { ok: true } });
    expect((await history()).filter((kind) => kind === "refunded")).toHaveLength(1);
    expect(await stockRow(work)).toMatchObject({ quantity: 1, availability: "available" });
  });

  it("records a refund once when the artist's transaction lands first and Stripe's webhook follows", async () => {
    const work = await seedWork({ title: "Second Place" });
    const { sessionId, order } = await checkout(work, "late-hook@example.com");
    await payAtStripe(sessionId);
    await refundOrder(order.id, admin, "Returned.");
    expect((await deliver(stripe.refundEvent(sessionId))).body).toBe("ignored");
    const kinds = (await ctx.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).map(
      (e) => e.kind,
    );
    expect(kinds.filter((kind) => kind === "refunded")).toHaveLength(1);
    expect(await stockRow(work)).toMatchObject({ quantity: 1, availability: "available" });
  });

  it("records a refund made in Stripe's dashboard when the artist then presses Refund before its webhook came", async () => {
    const work = await seedWork({ title: "Refunded Elsewhere" });
    const { sessionId, order } = await checkout(work, "dashboard-refund@example.com");
    await payAtStripe(sessionId);
    // Refunded in Stripe's dashboard: a refund of the payment without our idempotency key.
    const dashboard = await fetch(`${stripe.url}/v1/refunds`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${stripe.secretKey}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: `payment_intent=${stripe.sessions.get(sessionId)!.payment_intent}`,
    });
    expect(dashboard.status).toBe(200);
    const answer = await callRoute(
      (args: never) => adminOrderRoute.action({ ...(args as object), params: { id: order.id } } as never),
      `/admin/orders/${order.id}`,
      {
        form: formOf({ intent: "refund", note: "Refunded from the dashboard.", confirm: "yes" }),
        cookie: await adminCookie(),
      },
    );
    expect(answer).toMatchObject({
      status: 200,
      body: { ok: true, message: `Order ${order.number} is refunded; its works are for sale again.` },
    });
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded" });
    expect(await stockRow(work)).toMatchObject({ quantity: 1, availability: "available" });
    // Stripe's charge.refunded, arriving afterwards, changes nothing more.
    expect((await deliver(stripe.refundEvent(sessionId))).body).toBe("ignored");
    const kinds = (await ctx.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).map(
      (e) => e.kind,
    );
    expect(kinds.filter((kind) => kind === "refunded")).toHaveLength(1);
  });

  it("never marks an order paid when Stripe reports another amount or currency (security item 12)", async () => {
    const work = await seedWork({ title: "Cheap Trick", priceCents: 720_000 });
    const { sessionId, order } = await checkout(work);
    stripe.pay(sessionId);
    const paid = stripe.sessions.get(sessionId)!;
    // Signed by Stripe, but not what this order costs: a session made elsewhere for the same order id.
    for (const wrong of [
      { ...paid, amount_total: 100 },
      { ...paid, currency: "jpy" },
      { ...paid, id: "cs_test_someone_elses" },
    ]) {
      const answer = await deliver(stripe.event("checkout.session.completed", wrong));
      expect(answer.status).toBe(200);
      expect(answer.body).toBe("amount-mismatch");
      expect((await orderRow(order.id)).status).toBe("awaiting_payment");
    }
    expect(await stockRow(work)).toMatchObject({ quantity: 0, availability: "reserved" });
    const history = await ctx.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(history.filter((e) => e.kind === "payment-mismatch").map((e) => e.note)).toEqual([
      `The payment provider reported 100 USD (in minor units); the order is ${order.totalCents} USD. Not marked paid.`,
      `The payment provider reported ${order.totalCents} JPY (in minor units); the order is ${order.totalCents} USD. Not marked paid.`,
      "The payment provider reported a payment from a checkout session this order did not open (cs_test_someone_elses). Not marked paid.",
    ]);
    // The right amount still settles it.
    expect((await deliver(stripe.event("checkout.session.completed", paid))).body).toBe("paid");
    expect((await orderRow(order.id)).status).toBe("paid");
  });

  it("answers 200 to a signed event about an order this shop does not have, so Stripe stops sending it", async () => {
    // Another integration on the same Stripe account sets order_id / client_reference_id to ids of its own:
    // a UUID this shop never issued, or no UUID at all (security review, defect E).
    const foreignSession = (ref: string): StandInSession => {
      const id = `cs_test_elsewhere_${crypto.randomUUID().replaceAll("-", "")}`;
      const session: StandInSession = {
        id,
        object: "checkout.session",
        url: `${stripe.url}/pay/${id}`,
        status: "open",
        payment_status: "unpaid",
        client_reference_id: ref,
        customer_email: "someone@example.com",
        metadata: { order_id: ref },
        currency: "usd",
        amount_total: 1000,
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        success_url: "https://elsewhere.example.com/thanks",
        cancel_url: "https://elsewhere.example.com/cart",
        payment_intent: null,
        mode: "payment",
        params: {},
      };
      stripe.sessions.set(session.id, session);
      return session;
    };
    const refundsBefore = stripe.refunds.length;
    for (const [ref, answer] of [
      [crypto.randomUUID(), "ignored"],
      ["not-a-uuid", "unknown-order"],
    ] as const) {
      const expired = foreignSession(ref);
      expired.status = "expired";
      const paid = stripe.pay(foreignSession(ref).id);
      const events = {
        "checkout.session.completed": stripe.event("checkout.session.completed", paid),
        "checkout.session.expired": stripe.event("checkout.session.expired", expired),
        // The refund's order is looked up through its payment intent's metadata, or the charge's own.
        "charge.refunded (intent's metadata)": stripe.refundEvent(paid.id),
        "charge.refunded (charge's metadata)": stripe.event("charge.refunded", {
          ...(JSON.parse(stripe.refundEvent(paid.id).payload) as { data: { object: object } }).data.object,
          metadata: { order_id: ref },
        }),
      };
      for (const [kind, event] of Object.entries(events)) {
        const delivered = await deliver(event);
        expect({ kind, ref, status: delivered.status, body: delivered.body }).toEqual({
          kind,
          ref,
          status: 200,
          body: answer,
        });
      }
    }
    // Nobody else's payment is refunded from here.
    expect(stripe.refunds).toHaveLength(refundsBefore);
  });

  it("ends in the same state whatever order the events arrive in (refund reported before the payment)", async () => {
    const work = await seedWork();
    const { sessionId, order } = await checkout(work);
    stripe.pay(sessionId);
    const completed = stripe.event("checkout.session.completed", stripe.sessions.get(sessionId));
    const refunded = stripe.refundEvent(sessionId);
    // Out of order: the refund first. The order is found through the payment intent's metadata.
    expect((await deliver(refunded)).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe("refunded");
    expect((await deliver(completed)).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe("refunded");
    expect(await stockRow(work)).toMatchObject({ quantity: 1, availability: "available" });

    // A partial refund is noted, and changes no status.
    const other = await seedWork();
    const second = await checkout(other, "bea@example.com");
    await payAtStripe(second.sessionId);
    await deliver(stripe.refundEvent(second.sessionId, { amount: 5_000 }));
    expect((await orderRow(second.order.id)).status).toBe("paid");
    const notes = await ctx.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, second.order.id));
    expect(notes.at(-1)).toMatchObject({ kind: "note", note: "A partial refund of $50 was made." });
  });

  it("releases the work when the session expires, and revives or refunds a payment that lands afterwards", async () => {
    const work = await seedWork();
    const { sessionId, order } = await checkout(work);
    const session = stripe.sessions.get(sessionId)!;
    session.status = "expired";
    expect((await deliver(stripe.event("checkout.session.expired", session))).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe("cancelled");
    expect(await stockRow(work)).toMatchObject({ quantity: 1, availability: "available" });

    // A payment that still lands (delayed delivery) while the work is free: the order is revived.
    session.status = "open";
    stripe.pay(sessionId);
    await deliver(stripe.event("checkout.session.completed", session));
    expect((await orderRow(order.id)).status).toBe("paid");
    expect(await stockRow(work)).toMatchObject({ quantity: 0, availability: "sold" });

    // The same, when someone else has bought the work meanwhile: the late payment is refunded at once.
    const contested = await seedWork();
    const late = await checkout(contested, "late@example.com");
    await cancelOrder(late.order.id, admin, "Buyer asked to cancel.");
    expect(stripe.sessions.get(late.sessionId)!.status).toBe("expired");
    const winner = await checkout(contested, "winner@example.com");
    const lateSession = stripe.sessions.get(late.sessionId)!;
    lateSession.status = "open";
    stripe.pay(late.sessionId);
    expect((await deliver(stripe.event("checkout.session.completed", lateSession))).status).toBe(200);
    expect((await orderRow(late.order.id)).status).toBe("refunded");
    expect(stripe.refunds).toContainEqual(expect.objectContaining({ payment_intent: lateSession.payment_intent }));
    expect((await orderRow(winner.order.id)).status).toBe("awaiting_payment");
    expect(await stockRow(contested)).toMatchObject({ quantity: 0, availability: "reserved" });
  });

  it("revives a late payment for a work bought in a viewing room at the room's price, though the site shows no price", async () => {
    const work = await seedWork({ priceCents: null });
    const room = await createRoom(
      {
        title: "For Ada",
        note: "",
        recipientName: "Ada",
        recipientEmail: "ada@example.com",
        expiresOn: "2099-12-31",
        works: [{ artworkId: work, price: "1800" }],
      },
      "America/Chicago",
    );
    const answer = await callRoute(checkoutRoute.action, "/checkout", {
      form: checkoutForm([{ id: work }], { room: room.token }),
    });
    const sessionId = /\/pay\/(\w+)$/.exec(answer.location!)![1]!;
    const [order] = await ctx.handle.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    const session = stripe.sessions.get(sessionId)!;
    session.status = "expired";
    await deliver(stripe.event("checkout.session.expired", session));
    expect(await stockRow(work)).toMatchObject({ quantity: 1, availability: "available" });

    // The payment still lands (delayed delivery) and nobody else has the work: it is the buyer's, at the
    // price they paid, not refunded for want of a public price.
    session.status = "open";
    stripe.pay(sessionId);
    expect((await deliver(stripe.event("checkout.session.completed", session))).body).toBe("paid");
    expect(await orderRow(order!.id)).toMatchObject({ status: "paid", subtotalCents: 180_000 });
    expect(stripe.refunds).not.toContainEqual(expect.objectContaining({ payment_intent: session.payment_intent }));
    expect(await stockRow(work)).toMatchObject({ quantity: 0, availability: "sold" });
  });

  it("marks a card order's invoice paid when Stripe reports the payment, and voids it when the payment page expires", async () => {
    const invoiceOf = async (orderId: string) =>
      (await ctx.handle.db.select().from(invoices).where(eq(invoices.orderId, orderId)))[0];
    const paid = await checkout(await seedWork());
    expect((await createInvoiceFromOrder(paid.order.id)).invoice.status).toBe("draft");
    expect((await payAtStripe(paid.sessionId)).body).toBe("paid");
    expect(await invoiceOf(paid.order.id)).toMatchObject({
      status: "paid",
      paidAt: (await orderRow(paid.order.id)).paidAt,
    });

    const expired = await checkout(await seedWork(), "dee@example.com");
    await createInvoiceFromOrder(expired.order.id);
    const session = stripe.sessions.get(expired.sessionId)!;
    session.status = "expired";
    await deliver(stripe.event("checkout.session.expired", session));
    expect(await invoiceOf(expired.order.id)).toMatchObject({ status: "void" });
  });

  it("never leaves a card order's invoice Paid for an order that is no sale: refused by hand, void or refunded with it", async () => {
    const invoiceOf = async (orderId: string) =>
      (await ctx.handle.db.select().from(invoices).where(eq(invoices.orderId, orderId)))[0]!;
    // Marked paid by hand while the card payment is awaited: refused (Stripe reports a card payment), so the
    // lapse that follows voids it instead of leaving it Paid on a cancelled order.
    const unpaid = await checkout(await seedWork(), "hand@example.com");
    const { invoice } = await createInvoiceFromOrder(unpaid.order.id);
    await expect(recordInvoicePayment(invoice.id, admin)).rejects.toThrow(
      `Order ${unpaid.order.number} is paid by card: its invoice is marked paid when Stripe reports the payment.`,
    );
    await cancelOrder(unpaid.order.id, admin, "The buyer changed their mind.");
    expect(await invoiceOf(unpaid.order.id)).toMatchObject({ status: "void" });

    // A refund reported before its payment (events arrive in any order): the Draft asks for nothing now.
    const early = await checkout(await seedWork(), "early@example.com");
    await createInvoiceFromOrder(early.order.id);
    stripe.pay(early.sessionId);
    await deliver(stripe.refundEvent(early.sessionId));
    expect(await invoiceOf(early.order.id)).toMatchObject({ status: "void" });

    // Paid, then refunded by the artist while Stripe's webhook lands first: the invoice is Refunded, once.
    const sold = await checkout(await seedWork(), "sold@example.com");
    await createInvoiceFromOrder(sold.order.id);
    await payAtStripe(sold.sessionId);
    expect(await invoiceOf(sold.order.id)).toMatchObject({ status: "paid" });
    stripe.onRefund = (event) => deliver(event);
    try {
      await refundOrder(sold.order.id, admin, "Returned.");
    } finally {
      stripe.onRefund = undefined;
    }
    const refunded = await orderRow(sold.order.id);
    expect(await invoiceOf(sold.order.id)).toMatchObject({ status: "refunded", refundedAt: refunded.refundedAt });
  });

  it("expires the session when the reservation lapses, but keeps a work whose payment completed at the last moment", async () => {
    const work = await seedWork();
    const { sessionId, order } = await checkout(work);
    const lapse = async () => {
      const past = new Date(Date.now() - 1000);
      await ctx.handle.db.update(orders).set({ reservedUntil: past }).where(eq(orders.id, order.id));
      await ctx.handle.db
        .update(jobs)
        .set({ runAt: past })
        .where(sql`${jobs.kind} = ${EXPIRE_JOB} and ${jobs.doneAt} is null`);
      await runDueJobs();
    };
    // Paid at Stripe, webhook not here yet: the job must not release the work.
    stripe.pay(sessionId);
    await lapse();
    expect((await orderRow(order.id)).status).toBe("awaiting_payment");
    expect(await stockRow(work)).toMatchObject({ availability: "reserved" });
    await deliver(stripe.event("checkout.session.completed", stripe.sessions.get(sessionId)));
    expect((await orderRow(order.id)).status).toBe("paid");

    // Unpaid: the job closes the payment page at Stripe first, then releases the work.
    const other = await seedWork();
    const second = await checkout(other, "cy@example.com");
    const past = new Date(Date.now() - 1000);
    await ctx.handle.db.update(orders).set({ reservedUntil: past }).where(eq(orders.id, second.order.id));
    await ctx.handle.db
      .update(jobs)
      .set({ runAt: past })
      .where(sql`${jobs.kind} = ${EXPIRE_JOB} and ${jobs.doneAt} is null`);
    await runDueJobs();
    expect(stripe.sessions.get(second.sessionId)!.status).toBe("expired");
    expect((await orderRow(second.order.id)).status).toBe("cancelled");
    expect(await stockRow(other)).toMatchObject({ quantity: 1, availability: "available" });
  });

  it("releases the reservation at once when the buyer comes back from the payment page without paying", async () => {
    const work = await seedWork();
    const { answer, sessionId, order } = await checkout(work);
    const back = new URL(stripe.sessions.get(sessionId)!.cancel_url);
    // Someone else's browser cannot cancel it, even with the link.
    await callRoute(checkoutRoute.loader, `${back.pathname}${back.search}`);
    expect((await orderRow(order.id)).status).toBe("awaiting_payment");
    // Nor can another site's link through the buyer's own cookie: it has no key (security review #19).
    for (const forged of [`/checkout?cancelled=${order.number}`, `/checkout?cancelled=${order.number}&key=AAAA`])
      await callRoute(checkoutRoute.loader, forged, { cookie: cookieFrom(answer.setCookie) });
    expect((await orderRow(order.id)).status).toBe("awaiting_payment");
    const page = await callRoute(checkoutRoute.loader, `${back.pathname}${back.search}`, {
      cookie: cookieFrom(answer.setCookie),
    });
    expect(page.body).toMatchObject({ abandoned: order.number });
    expect((await orderRow(order.id)).status).toBe("cancelled");
    expect(stripe.sessions.get(sessionId)!.status).toBe("expired");
    expect(await stockRow(work)).toMatchObject({ quantity: 1, availability: "available" });
  });

  it("says so on the order page when Stripe cannot be reached for a cancel or a refund, changing nothing", async () => {
    const work = await seedWork({ title: "Offline Refund" });
    const unpaid = await checkout(work, "offline-cancel@example.com");
    const cookie = await adminCookie();
    const press = (orderId: string, fields: Record<string, string>) =>
      callRoute(
        (args: never) => adminOrderRoute.action({ ...(args as object), params: { id: orderId } } as never),
        `/admin/orders/${orderId}`,
        { form: formOf(fields), cookie },
      );
    expect(await whileStripeOutOfReach(() => press(unpaid.order.id, { intent: "cancel" }))).toMatchObject({
      status: 409,
      body: {
        ok: false,
        error: `Stripe could not be reached, so order ${unpaid.order.number} was not cancelled. Please try again in a few minutes.`,
      },
    });
    expect(await orderRow(unpaid.order.id)).toMatchObject({ status: "awaiting_payment" });
    expect(await stockRow(work)).toMatchObject({ quantity: 0 });

    await payAtStripe(unpaid.sessionId);
    expect(
      await whileStripeOutOfReach(() => press(unpaid.order.id, { intent: "refund", confirm: "yes" })),
    ).toMatchObject({
      status: 409,
      body: {
        ok: false,
        error: `Stripe could not be reached, so order ${unpaid.order.number} was not refunded. Please try again in a few minutes.`,
      },
    });
    expect(await orderRow(unpaid.order.id)).toMatchObject({ status: "paid" });
    expect(await stockRow(work)).toMatchObject({ quantity: 0, availability: "sold" });
  });

  it("says so when Stripe cannot be reached, and holds nothing", async () => {
    const work = await seedWork();
    const answer = await whileStripeOutOfReach(() =>
      callRoute(checkoutRoute.action, "/checkout", { form: checkoutForm([{ id: work }]) }),
    );
    expect(answer.status).toBe(503);
    const body = answer.body as { formError: string; idempotencyKey: string };
    expect(body.formError).toBe(
      "Card payment is not available right now, so your order was not placed. Please try again in a few minutes.",
    );
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await stockRow(work)).toMatchObject({ quantity: 1, availability: "available" });
  });
});
