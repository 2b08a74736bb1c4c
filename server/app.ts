// Express wiring: security headers, page views, the page cache, compression, health, media, static assets, then React Router.
import { timingSafeEqual } from "node:crypto";
import { STATUS_CODES, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import { createReadStream, readdirSync } from "node:fs";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import compression from "compression";
import express, { type Request, type Response } from "express";
import helmet from "helmet";
import type { ServerBuild } from "react-router";
import type { Config } from "~/config.server";
import { isDatabaseUnavailable, noteOutage, OUTAGE_HEADERS, OUTAGE_MESSAGE } from "~/db/unavailable";
import { assetsHandler } from "./assets";
import { clientAddressOf } from "./client-of";
import { recordRequest, renderMetrics } from "./metrics";
import type { Logger } from "~/logger.server";
import { isbot } from "isbot";
import { pageViewOf } from "~/modules/analytics/page-views";
import { recordPageView } from "~/modules/analytics/page-views.server";
import { auth, CLIENT_IP_HEADER } from "~/modules/auth/auth.server";
import { publicJwks } from "~/modules/auth/tokens.server";
import { cspNonce } from "~/modules/security/csp-nonce";
import { redactUrlForLog } from "~/modules/security/log-redaction";
import { requestIdOf } from "~/modules/security/request-id";
import { checkBody, checkRequestLine, isHost, NO_HOST, type PathVerdict } from "~/modules/security/request-limits";
import { backupTokenValid, freshBackupDownload } from "~/modules/backup/backups.server";
import { isSameSiteCallback } from "~/lib/safe-redirect";
import { readVariant, storedVariantKey } from "~/modules/media/media.server";
import { readTile } from "~/modules/media/tiles.server";
import { VARIANT_FORMATS, type VariantFormat } from "~/modules/media/pipeline.server";
import { createPageCache } from "./page-cache/page-cache";
import { renderedCompression } from "./rendered-compression";
import { withDatabaseOutages } from "./database-outage";
import { withResourceRefusals, wrappedBuild } from "./resource-routes";
import { sessionRefresh } from "./session-refresh";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    /**
     * The client's address as per-address limits count it (security/client-address.ts): X-Forwarded-For is
     * believed only from the proxies TRUST_PROXY names; IPv6 counts by its /64.
     */
    clientIp: string;
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
/** Build assets and image files (variants, deep zoom tiles). */
const STATIC_FILE = /^\/(assets|media)\//;

export function createApp({ config, logger, build, clientDir, isReady, beforeRouter }: AppOptions): RequestListener {
  const app = express();
  app.disable("x-powered-by");
  // Which proxies' X-Forwarded-For to believe: none, a number of hops, or their addresses (TRUST_PROXY).
  app.set("trust proxy", config.trustProxy);
  // A page reached from another page of the site (PUBLIC_URL's host, whatever Host a proxy sent) is no referral.
  const ownHost = new URL(config.publicUrl).hostname;
  // A stored page skips the chain that sets res.locals.clientIp.
  const clientOf = (req: IncomingMessage, res: ServerResponse): string =>
    ((res as Partial<Response>).locals?.clientIp as string | undefined) ?? clientAddressOf(app, req);
  const countView = (req: IncomingMessage, res: ServerResponse, path: string) =>
    countPageView(req, res, path, { ownHost, client: () => clientOf(req, res) }, logger);

  // Request id and one structured log line per request.
  app.use((req, res, next) => {
    const requestId = requestIdOf(req.headers["x-request-id"]);
    res.locals.requestId = requestId;
    res.locals.cspNonce = cspNonce();
    // The one client address of the request (security/client-address.ts): what every per-address limit counts
    // by. better-auth reads it from this header, which is always ours: whatever a client sent is replaced.
    res.locals.clientIp = clientAddressOf(app, req);
    req.headers[CLIENT_IP_HEADER] = res.locals.clientIp as string;
    // The id to quote for a page or an API answer. Not on hashed scripts and picture files: a page loads about
    // ten of each, and nobody quotes theirs (their log lines still carry it).
    if (!STATIC_FILE.test(req.path)) res.setHeader("x-request-id", requestId);
    // The path and URL as they arrived: a router mounted on a prefix shortens req.url while it runs.
    logWhenFinished(req, res, logger, { path: req.path, url: req.originalUrl, requestId });
    next();
  });

  // No request line or path that no route could read, and no body beyond its route's limit
  // (security/request-limits.ts): refused before any route looks at the path or anything buffers the body.
  app.use((req, res, next) => {
    // The scheme a proxy we trust says (TRUST_PROXY), else the connection's: the one better-auth's adapter reads
    // from X-Forwarded-Proto as it is sent, which a stranger could make anything ("https, http" was a 500).
    const scheme = req.protocol.toLowerCase();
    // The host a proxy we trust names (the first of its X-Forwarded-Host), else the Host header. React Router's
    // adapter reads the port from the whole X-Forwarded-Host whenever any proxy is trusted: it gets this one.
    const host = req.host;
    const lineVerdict: PathVerdict =
      scheme !== "http" && scheme !== "https"
        ? { ok: false, status: 400, reason: "Bad Request: the scheme is neither http nor https." }
        : host !== req.headers.host && !isHost(host)
          ? { ok: false, status: 400, reason: NO_HOST }
          : checkRequestLine(req.method, req.originalUrl, req.headers.host);
    const verdict = lineVerdict.ok ? checkBody(req.method, req.path, req.headers) : lineVerdict;
    req.headers["x-forwarded-proto"] = scheme;
    if (req.headers["x-forwarded-host"] !== undefined && host !== undefined) req.headers["x-forwarded-host"] = host;
    if (verdict.ok) return next();
    // The rest of the body is never buffered: it is read and dropped while the answer goes out, then the
    // connection is closed (discardThenClose).
    discardThenClose(req, res);
    res.setHeader("connection", "close");
    res.status(verdict.status).type("text/plain").send(verdict.reason);
  });

  // Hashed build assets and image variants first: they need none of the page headers below (server/assets.ts).
  if (clientDir) app.use("/assets", compression(), assetsHandler(`${clientDir}/assets`));
  app.get("/media/:hash/:file", (req, res, next) => {
    serveMedia(req, res, config).catch(next);
  });
  // Deep zoom tiles (decision 0021): /media/<hash>/zoom-v1_files/<level>/<column>_<row>.webp.
  app.get("/media/:hash/:folder/:level/:tile", (req, res, next) => {
    const { hash, folder, level, tile } = req.params;
    serveTiles(req, res, String(hash), [String(folder), String(level), String(tile)]).catch(next);
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
              // Image variants may be redirected to a public bucket or CDN (MEDIA_PUBLIC_URL).
              "img-src": [
                "'self'",
                "data:",
                "blob:",
                ...(config.mediaPublicUrl ? [new URL(config.mediaPublicUrl).origin] : []),
              ],
              "font-src": ["'self'", "data:"],
              // The page's own origin, and the realtime socket on the same host (no other host, any scheme).
              "connect-src": ["'self'", ...config.siteOrigins.map(websocketOrigin)],
              "frame-ancestors": ["'none'"],
              // Social sign-in posts to /auth, which redirects to the provider; a checkout form posted without
              // JavaScript is redirected to the card payment page: both origins must be allowed.
              "form-action": ["'self'", ...oauthOrigins(config), ...paymentPageOrigins(config)],
              "upgrade-insecure-requests": config.publicUrl.startsWith("https:") ? [] : null,
            },
          },
      crossOriginEmbedderPolicy: false,
      // Not helmet's no-referrer: under it a browser's own form post (no JavaScript) says "Origin: null", which
      // the cross-site check below refuses. Other sites still learn only our origin, never a path (the secret
      // links of a commission client, a certificate or a newsletter token stay ours).
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: config.publicUrl.startsWith("https:"),
    }),
  );
  // Powerful browser features the site never uses are off for it and anything it embeds; payment only for
  // the site itself and Stripe's page when card payments are on.
  const permissions = permissionsPolicy(config);
  app.use((_req, res, next) => {
    res.setHeader("permissions-policy", permissions);
    next();
  });
  // First-party analytics: a public page answered 200 (or 304) is counted after the response has gone (nothing
  // is stored that identifies the visitor; modules/analytics). Counting can never delay or break the page.
  app.use((req, res, next) => {
    countView(req, res, req.path);
    next();
  });
  // Public pages for visitors without a sign-in cookie, from memory (server/page-cache, decision 0015): ahead
  // of compression and the static files, which a stored page needs neither of.
  // Resource routes answer their refusals in words (server/resource-routes.ts), stored or rendered.
  // And every route answers an unreachable database as "try again" (503), never as a fault (server/database-outage.ts).
  const routed = wrappedBuild(build, (loaded) => withResourceRefusals(withDatabaseOutages(loaded, logger)));
  const pageCache =
    config.pageCacheBytes > 0
      ? createPageCache({
          build: routed,
          mode: dev ? "development" : "production",
          publicUrl: config.publicUrl,
          maxBytes: config.pageCacheBytes,
          logger,
        })
      : undefined;
  if (pageCache) app.use(pageCache.middleware);
  app.use(renderedCompression());

  app.get("/healthz", (_req, res) => {
    res.setHeader("cache-control", "no-store");
    if (isReady()) res.json({ status: "ok" });
    else res.status(503).json({ status: "starting" });
  });

  // Prometheus metrics (docs/operations.md "Monitoring"): from this machine without a proxy in between, or with
  // METRICS_TOKEN as a bearer token.
  app.get("/metrics", (req, res, next) => {
    res.setHeader("cache-control", "no-store");
    const auth = req.headers.authorization ?? "";
    const tokenOk =
      config.metricsToken !== undefined &&
      auth.length === `Bearer ${config.metricsToken}`.length &&
      timingSafeEqual(Buffer.from(auth), Buffer.from(`Bearer ${config.metricsToken}`));
    if (!tokenOk && !isLocalUnproxied(req)) {
      res.status(403).type("text/plain").send("Refused: set METRICS_TOKEN and send it as a bearer token.");
      return;
    }
    renderMetrics()
      .then((text) => res.type("text/plain; version=0.0.4").send(text))
      .catch(next);
  });

  // `npm run backup` asks the running server for a backup (the embedded database is this process's alone):
  // loopback only, not through a proxy, with an HMAC of the time made with the shop's secret.
  app.post("/internal/backup", (req, res, next) => {
    serveInternalBackup(req, res, config).catch(next);
  });

  if (clientDir) {
    // The public folder's few files (favicon, default portrait): only a path under one of its entries costs a
    // file-system lookup, not every page request.
    const publicEntries = new Set(readdirSync(clientDir).filter((name) => name !== "assets"));
    const servePublic = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => {
      if (publicEntries.has(req.path.split("/")[1] ?? "")) servePublic(req, res, next);
      else next();
    });
  }

  // better-auth's HTTP API (OAuth callbacks, magic-link and reset links, the client calls), before any body
  // parser. Responses are never cached.
  let authHandler: ReturnType<typeof toNodeHandler> | undefined;
  const callbackParams = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"];
  app.all("/api/auth/*splat", (req, res, next) => {
    res.setHeader("cache-control", "no-store");
    // better-auth checks callback addresses against trustedOrigins; ours is stricter about paths a browser
    // would read as another host (`/\t/evil`, encoded slashes), so a link carrying one is refused here.
    const query = new URL(req.originalUrl, "http://x").searchParams;
    const offSite = (v: string) => !config.siteOrigins.some((origin) => isSameSiteCallback(v, origin));
    if (callbackParams.some((name) => query.getAll(name).some(offSite))) {
      res.status(400).type("text/plain").send("This link points outside the site.");
      return;
    }
    authHandler ??= toNodeHandler(auth());
    authHandler(req, res).catch(next);
  });
  app.get("/.well-known/jwks.json", (_req, res, next) => {
    publicJwks()
      .then((jwks) => {
        res.setHeader("cache-control", "public, max-age=300");
        res.json(jwks);
      })
      .catch(next);
  });

  beforeRouter?.(app);

  // A session extended while a page or an action read it sends its new cookie with the answer (spec 4.16).
  app.use(sessionRefresh());

  // Origin check on state-changing requests to our pages' actions (better-auth checks its own): a browser
  // always sends Origin on a cross-site POST, and such a request is refused before any action runs.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.headers.origin;
    if (origin !== undefined && !config.siteOrigins.includes(origin)) {
      res.status(403).type("text/plain").send("Cross-site request refused.");
      return;
    }
    next();
  });

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: routed,
      mode: dev ? "development" : "production",
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        requestId: res.locals.requestId as string,
        clientIp: res.locals.clientIp as string,
      }),
    }),
  );

  app.use((error: unknown, req: Request, res: Response, _next: express.NextFunction) => {
    // The database out of reach under a handler of Express's own (a picture's variant not stored yet, the JWKS):
    // "try again", 503 with Retry-After, said once a minute, as the routes answer it (server/database-outage.ts).
    if (isDatabaseUnavailable(error)) {
      noteOutage(logger, error);
      if (res.headersSent) return;
      res.set(OUTAGE_HEADERS);
      return void res.status(503).type("text/plain").send(OUTAGE_MESSAGE);
    }
    // An HTTP error a part raised for the request itself (the static files' 416 past a file's end, 412 for a
    // failed precondition) is the sender's: its status goes out, and the request's own log line says it (the
    // error's message may quote the request). Anything else is ours: logged whole, and 500.
    const status = clientErrorStatus(error);
    if (status === undefined)
      logger.error(
        { err: error, url: redactUrlForLog(req.originalUrl), requestId: res.locals.requestId as string },
        "unhandled error",
      );
    if (res.headersSent) return;
    if (status === undefined) return void res.status(500).type("text/plain").send("Unexpected Application Error!");
    // The file's own headers may be set already (its encoding, a year of caching, its validators): they would
    // label this short text as the file.
    for (const name of ["content-encoding", "content-length", "etag", "last-modified", "accept-ranges", "vary"])
      res.removeHeader(name);
    res.setHeader("cache-control", "no-store");
    const headers = (error as { headers?: Record<string, string> }).headers ?? {};
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res
      .status(status)
      .type("text/plain")
      .send(STATUS_CODES[status] ?? "Bad Request");
  });
  if (!pageCache) return app;
  // A stored page that has gone out once through the whole chain above goes out again with the headers it went
  // out with (security headers included), a fresh request id and nonce, logged and counted, without passing
  // the chain: the hot path of a page shared widely (decision 0015, "Hits ahead of the middleware").
  return (req, res) => {
    let served = false;
    // A request the chain refuses (checkRequestLine) is refused whether or not a page is stored for it.
    if (!checkRequestLine(req.method ?? "", req.url ?? "", req.headers.host).ok) return void app(req, res);
    try {
      served = pageCache.serveStored(req, res, (path, requestId) => {
        logWhenFinished(req, res, logger, { path, url: req.url ?? path, requestId, cacheState: "hit" });
        countView(req, res, path);
      });
    } catch (error) {
      // Outside Express's error handling, where an exception would end the process: logged, and a request
      // not yet answered goes down the chain instead.
      logger.error({ err: error, url: redactUrlForLog(req.url ?? "") }, "page cache: a stored page failed to go out");
      if (res.headersSent) return void res.destroy();
    }
    if (!served) void app(req, res);
  };
}

