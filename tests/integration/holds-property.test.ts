// Property: random interleavings of hold requests / approvals / declines / lapses, checkouts (with and without
// the holder's link), private viewing room checkouts (at the room's price, while the room is open) and the room
// expiring, reopening or having its link revoked, cancellations / payments / reservation lapses never sell a work
// twice, keep its availability in line with who holds it, and never leave it blocked: once every hold and
// reservation has lapsed, an unsold work is for sale again. Each kind of step is one entry of STEPS.
import { eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { holds, orders, viewingRooms } from "~/db/schema";
import { roomIsOpen } from "~/lib/rooms";
import { createRoom } from "~/modules/rooms/rooms.server";
import { mayBuy, type HoldState } from "~/lib/holds";
import { approveHold, declineHold, holdToken, HoldError, lapseHold, requestHold } from "~/modules/shop/holds.server";
import { cancelOrder, expireReservation, markOrderPaid } from "~/modules/shop/order-actions.server";
import { OrderError } from "~/modules/shop/orders.server";
import { BACKENDS, useTestServices } from "../support/harness";
import { orderOne, seedShopSettings, seedWork, stockRow } from "../support/shop-data";

const admin = { kind: "admin" as const, id: "admin-1", email: "artist@example.com" };
const BUYERS = ["a@example.com", "b@example.com", "c@example.com"];

type Step =
  | { type: "request" | "checkout" | "checkoutWithLink"; buyer: number }
  | { type: "approve" | "decline" | "lapseHold"; hold: number }
  | { type: "cancel" | "pay" | "lapseOrder"; order: number }
  | { type: "roomCheckout"; buyer: number }
  | { type: "roomExpire" | "roomReopen" | "roomRevoke" };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ type: fc.constantFrom("request", "checkout", "checkoutWithLink"), buyer: fc.nat({ max: 2 }) }),
  fc.record({ type: fc.constantFrom("approve", "decline", "lapseHold"), hold: fc.nat({ max: 5 }) }),
  fc.record({ type: fc.constantFrom("cancel", "pay", "lapseOrder"), order: fc.nat({ max: 5 }) }),
  fc.record({ type: fc.constant("roomCheckout" as const), buyer: fc.nat({ max: 2 }) }),
  fc.record({ type: fc.constantFrom("roomExpire", "roomReopen", "roomRevoke") }),
);

const ROOM_PRICE = 42_000;

const HOLDING = ["awaiting_payment", "paid"];
const SOLD = ["paid"];

