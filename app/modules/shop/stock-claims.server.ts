// Who the shop keeps a work for: an unpaid order (`awaiting_payment`) that reserved it, or an approved hold that
// has not lapsed (docs/shop.md "Holds"); and which order sold it. The catalogue asks before the artist puts a work
// back on sale or raises its quantity by hand (edit form, Status Management, an import): a second buyer must not
// get what the first is about to pay for, or has paid for.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { db, type Database } from "~/db/client.server";
import { holds, orderItems, orders } from "~/db/schema";
import { holdIsLive } from "~/lib/holds";
import { SOLD_STATUSES, type OrderStatus } from "./order-status";

/** Why the shop keeps a work, and what lets the artist put it on sale (each a phrase, without a full stop). */
export interface StockClaim {
  why: string;
  remedy: string;
  /**
   * Whether the pieces kept are already out of the work's `quantity` (an unpaid order took them); a hold's piece is
   * still in it until its holder buys. Raising the quantity by hand then may count a taken piece a second time.
   */
  piecesTaken: boolean;
}

/**
 * For each of these works, the number of one order in these statuses that has it: the first placed, or the last.
 */
async function orderOfEach(
  tx: Database,
  artworkIds: readonly string[],
  statuses: readonly OrderStatus[],
  which: "first" | "last",
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const lines = await tx
    .selectDistinct({ artworkId: orderItems.artworkId, number: orders.number, createdAt: orders.createdAt })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.artworkId, [...artworkIds]), inArray(orders.status, [...statuses])))
    .orderBy(which === "first" ? asc(orders.createdAt) : desc(orders.createdAt));
  for (const { artworkId, number } of lines) if (artworkId && !found.has(artworkId)) found.set(artworkId, number);
  return found;
}

/** The works of these the shop keeps for someone, each with why. */
export async function liveClaims(
  artworkIds: readonly string[],
  tx: Database = db(),
  now = new Date(),
): Promise<Map<string, StockClaim>> {
  const claims = new Map<string, StockClaim>();
  if (artworkIds.length === 0) return claims;
  for (const [artworkId, number] of await orderOfEach(tx, artworkIds, ["awaiting_payment"], "first"))
    claims.set(artworkId, {
      why: `Order ${number} is waiting for payment for this work`,
      remedy: "cancel the order first",
      piecesTaken: true,
    });
  const held = await tx
    .select({ artworkId: holds.artworkId, status: holds.status, expiresAt: holds.expiresAt, name: holds.name })
    .from(holds)
    .where(and(inArray(holds.artworkId, [...artworkIds]), eq(holds.status, "approved")));
  for (const hold of held)
    if (holdIsLive(hold, now) && !claims.has(hold.artworkId))
      claims.set(hold.artworkId, {
        why: `This work is on hold for ${hold.name}`,
        remedy: "it goes back on sale when the hold lapses",
        piecesTaken: false,
      });
  return claims;
}

/**
 * The number of the last order that sold each of these works (SOLD_STATUSES: paid, shipped or delivered). A
 * refunded or cancelled order is no sale: its works are back in stock, and may be put on sale again.
 */
export async function lastSales(artworkIds: readonly string[], tx: Database = db()): Promise<Map<string, string>> {
  if (artworkIds.length === 0) return new Map();
  return orderOfEach(tx, artworkIds, SOLD_STATUSES, "last");
}
