// Development: the same boot, with Vite's middleware for HMR and on-demand SSR modules.
import { createServer as createHttpServer } from "node:http";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { createApp } from "./app";
import { boot, exitWithError } from "./boot";
import { guardHttpServer, guardProcess } from "./guard";
import { attachRealtime } from "./realtime";

async function main() {
  const booted = await boot({ NODE_ENV: "development", LOG_LEVEL: "debug", ...process.env });
  const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
  const app = createApp({
    config: booted.config,
    logger: booted.logger,
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    isReady: () => true,
    beforeRouter: (a) => a.use(vite.middlewares),
  });
  const server = createHttpServer(app);
  guardProcess(booted.logger);
  guardHttpServer(server, booted.logger, { direct: booted.config.trustProxy === false });
  attachRealtime(server, { config: booted.config, logger: booted.logger });
  server.listen(booted.config.port, () => booted.logger.info({ url: booted.config.publicUrl }, "dev server ready"));
}

main().catch(exitWithError);
