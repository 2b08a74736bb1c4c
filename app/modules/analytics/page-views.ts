// Which requests are page views, and what of them is kept: plain functions (no I/O), tested on their own.
// Kept: the page's path (no query string), the referring site's host name, and the day. No cookie, no address,
// no user agent: nothing that tells one visitor from another.

/**
 * Paths that are never counted: the back office, sign-in, APIs, files and machine endpoints, and the pages whose
 * path is a secret: private viewing rooms (the artist sees their opens in the room itself), a commission client's
 * page, a buyer's certificate download and a certificate's verify page.
 */
const SKIPPED =
  /^\/(admin|auth|account|api|assets|media|og|webhooks|newsletter|healthz|__manifest|\.well-known|realtime|room|commission|certificates|verify)(\/|$)/;

export interface PageViewRequest {
  method: string;
  /** The request's path, without the query string. */
  path: string;
  status: number;
  accept?: string;
  referer?: string;
  userAgent?: string;
  /** Sec-Purpose / Purpose: "prefetch" for a link the browser fetched ahead. */
  purpose?: string;
  /** This site's host name, so that moving between its own pages is not a referral. */
  ownHost: string;
  isBot: (userAgent: string) => boolean;
}

export interface PageView {
  path: string;
  referrerHost: string;
  artworkKey: string | null;
}

/**
 * The page view a request stands for, or null. A document request (the first page) and a React Router data
 * request (a page reached by a link in the site, `/gallery.data`) both count; a prefetch does not.
 */
export function pageViewOf(req: PageViewRequest): PageView | null {
  // 304: the browser shows the page from its cache after revalidating it (pages from the page cache).
  if (req.method !== "GET" || (req.status !== 200 && req.status !== 304)) return null;
  if (!req.userAgent || req.isBot(req.userAgent)) return null;
  if (req.purpose && /prefetch|prerender/i.test(req.purpose)) return null;
  // One path however the address was spelt: routes match without regard to case, and a percent-escape of a
  // plain letter reaches the same page (`/SHOP`, `/%73hop`). Every path of the site is lower case.
  let path: string;
  try {
    path = decodeURIComponent(req.path).toLowerCase();
  } catch {
    return null;
  }
  const isData = path.endsWith(".data");
  if (isData) path = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
  else if (!(req.accept ?? "").includes("text/html")) return null;
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  if (path.length > 200 || SKIPPED.test(path)) return null;
  // A file (sitemap.xml, robots.txt, favicon.ico, rss.xml) is not a page.
  if (/\.[a-z0-9]{2,5}$/i.test(path)) return null;
  const artwork = /^\/artwork\/([^/]+)$/.exec(path);
  let artworkKey: string | null = null;
  if (artwork) artworkKey = artwork[1]!.slice(0, 120);
  // Within the site, a data request's referer is the page it came from: not a referral.
  let referrerHost = "";
  if (!isData && req.referer) {
    try {
      const host = new URL(req.referer).hostname.toLowerCase().replace(/^www\./, "");
      if (host !== req.ownHost.toLowerCase().replace(/^www\./, "")) referrerHost = host.slice(0, 120);
    } catch {
      // A malformed Referer is no referrer.
    }
  }
  return { path, referrerHost, artworkKey };
}

/** The ranges the Analytics page offers, in days. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