/** One structured log line and the request metrics once the response has gone. */
function logWhenFinished(
  req: IncomingMessage,
  res: ServerResponse,
  logger: Logger,
  { path, url, requestId, cacheState }: { path: string; url: string; requestId: string; cacheState?: string },
) {
  const start = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const line = {
      requestId,
      method: req.method,
      // Tokens in sign-in links never reach the log (security/log-redaction.ts).
      url: redactUrlForLog(url),
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
    };
    recordRequest(req.method ?? "", path, res.statusCode, ms, cacheState ?? res.getHeader("x-cache")?.toString());
    if (res.statusCode >= 500) logger.error(line, "request");
    else if (path !== "/healthz") logger.info(line, "request");
  });
}

/** Counts this request as a page view once its response has gone, if it is one (modules/analytics). */
function countPageView(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  { ownHost, client }: { ownHost: string; client: () => string },
  logger: Logger,
) {
  if (req.method === "GET")
    res.on("finish", () => {
      try {
        const view = pageViewOf({
          method: "GET",
          path,
          status: res.statusCode,
          accept: req.headers.accept,
          referer: req.headers.referer,
          userAgent: req.headers["user-agent"],
          purpose: (req.headers["sec-purpose"] ?? req.headers.purpose) as string | undefined,
          ownHost,
          isBot: isbot,
        });
        if (view) recordPageView(view, client());
      } catch (err) {
        logger.error({ err }, "page view not counted");
      }
    });
}

