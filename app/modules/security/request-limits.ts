// How large a request body may be, by the kind of route (docs/security.md, control 3). Checked before anything
// reads the body: a body over its limit is answered 413 and never buffered. And how long a path may be
// (control 18): one past it is answered 414 before any route looks at it; one no route could read, 400.
import { adminPaths } from "~/lib/admin-paths";

export const KB = 1024;
export const MB = 1024 * KB;

export interface BodyLimit {
  /** The most bytes accepted. */
  bytes: number;
  /** The route streams and limits its own body (chunked uploads allowed). */
  streams?: boolean;
}

/** In order; the first prefix that matches decides. */
const LIMITS: Array<[prefix: string, limit: BodyLimit]> = [
  // A spreadsheet (10 MB) and a ZIP of its images (200 MB), with the form around them.
  [adminPaths.import(), { bytes: 211 * MB }],
  // One image through the media pipeline, which streams the body and stops at 25 MB itself.
  [adminPaths.uploadImage(), { bytes: 26 * MB, streams: true }],
  // The back office: photo uploads (25 MB) and long texts; only an administrator's request is ever read.
  [adminPaths.dashboard(), { bytes: 26 * MB }],
  // Stripe's signed event notifications are small; the signature is checked over the whole body.
  ["/webhooks/stripe", { bytes: 1 * MB }],
  // A commission request with its reference images (5 of 10 MB at most, checked by the route).
  ["/commissions", { bytes: 51 * MB }],
  // Sign-in, sign-up, two-factor and account forms: a few fields.
  ["/api/auth/", { bytes: 16 * KB }],
  ["/auth", { bytes: 16 * KB }],
  ["/account", { bytes: 16 * KB }],
];

/** Every other route: the public forms (contact, commissions, checkout, newsletter, order tracking, cart). */
export const FORM_LIMIT: BodyLimit = { bytes: 64 * KB };

