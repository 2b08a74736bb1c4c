// Boot: configuration, database, migrations, first-start seed and background jobs, shared by
// the production entry (main.ts) and the development server (dev.ts).
import cluster from "node:cluster";
import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, loadConfig, type Config } from "~/config.server";
import { DataDirLockedError } from "~/db/data-dir-lock.server";
import { LOCKS, openDatabase, type DatabaseHandle } from "~/db/client.server";
import { createLogger, type Logger } from "~/logger.server";
import { hasAdministrator, issueSetupToken } from "~/modules/auth/accounts.server";
import { ensureAdminFromEnv } from "~/modules/auth/admin-bootstrap.server";
import { createAuth } from "~/modules/auth/auth.server";
import { encryptAgainUnderCurrentSecret } from "~/modules/auth/secret-change.server";
import { createSmsSender } from "~/modules/auth/sms.server";
import { flushPageViews } from "~/modules/analytics/page-views.server";
import { connectEventBus } from "~/modules/events/bus.server";
import { connectHubPeers } from "~/modules/realtime/hub-peers.server";
import { registerJobHandlers, startJobWorker } from "~/modules/jobs/jobs.server";
import { openStorage } from "~/modules/media/open-storage.server";
import { scheduleDailyBackup } from "~/modules/backup/backups.server";
import { scheduleStorageSweep } from "~/modules/media/sweep.server";
import { queueMissingTiles } from "~/modules/media/tiles.server";
import { settingsExist } from "~/modules/settings/settings.server";
import { setServices } from "~/services.server";
import { WORKER_STARTUP_ERROR, type StartupError } from "./cluster";
import { JOB_HANDLERS } from "./jobs";
import { setPoolStats } from "./metrics";
import { resolveAuthSecret } from "./secrets";

export interface Booted {
  config: Config;
  logger: Logger;
  handle: DatabaseHandle;
  stop(): Promise<void>;
}

/** Prints one line and exits non-zero: what an operator needs for a configuration mistake. */
export function exitWithError(error: unknown): void {
  const line =
    error instanceof ConfigError || error instanceof DataDirLockedError
      ? `atelier: ${error.message}\n`
      : `atelier: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`;
  // With several server processes (WEB_CONCURRENCY) every one meets the same startup error (an unreachable
  // DATABASE_URL): a worker hands its line to the primary, which says the first and stops everything, so the
  // mistake reads as one line however many processes met it (server/cluster.ts).
  if (cluster.isWorker && process.send) {
    const message: StartupError = { type: WORKER_STARTUP_ERROR, line };
    process.send(message, undefined, {}, () => process.exit(1));
    return;
  }
  process.stderr.write(line);
  process.exit(1);
}

export async function boot(env: Record<string, string | undefined> = process.env): Promise<Booted> {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel, config.env === "development");
  const { secret, generated } = resolveAuthSecret(config.dataDir, config.authSecret);
  config.authSecret = secret;
  if (generated) logger.info({ file: join(config.dataDir, "secrets", "auth-secret") }, "generated AUTH_SECRET");
  // DATA_DIR holds the database, the uploads and the secret: created 0700; an existing one open to others is
  // reported, not changed (the operator may share it on purpose).
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  if ((statSync(config.dataDir).mode & 0o077) !== 0)
    logger.warn({ dataDir: config.dataDir }, "DATA_DIR can be read by other users of this machine: chmod 700 it");
  if (config.databaseUrl && !env.AUTH_SECRET)
    logger.warn(
      "AUTH_SECRET is unset: using the one in DATA_DIR. Set AUTH_SECRET when several processes share DATABASE_URL.",
    );

  const started = Date.now();
  const storage = await openStorage(config);
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const base = {
    config,
    logger,
    db: handle.db,
    storage,
    sms: createSmsSender(config.twilio, logger),
  };
  setServices({ ...base, auth: createAuth(base) });
  await handle.migrate();
  const stopEvents = await connectEventBus(handle, config.databaseUrl);
  // With several processes on one PostgreSQL database, realtime presence and messages cross between them.
  const stopPeers = await connectHubPeers({
    db: handle.db,
    onError: (error, what) => logger.warn({ err: error }, `realtime across processes: ${what} failed`),
  });
  logger.info({ database: handle.kind, ms: Date.now() - started }, "database ready");
  if (!(await settingsExist(handle.db))) {
    // First start only: the demo generators are a chunk of their own, never loaded by a running shop.
    const { seedIfEmpty } = await import("~/modules/demo/seed.server");
    const seeded = await seedIfEmpty(handle, {
      demo: config.seedDemo,
      logger,
      requireAdminTwoFactor: config.requireAdminTwoFactor,
    });
    if (seeded !== "already-initialised") logger.info({ seeded }, "first start");
  }
  // Several processes start at once (WEB_CONCURRENCY): one creates the account and grants the role while the
  // others wait, or one would find the account before its role and refuse to start.
  await handle.withLock(LOCKS.adminFromEnv, () => ensureAdminFromEnv(config));
  // After a change of AUTH_SECRET, what an earlier secret encrypted is encrypted again under the new one.
  await handle.withLock(LOCKS.secretChange, () => encryptAgainUnderCurrentSecret());
  await offerFirstRunSetup(config, logger);
  await scheduleDailyBackup();
  await scheduleStorageSweep();
  // Deep zoom tiles for works that have none yet (the demo seed, existing works, a restored backup).
  await queueMissingTiles();
  setPoolStats(handle.poolStats);
  registerJobHandlers(JOB_HANDLERS);
  const worker = startJobWorker();

  return {
    config,
    logger,
    handle,
    stop: async () => {
      await worker.stop();
      await flushPageViews();
      await stopPeers();
      await stopEvents();
      await handle.close();
      setServices(undefined);
    },
  };
}

/**
 * With no administrator yet, prints a one-time setup link (like a router's first-run setup): whoever holds
 * the server log can create the first administrator at /auth?setup=TOKEN. Only the token's hash is stored;
 * it stops working once an administrator exists (or after 24 hours: restart for a new one).
 */
async function offerFirstRunSetup(config: Config, logger: Logger): Promise<void> {
  if (await hasAdministrator()) return;
  const token = await issueSetupToken();
  const url = `${config.publicUrl}/auth?setup=${token}`;
  logger.warn(
    { setupUrl: url },
    `No administrator yet. Open ${url} to create one (or run npm run create-admin). The link works once, for 24 hours.`,
  );
}
