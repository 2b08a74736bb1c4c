// Order states and the moves between them (isomorphic, no server imports): one table the server enforces
// and the admin and tracking pages read.
//
//   awaiting_payment → paid → shipped → delivered
//   awaiting_payment → cancelled          (admin, buyer, reservation expired, card session expired)
//   paid | shipped | delivered → refunded (the works return to stock)
//   paid → delivered                      (collected from the studio: nothing is shipped)
//   awaiting_payment → refunded           (a card refund reported before its payment: webhooks arrive in any order)
//   cancelled → paid                      (a card payment that lands after the reservation lapsed, the work still free)
//   cancelled → refunded                  (such a late payment when the work is gone: it is refunded at once)
import type { OrderStatus } from "~/db/schema/orders";

export type { OrderStatus };

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

const MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ["paid", "cancelled", "refunded"],
  paid: ["shipped", "delivered", "refunded"],
  shipped: ["delivered", "refunded"],
  delivered: ["refunded"],
  cancelled: ["paid", "refunded"],
  refunded: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return MOVES[from].includes(to);
}

/** While these hold, the order's works are taken out of stock. */
export const HOLDS_STOCK: readonly OrderStatus[] = ["awaiting_payment", "paid", "shipped", "delivered"];

export const holdsStock = (status: OrderStatus) => HOLDS_STOCK.includes(status);

/**
 * A sale: the order is paid (and maybe shipped or delivered) and not refunded. The one definition of what counts
 * as revenue (dashboard, analytics, customers), as sold (certificates, provenance, invoices) and as refundable.
 */
export const SOLD_STATUSES: readonly OrderStatus[] = ["paid", "shipped", "delivered"];

export const isSold = (status: string): boolean => (SOLD_STATUSES as readonly string[]).includes(status);

/** An order that asks for money (neither cancelled nor refunded): the only kind an invoice is made for. */
export const NO_INVOICE_STATUSES: readonly OrderStatus[] = ["cancelled", "refunded"];
export const mayBeInvoiced = (status: string): boolean => !(NO_INVOICE_STATUSES as readonly string[]).includes(status);

/** The next steps an admin can take from a status (cancel only before payment; refund after). */
export function adminActions(
  status: OrderStatus,
  context: { provider: "manual" | "stripe"; fulfilment: "ship" | "pickup" },
): ("mark-paid" | "ship" | "deliver" | "cancel" | "refund")[] {
  switch (status) {
    case "awaiting_payment":
      // A card payment is marked paid only by Stripe's webhook.
      return context.provider === "manual" ? ["mark-paid", "cancel"] : ["cancel"];
    case "paid":
      return context.fulfilment === "pickup" ? ["deliver", "refund"] : ["ship", "refund"];
    case "shipped":
      return ["deliver", "refund"];
    case "delivered":
      return ["refund"];
    default:
      return [];
  }
}

/** The buyer's timeline: the steps of a normal order, each done or still ahead. */
export function timelineSteps(
  status: OrderStatus,
  fulfilment: "ship" | "pickup",
): { status: OrderStatus; label: string; done: boolean }[] {
  const path: OrderStatus[] =
    fulfilment === "pickup"
      ? ["awaiting_payment", "paid", "delivered"]
      : ["awaiting_payment", "paid", "shipped", "delivered"];
  const labels: Record<OrderStatus, string> = {
    ...ORDER_STATUS_LABELS,
    awaiting_payment: "Order placed",
    delivered: fulfilment === "pickup" ? "Collected" : "Delivered",
  };
  const reached = path.indexOf(status);
  return path.map((s, i) => ({ status: s, label: labels[s], done: reached >= i }));
}