/** ws://host[:port] or wss://host of the site: where the realtime socket connects. */
export function websocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
}

export function permissionsPolicy(config: Config): string {
  const payment = config.stripe ? 'payment=(self "https://checkout.stripe.com")' : "payment=()";
  return [
    "camera=()",
    "microphone=()",
    "geolocation=()",
    "usb=()",
    "serial=()",
    // Not "bluetooth": Chromium does not know the feature, and says so in the console of every page.
    "hid=()",
    "midi=()",
    "display-capture=()",
    "browsing-topics=()",
    payment,
  ].join(", ");
}

/** The origins a social sign-in form ends up at (the providers' authorization pages). */
function oauthOrigins(config: Config): string[] {
  const { oauth } = config;
  return [
    ...(oauth.google ? ["https://accounts.google.com"] : []),
    ...(oauth.github ? ["https://github.com"] : []),
    ...(oauth.oidc ? [new URL(oauth.oidc.issuer).origin] : []),
  ];
}

/** Where the checkout may send the buyer to pay: Stripe Checkout (or the stand-in of STRIPE_API_BASE). */
function paymentPageOrigins(config: Config): string[] {
  if (!config.stripe) return [];
  const { api } = config.stripe;
  return ["https://checkout.stripe.com", ...(api ? [`${api.protocol}://${api.host}:${api.port}`] : [])];
}

