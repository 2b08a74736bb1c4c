import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { oneOf } from "./columns";
import { ORDER_STATUSES, orders } from "./orders";

describe("oneOf", () => {
  it("checks a column against its type's values, in their order", () => {
    const { sql } = new PgDialect().sqlToQuery(oneOf(orders.status, ORDER_STATUSES));
    expect(sql).toBe(
      `"orders"."status" in ('awaiting_payment', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded')`,
    );
  });

  it("refuses a value that is not a plain word, which would end the quoted list", () => {
    expect(() => oneOf(orders.status, ["paid", "x') or (true"])).toThrow("not a plain word");
  });
});