describe.each(BACKENDS)("holds, room reservations and checkouts never sell a work twice on %s", (backend) => {
  const ctx = useTestServices(backend);
  beforeAll(() => seedShopSettings({ holdHours: 48 }));

  it("over random interleavings", async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 4, maxLength: 16 }), async (steps) => {
        const work = await seedWork({ priceCents: 50_000 });
        // A private room showing the work at its own price (decision 0023): a third taker of the work.
        const room = await createRoom(
          {
            title: "Room",
            note: "",
            recipientName: "",
            recipientEmail: "",
            expiresOn: "2099-12-31",
            works: [{ artworkId: work, price: String(ROOM_PRICE / 100) }],
          },
          "UTC",
        );
        const roomRow = async () => (await db.select().from(viewingRooms).where(eq(viewingRooms.id, room.id)))[0]!;
        const holdIds: string[] = [];
        const orderIds: string[] = [];
        const db = ctx.handle.db;
        const holdRows = async () => db.select().from(holds).where(eq(holds.artworkId, work));
        const orderRows = async () =>
          orderIds.length ? db.select().from(orders).where(inArray(orders.id, orderIds)) : [];

        /** What the database must say after every step. */
        const check = async () => {
          const [h, o, row] = [await holdRows(), await orderRows(), await stockRow(work)];
          const holding = o.filter((x) => HOLDING.includes(x.status));
          // Never sold (or reserved) twice: an original has one holder at most.
          expect(holding.length).toBeLessThanOrEqual(1);
          expect(o.filter((x) => SOLD.includes(x.status)).length).toBeLessThanOrEqual(1);
          const approved = h.filter((x) => x.status === "approved");
          expect(approved.length).toBeLessThanOrEqual(1);
          expect(row.quantity).toBe(holding.length ? 0 : 1);
          const expected = holding.some((x) => x.status === "paid")
            ? "sold"
            : holding.length
              ? "reserved"
              : approved.length
                ? "on_hold"
                : "available";
          expect(row.availability).toBe(expected);
        };

        for (const step of steps) {
          seen.set(step.type, (seen.get(step.type) ?? 0) + 1);
          if (step.type === "request") {
            const before = (await stockRow(work)).availability;
            const result = await requestHold(work, { name: "Buyer", email: BUYERS[step.buyer]!, note: "" });
            expect(result.ok).toBe(before === "available");
            if (result.ok && result.created) holdIds.push(result.hold.id);
          } else if (step.type === "approve" || step.type === "decline") {
            const id = holdIds[step.hold % Math.max(1, holdIds.length)];
            if (!id) continue;
            try {
              if (step.type === "approve") await approveHold(id, admin.email);
              else await declineHold(id, admin.email);
            } catch (error) {
              if (!(error instanceof HoldError)) throw error;
            }
          } else if (step.type === "lapseHold") {
            const id = holdIds[step.hold % Math.max(1, holdIds.length)];
            if (!id) continue;
            // Time passes for this hold: its end is behind us, and its job runs.
            await db
              .update(holds)
              .set({ expiresAt: new Date(Date.now() - 1_000) })
              .where(eq(holds.id, id));
            await lapseHold(id);
          } else if (step.type === "checkout" || step.type === "checkoutWithLink") {
            const email = BUYERS[step.buyer]!;
            const mine = (await holdRows()).filter((x) => x.email === email && x.status === "approved")[0];
            const presented = step.type === "checkoutWithLink" && mine ? mine : undefined;
            const state: HoldState | undefined = presented
              ? { artworkId: presented.artworkId, status: presented.status, expiresAt: presented.expiresAt }
              : undefined;
            // The one rule (lib/holds mayBuy) says what the checkout must answer.
            const expected = mayBuy((await stockRow(work)).availability, state, work, new Date());
            const result = await orderOne(work, { email, hold: presented ? holdToken(presented.id) : undefined });
            expect(result.ok).toBe(expected);
            if (result.ok) orderIds.push(result.order.id);
          } else if (step.type === "roomCheckout") {
            // The same rule as any checkout without a hold's link, and only while the room is open.
            const expected =
              mayBuy((await stockRow(work)).availability, undefined, work, new Date()) &&
              roomIsOpen(await roomRow(), new Date());
            const result = await orderOne(work, { email: BUYERS[step.buyer]!, room: room.token });
            expect(result.ok).toBe(expected);
            if (result.ok) {
              expect(result.order.subtotalCents).toBe(ROOM_PRICE);
              orderIds.push(result.order.id);
            }
          } else if (step.type === "roomExpire" || step.type === "roomReopen" || step.type === "roomRevoke") {
            const now = Date.now();
            await db
              .update(viewingRooms)
              .set(
                step.type === "roomExpire"
                  ? { expiresAt: new Date(now - 1_000) }
                  : step.type === "roomReopen"
                    ? { expiresAt: new Date(now + 86_400_000), revokedAt: null }
                    : { revokedAt: new Date(now) },
              )
              .where(eq(viewingRooms.id, room.id));
          } else if (step.type === "cancel" || step.type === "pay" || step.type === "lapseOrder") {
            const id = orderIds[step.order % Math.max(1, orderIds.length)];
            if (!id) continue;
            try {
              if (step.type === "cancel") await cancelOrder(id, admin);
              else if (step.type === "pay") await markOrderPaid(id, admin);
              else {
                await db
                  .update(orders)
                  .set({ reservedUntil: new Date(Date.now() - 1_000) })
                  .where(eq(orders.id, id));
                await expireReservation(id);
              }
            } catch (error) {
              if (!(error instanceof OrderError)) throw error;
            }
          }
          await check();
        }

        // Never blocked forever: every hold and every unpaid reservation lapses; an unsold work is for sale.
        for (const h of await holdRows()) {
          await db
            .update(holds)
            .set({ expiresAt: new Date(Date.now() - 1_000) })
            .where(eq(holds.id, h.id));
          await lapseHold(h.id);
        }
        for (const o of await orderRows()) {
          if (o.status !== "awaiting_payment") continue;
          await db
            .update(orders)
            .set({ reservedUntil: new Date(Date.now() - 1_000) })
            .where(eq(orders.id, o.id));
          await expireReservation(o.id);
        }
        await check();
        const sold = (await orderRows()).some((o) => o.status === "paid");
        expect((await stockRow(work)).availability).toBe(sold ? "sold" : "available");
      }),
      { numRuns: backend === "pglite" ? 25 : 15, endOnFailure: true },
    );
    for (const type of [
      "request",
      "approve",
      "lapseHold",
      "checkout",
      "checkoutWithLink",
      "roomCheckout",
      "roomExpire",
      "cancel",
      "lapseOrder",
    ])
      expect(seen.get(type) ?? 0).toBeGreaterThan(0);
  }, 300_000);
});
