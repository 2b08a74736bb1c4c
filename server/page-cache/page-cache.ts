// The page cache for anonymous visitors (docs/architecture.md "Page cache", decision 0015): public GET pages
// are rendered once for nobody in particular, kept compressed with an ETag, and served from memory until a
// domain event on the bus says what they show has changed. Anyone with a sign-in cookie, any other method,
// and any page not listed in keys.ts goes past it to the router as before.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { errForLog, type Logger } from "~/logger.server";
import { hasAuthCookie } from "~/modules/auth/session.server";
import { cspNonce } from "~/modules/security/csp-nonce";
import { requestIdOf } from "~/modules/security/request-id";
import { routeChains, type RouteChain } from "~/lib/route-tree";
import { subscribe } from "~/modules/events/bus.server";
import { answerOf, buildEntry, mayKeep, recompressed, type PageEntry } from "./entry";
import { dataKeyOf, isDataKey, pageKeyOf, type PageKey } from "./keys";
import { PageStore, type Area } from "./store";
import { watchTimedChanges } from "./timed";

/** Shared caches (a CDN, a reverse proxy) may keep a page briefly; browsers revalidate (a 304 is cheap). */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=50";
/**
 * A page's data (a link followed in the site) is asked for again after the visitor's own write, and must then
 * be the new one: no cache may answer it without asking (a browser honouring the page's stale-while-revalidate
 * showed the data from before the write). A matching ETag still makes it a 304.
 */
export const DATA_CACHE_CONTROL = "no-cache";
/** What a page rendered for a signed-in visitor says to every cache on the way. */
export const PERSONAL_CACHE_CONTROL = "private, no-store";

export interface PageCacheOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  /** Origin the pages are rendered for (PUBLIC_URL): never the request's Host header. */
  publicUrl: string;
  maxBytes: number;
  logger: Logger;
}

export interface PageCache {
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  /**
   * Answers a request the cache holds a page for that has already gone out once through the whole middleware
   * chain, with the headers it went out with then (decision 0015, "Hits ahead of the middleware"); `onServe`
   * is called first, to log and count it. False, having sent nothing, for any other request.
   */
  serveStored: (
    req: IncomingMessage,
    res: ServerResponse,
    onServe: (path: string, requestId: string) => void,
  ) => boolean;
  store: PageStore<PageEntry>;
  /** Stops listening to the bus. */
  close(): void;
}

declare module "react-router" {
  interface AppLoadContext {
    /** Rendered for the page cache: for every visitor, so entry.server waits for the whole page. */
    renderForCache?: boolean;
  }
}

/** How an entry went out through the whole chain: what a hit sends again without it. */
interface Replay {
  /** Every header of that response but this one's own (id, cache state, body encoding and length), flat. */
  headers: (string | number | string[])[];
  /** The policy around `'nonce-…'`, for an entry whose policy carries the request's nonce (not a page's). */
  cspAroundNonce?: [string, string];
}

/** Headers of one response only: never replayed from another. */
const PER_RESPONSE = new Set(["x-request-id", "x-cache", "content-encoding", "content-length", "date"]);

interface Rendered {
  status: number;
  headers: Headers;
  body: Buffer;
  nonce: string;
}

/**
 * The path and query of a request target in origin form ("/path?query"), or undefined for any other form: a
 * target such as "//host/x" or "http://host/x" would parse to another path than the router's.
 */
function parseTarget(target: string): URL | undefined {
  if (!target.startsWith("/") || target.startsWith("//")) return undefined;
  try {
    return new URL(target, "http://x");
  } catch {
    return undefined;
  }
}

/** The page, or a client navigation's data for a page, a URL asks for (keys.ts), if the cache answers it. */
function keyOf(url: URL, chainOf: RouteChain): PageKey | undefined {
  return pageKeyOf(url.pathname, url.searchParams) ?? dataKeyOf(url.pathname, url.searchParams, chainOf);
}

/**
 * The ids of the routes of the build that render a path, outermost first; kept for the last thousand paths.
 * A build loaded on demand (development) has none: its data requests go to the router.
 */
