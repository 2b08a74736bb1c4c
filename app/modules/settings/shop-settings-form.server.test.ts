import { describe, expect, it } from "vitest";
import { SettingsSchema } from "./settings.server";
import {
  dollarsToCents,
  parseCountries,
  percentToBps,
  shopFormValues,
  shopSettingsFromForm,
} from "./shop-settings-form.server";

const current = SettingsSchema.parse({ siteTitle: "Atelier", artistName: "Mara", contactEmail: "s@example.com" });

describe("the shop settings form", () => {
  it("reads dollars, percents and country lists the way an artist types them", () => {
    expect(dollarsToCents("95")).toBe(9_500);
    expect(dollarsToCents("$1,250.5")).toBe(125_050);
    expect(dollarsToCents("0")).toBe(0);
    expect(dollarsToCents("12.345")).toBeUndefined();
    expect(dollarsToCents("-5")).toBeUndefined();
    expect(dollarsToCents("ten")).toBeUndefined();
    expect(percentToBps("9.45")).toBe(945);
    expect(percentToBps("20 %")).toBe(2_000);
    expect(percentToBps("9.456")).toBeUndefined();
    expect(parseCountries("fr, de IT;es")).toEqual(["FR", "DE", "IT", "ES"]);
    expect(parseCountries("")).toEqual([]);
    expect(parseCountries("France")).toBeUndefined();
  });

  it("round-trips the saved settings through the form unchanged", () => {
    const result = shopSettingsFromForm(current.shop, shopFormValues(current.shop));
    expect(result).toEqual({ ok: true, shop: current.shop });
  });

  it("saves new regions, tax and holds", () => {
    const form = {
      ...shopFormValues(current.shop),
      "shop.regions.3.label": "Europe",
      "shop.regions.3.countries": "fr, de, it",
      "shop.regions.3.rate": "140",
      "shop.taxRate": "8.25",
      "shop.taxShipping": "on",
      "shop.reservationMinutes": "30",
      "shop.holdHours": "72",
    };
    delete (form as Record<string, string>)["shop.pickup.enabled"];
    const result = shopSettingsFromForm(current.shop, form);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.shop.shippingRegions.find((r) => r.label === "Europe")).toEqual({
      id: "europe",
      label: "Europe",
      countries: ["FR", "DE", "IT"],
      rateCents: 14_000,
    });
    expect(result.shop).toMatchObject({
      taxRateBps: 825,
      taxShipping: true,
      reservationMinutes: 30,
      holdHours: 72,
      pickup: { enabled: false },
    });
  });

  it("names each mistake beside its field", () => {
    const result = shopSettingsFromForm(current.shop, {
      ...shopFormValues(current.shop),
      "shop.regions.0.rate": "ninety",
      "shop.regions.1.countries": "Canada",
      "shop.regions.5.rate": "10",
      "shop.taxRate": "75",
      "shop.reservationMinutes": "2",
      "shop.holdHours": "0",
      "shop.timeZone": "Mars/Olympus",
      "shop.shippingLabel": "",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      "shop.regions.0.rate": "Enter the rate in dollars, e.g. 95 or 0.",
      "shop.regions.1.countries": "Use two-letter country codes, e.g. FR, DE, IT.",
      "shop.regions.5.label": "Name the region, e.g. Europe.",
      "shop.taxRate": "Enter a rate from 0 to 50 %, e.g. 9.45.",
      "shop.reservationMinutes": "Enter whole minutes from 5 to 1,440 (a day).",
      "shop.holdHours": "Enter whole hours from 1 to 720 (30 days).",
      "shop.timeZone": "Enter a time zone such as America/Chicago or Europe/Paris.",
      "shop.shippingLabel": "Name the shipping method (up to 80 characters).",
    });
  });

  it("allows only one catch-all region and at least one region", () => {
    const values = shopFormValues(current.shop);
    const twoCatchAll = { ...values, "shop.regions.0.countries": "" };
    expect(shopSettingsFromForm(current.shop, twoCatchAll)).toMatchObject({
      ok: false,
      errors: { "shop.regions": "Only one region may leave its countries empty (the rest of the world)." },
    });
    const none = Object.fromEntries(Object.entries(values).filter(([k]) => !k.startsWith("shop.regions.")));
    expect(shopSettingsFromForm(current.shop, none)).toMatchObject({
      ok: false,
      errors: { "shop.regions.0.label": "Keep at least one shipping region." },
    });
  });
});
