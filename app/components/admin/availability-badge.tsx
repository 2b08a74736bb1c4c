import { AVAILABILITY_LABELS, type AvailabilityValue } from "~/lib/availability";

const TONES: Record<AvailabilityValue, string> = {
  available: "bg-available/10 text-available",
  reserved: "bg-amber-100 text-amber-800",
  on_hold: "bg-amber-50 text-amber-900",
  sold: "bg-sold/10 text-sold",
  not_for_sale: "bg-ink/[0.06] text-ink-soft",
};

export function AvailabilityBadge({ availability }: { availability: AvailabilityValue }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${TONES[availability]}`}>
      {AVAILABILITY_LABELS[availability]}
    </span>
  );
}
