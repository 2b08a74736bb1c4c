// An order as the buyer sees it (confirmation and tracking pages): plain strings and numbers, dates already
// formatted in the studio's time zone, and only what the buyer may see (no admin notes, no actor e-mails).
import { formatDateTime } from "~/lib/dates";
import type { Settings } from "~/modules/settings/settings.server";
import { deliveryLine } from "./order-mail.server";
import { ORDER_STATUS_LABELS, timelineSteps, type OrderStatus } from "./order-status";
import type { OrderDetail } from "./orders.server";
import type { OrderLine, Totals } from "./pricing";

export interface BuyerOrderView {
  id: string;
  number: string;
  status: OrderStatus;
  statusLabel: string;
  provider: "manual" | "stripe";
  fulfilment: "ship" | "pickup";
  placedAt: string;
  reservedUntil: string | null;
  email: string;
  name: string;
  delivery: string;
  currency: string;
  taxLabel: string;
  items: (OrderLine & { artworkId: string | null })[];
  totals: Totals;
  tracking: { carrier: string; number: string; url: string | null } | null;
  /** The normal path of an order, each step done or ahead, with when it happened. */
  timeline: { status: OrderStatus; label: string; done: boolean; at: string | null }[];
  /** Set when the order left the normal path (cancelled, refunded), with when and why. */
  ended: { status: OrderStatus; label: string; at: string; note: string } | null;
  paymentInstructions: string | null;
  /** The card payment page, while the order can still be paid there. */
  paymentUrl: string | null;
}

const KIND_FOR_STEP: Partial<Record<OrderStatus, string[]>> = {
  awaiting_payment: ["placed"],
  paid: ["paid"],
  shipped: ["shipped"],
  delivered: ["delivered"],
};

/** Notes the buyer may read (the system's and Stripe's; an admin's notes stay in the back office). */
const publicNote = (event: OrderDetail["events"][number]) => (event.actorKind === "admin" ? "" : event.note);

export function buyerView(order: OrderDetail, settings: Settings): BuyerOrderView {
  const tz = settings.shop.timeZone;
  const at = (d: Date | null | undefined) => (d ? formatDateTime(d, tz) : null);
  const eventAt = (kinds: string[]) => order.events.findLast((e) => kinds.includes(e.kind))?.createdAt;
  const awaiting = order.status === "awaiting_payment";
  const endEvent = order.events.findLast((e) => e.status === order.status);
  const ended =
    order.status === "cancelled" || order.status === "refunded"
      ? {
          status: order.status,
          label: endEvent?.kind === "expired" ? "Reservation lapsed" : ORDER_STATUS_LABELS[order.status],
          at: at(endEvent?.createdAt ?? order.updatedAt)!,
          note: endEvent ? publicNote(endEvent) : "",
        }
      : null;
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    statusLabel: ORDER_STATUS_LABELS[order.status],
    provider: order.provider,
    fulfilment: order.fulfilment,
    placedAt: at(order.createdAt)!,
    reservedUntil: awaiting ? at(order.reservedUntil) : null,
    email: order.email,
    name: order.name,
    delivery: deliveryLine(order),
    currency: order.currency,
    taxLabel: settings.shop.taxLabel,
    items: order.items.map((i) => ({
      id: i.id,
      artworkId: i.artworkId,
      title: i.title,
      details: [i.medium, i.size].filter(Boolean).join(" · "),
      quantity: i.quantity,
      unitPriceCents: i.unitPriceCents,
      currency: order.currency,
      image: i.image,
    })),
    totals: {
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents,
      shippingLabel: order.shippingLabel,
      taxCents: order.taxCents,
      taxRateBps: order.taxRateBps,
      totalCents: order.totalCents,
    },
    tracking:
      order.carrier && order.trackingNumber
        ? { carrier: order.carrier, number: order.trackingNumber, url: order.trackingUrl }
        : null,
    timeline: timelineSteps(order.status, order.fulfilment)
      .map((step) => {
        const when = eventAt(KIND_FOR_STEP[step.status] ?? []);
        return { ...step, done: step.done || when !== undefined, at: at(when) };
      })
      // A cancelled or refunded order shows only the steps it went through.
      .filter((step) => !ended || step.done),
    ended,
    paymentInstructions: awaiting && order.provider === "manual" ? settings.shop.paymentInstructions : null,
    paymentUrl: awaiting && order.provider === "stripe" ? order.paymentUrl : null,
  };
}
