// Shop orders: reading them (buyer, tracking, admin) and the few primitives every change goes through: a
// status move with its history row, and taking works out of or back into stock. Owns: orders, order_items,
// order_events, processed_webhook_events. Checkout (placing) and order actions (paying, shipping…) build on it.
import { and, asc, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import { db, type Database } from "~/db/client.server";
import { containing, newestFirst, pageOf } from "~/db/list-queries.server";
import {
  orderEvents,
  orderItems,
  orders,
  processedWebhookEvents,
  type ActorKind,
  type OrderStatus,
  type PaymentProviderId,
} from "~/db/schema";
import { releaseArtwork, settleArtwork } from "~/modules/catalog/stock.server";
import { invoiceFollowsOrder } from "~/modules/invoices/order-invoice.server";
import { canMove, holdsStock, isSold, NO_INVOICE_STATUSES, ORDER_STATUS_LABELS } from "./order-status";
import { DomainError } from "~/lib/domain-error";

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type OrderEvent = typeof orderEvents.$inferSelect;

/** Who changed an order: the buyer, an administrator ({id, email}), the system (expiry) or Stripe. */
export type Actor =
  | { kind: "buyer"; email: string }
  | { kind: "admin"; id: string; email: string }
  | { kind: "system" }
  | { kind: "stripe"; eventId?: string };

export class OrderError extends DomainError<
  "not-found" | "invalid-transition" | "not-manual" | "already-paid" | "unavailable" | "provider-unreachable"
> {}

export interface OrderWithItems extends Order {
  items: OrderItem[];
}

export interface OrderDetail extends OrderWithItems {
  events: OrderEvent[];
}

export const normaliseOrderNumber = (value: string) => value.trim().toUpperCase().replace(/\s+/g, "");

async function withItems(tx: Database, order: Order | undefined): Promise<OrderWithItems | undefined> {
  if (!order) return undefined;
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  return { ...order, items };
}

export async function getOrder(id: string, tx: Database = db()): Promise<OrderDetail | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
  const full = await withItems(tx, order);
  if (!full) return undefined;
  const events = await tx
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, id))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))
    .limit(200);
  return { ...full, events };
}

export async function findOrderByIdempotencyKey(key: string, tx: Database = db()): Promise<Order | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.idempotencyKey, key)).limit(1);
  return order;
}

export async function findOrderByPaymentSession(sessionId: string): Promise<Order | undefined> {
  const [order] = await db().select().from(orders).where(eq(orders.paymentSessionId, sessionId)).limit(1);
  return order;
}

export async function findOrderByPaymentIntent(paymentIntentId: string): Promise<Order | undefined> {
  const [order] = await db().select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId)).limit(1);
  return order;
}

/** An order for its confirmation page: only when this browser placed it (its id is in the buyer's cookie). */
export async function orderForBuyer(
  number: string,
  buyerOrderIds: readonly string[],
): Promise<OrderDetail | undefined> {
  if (buyerOrderIds.length === 0) return undefined;
  const [row] = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.number, normaliseOrderNumber(number)), inArray(orders.id, buyerOrderIds.slice(0, 10))))
    .limit(1);
  return row ? getOrder(row.id) : undefined;
}

/** The newest orders placed with an e-mail address (the /account page of that verified address). */
export async function ordersForEmail(email: string, limit = 20): Promise<Order[]> {
  return db()
    .select()
    .from(orders)
    .where(eq(orders.email, email.trim().toLowerCase()))
    .orderBy(...newestFirst(orders))
    .limit(limit);
}

/** Order tracking: the order only when number and e-mail belong together (undefined for any mismatch). */
export async function trackOrder(number: string, email: string): Promise<OrderDetail | undefined> {
  const [row] = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.number, normaliseOrderNumber(number)), eq(orders.email, email.trim().toLowerCase())))
    .limit(1);
  return row ? getOrder(row.id) : undefined;
}

export interface OrderListQuery {
  status?: OrderStatus;
  /** Order number, e-mail or name (prefix or part). */
  q?: string;
  /** 1 the first. */
  page?: number;
  /** Rows a page, 200 at the most. */
  pageSize: number;
}

export interface OrderListRow {
  id: string;
  number: string;
  status: OrderStatus;
  provider: PaymentProviderId;
  name: string;
  email: string;
  totalCents: number;
  currency: string;
  itemCount: number;
  createdAt: Date;
}

