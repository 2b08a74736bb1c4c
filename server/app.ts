// Express wiring: security headers, compression, health, media, static assets, then React Router.
import { randomBytes, randomUUID } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Request, type Response } from "express";
import helmet from "helmet";
import type { ServerBuild } from "react-router";
import type { Config } from "~/config.server";
import type { Logger } from "~/logger.server";
import { readVariant } from "~/modules/media/media.server";
import { VARIANT_FORMATS, type VariantFormat } from "~/modules/media/pipeline.server";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
  }
}

export interface AppOptions {
  config: Config;
  logger: Logger;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Serves build/client in production; the Vite middleware does it in development. */
  clientDir?: string;
  isReady: () => boolean;
  beforeRouter?: (app: express.Express) => void;
}

const IMMUTABLE = "public, max-age=31536000, immutable";

export function createApp({ config, logger, build, clientDir, isReady, beforeRouter }: AppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy) app.set("trust proxy", true);

  // Request id and one structured log line per request.
  app.use((req, res, next) => {
    const requestId = (req.headers["x-request-id"] as string | undefined)?.slice(0, 64) || randomUUID();
    res.locals.requestId = requestId;
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.setHeader("x-request-id", requestId);
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const line = {
        requestId,
        method: req.method,
        url: req.originalUrl,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      };
      if (res.statusCode >= 500) logger.error(line, "request");
      else if (req.path !== "/healthz") logger.info(line, "request");
    });
    next();
  });

  const dev = config.env === "development";
  app.use(
    helmet({
      contentSecurityPolicy: dev
        ? false
        : {
            directives: {
              "default-src": ["'self'"],
              "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce as string}'`],
              "style-src": ["'self'", "'unsafe-inline'"],
              "img-src": ["'self'", "data:", "blob:"],
              "font-src": ["'self'", "data:"],
              "connect-src": ["'self'", "ws:", "wss:"],
              "frame-ancestors": ["'none'"],
              "form-action": ["'self'"],
              "upgrade-insecure-requests": config.publicUrl.startsWith("https:") ? [] : null,
            },
          },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.publicUrl.startsWith("https:"),
    }),
  );
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.setHeader("cache-control", "no-store");
    if (isReady()) res.json({ status: "ok" });
    else res.status(503).json({ status: "starting" });
  });

  app.get("/media/:hash/:file", (req, res, next) => {
    serveMedia(req, res).catch(next);
  });

  if (clientDir) {
    app.use("/assets", express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  beforeRouter?.(app);

  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: dev ? "development" : "production",
      getLoadContext: (_req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        requestId: res.locals.requestId as string,
      }),
    }),
  );

  app.use((error: unknown, req: Request, res: Response, _next: express.NextFunction) => {
    logger.error({ err: error, url: req.originalUrl, requestId: res.locals.requestId as string }, "unhandled error");
    if (!res.headersSent) res.status(500).type("text/plain").send("Unexpected Application Error!");
  });
  return app;
}

const MEDIA_FILE_RE = /^(\d{2,5})\.(avif|webp)$/;

async function serveMedia(req: Request, res: Response) {
  const hash = String(req.params.hash);
  const match = MEDIA_FILE_RE.exec(String(req.params.file));
  if (!/^[0-9a-f]{24}$/.test(hash) || !match) {
    res.status(404).type("text/plain").send("Not found");
    return;
  }
  const width = Number(match[1]);
  const format = match[2] as VariantFormat;
  if (!VARIANT_FORMATS.includes(format)) {
    res.status(404).end();
    return;
  }
  const bytes = await readVariant(hash, width, format);
  if (!bytes) {
    res.status(404).type("text/plain").send("Not found");
    return;
  }
  res.setHeader("content-type", `image/${format}`);
  res.setHeader("cache-control", IMMUTABLE);
  res.setHeader("etag", `"${hash}-${width}-${format}"`);
  if (req.headers["if-none-match"] === `"${hash}-${width}-${format}"`) {
    res.status(304).end();
    return;
  }
  res.end(bytes);
}
