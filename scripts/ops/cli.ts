// What the operations commands share: the configuration, the secret, opening the database, plain errors.
import { ConfigError, loadConfig, type Config } from "~/config.server";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { DataDirLockedError } from "~/db/data-dir-lock.server";
import { BackupError } from "~/modules/backup/backup.server";
import { resolveAuthSecret } from "../../server/secrets";

export function fail(command: string, message: string, code = 1): never {
  process.stderr.write(`${command}: ${message}\n`);
  process.exit(code);
}

export function loadOpsConfig(): Config {
  const config = loadConfig();
  config.authSecret = resolveAuthSecret(config.dataDir, config.authSecret).secret;
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
