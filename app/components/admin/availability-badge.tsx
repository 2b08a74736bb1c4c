import { StatusBadge, type Tone } from "~/components/ui/status-badge";
import { AVAILABILITY_LABELS, type AvailabilityValue } from "~/lib/availability";

const TONES: Record<AvailabilityValue, Tone> = {
  available: "success",
  reserved: "warning",
  on_hold: "warning",
  sold: "danger",
  not_for_sale: "neutral",
};

export function AvailabilityBadge({ availability }: { availability: AvailabilityValue }) {
  return <StatusBadge tone={TONES[availability]}>{AVAILABILITY_LABELS[availability]}</StatusBadge>;
}
