// Which requests the page cache may answer, under which key, and what each page depends on. Only the public
// pages listed here are cached; the key is the path and the page's own parameters in one canonical form,
// and the page is rendered for exactly that URL. Any other parameter (utm_*, fbclid, a cache-buster) is
// left out of the key and out of the render, so it can neither fill memory nor change what is served.
import { galleryHref, galleryWorksHref, parseGalleryParams } from "~/lib/gallery-query";
import type { RouteChain } from "~/lib/route-tree";
import type { Area } from "./store";

export interface PageKey {
  /** Path and canonical query: what is rendered, and the cache key. */
  key: string;
  areas: readonly Area[];
}

const ARTWORK = /^\/artwork\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const BLOG_POST = /^\/blog\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;
const OG_PAGE = /^\/og\/([a-z]+)\.jpg$/;
const OG_ARTWORK = /^\/og\/artwork\/([0-9a-f-]{36})\.jpg$/;
const OG_BLOG = /^\/og\/blog\/([a-z0-9]+(?:-[a-z0-9]+)*)\.jpg$/;
/** An OG image's version: a short hash (modules/seo/og.server). */
const OG_VERSION = /^[0-9a-z]{1,32}$/;

const EVERYTHING: readonly Area[] = ["catalog", "homepage", "about", "photos", "blog", "exhibitions", "pages"];

const FIXED: Record<string, readonly Area[]> = {
  "/": ["catalog", "homepage", "photos", "about", "pages"],
  "/shop": ["catalog"],
  "/about": ["about", "photos", "exhibitions", "catalog"],
  "/privacy": ["pages"],
  "/terms": ["pages"],
  "/shipping": ["pages"],
  "/sitemap.xml": ["catalog", "blog", "pages"],
  "/blog/rss.xml": ["blog"],
};

/**
 * The cache key of a GET for `pathname` with `search` (URLSearchParams of the request), or undefined when the
 * page is not one the cache answers. Every page also depends on the settings (settings.changed clears all).
 */
export function pageKeyOf(pathname: string, search: URLSearchParams): PageKey | undefined {
  const fixed = FIXED[pathname];
  if (fixed) return { key: pathname, areas: fixed };
  if (pathname === "/gallery") return { key: galleryHref(parseGalleryParams(search)), areas: ["catalog"] };
  // The lightbox's list of the gallery's works for the same filters (routes/resources/gallery-works.ts).
  if (pathname === "/api/gallery-works")
    return { key: galleryWorksHref(parseGalleryParams(search)), areas: ["catalog"] };
  if (pathname === "/blog") {
    const raw = search.get("page");
    const page = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
    return { key: page > 1 ? `/blog?page=${page}` : "/blog", areas: ["blog"] };
  }
  if (ARTWORK.test(pathname)) return { key: pathname, areas: ["catalog"] };
  if (BLOG_POST.test(pathname) && pathname !== "/blog/rss.xml") return { key: pathname, areas: ["blog"] };
  if (OG_ARTWORK.test(pathname)) {
    const v = search.get("v");
    return { key: v && OG_VERSION.test(v) ? `${pathname}?v=${v}` : pathname, areas: ["catalog"] };
  }
  if (OG_BLOG.test(pathname)) return { key: pathname, areas: ["blog"] };
  // Page cards follow the settings, the homepage and the photos: any change renews them.
  if (OG_PAGE.test(pathname)) return { key: pathname, areas: EVERYTHING };
  return undefined;
}

/**
 * The cache key of a client navigation's data request for a page of pageKeyOf (`/gallery.data?year=2024`,
 * `/_root.data`, with React Router's `_routes` naming the loaders to run), or undefined for any other request.
 * `_routes` is cut to the page's own routes, in their order, and left out when it names them all: ids of other
 * routes, repeats and orders cannot make new keys; a request naming none of them is left to the router.
 */
export function dataKeyOf(pathname: string, search: URLSearchParams, chainOf: RouteChain): PageKey | undefined {
  if (!pathname.endsWith(".data")) return undefined;
  const pagePath = pathname === "/_root.data" ? "/" : pathname.slice(0, -".data".length);
  // "/.data", "/gallery/.data" and the like are not what React Router asks for.
  if (pagePath.endsWith("/") && pagePath !== "/") return undefined;
  if (pagePath === "/" && pathname !== "/_root.data") return undefined;
  // Only pages: feeds and images are not rendered from loader data.
  if (pagePath.endsWith(".xml") || pagePath.startsWith("/og/")) return undefined;
  const page = pageKeyOf(pagePath, search);
  const chain = page && chainOf(pagePath);
  if (!page || !chain) return undefined;
  const asked = search.get("_routes");
  const named = asked === null ? undefined : new Set(asked.split(","));
  const routes = named ? chain.filter((id) => named.has(id)) : chain;
  // None of the page's own (the router would read an empty list as all of them): not a navigation's request.
  if (routes.length === 0) return undefined;
  const at = page.key.indexOf("?");
  const [path, query] = at < 0 ? [page.key, ""] : [page.key.slice(0, at), page.key.slice(at)];
  const dataPath = path === "/" ? "/_root.data" : `${path}.data`;
  const all = routes.length === chain.length;
  const routesParam = all ? "" : `${query ? "&" : "?"}_routes=${encodeURIComponent(routes.join(","))}`;
  return { key: `${dataPath}${query}${routesParam}`, areas: page.areas };
}

/** Whether a key of this cache is a page's data (dataKeyOf) rather than a page: no page's path ends in `.data`. */
export function isDataKey(key: string): boolean {
  const at = key.indexOf("?");
  return (at < 0 ? key : key.slice(0, at)).endsWith(".data");
}
