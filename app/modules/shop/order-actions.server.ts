// What happens to an order after it is placed: payment (the artist for a bank transfer, Stripe's webhook for a
// card), shipping, delivery, cancellation, refund, and the lapse of an unpaid reservation (a job). Each change
// locks the order row, checks the move against order-status.ts, records who and when (its invoice follows the
// move: orders.server.ts moveOrder), and queues its mail.
import { db, type Database } from "~/db/client.server";
import { trackingUrlFor } from "~/lib/tracking";
import { queueAlertEvent } from "~/modules/alerts/alerts.server";
import { catalogChanged } from "~/modules/catalog/catalog-cache.server";
import { reserveArtwork } from "~/modules/catalog/stock.server";
import { atDeadline, enqueue, JOB_PRIORITY, type JobHandlers } from "~/modules/jobs/jobs.server";
import { notifyAdmins } from "~/modules/realtime/notifications.server";
import { getSettings } from "~/modules/settings/settings.server";
import { services } from "~/services.server";
import { mailOrderPaid, mailOrderShipped } from "./order-mail.server";
import {
  claimWebhookEvent,
  getOrder,
  lockOrder,
  moveOrder,
  OrderError,
  orderItemsOf,
  recordEvent,
  settleItems,
  type Actor,
  type Order,
} from "./orders.server";
import { providerFor } from "./payments.server";
import { StripeUnreachable } from "./stripe.server";
import { isSold } from "./order-status";

export const EXPIRE_JOB = "shop.reservation.expire";

/** Queues the job that releases an unpaid order's works when its reservation lapses. */
export async function scheduleExpiry(tx: Parameters<typeof enqueue>[3], order: Pick<Order, "id" | "reservedUntil">) {
  if (!order.reservedUntil) return;
  await enqueue(
    EXPIRE_JOB,
    { orderId: order.id },
    { ...atDeadline(`order-expiry:${order.id}`, order.reservedUntil), maxAttempts: 50, priority: JOB_PRIORITY.shop },
    tx,
  );
}

async function requireOrder(tx: Parameters<typeof lockOrder>[0], orderId: string): Promise<Order> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw new OrderError("not-found", "There is no such order.");
  return order;
}

async function withFullOrder<T>(orderId: string, fn: (order: NonNullable<Awaited<ReturnType<typeof getOrder>>>) => T) {
  const full = await getOrder(orderId);
  if (!full) throw new OrderError("not-found", "There is no such order.");
  return fn(full);
}

/** A call to the order's payment provider; out of reach, it is the order's refusal (`undone`: what was not done). */
async function withProvider<T>(order: Pick<Order, "number">, undone: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof StripeUnreachable)) throw error;
    throw new OrderError(
      "provider-unreachable",
      `Stripe could not be reached, so order ${order.number} was not ${undone}. Please try again in a few minutes.`,
    );
  }
}

/** Bank transfer received: the artist marks the order paid; the works become sold. */
export async function markOrderPaid(orderId: string, actor: Actor, note = ""): Promise<Order> {
  const settings = await getSettings();
  const stocked = await db().transaction(async (tx) => {
    const order = await requireOrder(tx, orderId);
    if (order.provider !== "manual") {
      throw new OrderError("not-manual", "A card payment is marked paid by Stripe, when the payment arrives.");
    }
    if (order.status === "cancelled") {
      throw new OrderError(
        "invalid-transition",
        `Order ${order.number} was cancelled and its works released: it cannot be paid now.`,
      );
    }
    const paid = await moveOrder(tx, order, "paid", actor, "paid", note, { paidAt: new Date(), reservedUntil: null });
    await settleItems(tx, order.id);
    await mailOrderPaid(tx, { ...paid, items: await orderItemsOf(tx, order.id) }, settings);
    return paid;
  });
  // Stock may have changed: pages that show the works start afresh (modules/events).
  await catalogChanged();
  return stocked;
}

export interface ShipInput {
  carrier: string;
  trackingNumber: string;
  /** Needed for a carrier whose tracking page we do not know. */
  trackingUrl?: string;
}

export async function shipOrder(orderId: string, actor: Actor, input: ShipInput): Promise<Order> {
  const trackingUrl = input.trackingUrl?.trim() || trackingUrlFor(input.carrier, input.trackingNumber) || null;
  return db().transaction(async (tx) => {
    const order = await requireOrder(tx, orderId);
    if (order.fulfilment === "pickup") {
      throw new OrderError(
        "invalid-transition",
        `Order ${order.number} is collected from the studio: mark it collected instead.`,
      );
    }
    const shipped = await moveOrder(
      tx,
      order,
      "shipped",
      actor,
      "shipped",
      `${input.carrier} ${input.trackingNumber}`,
      {
        shippedAt: new Date(),
        carrier: input.carrier.trim(),
        trackingNumber: input.trackingNumber.trim(),
        trackingUrl,
      },
    );
    await mailOrderShipped(tx, shipped);
    return shipped;
  });
}

