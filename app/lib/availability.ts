// The four availabilities of a work (spec §3 shows available and sold; the back office also knows reserved
// and not for sale), with the labels the admin sees.
export const AVAILABILITY_VALUES = ["available", "reserved", "sold", "not_for_sale"] as const;
export type AvailabilityValue = (typeof AVAILABILITY_VALUES)[number];

export const AVAILABILITY_LABELS: Record<AvailabilityValue, string> = {
  available: "Available",
  reserved: "Reserved",
  sold: "Sold",
  not_for_sale: "Not for sale",
};

export function isAvailability(value: unknown): value is AvailabilityValue {
  return typeof value === "string" && (AVAILABILITY_VALUES as readonly string[]).includes(value);
}