export function bodyLimitFor(path: string): BodyLimit {
  const lower = path.toLowerCase();
  for (const [prefix, limit] of LIMITS) {
    if (
      lower === prefix ||
      lower.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`) ||
      lower.startsWith(`${prefix}.`)
    )
      return limit;
  }
  return FORM_LIMIT;
}

export type BodyVerdict = { ok: true } | { ok: false; status: 411 | 413; reason: string };

/**
 * Whether a request's body may be read. A declared length over the limit is refused at once (413). A body of
 * unknown length (chunked) is refused (411) except where the route streams and limits it itself: every browser
 * sends forms with their length, and Node never reads past the declared length.
 */
export function checkBody(
  method: string,
  path: string,
  headers: { "content-length"?: string; "transfer-encoding"?: string },
): BodyVerdict {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return { ok: true };
  const limit = bodyLimitFor(path);
  const declared = headers["content-length"];
  if (declared !== undefined) {
    const bytes = Number(declared);
    if (!Number.isSafeInteger(bytes) || bytes < 0) return { ok: false, status: 413, reason: "Invalid Content-Length." };
    if (bytes > limit.bytes)
      return { ok: false, status: 413, reason: `The request is larger than ${describe(limit.bytes)}.` };
    return { ok: true };
  }
  if (headers["transfer-encoding"] === undefined) return { ok: true };
  if (limit.streams) return { ok: true };
  return { ok: false, status: 411, reason: "Send the request with its length (Content-Length)." };
}

function describe(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / KB)} KB`;
}

/**
 * The most a request's path may have (its query is not counted): a shop's own have six segments at most (deep
 * zoom tiles) and a few hundred bytes (a percent-encoded title), so these leave a wide margin. A path of
 * thousands of segments cost React Router's matching seconds of CPU, parent path by parent path.
 */
export const PATH_LIMITS = { bytes: 2 * KB, segments: 32 };

export type PathVerdict = { ok: true } | { ok: false; status: 400 | 405 | 414; reason: string };

export const UNDECODABLE_ADDRESS = "Bad Request: the address is not valid.";
export const NUL_IN_ADDRESS = "Bad Request: the address holds a byte no page can have.";
export const NO_HOST = "Bad Request: the Host header names no address.";
export const DOT_SEGMENT_IN_ADDRESS = "Bad Request: the address has a . or .. segment, or a backslash.";

/** A `.` or `..` segment, also percent-encoded (`%2e`), as the URL parser resolves it. */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?=\/|$)/i;

/** Methods the Fetch API cannot represent (`new Request` throws): no route could ever be asked with them. */
const UNREPRESENTABLE_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * Whether a request line and its Host can be a request to this site: a method a route can be asked with, a
 * target that is a path (not `http://other.example/…` nor `*`), and a Host a URL can hold (`localhost:99999`,
 * `local host` or none are not), then checkPath. Each of these made the adapters' `new Request`/`new URL`
 * throw: a 500 with a stack in the log, for anyone (found by a probe on 26 November).
 */
export function checkRequestLine(method: string, url: string, host: string | undefined): PathVerdict {
  if (UNREPRESENTABLE_METHODS.has(method)) return { ok: false, status: 405, reason: "Method Not Allowed" };
  if (!url.startsWith("/")) return { ok: false, status: 400, reason: UNDECODABLE_ADDRESS };
  // A load balancer's health check may come without a Host (HTTP/1.0); no page is rendered for it.
  const healthCheck = host === undefined && (url === "/healthz" || url.startsWith("/healthz?"));
  if (!healthCheck && !isHost(host)) return { ok: false, status: 400, reason: NO_HOST };
  return checkPath(url);
}

/** A name or an address, then at most a port: nothing a URL would read as a path, a user or a second host. */
const HOST = /^(?:\[[\da-f:.]+\]|[^\s/?#@\\[\]:,]+)(?::(\d{1,5}))?$/i;

/**
 * Whether a Host (or a trusted proxy's X-Forwarded-Host) names an address: `studio.example:8080`, `[::1]:3000`.
 * Parsing `http://${host}/` alone is not enough: `a/b:99999` parses (the rest is a path), and React Router's
 * adapter takes the port after the header's first colon, then its `new URL` throws.
 */
export function isHost(host: string | undefined): boolean {
  const match = host ? HOST.exec(host) : null;
  if (!match) return false;
  if (match[1] !== undefined && Number(match[1]) > 65_535) return false;
  return URL.canParse(`http://${host}/`);
}

/**
 * Whether a request's address (its path, with its query) may reach a route. Past the limits: 414. A path that
 * does not percent-decode (`/%ff`, `/blog/%`) is a sender's mistake, 400: the router's decoding threw, and the
 * error named the raw segment in the log (a room's token with it). A NUL byte (`%00`) anywhere, query included,
 * is 400 too: no page has one, and PostgreSQL refuses to store or compare one. So is a `.` or `..` segment or a
 * backslash: routes see the address through `new URL`, which resolves them (`/admin/media/../../contact` is
 * /contact), while the body limit, the analytics and the page cache read it as sent; a browser resolves them
 * before sending, so only a tool sends one (security review of 27 November: a chunked body sized as an
 * upload's reached /contact).
 */
export function checkPath(url: string): PathVerdict {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  let segments = 0;
  for (let i = 0; i < path.length && segments <= PATH_LIMITS.segments; i++) if (path.charCodeAt(i) === 0x2f) segments++;
  if (path.length > PATH_LIMITS.bytes || segments > PATH_LIMITS.segments)
    return { ok: false, status: 414, reason: "URI Too Long" };
  if (/%00/i.test(url)) return { ok: false, status: 400, reason: NUL_IN_ADDRESS };
  if (path.includes("\\") || DOT_SEGMENT.test(path)) return { ok: false, status: 400, reason: DOT_SEGMENT_IN_ADDRESS };
  if (path.includes("%")) {
    try {
      decodeURIComponent(path);
    } catch {
      return { ok: false, status: 400, reason: UNDECODABLE_ADDRESS };
    }
  }
  return { ok: true };
}
