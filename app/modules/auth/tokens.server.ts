// Tokens: verify a JWT against the keys published at /.well-known/jwks.json (spec §5 "Token claims").
// Used by the realtime channel to authenticate a socket without a database round trip per message.
import { createLocalJWKSet, decodeJwt, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from "jose";
import { services } from "~/services.server";
import { auth } from "./auth.server";
import { DomainError } from "~/lib/domain-error";

export class TokenError extends DomainError<"invalid_signature" | "expired" | "malformed" | "claims"> {}

export interface VerifyOptions {
  /** Accept a token whose `exp` has passed (its signature and other claims are still checked). */
  allowExpired?: boolean;
  /** The key set to check against; defaults to this server's current keys. */
  jwks?: JSONWebKeySet;
}

/** The current public signing keys, as published at /.well-known/jwks.json. */
export async function publicJwks(): Promise<JSONWebKeySet> {
  const result = await auth().api.getJwks();
  return { keys: result.keys };
}

/** Verifies signature, issuer, audience and expiry; throws TokenError ('Invalid JWT signature' for a bad one). */
export async function verifyToken(token: string, options: VerifyOptions = {}): Promise<JWTPayload> {
  const { publicUrl } = services().config;
  let payload: JWTPayload;
  try {
    payload = decodeJwt(token);
  } catch {
    throw new TokenError("malformed", "Malformed JWT");
  }
  // An allowed expired token is checked as of just before it expired, so every other rule still applies.
  const now = Date.now();
  const currentDate =
    options.allowExpired && payload.exp && payload.exp * 1000 <= now ? new Date((payload.exp - 1) * 1000) : undefined;
  try {
    const keys = createLocalJWKSet(options.jwks ?? (await publicJwks()));
    const verified = await jwtVerify(token, keys, { issuer: publicUrl, audience: publicUrl, currentDate });
    return verified.payload;
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey)
      throw new TokenError("invalid_signature", "Invalid JWT signature");
    if (error instanceof errors.JWTExpired) throw new TokenError("expired", "JWT has expired");
    if (error instanceof errors.JWTClaimValidationFailed)
      throw new TokenError("claims", `Invalid JWT claim: ${error.claim}`);
    throw new TokenError("malformed", "Malformed JWT");
  }
}
