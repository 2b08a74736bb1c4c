import { describe, expect, it } from "vitest";
import { SettingsSchema } from "~/modules/settings/settings.server";
import { defaultPolicy } from "./policy-defaults";

const settings = (shop: Record<string, unknown> = {}) =>
  SettingsSchema.parse({ artistName: "Mara Ellison", contactEmail: "studio@maraellison.art", shop });

describe("policy defaults follow the shop's settings", () => {
  it("lists every shipping region with its price", () => {
    const text = defaultPolicy("shipping", { settings: settings(), cardPayments: true });
    expect(text).toContain("- United States: $95");
    expect(text).toContain("- Canada and Mexico: $180");
    expect(text).toContain("- Rest of the world: $320");
    expect(text).toContain("15 minutes while you pay by card");
    expect(text).toContain("3 days while a bank transfer is on its way");
  });

  it("offers pickup only when checkout does", () => {
    const on = defaultPolicy("shipping", { settings: settings(), cardPayments: false });
    expect(on).toContain("## Collecting from the studio");
    expect(on).toContain("Collect from the studio: Free. We will e-mail you to arrange a time.");
    const off = defaultPolicy("shipping", {
      settings: settings({ pickup: { enabled: false } }),
      cardPayments: false,
    });
    expect(off).not.toMatch(/collect/i);
  });

  it("mentions tax only where it is charged, and no card payment when there is none", () => {
    const taxed = defaultPolicy("shipping", {
      settings: settings({ taxRateBps: 945, taxLabel: "Louisiana sales tax", taxCountries: ["US"] }),
      cardPayments: false,
    });
    expect(taxed).toContain("Louisiana sales tax of 9.45 % is added to orders delivered to US");
    expect(taxed).not.toContain("by card");
    expect(defaultPolicy("shipping", { settings: settings(), cardPayments: false })).not.toContain("## Tax");
  });

  it("names the artist and the studio's address in privacy and terms", () => {
    expect(defaultPolicy("privacy", { settings: settings(), cardPayments: true })).toContain(
      "by writing to studio@maraellison.art",
    );
    expect(defaultPolicy("terms", { settings: settings(), cardPayments: true })).toContain(
      "Copyright in every work stays with Mara Ellison.",
    );
  });
});
