// HTTP helpers for the benchmarks: raw GETs (exact bytes on the wire), HTML scraping, warming a site.
import { Buffer } from "node:buffer";
import { request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

/** What a current browser sends; the server compresses for it, so the benchmarks see the same work. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** A GET with node:http: status, headers and the body exactly as sent (not decompressed). */
export function getRaw(url, headers = {}, timeoutMs = 30_000) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "GET", headers, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end();
  });
}

/** The page's HTML (uncompressed), failing loudly on a non-200 answer. */
export async function getHtml(url) {
  const res = await getRaw(url, { "accept-encoding": "identity" });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return res.body.toString("utf8");
}

const decode = (s) => s.replace(/&amp;/g, "&");
const sameOrigin = (base) => (u) => {
  const abs = new URL(decode(u), base);
  return abs.origin === new URL(base).origin ? abs.href : undefined;
};

/** The JS a page loads at start: modulepreload links, module script src, and the imports of module scripts written in the page. */
export function scriptUrls(html, base) {
  const found = new Set();
  const add = (u) => {
    const abs = sameOrigin(base)(u);
    if (abs && /\.m?js(\?|$)/.test(new URL(abs).pathname)) found.add(abs);
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\brel="modulepreload"/i.test(tag)) add(/\bhref="([^"]+)"/i.exec(tag)?.[1] ?? "");
  }
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\btype="module"/i.test(attrs)) continue;
    const src = /\bsrc="([^"]+)"/i.exec(attrs)?.[1];
    if (src) add(src);
    for (const [, spec] of body.matchAll(/\bimport\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)) add(spec);
    for (const [, spec] of body.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) add(spec);
    // Deferred hydration (decision 0014): the preloads the server took out, listed in the deferred script.
    for (const [, list] of body.matchAll(/for\(const href of (\[[^\]]*\])\)/g))
      for (const href of JSON.parse(list)) add(href);
  }
  return [...found];
}

/** Every image URL of a page: img src and every candidate of each srcset. */
export function imageUrls(html, base) {
  const found = new Set();
  const add = (u) => {
    if (u.startsWith("data:")) return;
    const abs = sameOrigin(base)(u);
    if (abs) found.add(abs);
  };
  for (const [, set] of html.matchAll(/\bsrcset="([^"]+)"/gi)) {
    for (const candidate of set.split(",")) add(candidate.trim().split(/\s+/)[0] ?? "");
  }
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
    const src = /\bsrc="([^"]+)"/i.exec(tag)?.[1];
    if (src) add(src);
  }
  return [...found];
}

/** The path of the first artwork linked from a page (the gallery). */
export function firstArtworkPath(html) {
  const match = /href="(\/artwork\/[^"?#]+)"/.exec(html);
  if (!match) throw new Error("no /artwork/ link found in the gallery's HTML");
  return match[1];
}

/**
 * Warms a running site as a visitor would have: each page once, then each of its images until every one
 * answers 200 twice in a row (the first request of a new variant encodes it). Returns what it fetched.
 */
export async function warmSite(base, paths, { attempts = 20 } = {}) {
  const images = new Set();
  for (const path of paths) {
    for (const url of imageUrls(await getHtml(new URL(path, base).href), base)) images.add(url);
  }
  for (const url of images) {
    let ok = 0;
    for (let i = 0; ok < 2; i++) {
      if (i >= attempts) throw new Error(`image ${url} did not answer 200 twice`);
      const res = await getRaw(url, { accept: "image/avif,image/webp,*/*" }, 120_000);
      ok = res.status === 200 ? ok + 1 : 0;
      if (res.status !== 200) await sleep(500);
    }
  }
  return { pages: paths.length, images: images.size };
}
