// The policies' default texts (Privacy, Terms, Shipping), written from the shop's settings so that an
// unedited policy never contradicts checkout: pickup only when it is offered, the shipping regions with
// their prices, tax where it is charged, how long an order holds a work. Pure: the caller passes the facts.
import { formatPrice } from "~/lib/money";
import type { Settings } from "~/modules/settings/settings.server";

export const POLICY_KEYS = ["privacy", "terms", "shipping"] as const;
export type PolicyKey = (typeof POLICY_KEYS)[number];

export const POLICY_TITLES: Record<PolicyKey, { title: string; lead: string }> = {
  privacy: { title: "Privacy Policy", lead: "What this site keeps about you, and why." },
  terms: { title: "Terms of Service", lead: "The terms under which works are offered and sold here." },
  shipping: { title: "Shipping Info", lead: "How paintings travel from the studio to your wall." },
};

export interface PolicyFacts {
  settings: Pick<Settings, "artistName" | "contactEmail" | "currency" | "shop">;
  /** Card payments through the payment provider are offered. */
  cardPayments: boolean;
}

const hours = (n: number) => (n % 24 === 0 ? `${n / 24} ${n === 24 ? "day" : "days"}` : `${n} hours`);
const minutes = (n: number) => (n % 60 === 0 ? `${n / 60} ${n === 60 ? "hour" : "hours"}` : `${n} minutes`);

function shipping({ settings, cardPayments }: PolicyFacts): string {
  const { shop, currency, contactEmail } = settings;
  const regions = shop.shippingRegions.map(
    (r) => `- ${r.label}: ${r.rateCents === 0 ? "free" : formatPrice(r.rateCents, currency)}`,
  );
  const taxRate = (shop.taxRateBps / 100).toLocaleString("en-US", { maximumFractionDigits: 2 });
  const parts = [
    "## How paintings travel",
    "Every painting is wrapped in acid-free paper, corner-protected and crated or boxed by size, then shipped fully insured with a tracking number.",
    "## Where we ship, and what it costs",
    `${shop.shippingLabel}, per order, by destination:`,
    regions.join("\n"),
    "Orders ship within five working days of payment. You receive an e-mail with the carrier and a tracking link when your painting leaves the studio.",
  ];
  if (shop.pickup.enabled) parts.push("## Collecting from the studio", `${shop.pickup.label}: ${shop.pickup.note}`);
  if (shop.taxRateBps > 0)
    parts.push(
      "## Tax",
      `${shop.taxLabel} of ${taxRate} % is added to orders delivered to ${shop.taxCountries.join(", ")}${
        shop.pickup.enabled ? " and to orders collected from the studio there" : ""
      }${shop.taxShipping ? ", shipping included" : "; shipping is not taxed"}.`,
    );
  parts.push(
    "## While you pay",
    [
      "Placing an order reserves the works for you",
      cardPayments ? `: ${minutes(shop.reservationMinutes)} while you pay by card,` : "",
      ` ${hours(shop.manualPaymentHoldHours)} while a bank transfer is on its way. If payment does not arrive in that time, the works are offered again.`,
    ].join(""),
    `Questions about delivery: ${contactEmail}.`,
  );
  return parts.join("\n\n");
}

function privacy({ settings }: PolicyFacts): string {
  return [
    "When you buy a painting, send a message or subscribe to the newsletter, the details you enter (your name, e-mail address, and for orders your delivery address and phone number) are kept so the studio can answer you and deliver your order.",
    "Card payments are handled by the payment provider; card numbers never reach this site. Nothing is sold or shared with advertisers, and the site sets no tracking cookies: visits are counted without cookies, addresses or device details.",
    `You can ask for a copy of what is kept about you, or for it to be deleted, by writing to ${settings.contactEmail}.`,
  ].join("\n\n");
}

function terms({ settings, cardPayments }: PolicyFacts): string {
  return [
    `Every painting is an original, signed by ${settings.artistName}. Colors on screen vary; if you would like more photographs or a video before buying, ask and the studio will send them.`,
    `Copyright in every work stays with ${settings.artistName}. Buying a painting gives you the painting, not the right to reproduce it.`,
    `An order is confirmed once payment is received${cardPayments ? " (by card, or by bank transfer)" : " by bank transfer"}. If a work turns out to be unavailable, you are refunded in full.`,
    "Delivery, collection and the time an order holds a work are described on the Shipping Info page.",
  ].join("\n\n");
}

/** The default Markdown of a policy, from the shop as it is set up now. */
export function defaultPolicy(key: PolicyKey, facts: PolicyFacts): string {
  return key === "shipping" ? shipping(facts) : key === "privacy" ? privacy(facts) : terms(facts);
}
