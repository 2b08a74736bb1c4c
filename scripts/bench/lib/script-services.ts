// The app's services for a bench script run with tsx (a database, local storage, a silent logger), migrated:
// what the server's boot sets up, minus HTTP. The caller closes the handle.
import { join } from "node:path";
import { loadConfig } from "~/config.server";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { createLogger } from "~/logger.server";
import { createAuth } from "~/modules/auth/auth.server";
import { LogSmsSender } from "~/modules/auth/sms.server";
import { LocalDiskStorage } from "~/modules/media/storage.server";
import { setServices } from "~/services.server";

export async function openScriptServices(options: {
  dataDir: string;
  /** A PostgreSQL server; else PGlite in `dataDir`, or in memory with `inMemory`. */
  databaseUrl?: string;
  inMemory?: boolean;
  env?: Record<string, string>;
}): Promise<DatabaseHandle> {
  const { dataDir, databaseUrl, inMemory } = options;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    AUTH_SECRET: "x".repeat(32),
    ...options.env,
  });
  const handle = await openDatabase(inMemory ? { inMemory: true } : { databaseUrl, dataDir });
  const logger = createLogger("silent");
  const base = {
    config,
    logger,
    db: handle.db,
    storage: new LocalDiskStorage(join(dataDir, "media")),
    sms: new LogSmsSender(logger),
  };
  setServices({ ...base, auth: createAuth(base) });
  await handle.migrate();
  return handle;
}
