// The page cache for anonymous visitors (docs/architecture.md "Page cache", decision 0015): public GET pages
// are rendered once for nobody in particular, kept compressed with an ETag, and served from memory until a
// domain event on the bus says what they show has changed. Anyone with a sign-in cookie, any other method,
// and any page not listed in keys.ts goes past it to the router as before.
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { Logger } from "~/logger.server";
import { hasAuthCookie } from "~/modules/auth/session.server";
import { subscribe } from "~/modules/events/bus.server";
import { buildEntry, matchesEtag, mayKeep, pickBody, type PageEntry } from "./entry";
import { pageKeyOf } from "./keys";
import { PageStore, type Area } from "./store";
import { watchTimedChanges } from "./timed";

/** Shared caches (a CDN, a reverse proxy) may keep a page briefly; browsers revalidate (a 304 is cheap). */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=50";
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

interface Rendered {
  status: number;
  headers: Headers;
  body: Buffer;
  nonce: string;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { logger } = options;
  const store = new PageStore<PageEntry>({ maxBytes: options.maxBytes });
  const handle = createRequestHandler(options.build, options.mode);
  const origin = new URL(options.publicUrl).origin;

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

  function serve(req: Request, res: Response, entry: PageEntry, state: "hit" | "miss") {
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (!entry.headers.some(([name]) => name === "cache-control")) res.setHeader("cache-control", PAGE_CACHE_CONTROL);
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
    if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
      res.status(304).end();
      return;
    }
    const { body, encoding } = pickBody(entry, req.headers["accept-encoding"]);
    if (encoding) res.setHeader("content-encoding", encoding);
    res.setHeader("content-length", body.length);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  function sendRendered(req: Request, res: Response, rendered: Rendered) {
    res.status(rendered.status);
    rendered.headers.forEach((value, name) => {
      if (name !== "content-length" && name !== "set-cookie") res.setHeader(name, value);
    });
    res.setHeader("x-cache", "bypass");
    res.end(req.method === "HEAD" ? undefined : rendered.body);
  }

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const url = new URL(req.originalUrl, "http://x");
    const page = pageKeyOf(url.pathname, url.searchParams);
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
        // With this request's nonce: a render that cannot be kept is this request's own answer.
        rendered = await render(page.key, res.locals.requestId as string, res.locals.cspNonce as string);
        const verdict = mayKeep(rendered.status, rendered.headers);
        if (!verdict.keep) {
          logger.debug({ key: page.key, reason: verdict.reason }, "page cache: not kept");
          return undefined;
        }
        return buildEntry({
          key: page.key,
          areas: page.areas,
          status: rendered.status,
          headers: rendered.headers,
          body: rendered.body,
          nonce: rendered.nonce,
        });
      })
      .then(({ entry, rendered: renderedHere }) => {
        if (entry) serve(req, res, entry, renderedHere ? "miss" : "hit");
        else if (renderedHere && rendered) sendRendered(req, res, rendered);
        // Waited for a render that could not be kept (a 404, a redirect): render for this request as before.
        else next();
      })
      .catch(next);
  };

  return {
    middleware,
    store,
    close: () => {
      for (const off of unsubscribe) off();
    },
  };
}