/** Delivered (or, for studio pickup, collected). */
export async function markOrderDelivered(orderId: string, actor: Actor, note = ""): Promise<Order> {
  return db().transaction(async (tx) => {
    const order = await requireOrder(tx, orderId);
    if (order.status === "paid" && order.fulfilment === "ship") {
      throw new OrderError("invalid-transition", `Order ${order.number} has not been shipped yet.`);
    }
    if (order.status === "delivered") {
      const done = order.fulfilment === "pickup" ? "collected" : "delivered";
      throw new OrderError("invalid-transition", `Order ${order.number} is already ${done}.`);
    }
    return moveOrder(tx, order, "delivered", actor, "delivered", note, { deliveredAt: new Date() });
  });
}

/**
 * Cancels an unpaid order and puts its works back. A card payment page is closed first; if the payment went
 * through meanwhile the order is not cancelled (refund it once the payment is recorded).
 */
export async function cancelOrder(orderId: string, actor: Actor, note = "", kind = "cancelled"): Promise<Order> {
  const current = await getOrder(orderId);
  if (!current) throw new OrderError("not-found", "There is no such order.");
  if (current.status !== "awaiting_payment") {
    throw new OrderError(
      "invalid-transition",
      current.status === "cancelled"
        ? `Order ${current.number} is already cancelled.`
        : current.status === "refunded"
          ? `Order ${current.number} is already refunded: there is nothing to cancel.`
          : `Order ${current.number} is ${current.status}: refund it instead.`,
    );
  }
  const payment = await withProvider(current, "cancelled", () => providerFor(current.provider).cancelPayment(current));
  if (payment === "already-paid") {
    throw new OrderError("already-paid", `Order ${current.number} was just paid by card; refund it instead.`);
  }
  const stocked = await db().transaction(async (tx) => {
    const order = await requireOrder(tx, orderId);
    return moveOrder(tx, order, "cancelled", actor, kind, note, { cancelledAt: new Date(), reservedUntil: null });
  });
  // Stock may have changed: pages that show the works start afresh (modules/events).
  await catalogChanged();
  return stocked;
}

/**
 * Refunds a paid order (by card through Stripe; a bank transfer by hand) and puts its works back in stock. The
 * refund is recorded once, by whichever lands first: this, or Stripe's charge.refunded for the same refund, which
 * may arrive while the refund call is still waiting for its answer (Stripe sends it then). Finding the order
 * already refunded, this succeeds quietly (the money went back; only the artist's reason is added as a note).
 */
export async function refundOrder(orderId: string, actor: Actor, note = ""): Promise<Order> {
  return withFullOrder(orderId, async (current) => {
    if (current.status === "refunded") return current;
    if (!isSold(current.status)) {
      throw new OrderError(
        "invalid-transition",
        `Order ${current.number} is ${current.status.replace("_", " ")}: only a paid order can be refunded.`,
      );
    }
    await withProvider(current, "refunded", () => providerFor(current.provider).refund(current));
    const stocked = await db().transaction(async (tx) => {
      const order = await requireOrder(tx, orderId);
      if (order.status === "refunded") {
        if (note) await recordEvent(tx, order, actor, "note", `Reason for the refund: ${note}`);
        return order;
      }
      return markRefunded(tx, order, actor, note);
    });
    // Stock may have changed: pages that show the works start afresh (modules/events).
    await catalogChanged();
    return stocked;
  });
}

/**
 * Money an order that is no sale received all the same (its invoice marked paid by hand while it waited for
 * payment, before that paid the order; then maybe cancelled or lapsed) was given back by the artist: the order is
 * recorded refunded, its invoice with it (moveOrder). An unpaid order's card payment page is closed first and its
 * works put back. `check` runs in the transaction, under the order's lock, before the move: the caller's own
 * conditions (the invoice still paid).
 */
export async function refundUnsoldOrder(
  orderId: string,
  actor: Actor,
  note: string,
  check: (tx: Database, order: Order) => Promise<void>,
): Promise<Order> {
  const current = await getOrder(orderId);
  if (!current) throw new OrderError("not-found", "There is no such order.");
  if (isSold(current.status))
    throw new OrderError("invalid-transition", `Order ${current.number} is ${current.status}: refund it instead.`);
  if (
    current.status === "awaiting_payment" &&
    (await withProvider(current, "refunded", () => providerFor(current.provider).cancelPayment(current))) ===
      "already-paid"
  ) {
    throw new OrderError("already-paid", `Order ${current.number} was just paid by card; refund it instead.`);
  }
  const refunded = await db().transaction(async (tx) => {
    const order = await requireOrder(tx, orderId);
    await check(tx, order);
    if (isSold(order.status))
      throw new OrderError("invalid-transition", `Order ${order.number} is ${order.status}: refund it instead.`);
    return markRefunded(tx, order, actor, note);
  });
  // Stock may have changed: pages that show the works start afresh (modules/events).
  await catalogChanged();
  return refunded;
}

