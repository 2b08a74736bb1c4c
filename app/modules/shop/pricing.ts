// Order totals (isomorphic, no server imports): subtotal from the catalogue's prices, shipping by region or free
// pickup, tax by country, all in integer cents. The checkout page shows them live; the server decides them.

import type { ImageAsset } from "~/lib/media";
import { MAX_ORDER_TOTAL_CENTS } from "~/lib/money";

export type Fulfilment = "ship" | "pickup";

export interface ShippingRegion {
  id: string;
  label: string;
  /** Empty: every country no other region names. */
  countries: string[];
  rateCents: number;
}

/** The part of the shop settings that prices an order. */
export interface PricingSettings {
  shippingLabel: string;
  shippingRegions: ShippingRegion[];
  pickup: { enabled: boolean; label: string; note: string };
  taxRateBps: number;
  taxLabel: string;
  taxCountries: string[];
  taxShipping: boolean;
}

export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
}

/** A line of an order as the buyer sees it (the summary at checkout, the confirmation, the order's page). */
export interface OrderLine extends PricedLine {
  id: string;
  title: string;
  details: string;
  currency: string;
  image: ImageAsset | null;
}

export interface Totals {
  subtotalCents: number;
  shippingCents: number;
  shippingLabel: string;
  taxCents: number;
  taxRateBps: number;
  totalCents: number;
}

/** The region whose rate applies to a country: the one naming it, else the catch-all (empty list). */
export function shippingRegionFor(settings: PricingSettings, country: string): ShippingRegion | undefined {
  return (
    settings.shippingRegions.find((r) => r.countries.includes(country)) ??
    settings.shippingRegions.find((r) => r.countries.length === 0)
  );
}

export type PricingError = "no-shipping-to-country" | "pickup-unavailable" | "total-too-large";

/**
 * What the order costs. `studioCountry` is where a collected order is taxed. Returns an error code when the
 * delivery choice is not offered (a country outside every region, pickup switched off), or when the total is more
 * than an order holds (three pieces of a $10,000,000 edition).
 */
export function priceOrder(
  settings: PricingSettings,
  lines: readonly PricedLine[],
  choice: { fulfilment: Fulfilment; country: string },
  studioCountry: string,
): Totals | { error: PricingError } {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  let shippingCents = 0;
  let shippingLabel: string;
  let taxCountry: string;
  if (choice.fulfilment === "pickup") {
    if (!settings.pickup.enabled) return { error: "pickup-unavailable" };
    shippingLabel = settings.pickup.label;
    taxCountry = studioCountry;
  } else {
    const region = shippingRegionFor(settings, choice.country);
    if (!region) return { error: "no-shipping-to-country" };
    shippingCents = region.rateCents;
    shippingLabel = `${settings.shippingLabel} (${region.label})`;
    taxCountry = choice.country;
  }
  const taxed = settings.taxRateBps > 0 && settings.taxCountries.includes(taxCountry);
  const taxRateBps = taxed ? settings.taxRateBps : 0;
  const taxBase = subtotalCents + (settings.taxShipping ? shippingCents : 0);
  // Half up, to the cent.
  const taxCents = taxed ? Math.round((taxBase * taxRateBps) / 10_000) : 0;
  if (subtotalCents + shippingCents + taxCents > MAX_ORDER_TOTAL_CENTS) return { error: "total-too-large" };
  return {
    subtotalCents,
    shippingCents,
    shippingLabel,
    taxCents,
    taxRateBps,
    totalCents: subtotalCents + shippingCents + taxCents,
  };
}

/** 945 → "9.45%". */
export function formatRate(bps: number): string {
  return `${(bps / 100).toFixed(2).replace(/\.?0+$/, "")}%`;
}
