import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyMove, moveForDrag } from "./reorder";

describe("applyMove", () => {
  const order = ["a", "b", "c", "d"];
  it("moves before and after a target", () => {
    expect(applyMove(order, { id: "d", targetId: "b", position: "before" })).toEqual(["a", "d", "b", "c"]);
    expect(applyMove(order, { id: "a", targetId: "c", position: "after" })).toEqual(["b", "c", "a", "d"]);
  });
  it("leaves the order alone for unknown ids or a move onto itself", () => {
    expect(applyMove(order, { id: "x", targetId: "b", position: "before" })).toEqual(order);
    expect(applyMove(order, { id: "a", targetId: "x", position: "before" })).toEqual(order);
    expect(applyMove(order, { id: "b", targetId: "b", position: "after" })).toEqual(order);
  });
});

describe("moveForDrag", () => {
  it("puts the dragged item where it was dropped, like arrayMove", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 12 }),
        fc.nat(),
        fc.nat(),
        (order, i, j) => {
          const from = i % order.length;
          const to = j % order.length;
          const move = moveForDrag(order, order[from]!, order[to]!);
          if (from === to) {
            expect(move).toBeUndefined();
            return;
          }
          const expected = [...order];
          const [item] = expected.splice(from, 1);
          expected.splice(to, 0, item!);
          expect(applyMove(order, move!)).toEqual(expected);
        },
      ),
    );
  });
});