/** The admin's list: newest first (orders_created_idx / orders_status_created_idx), filtered, one page. */
export async function listOrders(query: OrderListQuery): Promise<{ orders: OrderListRow[]; total: number }> {
  const where = and(
    query.status ? eq(orders.status, query.status) : undefined,
    containing(query.q, orders.number, orders.email, orders.name),
  );
  const select = db()
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      provider: orders.provider,
      name: orders.name,
      email: orders.email,
      totalCents: orders.totalCents,
      currency: orders.currency,
      itemCount: sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = "orders"."id")`,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(where)
    .orderBy(...newestFirst(orders))
    .$dynamic();
  const size = Math.min(query.pageSize, 200);
  const { rows, total } = await pageOf(select, db().$count(orders, where), query.page ?? 1, size);
  return { orders: rows, total };
}

/**
 * The orders an invoice may be made for (`mayBeInvoiced`), newest first, at most `limit`: Invoice Generation's
 * choice, whatever the newest orders' statuses (orders_created_idx), and whether there is any order at all.
 */
export async function listInvoiceableOrders(limit: number) {
  const choices = await db()
    .select({
      id: orders.id,
      number: orders.number,
      name: orders.name,
      totalCents: orders.totalCents,
      currency: orders.currency,
    })
    .from(orders)
    .where(notInArray(orders.status, [...NO_INVOICE_STATUSES]))
    .orderBy(...newestFirst(orders))
    .limit(limit);
  return { choices, any: choices.length > 0 || (await db().$count(orders)) > 0 };
}

/** Where orders stand (number, status, provider) by id: what their invoices show beside their own status. */
export async function orderStandings(
  ids: readonly string[],
  tx: Database = db(),
): Promise<Map<string, Pick<Order, "id" | "number" | "status" | "provider">>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: orders.id, number: orders.number, status: orders.status, provider: orders.provider })
    .from(orders)
    .where(inArray(orders.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Locks an order row for the rest of the transaction (every change to an order goes through this). */
export async function lockOrder(tx: Database, orderId: string): Promise<Order | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update").limit(1);
  return order;
}

export async function orderItemsOf(tx: Database, orderId: string): Promise<OrderItem[]> {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.artworkId));
}

function actorColumns(actor: Actor): { actorKind: ActorKind; actorId: string | null; actorEmail: string | null } {
  switch (actor.kind) {
    case "admin":
      return { actorKind: "admin", actorId: actor.id, actorEmail: actor.email };
    case "buyer":
      return { actorKind: "buyer", actorId: null, actorEmail: actor.email };
    case "stripe":
      return { actorKind: "stripe", actorId: actor.eventId ?? null, actorEmail: null };
    default:
      return { actorKind: "system", actorId: null, actorEmail: null };
  }
}

export async function recordEvent(
  tx: Database,
  order: Pick<Order, "id" | "status">,
  actor: Actor,
  kind: string,
  note = "",
): Promise<void> {
  await tx.insert(orderEvents).values({ orderId: order.id, status: order.status, kind, note, ...actorColumns(actor) });
}

/**
 * Moves a locked order to another status (refusing moves the rules do not allow), with its history row and any
 * other columns to set; the works go back into stock when the order stops holding them, and its invoice is paid
 * or voided with it.
 */
export async function moveOrder(
  tx: Database,
  order: Order,
  to: OrderStatus,
  actor: Actor,
  kind: string,
  note = "",
  patch: Partial<typeof orders.$inferInsert> = {},
): Promise<Order> {
  // The same step again (a second click, a page left open): said as done, not as a move the rules forbid.
  if (order.status === to)
    throw new OrderError(
      "invalid-transition",
      `Order ${order.number} is already ${ORDER_STATUS_LABELS[to].toLowerCase()}.`,
    );
  if (!canMove(order.status, to)) {
    throw new OrderError(
      "invalid-transition",
      `Order ${order.number} is ${order.status.replace("_", " ")}: it cannot become ${to.replace("_", " ")}.`,
    );
  }
  const [updated] = await tx
    .update(orders)
    .set({ ...patch, status: to, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  if (holdsStock(order.status) && !holdsStock(to)) await releaseItems(tx, order.id, isSold(order.status));
  await invoiceFollowsOrder(tx, updated!);
  await recordEvent(tx, updated!, actor, kind, note);
  return updated!;
}

/** Puts an order's works back in stock (`paid`: a refunded sale, whose works may be `sold`). */
async function releaseItems(tx: Database, orderId: string, paid: boolean): Promise<void> {
  for (const item of await orderItemsOf(tx, orderId)) {
    if (item.artworkId) await releaseArtwork(tx, item.artworkId, item.quantity, paid);
  }
}

/** After a payment: each work with no stock left and no other unpaid order holding it becomes sold. */
export async function settleItems(tx: Database, orderId: string): Promise<void> {
  for (const item of await orderItemsOf(tx, orderId)) {
    if (!item.artworkId) continue;
    const [other] = await tx
      .select({ id: orders.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(eq(orderItems.artworkId, item.artworkId), eq(orders.status, "awaiting_payment"), ne(orders.id, orderId)),
      )
      .limit(1);
    await settleArtwork(tx, item.artworkId, other !== undefined);
  }
}

/**
 * Marks a payment-provider event as handled, inside the transaction that acts on it. False when it was handled
 * before (a replay): the caller then does nothing. A concurrent duplicate waits here for the first to commit.
 */
export async function claimWebhookEvent(
  tx: Database,
  event: { provider: string; id: string; type: string; orderId?: string | null },
): Promise<boolean> {
  const rows = await tx
    .insert(processedWebhookEvents)
    .values({ provider: event.provider, eventId: event.id, type: event.type, orderId: event.orderId ?? null })
    .onConflictDoNothing()
    .returning({ id: processedWebhookEvents.eventId });
  return rows.length > 0;
}

export async function webhookEventSeen(provider: string, id: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: processedWebhookEvents.eventId })
    .from(processedWebhookEvents)
    .where(and(eq(processedWebhookEvents.provider, provider), eq(processedWebhookEvents.eventId, id)))
    .limit(1);
  return row !== undefined;
}

/** The orders that carried a work, oldest first (order_items_artwork_idx), for its provenance: any status. */
export async function ordersOfArtwork(
  artworkId: string,
  limit = 200,
): Promise<Pick<Order, "id" | "number" | "status" | "name" | "city" | "country" | "paidAt">[]> {
  return db()
    .selectDistinct({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      name: orders.name,
      city: orders.city,
      country: orders.country,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.artworkId, artworkId))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
}
