// Payment providers: how an order gets paid. `manual` (bank transfer, the artist marks it paid) is the default;
// `stripe` (Stripe Checkout) when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set.
import type { PaymentProviderId } from "~/db/schema";
import { services } from "~/services.server";
import type { Order, OrderWithItems } from "./orders.server";
import { StripeProvider } from "./stripe.server";

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /**
   * Called once the order is committed: the page the buyer pays on (a card payment session, created
   * idempotently per order), or null when payment happens elsewhere (bank transfer).
   */
  startPayment(order: OrderWithItems): Promise<{ sessionId: string; url: string } | null>;
  /**
   * Before an unpaid order is released: make sure it can no longer be paid. "already-paid" when the payment
   * went through meanwhile (its confirmation is on its way; the works must stay held).
   */
  cancelPayment(order: Order): Promise<"cancelled" | "already-paid">;
  /** Gives the money back (by card through Stripe; for a bank transfer the artist does it by hand). */
  refund(order: Pick<Order, "id" | "paymentIntentId">): Promise<void>;
}

export const manualProvider: PaymentProvider = {
  id: "manual",
  startPayment: () => Promise.resolve(null),
  cancelPayment: () => Promise.resolve("cancelled"),
  refund: () => Promise.resolve(),
};

let stripe: { key: string; provider: StripeProvider } | undefined;

/** The provider a new order is paid with. */
export function currentPaymentProvider(): PaymentProvider {
  return providerFor(services().config.stripe ? "stripe" : "manual");
}

/** The provider an existing order was placed with. */
export function providerFor(id: PaymentProviderId): PaymentProvider {
  if (id === "manual") return manualProvider;
  const config = services().config.stripe;
  if (!config) throw new Error("This order was paid through Stripe, but STRIPE_SECRET_KEY is no longer set.");
  const key = JSON.stringify(config);
  if (stripe?.key !== key) stripe = { key, provider: new StripeProvider(config) };
  return stripe.provider;
}

/** Card payments through Stripe when they are configured (a commission's deposit or balance), else undefined. */
export function cardPayments(): StripeProvider | undefined {
  return services().config.stripe ? (providerFor("stripe") as StripeProvider) : undefined;
}
