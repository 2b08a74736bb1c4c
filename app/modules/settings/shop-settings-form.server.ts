// The Shop part of the admin's settings form: shipping regions and their rates, pickup, tax, the bank-transfer
// instructions, how long a checkout holds a work, and the studio's time zone. Field names are flat
// ("shop.regions.0.rate"); money is typed in dollars, the tax rate in percent, countries as two-letter codes.
import { toSlug } from "~/lib/slug";
import type { Settings } from "./settings.server";
import { ShopSettingsSchema, type ShopSettings } from "./settings.server";

export const SHIPPING_REGION_SLOTS = 6;

type Errors = Partial<Record<string, string>>;

const blank = (v: string | undefined) => (v ?? "").trim();

/** "95", "95.5", "1,250.00" -> cents; anything else undefined. */
export function dollarsToCents(text: string): number | undefined {
  const clean = text.replace(/[$,\s]/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return undefined;
  const [whole, fraction = ""] = clean.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** "9.45" or "9.45 %" -> 945 basis points; anything else undefined. */
export function percentToBps(text: string): number | undefined {
  const clean = text.replace(/[%\s]/g, "");
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(clean)) return undefined;
  const [whole, fraction = ""] = clean.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** "us, ca MX" -> ["US", "CA", "MX"]; undefined if any is not two letters. */
export function parseCountries(text: string): string[] | undefined {
  const codes = text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((c) => c.toUpperCase());
  return codes.every((c) => /^[A-Z]{2}$/.test(c)) ? [...new Set(codes)] : undefined;
}

const slug = (label: string, i: number) => toSlug(label).slice(0, 36).replace(/-+$/, "") || `region-${i + 1}`;

/** The form's shop fields, checked; `errors` names each field with its reason. */
export function shopSettingsFromForm(
  current: Settings["shop"],
  form: Record<string, string>,
): { ok: true; shop: ShopSettings } | { ok: false; errors: Errors } {
  const errors: Errors = {};
  const regions: ShopSettings["shippingRegions"] = [];
  const ids = new Set<string>();
  for (let i = 0; i < SHIPPING_REGION_SLOTS; i++) {
    const label = blank(form[`shop.regions.${i}.label`]);
    const countriesText = blank(form[`shop.regions.${i}.countries`]);
    const rateText = blank(form[`shop.regions.${i}.rate`]);
    if (!label && !countriesText && !rateText) continue;
    if (!label) errors[`shop.regions.${i}.label`] = "Name the region, e.g. Europe.";
    else if (label.length > 80) errors[`shop.regions.${i}.label`] = "Keep the name under 80 characters.";
    const countries = parseCountries(countriesText);
    if (!countries) errors[`shop.regions.${i}.countries`] = "Use two-letter country codes, e.g. FR, DE, IT.";
    const rateCents = dollarsToCents(rateText);
    if (rateCents === undefined) errors[`shop.regions.${i}.rate`] = "Enter the rate in dollars, e.g. 95 or 0.";
    // A saved region keeps its id (orders name the region they shipped to); a new one gets one from its name.
    const savedId = blank(form[`shop.regions.${i}.id`]);
    let id = /^[a-z0-9-]{1,40}$/.test(savedId) ? savedId : slug(label, i);
    while (ids.has(id)) id = `${id}-${i + 1}`;
    ids.add(id);
    regions.push({ id, label, countries: countries ?? [], rateCents: rateCents ?? 0 });
  }
  if (regions.length === 0) errors["shop.regions.0.label"] ??= "Keep at least one shipping region.";
  else if (regions.filter((r) => r.countries.length === 0).length > 1)
    errors["shop.regions"] = "Only one region may leave its countries empty (the rest of the world).";

  const taxRateBps = percentToBps(blank(form["shop.taxRate"]) || "0");
  if (taxRateBps === undefined || taxRateBps > 5_000)
    errors["shop.taxRate"] = "Enter a rate from 0 to 50 %, e.g. 9.45.";
  const taxCountries = parseCountries(blank(form["shop.taxCountries"]));
  if (!taxCountries) errors["shop.taxCountries"] = "Use two-letter country codes, e.g. US.";

  const whole = (name: string, min: number, max: number, message: string) => {
    const text = blank(form[name]);
    const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!(n >= min && n <= max)) errors[name] = message;
    return n;
  };
  const reservationMinutes = whole("shop.reservationMinutes", 5, 1_440, "Enter whole minutes from 5 to 1,440 (a day).");
  const manualPaymentHoldHours = whole(
    "shop.manualPaymentHoldHours",
    1,
    720,
    "Enter whole hours from 1 to 720 (30 days).",
  );
  const holdHours = whole("shop.holdHours", 1, 720, "Enter whole hours from 1 to 720 (30 days).");

  const candidate = {
    ...current,
    shippingLabel: blank(form["shop.shippingLabel"]),
    shippingRegions: regions,
    pickup: {
      enabled: form["shop.pickup.enabled"] === "on",
      label: blank(form["shop.pickup.label"]),
      note: blank(form["shop.pickup.note"]),
    },
    taxRateBps: taxRateBps ?? 0,
    taxLabel: blank(form["shop.taxLabel"]),
    taxCountries: taxCountries ?? [],
    taxShipping: form["shop.taxShipping"] === "on",
    paymentInstructions: blank(form["shop.paymentInstructions"]),
    reservationMinutes,
    manualPaymentHoldHours,
    holdHours,
    timeZone: blank(form["shop.timeZone"]) || "UTC",
  };
  const parsed = ShopSettingsSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = ["shop", ...issue.path.map(String)].join(".");
      errors[key] ??= MESSAGES[key] ?? issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, shop: parsed.data };
}

const MESSAGES: Record<string, string> = {
  "shop.shippingLabel": "Name the shipping method (up to 80 characters).",
  "shop.pickup.label": "Name the pickup option (up to 80 characters).",
  "shop.pickup.note": "Keep the note under 400 characters.",
  "shop.taxLabel": "Name the tax (up to 60 characters), e.g. Sales tax.",
  "shop.paymentInstructions": "Keep the instructions under 2,000 characters.",
  "shop.timeZone": "Enter a time zone such as America/Chicago or Europe/Paris.",
};

/** The saved shop settings as the form's fields (to fill it). */
export function shopFormValues(shop: ShopSettings): Record<string, string> {
  const values: Record<string, string> = {
    "shop.shippingLabel": shop.shippingLabel,
    "shop.pickup.label": shop.pickup.label,
    "shop.pickup.note": shop.pickup.note,
    "shop.taxRate": (shop.taxRateBps / 100).toString(),
    "shop.taxLabel": shop.taxLabel,
    "shop.taxCountries": shop.taxCountries.join(", "),
    "shop.paymentInstructions": shop.paymentInstructions,
    "shop.reservationMinutes": String(shop.reservationMinutes),
    "shop.manualPaymentHoldHours": String(shop.manualPaymentHoldHours),
    "shop.holdHours": String(shop.holdHours),
    "shop.timeZone": shop.timeZone,
  };
  if (shop.pickup.enabled) values["shop.pickup.enabled"] = "on";
  if (shop.taxShipping) values["shop.taxShipping"] = "on";
  shop.shippingRegions.forEach((region, i) => {
    values[`shop.regions.${i}.id`] = region.id;
    values[`shop.regions.${i}.label`] = region.label;
    values[`shop.regions.${i}.countries`] = region.countries.join(", ");
    values[`shop.regions.${i}.rate`] = (region.rateCents / 100).toFixed(2).replace(/\.00$/, "");
  });
  return values;
}
