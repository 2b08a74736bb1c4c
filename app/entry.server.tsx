// Server rendering with a per-request CSP nonce; bots and the page cache get the whole document at once.
// Image-first pages rendered per request link the stylesheet rather than inline it.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { LinkStylesheetProvider } from "~/components/site/site-stylesheet";
import { DATABASE_RETRY_AFTER_SECONDS } from "~/db/unavailable";
import { NonceProvider } from "~/lib/nonce";
import { coalesceChunks } from "~/lib/coalesce-chunks.server";
import { deferHydrationTransform } from "~/lib/deferred-hydration.server";
import { withRenderedRoutes } from "~/lib/rendered-routes.server";
import { redactUrlForLog } from "~/modules/security/log-redaction";
import { services } from "~/services.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A route without a `headers` export keeps only the cookies of its action's headers on a page a browser
  // posted itself: a refusal's Retry-After (429, 503) must go out with the page as it does with the data.
  for (const headers of Object.values(routerContext.staticHandlerContext.actionHeaders)) {
    const retryAfter = headers.get("retry-after");
    if (retryAfter) responseHeaders.set("retry-after", retryAfter);
  }
  // A page answered 503 (the database out of reach: server/database-outage.ts) says when to come back, and is
  // kept by nobody: its error boundary's headers are not the page's.
  if (responseStatusCode === 503) {
    if (!responseHeaders.has("retry-after")) responseHeaders.set("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
    responseHeaders.set("cache-control", "no-store");
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // A crawler, and the page cache (which keeps the whole page for every later visitor), get it all at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || loadContext.renderForCache
        ? "onAllReady"
        : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // An image-first page rendered for this request alone links the stylesheet; one kept by the page cache
    // inlines the rules it needs (components/site/site-stylesheet.tsx).
    const linkStylesheet = defersHydration(routerContext) && !loadContext.renderForCache;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <LinkStylesheetProvider value={linkStylesheet}>
          <ServerRouter context={withRenderedRoutes(routerContext)} url={request.url} nonce={nonce} />
        </LinkStylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // React's many small writes of one turn become one chunk before anything else handles them.
          const coalesced = coalesceChunks();
          if (defersHydration(routerContext)) coalesced.pipe(deferHydrationTransform()).pipe(body);
          else coalesced.pipe(body);
          pipe(coalesced);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logRouteError(error, request, loadContext.requestId);
        },
      },
    );
  });
}

/**
 * What a loader, an action or a render threw, into the structured log (React Router's default wrote it to the
 * console, stack and a failed query's parameters included). A request the browser gave up on is not logged, nor
 * a 4xx React Router answered itself (a POST to a route with no action: 405): that is the sender's, and the
 * request's own log line says it.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // React Router's own refusal of a post whose Origin is not the address it was sent to (answered 400): a
  // sender's doing, or a proxy that says the wrong host or scheme, never ours to trace (found by a probe, 26
  // November). A warning a minute names both, without a stack.
  if (error instanceof Error && ORIGIN_REFUSALS.some((words) => error.message.includes(words))) {
    warnOriginRefused(request);
    return;
  }
  // React Router wraps an error of its own making in a 500 response; the error inside is the one to read.
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  logRouteError(inner ?? error, request, (context as Partial<AppLoadContext> | undefined)?.requestId);
};

/** What React Router's `throwIfPotentialCSRFAttack` says as it refuses a post. */
const ORIGIN_REFUSALS = ["does not match `origin` header", "`origin` header is not a valid URL"];
let originRefusalWarned = 0;

function warnOriginRefused(request: Request) {
  if (Date.now() - originRefusalWarned < 60_000) return;
  originRefusalWarned = Date.now();
  services().logger.warn(
    { origin: request.headers.get("origin")?.slice(0, 200), host: new URL(request.url).host },
    "a post was refused: its Origin is not the address it was sent to (behind a proxy, set TRUST_PROXY)",
  );
}

/** The error under the request's id, as its request line is logged (server/app.ts). */
function logRouteError(error: unknown, request: Request, requestId: string | undefined) {
  const { pathname, search } = new URL(request.url);
  services().logger.error({ err: error, url: redactUrlForLog(pathname + search), requestId }, "route error");
}

/** Whether a route of the page asks for its scripts after the first paint (`handle.deferHydration`). */
function defersHydration(context: EntryContext): boolean {
  if (import.meta.env.DEV) return false;
  return context.staticHandlerContext.matches.some((match) => {
    const handle = context.routeModules[match.route.id]?.handle as { deferHydration?: boolean } | undefined;
    return handle?.deferHydration === true;
  });
}
