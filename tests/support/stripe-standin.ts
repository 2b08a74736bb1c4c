// A local stand-in for the Stripe API, for tests (no network): the few endpoints the shop calls (Checkout
// Sessions create / retrieve / expire, PaymentIntents retrieve, Refunds create), honouring Idempotency-Key, plus
// a hosted payment page (/pay/{session}) that "pays" and sends Stripe's webhook, signed with the official SDK's
// test helper, and a refund's charge.refunded sent before the refund call answers (`onRefund`). The app's Stripe
// SDK reaches it through STRIPE_API_BASE (the SDK's host/port/protocol options).
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

type Json = Record<string, unknown>;

export interface StandInSession {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  currency: string;
  amount_total: number;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
  mode: string;
  /** What the app sent (parsed form body), for assertions. */
  params: Json;
}

export interface StandInRequest {
  method: string;
  path: string;
  body: Json;
  idempotencyKey: string | undefined;
}

/** A signed event, as Stripe delivers it: the body and its Stripe-Signature header. */
export interface SignedEvent {
  id: string;
  payload: string;
  signature: string;
}

interface StandInIntent {
  id: string;
  metadata: Record<string, string>;
  amount: number;
  currency: string;
}

export interface StripeStandIn {
  url: string;
  webhookSecret: string;
  secretKey: string;
  sessions: Map<string, StandInSession>;
  intents: Map<string, StandInIntent>;
  refunds: Json[];
  requests: StandInRequest[];
  /** Where the hosted payment page sends checkout.session.completed (the app's /webhooks/stripe). */
  webhookUrl: string | undefined;
  /**
   * Given the charge.refunded event of each new refund while the refund call waits for its answer: Stripe sends
   * it about when it answers, so a test delivers it here to have it land before the app has recorded the
   * refund (the webhook wins the race). Unset: the event is not sent.
   */
  onRefund: ((event: SignedEvent) => Promise<unknown>) | undefined;
  /** The settings that point the app's Stripe adapter at this stand-in. */
  env(): { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string; STRIPE_API_BASE: string };
  /** Marks a session paid (as the hosted page does) without sending the webhook. */
  pay(sessionId: string): StandInSession;
  /** A signed event, as Stripe would deliver it: the body and its Stripe-Signature header. */
  event(type: string, object: unknown, id?: string): SignedEvent;
  /** A charge.refunded event for a paid session's payment. */
  refundEvent(sessionId: string, options?: { amount?: number }): SignedEvent;
  /** Posts a signed event to a webhook endpoint, as Stripe does (the answer is the app's). */
  deliver(url: string, event: SignedEvent): Promise<Response>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

/** Stripe's form encoding (a[b][0][c]=v) back into objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const num = (v: unknown) => Number(v ?? 0);

function amountTotal(params: Json): number {
  const items = (params.line_items as Json[] | undefined) ?? [];
  const lines = items.reduce((sum, l) => sum + num((l.price_data as Json).unit_amount) * num(l.quantity ?? 1), 0);
  const shipping = ((params.shipping_options as Json[] | undefined) ?? [])[0];
  const rate = shipping ? num(((shipping.shipping_rate_data as Json).fixed_amount as Json).amount) : 0;
  return lines + rate;
}

export async function startStripeStandIn(options: { webhookSecret?: string } = {}): Promise<StripeStandIn> {
  const webhookSecret = options.webhookSecret ?? "whsec_standin";
  const secretKey = "sk_test_standin";
  const sessions = new Map<string, StandInSession>();
  const intents = new Map<string, StandInIntent>();
  const refunds: Json[] = [];
  const requests: StandInRequest[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let base = "";

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
    res.end(JSON.stringify(body));
  };
  const invalid = (res: ServerResponse, message: string) =>
    send(res, 400, { error: { type: "invalid_request_error", message } });

  const standIn: StripeStandIn = {
    url: "",
    webhookSecret,
    secretKey,
    sessions,
    intents,
    refunds,
    requests,
    webhookUrl: undefined,
    onRefund: undefined,
    env: () => ({ STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: standIn.url }),
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status !== "open") return session;
      const intent = id("pi");
      intents.set(intent, {
        id: intent,
        metadata: session.metadata,
        amount: session.amount_total,
        currency: session.currency,
      });
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: intent });
      return session;
    },
    event(type, object, eventId = id("evt")) {
      const payload = JSON.stringify({
        id: eventId,
        object: "event",
        api_version: "2026-10-28.endive",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      return { id: eventId, payload, signature };
    },
    refundEvent(sessionId, { amount } = {}) {
      const session = sessions.get(sessionId)!;
      return chargeRefunded(
        { id: session.payment_intent!, amount: session.amount_total, currency: session.currency },
        amount,
      );
    },
    deliver: (url, event) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": event.signature },
        body: event.payload,
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  /** charge.refunded for a payment intent's charge, refunded in full unless `amount` says less. */
  function chargeRefunded(intent: Pick<StandInIntent, "id" | "amount" | "currency">, amount?: number) {
    const refunded = amount ?? intent.amount;
    return standIn.event("charge.refunded", {
      id: id("ch"),
      object: "charge",
      amount: intent.amount,
      amount_refunded: refunded,
      currency: intent.currency,
      refunded: refunded >= intent.amount,
      payment_intent: intent.id,
      // Stripe does not copy the payment intent's metadata onto its charges.
      metadata: {},
    });
  }

