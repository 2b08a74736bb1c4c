// The production process: take the port first (fail fast), boot, serve the built app, and shut down
// gracefully on SIGTERM/SIGINT. Until boot completes every request gets 503 and /healthz says "starting".
// SIGHUP (`systemctl reload`, or the terminal closing) stops a single process gracefully too: it cannot hand
// its port and database to a successor, so the service manager (Restart=always) starts the build on disk.
import cluster from "node:cluster";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { loadConfig } from "~/config.server";
import { createLogger } from "~/logger.server";
import { createApp } from "./app";
import { boot, exitWithError, type Booted } from "./boot";
import { runPrimary, WORKER_READY } from "./cluster";
import { drainable } from "./drain";
import { CONNECTIONS_CHECKING_INTERVAL_MS, guardHttpServer, guardProcess } from "./guard";
import { limitHeapGrowth } from "./heap";
import { attachRealtime } from "./realtime";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const starting: Handler = (req, res) => {
  res.statusCode = 503;
  res.setHeader("retry-after", "2");
  res.setHeader("cache-control", "no-store");
  if (req.url === "/healthz") {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ status: "starting" }));
  } else {
    res.setHeader("content-type", "text/plain; charset=utf-8");
    res.end("Atelier is starting. Please retry in a moment.");
  }
};

async function main() {
  // Read once here only to know where to listen and how many processes; boot() reports the rest.
  const startConfig = loadConfig();
  const { port, host } = startConfig;
  limitHeapGrowth(startConfig.heapGrowthPercent);
  if (cluster.isPrimary && startConfig.webConcurrency > 1) {
    runPrimary(startConfig, createLogger(startConfig.logLevel, false));
    return;
  }
  let handler: Handler = starting;
  const server = createServer({ connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS }, (req, res) =>
    handler(req, res),
  );
  const connections = drainable(server);
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => resolve());
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE")
        throw new PortInUseError(`port ${port} is already in use; set PORT to another port`);
      throw error;
    });
  // A single process takes the port first (fail fast, "starting" answers meanwhile); a process of a cluster
  // only once it is ready, so the primary never hands a connection to one still booting (server/cluster.ts).
  if (!cluster.isWorker) await listen();

  let booted: Booted;
  try {
    booted = await boot();
  } catch (error) {
    server.close();
    throw error;
  }
  const { config, logger } = booted;
  guardProcess(logger);
  guardHttpServer(server, logger, { direct: config.trustProxy === false });
  let ready = true;
  const clientDir = join(dirname(fileURLToPath(import.meta.url)), "..", "client");
  handler = createApp({ config, logger, build, clientDir, isReady: () => ready });
  const realtime = attachRealtime(server, { config, logger });
  if (cluster.isWorker) await listen();
  logger.info({ url: config.publicUrl, port }, "Atelier is ready");
  if (cluster.isWorker) process.send?.(WORKER_READY);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    ready = false;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    realtime.close();
    // Requests being answered get 8 s; the database is closed after the last connection, within the 10 s.
    void connections
      .drain(8_000)
      .then(() => booted.stop())
      .then(() => {
        logger.info("stopped");
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, "error while stopping");
        process.exit(1);
      });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // A process of WEB_CONCURRENCY's is replaced by its primary on reload (server/cluster.ts), never signalled so.
  if (!cluster.isWorker)
    process.on("SIGHUP", () => {
      if (!stopping)
        logger.info("reload with one process: stopping in order for the service manager to start it again");
      shutdown("SIGHUP");
    });
}

class PortInUseError extends Error {}

main().catch((error: unknown) => {
  if (error instanceof PortInUseError) {
    process.stderr.write(`atelier: ${error.message}\n`);
    process.exit(1);
  }
  exitWithError(error);
});
