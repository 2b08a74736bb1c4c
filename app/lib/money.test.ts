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
    expect(formatPrice(150000)).toBe("$1,500");
    expect(formatPrice(150050)).toBe("$1,500.50");
    expect(formatPrice(150005)).toBe("$1,500.05");
    expect(formatPrice(99)).toBe("$0.99");
    expect(formatPrice(0)).toBe("$0");
    expect(formatPrice(123456789)).toBe("$1,234,567.89");
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
