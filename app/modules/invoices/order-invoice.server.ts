// An order's invoice follows the order (docs/admin.md, Invoice Generation): the shop's moveOrder calls this in
// the transaction that moves the order, so the invoice never asks the buyer to pay for an order that is paid,
// cancelled or lapsed. Apart from invoices.server.ts, which reads orders, so the shop imports it without a cycle.
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { INVOICE_STATUSES, invoices } from "~/db/schema";
import { invoiceActions } from "./invoice-rules";

/**
 * After an order's move: its Draft or Sent invoice becomes Paid when the order is paid, and Void (keeping its
 * number) when the order is cancelled, by the artist, the buyer leaving Stripe's page or a lapsed reservation.
 * A Paid invoice stays paid, after a refund too: that is recorded on the order (credit notes are not made).
 */
export async function invoiceFollowsOrder(
  tx: Database,
  order: { id: string; status: string; paidAt: Date | null },
): Promise<void> {
  if (order.status === "paid") {
    await closeOrderInvoice(tx, order.id, "mark-paid", { status: "paid", paidAt: order.paidAt ?? new Date() });
  } else if (order.status === "cancelled") {
    await closeOrderInvoice(tx, order.id, "void", { status: "void", voidedAt: new Date() });
  }
}

async function closeOrderInvoice(
  tx: Database,
  orderId: string,
  action: "mark-paid" | "void",
  change: { status: "paid"; paidAt: Date } | { status: "void"; voidedAt: Date },
): Promise<void> {
  // The statuses the action is allowed from (invoice-rules.ts: Draft and Sent); the row's lock is the update's.
  const from = INVOICE_STATUSES.filter((status) => invoiceActions(status).includes(action));
  await tx
    .update(invoices)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(invoices.orderId, orderId), inArray(invoices.status, from)));
}
