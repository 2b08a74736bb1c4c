// An order's invoice follows the order (docs/admin.md, Invoice Generation; docs/shop.md "An order's invoice"):
// the shop's moveOrder calls this in the transaction that moves the order, so the invoice never asks the buyer to
// pay for an order that is paid, cancelled or lapsed, nor says Paid for money given back. Apart from
// invoices.server.ts, which reads orders, so the shop imports it without a cycle.
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { invoices, type InvoiceStatus } from "~/db/schema";

/** The invoice statuses that still ask for money: the ones an order's payment or cancellation closes. */
const ASKING: InvoiceStatus[] = ["draft", "sent"];

/**
 * After an order's move: its Draft or Sent invoice becomes Paid when the order is paid, and Void (keeping its
 * number) when the order is cancelled (by the artist, the buyer leaving Stripe's page, a lapsed reservation) or
 * refunded before it was paid (a card refund reported first). A Paid invoice becomes Refunded when its order is
 * refunded: the money it records was given back.
 */
export async function invoiceFollowsOrder(
  tx: Database,
  order: { id: string; status: string; paidAt: Date | null; refundedAt: Date | null },
): Promise<void> {
  const now = new Date();
  if (order.status === "paid") {
    await closeOrderInvoice(tx, order.id, ASKING, { status: "paid", paidAt: order.paidAt ?? now });
  } else if (order.status === "cancelled") {
    await closeOrderInvoice(tx, order.id, ASKING, { status: "void", voidedAt: now });
  } else if (order.status === "refunded") {
    await closeOrderInvoice(tx, order.id, ["paid"], { status: "refunded", refundedAt: order.refundedAt ?? now });
    await closeOrderInvoice(tx, order.id, ASKING, { status: "void", voidedAt: now });
  }
}

async function closeOrderInvoice(
  tx: Database,
  orderId: string,
  from: InvoiceStatus[],
  change:
    { status: "paid"; paidAt: Date } | { status: "void"; voidedAt: Date } | { status: "refunded"; refundedAt: Date },
): Promise<void> {
  // The row's lock is the update's (the order's is the caller's).
  await tx
    .update(invoices)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(invoices.orderId, orderId), inArray(invoices.status, from)));
}
