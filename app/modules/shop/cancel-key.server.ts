// The key in a card payment page's "back" link (Stripe's cancel_url): only that link can cancel the order, so a
// link or image on another site cannot cancel a buyer's order through their cookie (security review #19).
import { createHmac, timingSafeEqual } from "node:crypto";
import { services } from "~/services.server";

export function cancelKeyFor(orderId: string): string {
  // The secret is always resolved at boot (AUTH_SECRET or DATA_DIR/secrets); never an empty key in practice.
  const secret = services().config.authSecret;
  if (!secret) throw new Error("AUTH_SECRET is not resolved");
  return createHmac("sha256", secret).update(`cancel-payment:${orderId}`).digest("base64url").slice(0, 32);
}

export function cancelKeyMatches(orderId: string, key: string | null): boolean {
  if (!key) return false;
  const expected = Buffer.from(cancelKeyFor(orderId));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
