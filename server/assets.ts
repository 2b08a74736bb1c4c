// The build's hashed assets (/assets/*): cached for a year, sent with the brotli or gzip copy made at build
// time (scripts/precompress.ts) when the browser takes it, and with only the headers a script, stylesheet or
// font needs. The page-level security headers (CSP and friends) apply to documents, not to these files, and
// about 1 KB of them on each of a page's scripts counted against its JS budget (decision 0008).
import { existsSync, readdirSync } from "node:fs";
import { extname } from "node:path";
import express, { type RequestHandler } from "express";

/** Content codings in the order we prefer them, with the suffix of the file that holds each. */
const CODINGS = [
  { coding: "br", suffix: ".br" },
  { coding: "gzip", suffix: ".gz" },
] as const;

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
};

/** Whether an Accept-Encoding header takes a coding (an explicit `q=0` refuses it; `*` stands for the rest). */
export function acceptsCoding(header: string | undefined, coding: string): boolean {
  let wildcard: boolean | undefined;
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim());
    if (name !== coding && name !== "*") continue;
    const q = params.find((p) => p.startsWith("q="));
    const ok = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding) return ok;
    wildcard = ok;
  }
  return wildcard ?? false;
}

/** Serves a build/client/assets folder; mount it at /assets before the security headers. */
export function assetsHandler(dir: string): RequestHandler {
  // The folder is the build's and does not change while the server runs.
  const files = new Set(existsSync(dir) ? readdirSync(dir) : []);
  const serve = express.static(dir, { immutable: true, maxAge: "1y", index: false, lastModified: false });
  return (req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    const name = req.path.slice(1);
    const type = TYPES[extname(name)];
    const copies = CODINGS.filter(({ suffix }) => files.has(`${name}${suffix}`));
    if (type && copies.length > 0 && (req.method === "GET" || req.method === "HEAD")) {
      res.setHeader("Vary", "Accept-Encoding");
      const chosen = copies.find(({ coding }) => acceptsCoding(req.headers["accept-encoding"], coding));
      if (chosen) {
        req.url = `/${name}${chosen.suffix}`;
        res.setHeader("Content-Encoding", chosen.coding);
        res.setHeader("Content-Type", type);
      }
    }
    serve(req, res, next);
  };
}
