// AUTH_SECRET: from the environment, or generated once into DATA_DIR and reused on every start.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const authSecretFile = (dataDir: string) => join(dataDir, "secrets", "auth-secret");

/**
 * The shop's secret from the environment or DATA_DIR; undefined when it has none yet (nothing is written). A file
 * that is there but cannot be read (another user's) throws: a new secret must not be made in its place.
 */
export function readAuthSecret(dataDir: string, fromEnv: string | undefined): string | undefined {
  if (fromEnv) return fromEnv;
  try {
    const existing = readFileSync(authSecretFile(dataDir), "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  return undefined;
}

export function resolveAuthSecret(
  dataDir: string,
  fromEnv: string | undefined,
): { secret: string; generated: boolean } {
  const existing = readAuthSecret(dataDir, fromEnv);
  if (existing) return { secret: existing, generated: false };
  const file = authSecretFile(dataDir);
  mkdirSync(join(dataDir, "secrets"), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "w" });
  return { secret, generated: true };
}
