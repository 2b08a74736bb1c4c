// Crawling: /sitemap.xml (every public page and artwork, with lastmod) and /robots.txt pointing at it.
// Owns nothing in the database. Exposes: buildSitemap, renderSitemap, robotsTxt.
import { absoluteUrl } from "~/lib/seo";
import { paths } from "~/lib/paths";
import { listPublicPostUpdates } from "~/modules/blog/blog.server";
import { listArtworkUpdates } from "~/modules/catalog/catalog.server";
import { latestContentUpdate } from "~/modules/content/content.server";
import { settingsUpdatedAt } from "~/modules/settings/settings.server";
import { services } from "~/services.server";

/** The sitemap protocol's limits for one file: 50,000 URLs, 2,048 characters a URL. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_LOC = 2048;
export const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

export interface SitemapUrl {
  /** Absolute URL. */
  loc: string;
  lastmod?: Date;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "'": "&apos;", '"': "&quot;" };
export const escapeXml = (text: string) => text.replace(/[&<>'"]/g, (c) => XML_ESCAPES[c]!);

/** W3C Datetime to the second, in UTC (e.g. 2025-05-10T17:33:30Z). */
export const w3cDatetime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

/** The sitemap XML; URLs beyond the protocol's limits are left out rather than making an invalid file. */
export function renderSitemap(urls: Iterable<SitemapUrl>): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<urlset xmlns="${SITEMAP_NAMESPACE}">`];
  let count = 0;
  for (const url of urls) {
    if (count >= SITEMAP_MAX_URLS) break;
    if (url.loc.length > SITEMAP_MAX_LOC) continue;
    const loc = escapeXml(url.loc);
    lines.push(
      url.lastmod
        ? `<url><loc>${loc}</loc><lastmod>${w3cDatetime(url.lastmod)}</lastmod></url>`
        : `<url><loc>${loc}</loc></url>`,
    );
    count++;
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}

const latest = (...dates: (Date | undefined)[]): Date | undefined => {
  const times = dates.filter((d): d is Date => d instanceof Date).map((d) => d.getTime());
  return times.length > 0 ? new Date(Math.max(...times)) : undefined;
};

/** The public pages (spec §2) and the journal, then every artwork and public post with its last change. */
export async function buildSitemap(): Promise<string> {
  const { publicUrl } = services().config;
  const pages: [string, "catalogue" | "home" | "content" | "settings" | "blog"][] = [
    [paths.home(), "home"],
    [paths.gallery(), "catalogue"],
    [paths.shop(), "catalogue"],
    [paths.about(), "content"],
    [paths.commissions(), "settings"],
    [paths.contact(), "settings"],
    [paths.blog(), "blog"],
    [paths.privacy(), "settings"],
    [paths.terms(), "settings"],
    [paths.shipping(), "settings"],
  ];
  const [posts, settingsAt, contentAt] = await Promise.all([
    listPublicPostUpdates({ limit: 10_000 }),
    settingsUpdatedAt(),
    latestContentUpdate(),
  ]);
  const works = await listArtworkUpdates({ limit: SITEMAP_MAX_URLS - pages.length - posts.length });
  let blogAt: Date | undefined;
  for (const p of posts) if (!blogAt || p.updatedAt > blogAt) blogAt = p.updatedAt;
  let catalogueAt: Date | undefined;
  for (const w of works) if (!catalogueAt || w.updatedAt > catalogueAt) catalogueAt = w.updatedAt;
  const lastmod = {
    home: latest(settingsAt, contentAt, catalogueAt),
    catalogue: latest(settingsAt, catalogueAt),
    content: latest(settingsAt, contentAt),
    settings: settingsAt,
    blog: latest(settingsAt, blogAt),
  };
  function* urls(): Generator<SitemapUrl> {
    for (const [path, source] of pages) yield { loc: absoluteUrl(publicUrl, path), lastmod: lastmod[source] };
    for (const w of works) yield { loc: absoluteUrl(publicUrl, paths.artwork(w.id)), lastmod: w.updatedAt };
    for (const p of posts) yield { loc: absoluteUrl(publicUrl, paths.blogPost(p.slug)), lastmod: p.updatedAt };
  }
  return renderSitemap(urls());
}

/** robots.txt: everything public may be crawled, the back office and checkout not; the sitemap is named. */
export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /checkout",
    "",
    `Sitemap: ${absoluteUrl(publicUrl, paths.sitemap())}`,
    "",
  ].join("\n");
}
