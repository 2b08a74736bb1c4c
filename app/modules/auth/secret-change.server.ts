// After a change of the shop's secret (docs/operations.md, "The shop's secret"): what better-auth stored encrypted
// under an earlier secret (authenticator apps' secrets and backup codes, the token signing key) is encrypted
// again under the current one at start, so that the earlier secret can then leave AUTH_PREVIOUS_SECRETS.
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { eq, not, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import { jwks, twoFactor } from "~/db/schema";
import { services } from "~/services.server";
import { auth } from "./auth.server";

export interface EncryptedAgain {
  /** Rows now encrypted under the current secret. */
  done: number;
  /** Authenticator apps none of the listed secrets can read (a secret left the list too early): left as they are. */
  unreadable: number;
  /**
   * Token signing keys none of them can read, removed: better-auth makes a new one at once, where it would refuse
   * every sign-in ("Failed to decrypt private key"). Its tokens last 15 minutes.
   */
  keysRemoved: number;
}

/** Encrypts again, under the current secret, every stored ciphertext that another secret made. */
export async function encryptAgainUnderCurrentSecret(): Promise<EncryptedAgain> {
  const { secretConfig: key } = await auth().$context;
  // Always the versioned form here (auth.server.ts gives better-auth its list of secrets).
  if (typeof key === "string") return { done: 0, unreadable: 0, keysRemoved: 0 };
  const current = `$ba$${key.currentVersion}$`;
  const again = async (data: string) => symmetricEncrypt({ key, data: await symmetricDecrypt({ key, data }) });
  const result: EncryptedAgain = { done: 0, unreadable: 0, keysRemoved: 0 };
  const startsWith = (column: AnyPgColumn, prefix: string) => sql`starts_with(${column}, ${prefix})`;

  const factors = await db()
    .select({ id: twoFactor.id, secret: twoFactor.secret, backupCodes: twoFactor.backupCodes })
    .from(twoFactor)
    .where(or(not(startsWith(twoFactor.secret, current)), not(startsWith(twoFactor.backupCodes, current))));
  for (const row of factors) {
    try {
      const [secret, backupCodes] = [await again(row.secret), await again(row.backupCodes)];
      await db().update(twoFactor).set({ secret, backupCodes }).where(eq(twoFactor.id, row.id));
      result.done++;
    } catch {
      result.unreadable++;
    }
  }

  // The signing key's ciphertext is stored as a JSON string: `"$ba$…"`.
  const keys = await db()
    .select({ id: jwks.id, privateKey: jwks.privateKey })
    .from(jwks)
    .where(not(startsWith(jwks.privateKey, `"${current}`)));
  for (const row of keys) {
    try {
      const stored = JSON.parse(row.privateKey) as unknown;
      if (typeof stored !== "string" || stored.startsWith(current)) continue;
      await db()
        .update(jwks)
        .set({ privateKey: JSON.stringify(await again(stored)) })
        .where(eq(jwks.id, row.id));
      result.done++;
    } catch {
      await db().delete(jwks).where(eq(jwks.id, row.id));
      result.keysRemoved++;
    }
  }
  if (result.done || result.unreadable || result.keysRemoved)
    services().logger[result.unreadable ? "warn" : "info"](
      result,
      result.unreadable
        ? "authenticator apps that none of AUTH_SECRET and AUTH_PREVIOUS_SECRETS can read were left as they are"
        : "stored secrets encrypted again under the current AUTH_SECRET",
    );
  return result;
}
