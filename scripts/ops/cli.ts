// What the operations commands share: the configuration, the secret, opening the database, plain errors.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, loadConfig, type Config } from "~/config.server";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { DataDirLockedError } from "~/db/data-dir-lock.server";
import { BackupError } from "~/modules/backup/backup.server";
import { authSecretFile, readAuthSecret } from "../../server/secrets";

export function fail(command: string, message: string, code = 1): never {
  process.stderr.write(`${command}: ${message}\n`);
  process.exit(code);
}

/**
 * The configuration of a command that reads the shop (backup, db:move). Run without the server's settings
 * (DATA_DIR is then ./data of the app's folder) it would open an empty embedded database there and make up a
 * secret: it refuses instead, before it writes anything, and says which setting to give.
 */
export function loadOpsConfig(command: string): Config {
  const config = loadConfig();
  if (!config.databaseUrl && !existsSync(join(config.dataDir, "pgdata")))
    fail(
      command,
      `${config.dataDir} holds no shop's embedded database: run this with the server's DATA_DIR (and its DATABASE_URL, if it has one).`,
    );
  try {
    config.authSecret = readAuthSecret(config.dataDir, config.authSecret);
  } catch (error) {
    fail(
      command,
      `cannot read the shop's secret (${(error as Error).message}): run this as the server's user, with its DATA_DIR.`,
    );
  }
  if (!config.authSecret)
    fail(
      command,
      `found no shop's secret: AUTH_SECRET is unset and ${authSecretFile(config.dataDir)} does not exist. Run this with the server's DATA_DIR (and its AUTH_SECRET, if it sets one).`,
    );
  return config;
}

/** Opens the configured database; null when a running server holds the embedded one. */
export async function openOrLocked(config: Config): Promise<DatabaseHandle | null> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) return null;
    throw error;
  }
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Runs a command's main, turning the errors a person can act on into one line and exit code 1. */
export function run(command: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof BackupError) fail(command, error.message);
    fail(command, error instanceof Error ? (error.stack ?? error.message) : String(error));
  });
}
