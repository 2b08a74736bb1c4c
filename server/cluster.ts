// WEB_CONCURRENCY=N (with DATABASE_URL): this process becomes the primary of N server processes sharing the
// port (node:cluster, connections handed out in turn). It opens no database and serves nothing: it settles the
// shared secret before the first fork (two workers must not each generate one), restarts a worker that dies
// after it was ready, stops everything when one cannot start (a configuration mistake would fail in every
// worker), and on SIGTERM/SIGINT passes the signal on and exits once every worker has drained. SIGHUP
// (`systemctl reload`) replaces the workers one at a time with processes of the build now on disk: a new one
// is started and ready before an old one is asked to drain, so the port never goes unanswered.
// The workers run server/main.ts as a single process would; they share work through PostgreSQL
// (docs/operations.md "Several processes").
import cluster, { type Worker } from "node:cluster";
import type { Config } from "~/config.server";
import type { Logger } from "~/logger.server";
import { resolveAuthSecret } from "./secrets";

/** The message a worker sends its primary once it serves requests. */
export const WORKER_READY = "atelier:ready";
/** A worker that cannot start sends its one-line error for the primary to say (once for every worker). */
export const WORKER_STARTUP_ERROR = "atelier:startup-error";
export interface StartupError {
  type: typeof WORKER_STARTUP_ERROR;
  line: string;
}
const isStartupError = (message: unknown): message is StartupError =>
  typeof message === "object" &&
  message !== null &&
  (message as { type?: unknown }).type === WORKER_STARTUP_ERROR &&
  typeof (message as { line?: unknown }).line === "string";

/** More restarts than this within a minute: something is wrong beyond one bad request; stop. */
const MAX_RESTARTS_PER_MINUTE = 5;

export function runPrimary(config: Config, logger: Logger): void {
  const { secret, generated } = resolveAuthSecret(config.dataDir, config.authSecret);
  if (generated) logger.info("generated AUTH_SECRET in DATA_DIR/secrets for every process");
  const env = { AUTH_SECRET: secret };
  const ready = new WeakSet<Worker>();
  const live = new Set<Worker>();
  const restarts: number[] = [];
  let stopping = false;
  let stopCode = 0;
  let saidStartupError = false;

  const fork = () => {
    const worker = cluster.fork(env);
    live.add(worker);
    worker.on("message", (message) => {
      if (message === WORKER_READY) {
        ready.add(worker);
        worker.emit("atelier:ready");
      } else if (isStartupError(message) && !saidStartupError) {
        // Every worker meets the same mistake: the operator reads it once.
        saidStartupError = true;
        process.stderr.write(message.line);
      }
    });
    return worker;
  };

  /** Workers being replaced by a reload: their exit is expected. */
  const retiring = new WeakSet<Worker>();
  let reloading = false;
  const reload = async () => {
    if (reloading || stopping) return;
    reloading = true;
    logger.info({ processes: live.size }, "reloading: replacing the processes one at a time");
    try {
      for (const old of [...live]) {
        if (stopping) return;
        const fresh = fork();
        const started = await new Promise<boolean>((resolve) => {
          fresh.once("atelier:ready", () => resolve(true));
          fresh.once("exit", () => resolve(false));
        });
        // A new process that cannot start is handled by the exit handler (everything stops).
        if (!started) return;
        retiring.add(old);
        await new Promise<void>((resolve) => {
          old.once("exit", () => resolve());
          old.process.kill("SIGTERM");
        });
      }
      logger.info({ processes: live.size }, "reloaded: every process runs the current build");
    } finally {
      reloading = false;
    }
  };

  // Once stopping, the primary exits when every worker has exited and its channel has closed: a worker's last
  // message (its startup error) is read before the channel's end, but may come after its exit event.
  const exitWhenAllGone = () => {
    if (!stopping || live.size > 0 || Object.keys(cluster.workers ?? {}).length > 0) return;
    logger.info("every process stopped");
    process.exit(stopCode);
  };
  cluster.on("disconnect", exitWhenAllGone);

  cluster.on("exit", (worker, code, signal) => {
    live.delete(worker);
    if (stopping) {
      exitWhenAllGone();
      return;
    }
    if (retiring.has(worker)) return;
    if (!ready.has(worker)) {
      // It never served: the same cause would stop the others (a port in use, a configuration mistake).
      logger.error({ pid: worker.process.pid, code }, "a server process could not start; stopping");
      stopAll(1);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && now - restarts[0]! > 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      logger.error({ restarts: restarts.length }, "server processes keep dying; stopping");
      stopAll(1);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "a server process died; starting another");
    fork();
  });

  const stopAll = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    stopCode = exitCode;
    const workers = [...live];
    for (const worker of workers) worker.process.kill("SIGTERM");
    exitWhenAllGone();
    // Each worker gives itself 10 s to drain; past 15 s they are ended.
    setTimeout(() => {
      for (const worker of workers) worker.process.kill("SIGKILL");
      process.exit(exitCode || 1);
    }, 15_000).unref();
  };

  process.on("SIGTERM", () => {
    logger.info({ signal: "SIGTERM" }, "stopping every process");
    stopAll(0);
  });
  process.on("SIGHUP", () => {
    void reload();
  });
  process.on("SIGINT", () => {
    logger.info({ signal: "SIGINT" }, "stopping every process");
    stopAll(0);
  });

  logger.info({ processes: config.webConcurrency, port: config.port }, "starting server processes");
  for (let i = 0; i < config.webConcurrency; i++) fork();
}
