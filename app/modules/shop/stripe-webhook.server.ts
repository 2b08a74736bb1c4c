// Stripe's webhook: the only thing that marks a card order paid. The signature is verified with the SDK
// (stripe.webhooks.constructEvent) against STRIPE_WEBHOOK_SECRET; each event id is recorded in the transaction
// that acts on it (a replay changes nothing), and every handler converges on the same state whatever order
// the events arrive in. A failure answers 500, so Stripe retries.
import type Stripe from "stripe";
import { z } from "zod";
import { formatPrice } from "~/lib/money";
import { services } from "~/services.server";
import {
  latePaymentRefunded,
  paymentSessionExpired,
  paymentSucceeded,
  refundReported,
  type ProviderEvent,
} from "./order-actions.server";
import { findOrderByPaymentIntent, findOrderByPaymentSession, webhookEventSeen } from "./orders.server";
import { providerFor } from "./payments.server";
import { stripeSdk, type StripeProvider } from "./stripe.server";
import { notifyArtistOfOrder } from "./order-notify.server";
import { commissionPaidByCard } from "~/modules/inbox/commission-pipeline.server";

export interface WebhookAnswer {
  status: number;
  body: string;
}

const ok = (body: string): WebhookAnswer => ({ status: 200, body });

export async function handleStripeWebhook(payload: string, signature: string | null): Promise<WebhookAnswer> {
  const { config, logger } = services();
  if (!config.stripe) return { status: 404, body: "Card payments are not configured." };
  let event: Stripe.Event;
  try {
    event = stripeSdk().webhooks.constructEvent(payload, signature ?? "", config.stripe.webhookSecret);
  } catch (error) {
    logger.warn({ err: (error as Error).message }, "stripe webhook with a bad signature");
    return { status: 400, body: "Bad signature." };
  }
  if (await webhookEventSeen("stripe", event.id)) return ok("Already processed.");
  const ref: ProviderEvent = { provider: "stripe", id: event.id, type: event.type };
  const outcome = await dispatch(event, ref);
  logger.info({ event: event.id, type: event.type, outcome }, "stripe webhook");
  return ok(outcome);
}

/**
 * An order id read from an event. Another integration on the same Stripe account may set `order_id` or
 * `client_reference_id` to ids of its own: what is not a UUID names no order here (and would fail the uuid
 * column's cast, answering 500 so that Stripe retries it for days).
 */
const orderIdIn = (value: string | null | undefined) => z.uuid().safeParse(value).data;

function orderIdOf(session: Stripe.Checkout.Session): string | undefined {
  return orderIdIn(session.metadata?.order_id ?? session.client_reference_id);
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : value?.id);

async function dispatch(event: Stripe.Event, ref: ProviderEvent): Promise<string> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      // A bank debit completes the session before the money arrives: its async_payment_succeeded follows.
      if (session.payment_status !== "paid") return "awaiting-async-payment";
      // A commission's deposit or balance, paid from the client's page: no order.
      if (session.metadata?.commission_id)
        return commissionPaidByCard({
          event: { id: event.id, type: event.type },
          commissionId: session.metadata.commission_id,
          part: session.metadata.commission_part,
          sessionId: session.id,
          amountCents: session.amount_total,
          currency: session.currency,
        });
      const orderId = orderIdOf(session) ?? (await findOrderByPaymentSession(session.id))?.id;
      if (!orderId) return "unknown-order";
      const paymentIntentId = idOf(session.payment_intent);
      const outcome = await paymentSucceeded(ref, {
        orderId,
        sessionId: session.id,
        paymentIntentId,
        paid: { amountCents: session.amount_total, currency: session.currency },
      });
      if (outcome === "paid") await notifyArtistOfOrder(orderId);
      if (outcome !== "needs-refund") return outcome;
      // Paid for works that went to someone else after the reservation lapsed: give the money back.
      if (!paymentIntentId) throw new Error(`session ${session.id} is paid but has no payment intent`);
      await providerFor("stripe").refund({ id: orderId, paymentIntentId });
      return latePaymentRefunded(ref, { orderId, paymentIntentId });
    }
    case "checkout.session.expired": {
      const session = event.data.object;
      // A commission's unpaid checkout holds nothing: the client can start another one.
      if (session.metadata?.commission_id) return "ignored";
      const orderId = orderIdOf(session) ?? (await findOrderByPaymentSession(session.id))?.id;
      if (!orderId) return "unknown-order";
      return paymentSessionExpired(ref, { orderId });
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      if (!paymentIntentId) return "unknown-order";
      // The refund may be reported before the payment (events arrive in any order): then the order is found
      // through the payment intent's metadata, set when the session was created.
      let orderId = (await findOrderByPaymentIntent(paymentIntentId))?.id ?? orderIdIn(charge.metadata?.order_id);
      if (!orderId) {
        const intent = await (providerFor("stripe") as StripeProvider).client.paymentIntents.retrieve(paymentIntentId);
        orderId = orderIdIn(intent.metadata?.order_id);
      }
      if (!orderId) return "unknown-order";
      return refundReported(ref, {
        orderId,
        paymentIntentId,
        full: charge.refunded,
        amountNote: formatPrice(charge.amount_refunded, charge.currency.toUpperCase()),
      });
    }
    default:
      return "ignored";
  }
}
