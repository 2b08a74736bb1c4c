// The blog's RSS 2.0 feed (/blog/rss.xml): the latest public posts with their full, sanitized text.
import { absoluteUrl } from "~/lib/seo";
import { paths } from "~/lib/paths";
import { bestWidth, variantUrl } from "~/lib/media";
import { escapeXml } from "~/modules/seo/sitemap.server";
import type { PublicPost } from "./blog.server";

export interface FeedSite {
  siteTitle: string;
  artistName: string;
  publicUrl: string;
}

/** CDATA cannot contain "]]>": split it across two sections. */
const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;

/** RFC 822 dates, as RSS 2.0 requires: Tue, 10 Jun 2026 04:00:00 GMT. */
export const rfc822 = (date: Date) => date.toUTCString();

/** Relative links and images in a post's HTML made absolute, so feed readers can follow them. */
function absolutize(html: string, publicUrl: string): string {
  return html.replace(/(\s(?:href|src)=")(\/(?!\/)[^"]*)"/g, (_m, attr: string, path: string) => {
    return `${attr}${absoluteUrl(publicUrl, path)}"`;
  });
}

export function renderFeed(site: FeedSite, posts: PublicPost[], now = new Date()): string {
  const home = absoluteUrl(site.publicUrl, paths.blog());
  const self = absoluteUrl(site.publicUrl, paths.blogFeed());
  const lastBuild = posts.reduce<Date | undefined>((latest, p) => {
    const at = p.publishAt && p.updatedAt < p.publishAt ? p.publishAt : p.updatedAt;
    return !latest || at > latest ? at : latest;
  }, undefined);
  const items = posts.map((post) => {
    const link = absoluteUrl(site.publicUrl, paths.blogPost(post.slug));
    const cover = post.cover
      ? `<p><img src="${absoluteUrl(site.publicUrl, variantUrl(post.cover.hash, bestWidth(post.cover, 1280), "webp"))}" alt="" /></p>`
      : "";
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${rfc822(post.publishAt ?? post.createdAt)}</pubDate>`,
      `      <dc:creator>${escapeXml(site.artistName)}</dc:creator>`,
      `      <description>${escapeXml(post.description)}</description>`,
      `      <content:encoded>${cdata(absolutize(cover + post.html, site.publicUrl))}</content:encoded>`,
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(`Journal | ${site.siteTitle}`)}</title>`,
    `    <link>${escapeXml(home)}</link>`,
    `    <description>${escapeXml(`Studio notes, new work and exhibitions from ${site.artistName}.`)}</description>`,
    "    <language>en-us</language>",
    `    <lastBuildDate>${rfc822(lastBuild ?? now)}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml" />`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
