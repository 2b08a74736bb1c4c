// Links that name a row and prove the server made them: `{id}.{HMAC-SHA256(purpose:id)}` under AUTH_SECRET.
// Nothing is stored, nothing can be guessed, and a link made for one purpose is refused for another. Used by
// the newsletter's confirm/unsubscribe links, a commission client's page and the card page's cancel key.
// After a change of secret, a link made under one of AUTH_PREVIOUS_SECRETS still holds (docs/operations.md).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "~/config.server";
import { services } from "~/services.server";

/**
 * The shop's secrets: the one that signs (AUTH_SECRET, or the one generated into DATA_DIR/secrets), then the
 * earlier ones whose signatures and ciphertexts are still read, newest first.
 */
export function shopSecrets(config: Pick<Config, "authSecret" | "previousAuthSecrets"> = services().config) {
  // The secret is always resolved at boot (AUTH_SECRET or DATA_DIR/secrets); never an empty key in practice.
  const current = config.authSecret;
  if (!current) throw new Error("AUTH_SECRET is not resolved");
  // Each once (better-auth refuses a list that names a secret twice).
  return [...new Set([current, ...config.previousAuthSecrets])] as [string, ...string[]];
}

const signature = (secret: string, purpose: string, id: string) =>
  createHmac("sha256", secret).update(`${purpose}:${id}`).digest("base64url").slice(0, 32);

/** The 32-character signature of `id` for `purpose`, under the current secret. */
export function signatureFor(purpose: string, id: string): string {
  return signature(shopSecrets()[0], purpose, id);
}

/** Whether `given` is `id`'s signature for `purpose` under the current secret or an earlier one (constant time). */
export function signatureMatches(purpose: string, id: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const actual = Buffer.from(given);
  return shopSecrets().some((secret) => {
    const expected = Buffer.from(signature(secret, purpose, id));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
}

export const signedId = (purpose: string, id: string): string => `${id}.${signatureFor(purpose, id)}`;

/** The uuid a `{id}.{signature}` token names, when its signature for `purpose` holds. */
export function readSignedId(purpose: string, token: string | null | undefined): string | undefined {
  const match = /^([0-9a-f-]{36})\.([\w-]{32})$/.exec(token ?? "");
  return match && signatureMatches(purpose, match[1]!, match[2]) ? match[1] : undefined;
}