const MEDIA_FILE_RE = /^(\d{2,5})\.(avif|webp)$/;

async function serveMedia(req: Request, res: Response, config: Config) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  const hash = String(req.params.hash);
  // The deep zoom descriptor, beside the image's variants (zoom-v1.dzi).
  if (String(req.params.file).endsWith(".dzi")) return serveTiles(req, res, hash, [String(req.params.file)]);
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
  if (config.mediaPublicUrl) {
    // Served by the bucket or a CDN in front of it: this address only points there, for good.
    const key = await storedVariantKey(hash, width, format);
    if (!key) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    res.setHeader("cache-control", IMMUTABLE);
    res.redirect(301, `${config.mediaPublicUrl}/${key}`);
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

/**
 * A deep zoom descriptor or tile, every segment checked against the image's tile layout before the store is
 * read (modules/media/tiles.server.ts). Always sent from here, also with MEDIA_PUBLIC_URL: the viewer draws
 * tiles on a canvas, which a redirect to another origin would taint.
 */
async function serveTiles(req: Request, res: Response, hash: string, segments: string[]) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  const file = await readTile(hash, segments);
  if (!file) {
    res.status(404).type("text/plain").send("Not found");
    return;
  }
  const etag = `"${file.key.replaceAll("/", ":")}"`;
  res.setHeader("content-type", file.contentType);
  res.setHeader("cache-control", IMMUTABLE);
  res.setHeader("etag", etag);
  if (req.headers["if-none-match"] === etag) {
    res.status(304).end();
    return;
  }
  res.end(file.body);
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/** A request from this machine that no proxy forwarded (a local proxy adds X-Forwarded-For or Forwarded). */
function isLocalUnproxied(req: Request): boolean {
  const proxied = req.headers["x-forwarded-for"] !== undefined || req.headers.forwarded !== undefined;
  return LOOPBACK.has(req.socket.remoteAddress ?? "") && !proxied;
}

async function serveInternalBackup(req: Request, res: Response, config: Config): Promise<void> {
  res.setHeader("cache-control", "no-store, no-transform");
  const timestamp = Number(req.headers["x-atelier-backup-time"]);
  const token = String(req.headers["x-atelier-backup-token"] ?? "");
  if (!isLocalUnproxied(req) || !config.authSecret || !backupTokenValid(config.authSecret, timestamp, token)) {
    res.status(403).type("text/plain").send("Refused.");
    return;
  }
  const download = await freshBackupDownload();
  res.setHeader("content-type", "application/octet-stream");
  res.setHeader("content-length", String(download.size));
  const stream = createReadStream(download.path);
  res.on("close", () => {
    stream.destroy();
    download.remove();
  });
  stream.pipe(res);
}

/** For an early answer: drop the rest of the body as it comes (never kept); once the answer is out, half-close,
 * and destroy the socket when the body ends, after 1 s of silence, or after 5 s at most. */
function discardThenClose(req: Request, res: Response): void {
  // A lingering close, as nginx does it: destroying a socket with unread data sends a reset, and a reset that
  // reaches the client before it has read the answer destroys the answer (seen on a loaded machine). So the
  // write side is closed first and the socket goes only once the client has stopped sending or the time is up.
  const socket = req.socket;
  // Node ends a `Connection: close` socket with destroySoon() once the answer is written, which destroys it with
  // the body still unread; on this socket that only half-closes, and the close below follows.
  socket.destroySoon = () => void socket.end();
  let lastData = Date.now();
  req.on("data", () => {
    lastData = Date.now();
  });
  res.once("finish", () => {
    const started = Date.now();
    const stop = () => {
      clearInterval(watch);
      // Once the answer and the half-close have left for the client.
      if (socket.writableFinished) socket.destroy();
      else socket.once("finish", () => socket.destroy());
    };
    const watch = setInterval(() => {
      const now = Date.now();
      if (now - lastData > 1_000 || now - started > 5_000) stop();
    }, 250);
    if (req.readableEnded) stop();
    else req.once("end", stop);
    socket.once("close", () => clearInterval(watch));
    socket.end();
  });
}

/** The 4xx status an HTTP error carries (http-errors' `status`, as `send` and Express raise them), if it is one. */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const code = typeof status === "number" ? status : statusCode;
  return typeof code === "number" && Number.isInteger(code) && code >= 400 && code < 500 ? code : undefined;
}