function chainsOf(build: PageCacheOptions["build"]): RouteChain {
  return typeof build === "function" ? () => undefined : routeChains(build.routes);
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { logger } = options;
  const store = new PageStore<PageEntry>({ maxBytes: options.maxBytes });
  const handle = createRequestHandler(options.build, options.mode);
  const origin = new URL(options.publicUrl).origin;
  const chainOf = chainsOf(options.build);
  // Filled by serve(): an entry sent once with every middleware's headers can be sent again without them.
  const replays = new WeakMap<PageEntry, Replay>();

  // A page stored with quick compression is compressed at the maximum once it is asked for again, one page at a
  // time: a hit that finds one under way leaves its page for a later hit, so a stranger asking twice for each
  // of a thousand made-up URLs keeps at most one thread of the pool busy. Visitors in between get the quick
  // bodies (entry.ts).
  let recompressing = false;
  const onHit = (entry: PageEntry) => {
    if (entry.compression === "best" || recompressing || store.peek(entry.key) !== entry) return;
    recompressing = true;
    recompressed(entry)
      .then((better) => store.replace(entry, better))
      .catch((error: unknown) =>
        logger.warn({ key: entry.key, err: errForLog(error) }, "page cache: recompression failed"),
      )
      .finally(() => (recompressing = false));
  };

  const evict = (areas: Area[] | "all", why: string) => {
    const n = areas === "all" ? store.clear() : store.evictAreas(areas);
    logger.debug({ areas, evicted: n, why }, "page cache: evicted");
  };
  const unsubscribe = [
    subscribe("catalog.changed", () => evict(["catalog"], "catalog.changed")),
    subscribe("content.changed", ({ area }) => evict([area], "content.changed")),
    subscribe("settings.changed", () => evict("all", "settings.changed")),
    subscribe("bus.reconnected", () => evict("all", "bus.reconnected")),
    watchTimedChanges(evict, logger),
  ];

  /** The page rendered for nobody: the canonical URL, no cookie, no client headers. */
  async function render(key: string, requestId: string, nonce: string): Promise<Rendered> {
    const request = new Request(`${origin}${key}`, {
      headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8", "user-agent": "atelier-page-cache" },
    });
    const context = { cspNonce: nonce, requestId, clientIp: "", renderForCache: true } satisfies AppLoadContext;
    const response = await handle(request, context);
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body, nonce };
  }

  /**
   * Sends an entry: a stored one ("miss" for the request that rendered it, "hit" after), or one that is not kept
   * ("bypass": a redirect or an error, sent to the requests that waited for its render), which goes out with
   * only the headers its render set.
   */
  function serve(req: Request, res: Response, entry: PageEntry, state: "hit" | "miss" | "bypass") {
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (state !== "bypass" && !entry.headers.some(([name]) => name === "cache-control"))
      res.setHeader("cache-control", isDataKey(entry.key) ? DATA_CACHE_CONTROL : PAGE_CACHE_CONTROL);
    res.setHeader("etag", entry.etag);
    res.setHeader("vary", "Accept-Encoding, Cookie");
    res.setHeader("x-cache", state);
    const csp = res.getHeader("content-security-policy");
    if (entry.scriptSources !== undefined && typeof csp === "string") {
      // This request's nonce is not in the stored page: its inline scripts are allowed by hash.
      res.setHeader(
        "content-security-policy",
        csp.replace(`'nonce-${res.locals.cspNonce as string}'`, entry.scriptSources),
      );
    }
    if (state !== "bypass" && !replays.has(entry)) replays.set(entry, replayOf(res));
    sendBody(req, res, entry);
  }

  /** What `res` carries now, less what belongs to this response alone, to send again for the same entry. */
  function replayOf(res: Response): Replay {
    const nonce = `'nonce-${res.locals.cspNonce as string}'`;
    const replay: Replay = { headers: [] };
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || PER_RESPONSE.has(name)) continue;
      if (name === "content-security-policy" && typeof value === "string" && value.includes(nonce)) {
        const at = value.indexOf(nonce);
        replay.cspAroundNonce = [value.slice(0, at), value.slice(at + nonce.length)];
        continue;
      }
      replay.headers.push(name, value);
    }
    return replay;
  }

  function sendBody(req: Request, res: Response, entry: PageEntry) {
    const answer = answerOf(entry, req);
    res.status(answer.status);
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.end(answer.body);
  }

  /** A hit ahead of the chain: one writeHead with the replayed headers and this response's own. */
  function sendReplay(req: IncomingMessage, res: ServerResponse, entry: PageEntry, replay: Replay, requestId: string) {
    const headers = [...replay.headers, "x-request-id", requestId, "x-cache", "hit"];
    if (replay.cspAroundNonce) {
      const [before, after] = replay.cspAroundNonce;
      headers.push("content-security-policy", `${before}'nonce-${cspNonce()}'${after}`);
    }
    const answer = answerOf(entry, req);
    res.writeHead(answer.status, [...headers, ...answer.headers.flat()]).end(answer.body);
  }

  function sendRendered(req: Request, res: Response, rendered: Rendered) {
    res.status(rendered.status);
    rendered.headers.forEach((value, name) => {
      if (name !== "content-length" && name !== "set-cookie") res.setHeader(name, value);
    });
    res.setHeader("x-cache", "bypass");
    res.end(req.method === "HEAD" ? undefined : rendered.body);
  }

  const serveStored = (
    req: IncomingMessage,
    res: ServerResponse,
    onServe: (path: string, requestId: string) => void,
  ): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (hasAuthCookie(req.headers.cookie) || req.headers.authorization) return false;
    const url = req.url !== undefined ? parseTarget(req.url) : undefined;
    const page = url && keyOf(url, chainOf);
    const entry = page && store.peek(page.key);
    const replay = entry && replays.get(entry);
    if (!url || !page || !entry || !replay) return false;
    store.get(page.key);
    onHit(entry);
    const requestId = requestIdOf(req.headers["x-request-id"]);
    onServe(url.pathname, requestId);
    sendReplay(req, res, entry, replay, requestId);
    return true;
  };

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const url = parseTarget(req.originalUrl);
    const page = url && keyOf(url, chainOf);
    if (!page) return next();
    // A sign-in cookie means a page for one person: rendered as before, kept by nobody.
    if (hasAuthCookie(req.headers.cookie) || req.headers.authorization) {
      res.setHeader("cache-control", PERSONAL_CACHE_CONTROL);
      res.setHeader("x-cache", "bypass");
      return next();
    }
    let rendered: Rendered | undefined;
    store
      .getOrRender(page.key, page.areas, async () => {
        // With this request's nonce: a render that only this request may have is its own answer.
        rendered = await render(page.key, res.locals.requestId as string, res.locals.cspNonce as string);
        const verdict = mayKeep(rendered.status, rendered.headers);
        if (!verdict.keep) logger.debug({ key: page.key, reason: verdict.reason }, "page cache: not kept");
        if (!verdict.keep && !verdict.share) return undefined;
        const entry = await buildEntry({
          key: page.key,
          areas: page.areas,
          status: rendered.status,
          headers: rendered.headers,
          body: rendered.body,
          nonce: rendered.nonce,
        });
        return { entry, keep: verdict.keep };
      })
      .then(({ rendering, rendered: renderedHere }) => {
        if (rendering?.keep) {
          if (!renderedHere) onHit(rendering.entry);
          serve(req, res, rendering.entry, renderedHere ? "miss" : "hit");
        } else if (rendering) serve(req, res, rendering.entry, "bypass");
        else if (renderedHere && rendered) sendRendered(req, res, rendered);
        // Waited for a render that was its first visitor's alone (a cookie, or marked private): render this one's.
        else next();
      })
      .catch(next);
  };

  return {
    middleware,
    serveStored,
    store,
    close: () => {
      for (const off of unsubscribe) off();
    },
  };
}
