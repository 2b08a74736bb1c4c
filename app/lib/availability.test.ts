import { describe, expect, it } from "vitest";
import { AVAILABILITY_VALUES, isPurchasable } from "./availability";

describe("isPurchasable", () => {
  it("sells an available, priced work in stock", () => {
    expect(isPurchasable({ availability: "available", priceCents: 120_000, quantity: 1 })).toBe(true);
    expect(isPurchasable({ availability: "available", priceCents: 120_000 })).toBe(true);
  });

  it("refuses every other availability", () => {
    for (const availability of AVAILABILITY_VALUES.filter((a) => a !== "available"))
      expect(isPurchasable({ availability, priceCents: 120_000, quantity: 1 }), availability).toBe(false);
  });

  it("refuses a work without a price, at no price, or out of stock", () => {
    expect(isPurchasable({ availability: "available", priceCents: null, quantity: 1 })).toBe(false);
    expect(isPurchasable({ availability: "available", priceCents: 0, quantity: 1 })).toBe(false);
    expect(isPurchasable({ availability: "available", priceCents: 120_000, quantity: 0 })).toBe(false);
  });
});