/** Records an order refunded (the artist's refund, Stripe's report, a refund recorded from its invoice). */
function markRefunded(
  tx: Database,
  order: Order,
  actor: Actor,
  note: string,
  extra: { paymentIntentId?: string | null } = {},
) {
  return moveOrder(tx, order, "refunded", actor, "refunded", note, {
    refundedAt: new Date(),
    reservedUntil: null,
    ...extra,
  });
}

/** The expiry job: an order still unpaid when its reservation lapses is cancelled and its works released. */
export async function expireReservation(orderId: string, now = new Date()): Promise<"expired" | "not-due" | "kept"> {
  const order = await getOrder(orderId);
  if (!order || order.status !== "awaiting_payment" || !order.reservedUntil) return "kept";
  if (order.reservedUntil > now) {
    await scheduleExpiry(db(), order);
    return "not-due";
  }
  if ((await providerFor(order.provider).cancelPayment(order)) === "already-paid") {
    // Paid at the last moment: Stripe's webhook is on its way and will record it. Keep the works held.
    services().logger.warn(
      { order: order.number },
      "reservation lapsed but the card payment completed; awaiting its webhook",
    );
    return "kept";
  }
  const stocked = await db().transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (!locked || locked.status !== "awaiting_payment" || !locked.reservedUntil || locked.reservedUntil > now)
      return "kept";
    await moveOrder(tx, locked, "cancelled", { kind: "system" }, "expired", "The reservation lapsed without payment.", {
      cancelledAt: new Date(),
      reservedUntil: null,
    });
    // Visitors waiting for these works hear they are for sale again (the job checks they still are).
    for (const item of await orderItemsOf(tx, orderId))
      if (item.artworkId)
        await queueAlertEvent(tx, {
          kind: "available",
          artworkId: item.artworkId,
          key: `order-lapsed:${orderId}:${item.artworkId}`,
        });
    return "expired";
  });
  // Stock may have changed: pages that show the works start afresh (modules/events).
  await catalogChanged();
  return stocked;
}

/** The background jobs of this module (registered by server/jobs.ts). */
export const reservationJobs: JobHandlers = {
  [EXPIRE_JOB]: async (payload) => {
    if (typeof payload.orderId === "string") await expireReservation(payload.orderId);
  },
};

// Payment provider events (Stripe's webhook). Each takes the event's id: it is recorded in the same
// transaction as the change, so a replayed event changes nothing, and each handler reaches the same end state
// whatever order the events arrive in. The event is recorded once its order is found (and locked): its row
// names the order, and an id this shop never issued (another integration's, on the same Stripe account) is
// answered "ignored" instead of failing on that reference.

export interface ProviderEvent {
  provider: "stripe";
  id: string;
  type: string;
}

class NeedsRefund extends Error {}

export type PaymentOutcome = "paid" | "duplicate" | "ignored" | "needs-refund" | "amount-mismatch";

