// The key in a card payment page's "back" link (Stripe's cancel_url): only that link can cancel the order, so a
// link or image on another site cannot cancel a buyer's order through their cookie (security review #19).
import { signatureFor, signatureMatches } from "~/modules/security/signed-ids.server";

export const cancelKeyFor = (orderId: string): string => signatureFor("cancel-payment", orderId);

export const cancelKeyMatches = (orderId: string, key: string | null): boolean =>
  signatureMatches("cancel-payment", orderId, key);
