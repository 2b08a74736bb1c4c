// Parcel tracking links for the carriers an artist in the US ships with; any other carrier needs its own URL.

export const CARRIERS = ["USPS", "UPS", "FedEx", "DHL Express"] as const;

const TEMPLATES: Record<string, (n: string) => string> = {
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  "dhl express": (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${n}`,
  dhl: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${n}`,
};

/** The public tracking page of a parcel, when the carrier is one we know. */
export function trackingUrlFor(carrier: string, trackingNumber: string): string | undefined {
  const template = TEMPLATES[carrier.trim().toLowerCase()];
  return template ? template(encodeURIComponent(trackingNumber.trim())) : undefined;
}
