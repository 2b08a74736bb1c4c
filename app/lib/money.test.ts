import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPrice } from "./money";

const intl = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);

describe("formatPrice", () => {
  it("shows whole amounts without cents and others with two digits", () => {
    for (const [cents, text] of [
      [150000, "$1,500"],
      [150050, "$1,500.50"],
      [150005, "$1,500.05"],
      [99, "$0.99"],
      [0, "$0"],
      [123456789, "$1,234,567.89"],
    ] as const)
      expect(formatPrice(cents)).toBe(text);
  });

  it("writes what Intl writes for en-US, for the currencies it spells out and for any other", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.constantFrom("USD", "EUR", "GBP", "JPY", "CHF"),
        (cents, currency) => {
          expect(formatPrice(cents, currency)).toBe(intl(cents, currency));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("reads 'Price on request' without a price", () => {
    expect(formatPrice(null)).toBe("Price on request");
    expect(formatPrice(undefined)).toBe("Price on request");
  });
});