  async function route(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? "/", base);
    const method = req.method ?? "GET";
    // The hosted payment page.
    const pay = /^\/pay\/([\w]+)$/.exec(url.pathname);
    if (pay) {
      const session = sessions.get(pay[1]!);
      if (!session) return void send(res, 404, { error: "no such session" });
      if (method === "GET") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in checkout</title><link rel="icon" href="data:,"></head><body>
<h1>Pay ${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}</h1><p>${session.customer_email ?? ""}</p>
<form method="post"><label>Card number <input name="card" value="4242 4242 4242 4242"></label><button type="submit">Pay</button></form>
<a href="${session.cancel_url}">Back</a></body></html>`);
        return;
      }
      standIn.pay(session.id);
      if (standIn.webhookUrl)
        await standIn.deliver(standIn.webhookUrl, standIn.event("checkout.session.completed", session));
      res.writeHead(303, { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
      res.end();
      return;
    }

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return void send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    const body = parseStripeForm(raw);
    const key = req.headers["idempotency-key"] as string | undefined;
    requests.push({ method, path: url.pathname, body, idempotencyKey: key });
    if (method === "POST" && key) {
      const seen = idempotent.get(`${url.pathname}:${key}`);
      if (seen) return void send(res, seen.status, seen.body);
    }
    const remember = (status: number, answer: unknown) => {
      if (method === "POST" && key) idempotent.set(`${url.pathname}:${key}`, { status, body: answer });
      send(res, status, answer);
    };

    if (method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const sessionId = id("cs");
      const session: StandInSession = {
        id: sessionId,
        object: "checkout.session",
        url: `${base}/pay/${sessionId}`,
        status: "open",
        payment_status: "unpaid",
        client_reference_id: (body.client_reference_id as string) ?? null,
        customer_email: (body.customer_email as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        currency: (((body.line_items as Json[])[0]!.price_data as Json).currency as string) ?? "usd",
        amount_total: amountTotal(body),
        expires_at: num(body.expires_at),
        success_url: body.success_url as string,
        cancel_url: body.cancel_url as string,
        payment_intent: null,
        mode: body.mode as string,
        params: body,
      };
      sessions.set(sessionId, session);
      return remember(200, session);
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/(\w+)(\/expire)?$/.exec(url.pathname);
    if (sessionPath) {
      const session = sessions.get(sessionPath[1]!);
      if (!session)
        return void send(res, 404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
      if (sessionPath[2]) {
        if (session.status !== "open") {
          return invalid(
            res,
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          );
        }
        session.status = "expired";
      }
      return remember(200, session);
    }
    const intentPath = /^\/v1\/payment_intents\/(\w+)$/.exec(url.pathname);
    if (intentPath && method === "GET") {
      const intent = intents.get(intentPath[1]!);
      if (!intent)
        return void send(res, 404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
      return send(res, 200, { ...intent, object: "payment_intent", status: "succeeded" });
    }
    if (method === "POST" && url.pathname === "/v1/refunds") {
      const intent = intents.get(body.payment_intent as string);
      if (!intent) return invalid(res, "No such payment_intent");
      // Stripe refuses to refund a charge refunded in full already (from its dashboard, say).
      if (refunds.some((r) => r.payment_intent === intent.id))
        return send(res, 400, {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: `Charge for ${intent.id} has already been refunded.`,
          },
        });
      const refund = {
        id: id("re"),
        object: "refund",
        status: "succeeded",
        payment_intent: intent.id,
        amount: intent.amount,
      };
      refunds.push(refund);
      // Stripe's charge.refunded may reach the app before this answer does.
      await standIn.onRefund?.(chargeRefunded(intent));
      return remember(200, refund);
    }
    send(res, 404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${url.pathname})` },
    });
  }

  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      route(req, res, raw).catch((error: unknown) => {
        if (!res.headersSent) send(res, 500, { error: { type: "api_error", message: String(error) } });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.url = base;
  return standIn;
}
