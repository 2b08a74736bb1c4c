// AUTH_SECRET: from the environment, or generated once into DATA_DIR and reused on every start.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function resolveAuthSecret(
  dataDir: string,
  fromEnv: string | undefined,
): { secret: string; generated: boolean } {
  if (fromEnv) return { secret: fromEnv, generated: false };
  const dir = join(dataDir, "secrets");
  const file = join(dir, "auth-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return { secret: existing, generated: false };
  } catch {
    // Not there yet: generate below.
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "w" });
  return { secret, generated: true };
}
