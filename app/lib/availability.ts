// The availabilities of a work (spec §3 shows available and sold; the back office also knows reserved and not
// for sale; on_hold is a work kept for one buyer by an approved hold, decision 0020), with the admin's labels.
import { choices } from "./choices";

export const {
  values: AVAILABILITY_VALUES,
  labels: AVAILABILITY_LABELS,
  is: isAvailability,
} = choices({
  available: "Available",
  reserved: "Reserved",
  on_hold: "On hold",
  sold: "Sold",
  not_for_sale: "Not for sale",
});
export type AvailabilityValue = (typeof AVAILABILITY_VALUES)[number];

/**
 * Whether a visitor can buy a work: available, priced and in stock (spec §2's lightbox rule). The one definition:
 * the cart, the artwork page, the cart check and viewing rooms (with the room's price) ask it; checkout's locked
 * re-check in stock.server.ts is the same rule in SQL.
 */
export function isPurchasable(work: { availability: string; priceCents: number | null; quantity?: number }): boolean {
  return (
    work.availability === "available" && work.priceCents !== null && work.priceCents > 0 && (work.quantity ?? 1) > 0
  );
}
