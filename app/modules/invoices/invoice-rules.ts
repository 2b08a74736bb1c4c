// Invoice rules as plain functions: numbers, totals, dates and which status may follow which.
import { formatCalendarDay } from "~/lib/dates";
import type { InvoiceStatus } from "~/db/schema";
import { isSold, mayBeInvoiced, ORDER_STATUS_LABELS, type OrderStatus } from "~/modules/shop/order-status";

export type { InvoiceStatus };

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  paid: "Paid",
  void: "Void",
  refunded: "Refunded",
};

/** INV-2026-0001: the year of the issue date and the year's sequence, four digits at least. */
export function invoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(4, "0")}`;
}

export interface InvoiceLineInput {
  description: string;
  quantity: number;
  unitPriceCents: number;
}

export function invoiceTotals(lines: InvoiceLineInput[], shippingCents: number, taxCents: number) {
  const subtotalCents = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
  return { subtotalCents, shippingCents, taxCents, totalCents: subtotalCents + shippingCents + taxCents };
}

export type InvoiceAction = "send" | "mark-paid" | "void" | "record-refund";

const INVOICE_ACTIONS: readonly InvoiceAction[] = ["send", "mark-paid", "void", "record-refund"];

const DONE: Record<InvoiceAction, string> = {
  send: "sent",
  "mark-paid": "marked paid",
  void: "voided",
  "record-refund": "refunded",
};

/** The status an action leaves an invoice in (sending a paid one keeps it paid). */
const REACHES: Partial<Record<InvoiceAction, InvoiceStatus>> = {
  "mark-paid": "paid",
  void: "void",
  "record-refund": "refunded",
};

/** The order an invoice was made from, where it stands now (an order's invoice follows it: docs/shop.md). */
export interface InvoicedOrder {
  number: string;
  status: OrderStatus;
  provider: "manual" | "stripe";
}

const said = (order: InvoicedOrder) => ORDER_STATUS_LABELS[order.status].toLowerCase();

/** A paid invoice whose order is no sale (cancelled, or still unpaid): money received for nothing sold. */
export const paidForNoSale = (status: InvoiceStatus, order: InvoicedOrder): boolean =>
  status === "paid" && !isSold(order.status);

/**
 * Why an invoice cannot take an action now, in words for the artist; undefined when it can. By status alone:
 * sending a paid invoice again is allowed (a copy for the buyer's records); a paid invoice is not voided (money
 * was received: it is refunded with its order); void and refunded invoices are final, their numbers never given
 * again. An order's invoice also follows where its order stands: it is marked paid only when the order is sold
 * or waits for a bank transfer (a card payment is Stripe's to report), asks for nothing once the order is
 * cancelled or refunded, and a paid one whose order is no sale waits for the artist to record its refund.
 */
export function invoiceRefusal(
  action: InvoiceAction,
  status: InvoiceStatus,
  order?: InvoicedOrder,
): string | undefined {
  // The same press again (a double click, a page left open): said as done.
  if (REACHES[action] === status) return `This invoice is already ${status}.`;
  const byStatus = `A ${status} invoice cannot be ${DONE[action]}.`;
  switch (action) {
    case "send":
      if (status === "void" || status === "refunded") return byStatus;
      if (order && paidForNoSale(status, order))
        return `Order ${order.number} is ${said(order)}: record the refund of this payment before sending anything.`;
      if (order && !mayBeInvoiced(order.status))
        return `Order ${order.number} was ${said(order)}: its invoice asks for no money, so it is not sent.`;
      return undefined;
    case "mark-paid":
      if (status !== "draft" && status !== "sent") return byStatus;
      if (!order || isSold(order.status)) return undefined;
      if (!mayBeInvoiced(order.status))
        return `Order ${order.number} was ${said(order)}: its invoice asks for no money, so it cannot be marked paid.`;
      if (order.provider !== "manual")
        return `Order ${order.number} is paid by card: its invoice is marked paid when Stripe reports the payment.`;
      return undefined;
    case "void":
      return status === "draft" || status === "sent" ? undefined : byStatus;
    case "record-refund":
      if (status !== "paid") return byStatus;
      if (!order) return "Only an order's invoice is refunded here.";
      if (isSold(order.status))
        return `Order ${order.number} is ${said(order)}: refund the order from its page, and its invoice follows.`;
      return undefined;
  }
}

/** What can be done with an invoice in a status (and, for an order's, with its order where it stands). */
export function invoiceActions(status: InvoiceStatus, order?: InvoicedOrder): InvoiceAction[] {
  return INVOICE_ACTIONS.filter((action) => invoiceRefusal(action, status, order) === undefined);
}

/**
 * What became of an order's invoice, said on its page (`text`) and under its status in the list (`short`):
 * refunded with its order; paid for an order that is no sale (the artist gives the money back, or marks the order
 * paid if the sale stands); Draft or Sent on an order that asks for nothing; void with its order. Null when the
 * invoice and its order agree and there is nothing to add.
 */
export function invoiceStanding(
  status: InvoiceStatus,
  order: InvoicedOrder | undefined,
): { tone: "status" | "alert"; text: string; short: string } | null {
  if (!order) {
    return status === "refunded"
      ? { tone: "status", text: "The payment this invoice records was given back to the buyer.", short: "Refunded" }
      : null;
  }
  const { number } = order;
  if (status === "refunded")
    return {
      tone: "status",
      text: `Order ${number} was refunded: the payment this invoice records was given back to the buyer.`,
      short: `Order ${number} refunded`,
    };
  if (paidForNoSale(status, order)) {
    if (order.status === "awaiting_payment")
      return {
        tone: "alert",
        text:
          order.provider === "manual"
            ? `Marked paid, but order ${number} is still awaiting payment. If the sale stands, mark the order paid on its page; otherwise give the money back to the buyer, then record the refund here.`
            : `Marked paid, but order ${number} is still awaiting its card payment, which Stripe reports: this payment was made some other way. Give the money back to the buyer, then record the refund here.`,
        short: `Order ${number} awaiting payment: check it`,
      };
    return {
      tone: "alert",
      text:
        order.status === "cancelled"
          ? `Marked paid, but order ${number} was cancelled and its works went back on sale: nothing was sold for this payment. Give the money back to the buyer, then record the refund here.`
          : `Marked paid, but order ${number} was ${said(order)}: record the refund here.`,
      short: `Order ${number} ${said(order)}: refund due`,
    };
  }
  if (mayBeInvoiced(order.status)) return null;
  return status === "void"
    ? {
        tone: "status",
        text: `Order ${number} was ${said(order)}: this invoice asks for no money.`,
        short: `Order ${number} ${said(order)}`,
      }
    : {
        tone: "alert",
        text: `Order ${number} was ${said(order)}: this invoice still asks for money the order no longer asks for. Void it.`,
        short: `Order ${number} ${said(order)}: void it`,
      };
}

/** "November 21, 2026" for a YYYY-MM-DD day (lib/dates' formatCalendarDay). */
export const formatInvoiceDay = formatCalendarDay;

/** Days an invoice gives the buyer to pay, unless the admin chooses another due date. */
export const DEFAULT_PAYMENT_TERM_DAYS = 14;

/** Invoices per page of the list. */
export const INVOICES_PAGE_SIZE = 30;

/**
 * The orders, and the commissions, "New invoice" offers to choose from: the newest that may be invoiced. An older
 * order has Create invoice on its page; an older commission's page links here with it chosen.
 */
export const INVOICE_CHOICES = 200;
