// 50 buyers check out the same original at the same moment, through the real checkout action: exactly one
// reservation, 49 clear "no longer available" answers, no 5xx, no exception, stock never below zero.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema";
import * as checkoutRoute from "~/routes/shop/checkout";
import { BACKENDS, useTestServices } from "../support/harness";
import { callRoute, checkoutForm, seedShopSettings, seedWork, stockRow } from "../support/shop-data";

const BUYERS = 50;

describe.each(BACKENDS)("50 simultaneous checkouts of one original on %s", (backend) => {
  const ctx = useTestServices(backend);
  beforeAll(() => seedShopSettings());

  it("reserves it exactly once and tells the 49 others it is no longer available", async () => {
    const id = await seedWork({ title: "Tidewater Hymn", priceCents: 680_000 });
    const started = performance.now();
    // Each buyer from their own address (the per-address checkout limit is not what is tested here).
    const answers = await Promise.all(
      Array.from({ length: BUYERS }, (_, i) =>
        callRoute(checkoutRoute.action, "/checkout", {
          form: checkoutForm([{ id }], { email: `buyer${i}@example.com`, name: `Buyer ${i}` }),
          ip: `10.0.${Math.floor(i / 250)}.${i % 250}`,
        }),
      ),
    );
    const ms = performance.now() - started;
    const statuses = answers.map((a) => a.status);
    const placed = answers.filter((a) => a.status === 303);
    const refused = answers.filter((a) => a.status === 409);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(BUYERS - 1);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    for (const answer of refused) {
      expect((answer.body as { formError: string }).formError).toBe(
        "“Tidewater Hymn” is no longer available: someone else has just reserved or bought it. Remove it from your cart to continue.",
      );
    }
    expect(await stockRow(id)).toMatchObject({ quantity: 0, availability: "reserved" });
    const held = await ctx.handle.db
      .select({ number: orders.number })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.artworkId, id));
    expect(held).toHaveLength(1);
    expect(placed[0]!.location).toContain(held[0]!.number);
    // No half-written orders from the 49 rolled-back attempts.
    const [{ n }] = (await queryRows<{ n: number }>(ctx.handle.db, sql`select count(*)::int as n from orders`)) as [
      { n: number },
    ];
    expect(n).toBe(1);
    console.info(
      `${backend}: ${BUYERS} simultaneous checkouts answered in ${Math.round(ms)} ms: 1 × 303, ${refused.length} × 409`,
    );
  });

  it("with several works in each cart, in any order, never deadlocks and never sells a work twice", async () => {
    const works = await Promise.all([seedWork(), seedWork(), seedWork(), seedWork()]);
    const carts = Array.from({ length: BUYERS }, (_, i) => {
      // Every cart holds two or three of the four works, listed in a buyer-specific order.
      const picked = works.filter((_, w) => (i + w) % 4 !== 0 || i % 2 === 0).slice(0, 3);
      return i % 2 ? picked.reverse() : picked;
    });
    const answers = await Promise.all(
      carts.map((cart, i) =>
        callRoute(checkoutRoute.action, "/checkout", {
          form: checkoutForm(
            cart.map((id) => ({ id })),
            { email: `multi${i}@example.com` },
          ),
          ip: `10.1.${Math.floor(i / 250)}.${i % 250}`,
        }),
      ),
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.every((a) => a.status === 303 || a.status === 409)).toBe(true);
    for (const id of works) {
      const row = await stockRow(id);
      expect(row.quantity).toBeGreaterThanOrEqual(0);
      const holders = await ctx.handle.db
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(eq(orderItems.artworkId, id));
      expect(holders.length).toBeLessThanOrEqual(1);
      expect(row.availability).toBe(holders.length === 1 ? "reserved" : "available");
    }
  });
});
