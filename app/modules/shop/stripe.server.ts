// Stripe Checkout through the official SDK: a hosted payment session per order (created idempotently), expiring
// it when the reservation lapses, refunds, and verifying webhook signatures. STRIPE_API_BASE points the SDK at
// another host (a local stand-in in tests).
import { createRequire } from "node:module";
import type Stripe from "stripe";
import type { StripeConfig } from "~/config.server";
import { paths } from "~/lib/paths";
import { getSettings } from "~/modules/settings/settings.server";
import { services } from "~/services.server";
import type { Order, OrderWithItems } from "./orders.server";
import type { PaymentProvider } from "./payments.server";
import { cancelKeyFor } from "./cancel-key.server";
import { formatRate } from "./pricing";

/** Stripe refuses a Checkout Session that expires sooner than this; our own expiry job closes it earlier. */
const MIN_SESSION_MINUTES = 30;

export interface OneOffPayment {
  reference: string;
  email: string;
  name: string;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  /** Seconds since the epoch; Stripe wants at least 30 minutes ahead. */
  expiresAt: number;
  idempotencyKey: string;
}

let sdk: typeof Stripe | undefined;

/**
 * The SDK, loaded when card payment is first used: imported at the top, its 220 files were evaluated at every
 * start of a shop that has no Stripe key (0.27 s of CPU; docs/benchmarks.md, "Server start").
 */
export function stripeSdk(): typeof Stripe {
  sdk ??= createRequire(import.meta.url)("stripe") as typeof Stripe;
  return sdk;
}

/** Stripe did not answer (no connection, its own failure, too many requests): nothing was done there. */
export class StripeUnreachable extends Error {}

const unreachable = (error: unknown) => {
  const { StripeConnectionError, StripeAPIError, StripeRateLimitError } = stripeSdk().errors;
  return (
    error instanceof StripeConnectionError || error instanceof StripeAPIError || error instanceof StripeRateLimitError
  );
};

export function createStripeClient(config: StripeConfig): Stripe {
  const Sdk = stripeSdk();
  return new Sdk(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(config.api ?? {}),
  });
}

export class StripeProvider implements PaymentProvider {
  readonly id = "stripe" as const;
  readonly client: Stripe;

  constructor(config: StripeConfig) {
    this.client = createStripeClient(config);
  }

  async startPayment(order: OrderWithItems): Promise<{ sessionId: string; url: string }> {
    const publicUrl = services().config.publicUrl;
    const settings = await getSettings();
    const currency = order.currency.toLowerCase();
    const minutes = Math.max(MIN_SESSION_MINUTES, settings.shop.reservationMinutes);
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = order.items.map((item) => ({
      quantity: item.quantity,
      price_data: {
        currency,
        unit_amount: item.unitPriceCents,
        product_data: {
          name: item.title,
          ...(item.medium || item.size ? { description: [item.medium, item.size].filter(Boolean).join(", ") } : {}),
        },
      },
    }));
    if (order.taxCents > 0) {
      lineItems.push({
        quantity: 1,
        price_data: {
          currency,
          unit_amount: order.taxCents,
          product_data: { name: `${settings.shop.taxLabel} (${formatRate(order.taxRateBps)})` },
        },
      });
    }
    const session = await this.client.checkout.sessions.create(
      {
        mode: "payment",
        client_reference_id: order.id,
        customer_email: order.email,
        line_items: lineItems,
        shipping_options: [
          {
            shipping_rate_data: {
              type: "fixed_amount",
              display_name: order.shippingLabel.slice(0, 100),
              fixed_amount: { amount: order.shippingCents, currency },
            },
          },
        ],
        metadata: { order_id: order.id, order_number: order.number },
        payment_intent_data: { metadata: { order_id: order.id, order_number: order.number } },
        success_url: `${publicUrl}${paths.orderConfirmation()}?order=${encodeURIComponent(order.number)}`,
        cancel_url: `${publicUrl}${paths.checkout()}?cancelled=${encodeURIComponent(order.number)}&key=${cancelKeyFor(order.id)}`,
        expires_at: Math.floor(Date.now() / 1000) + minutes * 60,
      },
      // One session per order, even when the buyer's request is retried.
      { idempotencyKey: `checkout-session-${order.id}` },
    );
    if (!session.url) throw new Error(`Stripe returned a Checkout Session without a URL (${session.id})`);
    return { sessionId: session.id, url: session.url };
  }

  /**
   * A one-off card payment that is no order (a commission's deposit or balance): one Checkout Session per
   * idempotency key, so a double click or a retried request opens the same session.
   */
  async startOneOffPayment(input: OneOffPayment): Promise<{ sessionId: string; url: string }> {
    const session = await this.client.checkout.sessions.create(
      {
        mode: "payment",
        client_reference_id: input.reference,
        customer_email: input.email,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amountCents,
              product_data: { name: input.name.slice(0, 250) },
            },
          },
        ],
        metadata: input.metadata,
        payment_intent_data: { metadata: input.metadata },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        expires_at: input.expiresAt,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (!session.url) throw new Error(`Stripe returned a Checkout Session without a URL (${session.id})`);
    return { sessionId: session.id, url: session.url };
  }

  async cancelPayment(order: Order): Promise<"cancelled" | "already-paid"> {
    if (!order.paymentSessionId) return "cancelled";
    try {
      await this.client.checkout.sessions.expire(order.paymentSessionId);
      return "cancelled";
    } catch (error) {
      if (unreachable(error)) throw new StripeUnreachable("Stripe could not be reached.", { cause: error });
      if (!(error instanceof stripeSdk().errors.StripeInvalidRequestError)) throw error;
      // Only an open session can be expired: find out what it is now.
      const session = await this.client.checkout.sessions.retrieve(order.paymentSessionId);
      if (session.status === "complete") return "already-paid";
      if (session.status === "expired") return "cancelled";
      throw error;
    }
  }

  async refund(order: Pick<Order, "id" | "paymentIntentId">): Promise<void> {
    if (!order.paymentIntentId) throw new Error("This order has no card payment to refund.");
    try {
      await this.client.refunds.create(
        { payment_intent: order.paymentIntentId },
        { idempotencyKey: `refund-${order.id}-${order.paymentIntentId}` },
      );
    } catch (error) {
      // Refunded in full already, in Stripe's dashboard (its charge.refunded not here yet, or lost): the money
      // went back, which is what this asks.
      if (error instanceof stripeSdk().errors.StripeInvalidRequestError && error.code === "charge_already_refunded")
        return;
      if (unreachable(error)) throw new StripeUnreachable("Stripe could not be reached.", { cause: error });
      throw error;
    }
  }
}
