// Links that name a row and prove the server made them: `{id}.{HMAC-SHA256(purpose:id)}` under AUTH_SECRET.
// Nothing is stored, nothing can be guessed, and a link made for one purpose is refused for another. Used by
// the newsletter's confirm/unsubscribe links, a commission client's page and the card page's cancel key.
import { createHmac, timingSafeEqual } from "node:crypto";
import { services } from "~/services.server";

/** The 32-character signature of `id` for `purpose`. */
export function signatureFor(purpose: string, id: string): string {
  // The secret is always resolved at boot (AUTH_SECRET or DATA_DIR/secrets); never an empty key in practice.
  const secret = services().config.authSecret;
  if (!secret) throw new Error("AUTH_SECRET is not resolved");
  return createHmac("sha256", secret).update(`${purpose}:${id}`).digest("base64url").slice(0, 32);
}

/** Whether `given` is `id`'s signature for `purpose` (compared in constant time). */
export function signatureMatches(purpose: string, id: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(signatureFor(purpose, id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export const signedId = (purpose: string, id: string): string => `${id}.${signatureFor(purpose, id)}`;

/** The uuid a `{id}.{signature}` token names, when its signature for `purpose` holds. */
export function readSignedId(purpose: string, token: string | null | undefined): string | undefined {
  const match = /^([0-9a-f-]{36})\.([\w-]{32})$/.exec(token ?? "");
  return match && signatureMatches(purpose, match[1]!, match[2]) ? match[1] : undefined;
}
