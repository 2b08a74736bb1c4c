import { describe, expect, it } from "vitest";
import { priceOrder, type PricingSettings } from "./pricing";

const settings: PricingSettings = {
  shippingLabel: "Insured shipping",
  shippingRegions: [{ id: "us", label: "United States", countries: ["US"], rateCents: 9_500 }],
  pickup: { enabled: true, label: "Studio pickup", note: "" },
  taxRateBps: 1_000,
  taxLabel: "Sales tax",
  taxCountries: ["US"],
  taxShipping: false,
};
const shipToUS = { fulfilment: "ship", country: "US" } as const;

describe("priceOrder", () => {
  it("adds the lines, the region's shipping and the tax on the works", () => {
    expect(priceOrder(settings, [{ unitPriceCents: 120_000, quantity: 2 }], shipToUS, "US")).toMatchObject({
      subtotalCents: 240_000,
      shippingCents: 9_500,
      taxCents: 24_000,
      totalCents: 273_500,
    });
  });

  it("refuses a total past what an order's columns hold ($21,474,836.47)", () => {
    const line = { unitPriceCents: 1_000_000_000, quantity: 3 };
    expect(priceOrder(settings, [line], { fulfilment: "pickup", country: "US" }, "FR")).toEqual({
      error: "total-too-large",
    });
    expect(
      priceOrder(settings, [{ ...line, quantity: 2 }], { fulfilment: "pickup", country: "FR" }, "FR"),
    ).toMatchObject({ totalCents: 2_000_000_000 });
  });
});
