// The app's services for a process that serves no HTTP (tests, bench scripts): the given configuration and
// database, media on local disk under DATA_DIR, a silent logger, SMS written to the log. server/boot.ts sets
// the configured ones instead (S3 storage, a real SMS gateway, the configured log level).
import { join } from "node:path";
import type { Config } from "~/config.server";
import type { Database } from "~/db/client.server";
import { createLogger } from "~/logger.server";
import { createAuth } from "~/modules/auth/auth.server";
import { LogSmsSender } from "~/modules/auth/sms.server";
import { LocalDiskStorage } from "~/modules/media/storage.server";
import { setServices } from "~/services.server";

export function setLocalServices(config: Config, db: Database, dataDir: string): void {
  const logger = createLogger("silent");
  const base = {
    config,
    logger,
    db,
    storage: new LocalDiskStorage(join(dataDir, "media")),
    sms: new LogSmsSender(logger),
  };
  setServices({ ...base, auth: createAuth(base) });
}
