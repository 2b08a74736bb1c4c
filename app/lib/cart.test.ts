import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addItem,
  clearCart,
  itemCount,
  parseStoredCart,
  removeItem,
  setQuantity,
  subtotal,
  type CartItem,
} from "./cart";

const work = (id: string, price = 120_000, stock = 1): Omit<CartItem, "quantity"> => ({
  artwork_id: id,
  price,
  title: `Work ${id}`,
  medium: "Oil on canvas",
  size: '24" x 36"',
  year: 2025,
  currency: "USD",
  stock,
  image: null,
});

describe("cart", () => {
  it("adds, and adding again increments up to the stock (an original has one)", () => {
    let cart = addItem([], work("a"));
    cart = addItem(cart, work("a"));
    expect(cart).toHaveLength(1);
    expect(cart[0]!.quantity).toBe(1);
    cart = addItem(cart, work("print", 9_000, 25));
    cart = addItem(cart, work("print", 9_000, 25));
    expect(cart.find((i) => i.artwork_id === "print")!.quantity).toBe(2);
    expect(itemCount(cart)).toBe(3);
    expect(subtotal(cart)).toBe(120_000 + 18_000);
  });

  it("sets quantities, removing at zero or less, capping at stock", () => {
    const cart = addItem([], work("print", 9_000, 5));
    expect(setQuantity(cart, "print", 3)[0]!.quantity).toBe(3);
    expect(setQuantity(cart, "print", 50)[0]!.quantity).toBe(5);
    expect(setQuantity(cart, "print", 0)).toEqual([]);
    expect(setQuantity(cart, "print", -2)).toEqual([]);
  });

  it("removes and clears", () => {
    const cart = addItem(addItem([], work("a")), work("b"));
    expect(removeItem(cart, "a").map((i) => i.artwork_id)).toEqual(["b"]);
    expect(clearCart()).toEqual([]);
  });

  it("never holds more than the stock or a non-positive quantity, whatever the sequence", () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant("add" as const),
        id: fc.constantFrom("a", "b", "c"),
        stock: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({
        kind: fc.constant("set" as const),
        id: fc.constantFrom("a", "b", "c"),
        q: fc.integer({ min: -3, max: 9 }),
      }),
      fc.record({ kind: fc.constant("remove" as const), id: fc.constantFrom("a", "b", "c") }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let cart: readonly CartItem[] = [];
        for (const o of ops) {
          if (o.kind === "add") cart = addItem(cart, work(o.id, 1000, o.stock));
          else if (o.kind === "set") cart = setQuantity(cart, o.id, o.q);
          else cart = removeItem(cart, o.id);
        }
        for (const item of cart) {
          expect(item.quantity).toBeGreaterThan(0);
          expect(item.quantity).toBeLessThanOrEqual(item.stock);
        }
        expect(new Set(cart.map((i) => i.artwork_id)).size).toBe(cart.length);
      }),
    );
  });

  it("reads a stored cart defensively", () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart("not json")).toEqual([]);
    expect(parseStoredCart('{"a":1}')).toEqual([]);
    const good = { ...work("a"), quantity: 1 };
    expect(parseStoredCart(JSON.stringify([good, { artwork_id: 3 }, { ...good, quantity: 0 }]))).toEqual([good]);
    // A work listed twice (an older tab, a hand-edited store) is read once: checkout would refuse it.
    expect(parseStoredCart(JSON.stringify([good, { ...good, quantity: 2 }]))).toEqual([good]);
  });
});