/** A card payment completed. A lapsed order is revived when its works are still free, else it needs a refund. */
export async function paymentSucceeded(
  event: ProviderEvent,
  input: {
    orderId: string;
    sessionId?: string;
    paymentIntentId?: string;
    /** What the provider says was paid: it must be the order's total, in the order's currency (item 12). */
    paid?: { amountCents: number | null; currency: string | null };
  },
): Promise<PaymentOutcome> {
  const settings = await getSettings();
  const actor: Actor = { kind: "stripe", eventId: event.id };
  let mismatch: { number: string; note: string } | undefined;
  try {
    const stocked = await db().transaction(async (tx) => {
      const order = await lockOrder(tx, input.orderId);
      if (!order) return "ignored";
      if (!(await claimWebhookEvent(tx, { ...event, orderId: order.id }))) return "duplicate";
      const otherSession =
        order.provider !== "stripe" ||
        (input.sessionId !== undefined &&
          order.paymentSessionId !== null &&
          input.sessionId !== order.paymentSessionId);
      if (
        input.paid &&
        (otherSession ||
          input.paid.amountCents !== order.totalCents ||
          (input.paid.currency ?? "").toUpperCase() !== order.currency.toUpperCase())
      ) {
        const reported = `${input.paid.amountCents ?? "no amount"} ${(input.paid.currency ?? "?").toUpperCase()}`;
        const note = otherSession
          ? `The payment provider reported a payment from a checkout session this order did not open (${input.sessionId ?? "none"}). Not marked paid.`
          : `The payment provider reported ${reported} (in minor units); the order is ${order.totalCents} ${order.currency}. Not marked paid.`;
        await recordEvent(tx, order, actor, "payment-mismatch", note);
        mismatch = { number: order.number, note };
        return "amount-mismatch";
      }
      const payment = {
        paymentIntentId: input.paymentIntentId ?? order.paymentIntentId,
        paidAt: new Date(),
        reservedUntil: null,
      };
      if (order.status === "cancelled") {
        // The reservation lapsed (or the buyer left) before the payment landed: take the works again if free,
        // at each line's own price, the one paid. A work bought through a viewing room may have no public price
        // (docs/shop.md "Viewing rooms"): as at checkout, its price overrides the public one.
        for (const item of await orderItemsOf(tx, order.id)) {
          const taken =
            item.artworkId && (await reserveArtwork(tx, item.artworkId, item.quantity, false, item.unitPriceCents));
          if (!taken) throw new NeedsRefund();
        }
        await moveOrder(
          tx,
          order,
          "paid",
          actor,
          "paid",
          "The payment arrived after the reservation lapsed; the works were still available.",
          payment,
        );
      } else if (order.status === "awaiting_payment") {
        await moveOrder(tx, order, "paid", actor, "paid", "", payment);
      } else {
        return "ignored";
      }
      await settleItems(tx, order.id);
      const paid = await lockOrder(tx, order.id);
      await mailOrderPaid(tx, { ...paid!, items: await orderItemsOf(tx, order.id) }, settings);
      return "paid";
    });
    if (mismatch) {
      services().logger.warn({ order: input.orderId, event: event.id }, "payment amount does not match the order");
      await notifyAdmins({
        title: `Payment for order ${mismatch.number} did not match`,
        message: `${mismatch.note} Check the payment in your Stripe dashboard.`,
        type: "error",
        priority: "urgent",
      });
      return stocked;
    }
    // Stock may have changed: pages that show the works start afresh (modules/events).
    await catalogChanged();
    return stocked;
  } catch (error) {
    if (error instanceof NeedsRefund) return "needs-refund";
    throw error;
  }
}

/**
 * A provider's event about one order, applied once (by the event as actor) in a transaction that holds the
 * order's lock: a repeated event answers "duplicate", an unknown order "ignored".
 */
async function onOrderEvent<Outcome extends string>(
  event: ProviderEvent,
  orderId: string,
  apply: (tx: Database, order: Order, actor: Actor) => Promise<Outcome>,
) {
  const outcome = await db().transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return "ignored";
    if (!(await claimWebhookEvent(tx, { ...event, orderId: order.id }))) return "duplicate";
    return apply(tx, order, { kind: "stripe", eventId: event.id });
  });
  // Stock may have changed: pages that show the works start afresh (modules/events).
  await catalogChanged();
  return outcome;
}

/** After refunding a payment that landed for works already gone: the lapsed order is marked refunded. */
export function latePaymentRefunded(event: ProviderEvent, input: { orderId: string; paymentIntentId: string }) {
  return onOrderEvent(event, input.orderId, async (tx, order, actor) => {
    if (order.status !== "cancelled") return "ignored";
    await moveOrder(
      tx,
      order,
      "refunded",
      actor,
      "refunded",
      "The payment arrived after the reservation lapsed and the works were no longer available: it was refunded in full.",
      { paymentIntentId: input.paymentIntentId, refundedAt: new Date() },
    );
    return "refunded";
  });
}

/** The card payment page expired unpaid: the order is cancelled and its works released. */
export function paymentSessionExpired(event: ProviderEvent, input: { orderId: string }) {
  return onOrderEvent(event, input.orderId, async (tx, order, actor) => {
    if (order.status !== "awaiting_payment") return "ignored";
    await moveOrder(tx, order, "cancelled", actor, "expired", "The card payment page expired before payment.", {
      cancelledAt: new Date(),
      reservedUntil: null,
    });
    return "cancelled";
  });
}

/** A refund reported by the provider (made in its dashboard, or by us): a full one marks the order refunded. */
export function refundReported(
  event: ProviderEvent,
  input: { orderId: string; paymentIntentId?: string; full: boolean; amountNote: string },
) {
  return onOrderEvent(event, input.orderId, async (tx, order, actor) => {
    if (!input.full) {
      await recordEvent(tx, order, actor, "note", `A partial refund of ${input.amountNote} was made.`);
      return "noted";
    }
    if (order.status === "refunded") return "ignored";
    await markRefunded(tx, order, actor, `Refunded in full (${input.amountNote}).`, {
      paymentIntentId: input.paymentIntentId ?? order.paymentIntentId,
    });
    return "refunded";
  });
}
