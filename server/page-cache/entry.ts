// One cached page: the rendered response turned into what every later visitor is sent. Bodies are
// compressed on the thread pool, quickly when first stored (brotli 5, gzip 6) and at the maximum level
// (brotli 11, gzip 9) once the page is asked for again, one page at a time (page-cache.ts): a stranger's
// one-off searches cost little more than their renders, and a page people visit is sent as small as it gets.
// The ETag is a hash of the page; a page's inline scripts are allowed by their hashes instead of the render's
// nonce, so the policy stays as strict for the thousandth visitor as for the first (decision 0015).
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { inlineCriticalCss } from "./critical-css";
import type { CachedPage, Area } from "./store";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PageEntry extends CachedPage {
  status: number;
  /** Headers of the response to replay (content-type, cache-control, …): never set-cookie. */
  headers: [string, string][];
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** For HTML: the CSP sources that allow exactly the page's inline scripts ('sha256-…' …). */
  scriptSources?: string;
  storedAt: number;
  /** How hard the bodies were compressed: "quick" until the page is asked for again (see `recompressed`). */
  compression: "quick" | "best";
}

/** Response headers not replayed from the render: the transport's, and ones the cache sets itself. */
const DROPPED = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
  "etag",
  "vary",
  "x-request-id",
  "keep-alive",
]);

const COMPRESSIBLE = /^(text\/|application\/(xml|rss\+xml|json|javascript)|image\/svg\+xml)/;

/**
 * Statuses kept like a page: a 200, and the 404 of a page on the list (a link to an archived or deleted work, a
 * post not yet published). A link shared widely can bring thousands to a missing page as to any other; the same
 * events evict it when the page comes back (decision 0015, "A missing page").
 */
const KEPT_STATUSES = new Set([200, 404]);

/**
 * Whether a render may be kept for every later visitor, and if not, whether the requests that waited for it may
 * still be answered with it (`share`): a redirect or an error is nobody's, while a response that sets a cookie or
 * is marked private belongs to the one visitor it was made for (decision 0015, "Concurrent misses").
 */
export type Verdict = { keep: true } | { keep: false; share: boolean; reason: string };

/** Whether a rendered response may be kept and served to every visitor. */
export function mayKeep(status: number, headers: Headers): Verdict {
  // Nothing that sets a cookie: it belongs to one visitor.
  if (headers.has("set-cookie")) return { keep: false, share: false, reason: "sets a cookie" };
  const cacheControl = headers.get("cache-control") ?? "";
  if (/\b(private|no-store|no-cache)\b/i.test(cacheControl)) return { keep: false, share: false, reason: cacheControl };
  if (headers.get("vary")?.match(/\bcookie\b|\*/i)) return { keep: false, share: false, reason: "varies" };
  if (!KEPT_STATUSES.has(status)) return { keep: false, share: true, reason: `status ${status}` };
  return { keep: true };
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** Inline scripts that run (not src=, not a data block such as JSON-LD), as CSP hash sources. */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attrs = "", body = ""] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript" && type !== "application/javascript") continue;
    sources.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...sources];
}

/** Builds the entry from a fully read render. `nonce` is the render's, removed from the stored HTML. */
export async function buildEntry(options: {
  key: string;
  areas: readonly Area[];
  status: number;
  headers: Headers;
  body: Buffer;
  nonce: string;
}): Promise<PageEntry> {
  const { key, areas, status, headers } = options;
  const contentType = headers.get("content-type") ?? "application/octet-stream";
  let body = options.body;
  let scriptSources: string | undefined;
  if (contentType.startsWith("text/html")) {
    // The nonce was for this one render; the stored page is allowed by its scripts' hashes instead.
    // And its inline stylesheet is cut to the rules its elements can use (the rest loads after the paint).
    const html = inlineCriticalCss(body.toString("utf8").split(` nonce="${options.nonce}"`).join(""));
    scriptSources = inlineScriptSources(html).join(" ");
    body = Buffer.from(html, "utf8");
  }
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (!DROPPED.has(name.toLowerCase())) kept.push([name.toLowerCase(), value]);
  });
  const compressible = COMPRESSIBLE.test(contentType) && body.length > 256;
  const [br, gz] = compressible ? await compress(body, "quick") : [];
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return withBodies(
    { key, areas, status, headers: kept, etag, identity: body, scriptSources, storedAt: Date.now() },
    br,
    gz,
    compressible ? "quick" : "best",
  );
}

/** The entry again with its bodies compressed at the maximum level (the same page, the same ETag). */
export async function recompressed(entry: PageEntry): Promise<PageEntry> {
  if (entry.compression === "best") return entry;
  const [br, gz] = await compress(entry.identity, "best");
  return withBodies(entry, br, gz, "best");
}

function compress(body: Buffer, level: "quick" | "best"): Promise<[Buffer, Buffer]> {
  const best = level === "best";
  return Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: best ? constants.Z_BEST_COMPRESSION : 6 }),
  ]);
}

function withBodies(
  page: Omit<PageEntry, "br" | "gzip" | "size" | "compression">,
  br: Buffer | undefined,
  gzip: Buffer | undefined,
  compression: PageEntry["compression"],
): PageEntry {
  // The bodies, their compression and the size are set here, over any the page carried.
  return {
    ...page,
    br,
    gzip,
    compression,
    size: page.identity.length + (br?.length ?? 0) + (gzip?.length ?? 0) + page.key.length + 512,
  };
}

/** What goes out for an entry: a 304 for a matching ETag, else its status with the body the client accepts. */
export function answerOf(
  entry: PageEntry,
  request: { method?: string; headers: { "if-none-match"?: string; "accept-encoding"?: string } },
): { status: number; headers: [string, string | number][]; body?: Buffer } {
  if (matchesEtag(request.headers["if-none-match"], entry.etag)) return { status: 304, headers: [] };
  const { body, encoding } = pickBody(entry, request.headers["accept-encoding"]);
  const headers: [string, string | number][] = encoding ? [["content-encoding", encoding]] : [];
  headers.push(["content-length", body.length]);
  return { status: entry.status, headers, body: request.method === "HEAD" ? undefined : body };
}

/** The body to send for an Accept-Encoding header, and its content-encoding. */
export function pickBody(entry: PageEntry, acceptEncoding: string | undefined): { body: Buffer; encoding?: string } {
  const accepted = acceptEncoding ?? "";
  if (entry.br && accepts(accepted, "br")) return { body: entry.br, encoding: "br" };
  if (entry.gzip && accepts(accepted, "gzip")) return { body: entry.gzip, encoding: "gzip" };
  return { body: entry.identity };
}

function accepts(header: string, coding: string): boolean {
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (name?.trim().toLowerCase() !== coding) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    return q === undefined || Number(q) > 0;
  }
  return false;
}

/** If-None-Match against the entry's ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === opaque);
}
