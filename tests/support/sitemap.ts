// Checks a sitemap against the sitemap protocol (sitemaps.org 0.9) without an XML library: the structure
// the schema allows, escaped entities, absolute URLs of at most 2,048 characters, W3C datetimes, limits.
// Where xmllint is installed, the same document is also validated against the committed official XSD.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const SITEMAP_XSD = fileURLToPath(new URL("./sitemap.xsd", import.meta.url));
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
const MAX_URLS = 50_000;
const MAX_BYTES = 50 * 1024 * 1024;

/** The public pages and the journal, which every sitemap lists first and in this order, before artworks and posts. */
export const SITEMAP_PAGES = [
  "/",
  "/gallery",
  "/shop",
  "/about",
  "/commissions",
  "/contact",
  "/blog",
  "/privacy",
  "/terms",
  "/shipping",
];

export interface SitemapEntry {
  loc: string;
  lastmod?: string;
  changefreq?: string;
  priority?: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Decodes a text node, refusing what XML (or the protocol's escaping rule) does not allow raw. */
function text(raw: string, where: string): string {
  if (/[<'"]/.test(raw) || />/.test(raw)) throw new Error(`${where}: unescaped character in ${JSON.stringify(raw)}`);
  return raw.replace(/&([^;]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(";")) throw new Error(`${where}: bare "&" in ${JSON.stringify(raw)}`);
    if (name in ENTITIES) return ENTITIES[name]!;
    const numeric = /^#(?:x([0-9a-f]+)|(\d+))$/i.exec(name);
    if (numeric) return String.fromCodePoint(numeric[1] ? Number.parseInt(numeric[1], 16) : Number(numeric[2]));
    throw new Error(`${where}: unknown entity ${whole}`);
  });
}

const W3C_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const W3C_DATETIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
const URL_RE =
  /\s*<url>\s*<loc>([^<]*)<\/loc>\s*(?:<lastmod>([^<]*)<\/lastmod>\s*)?(?:<changefreq>([^<]*)<\/changefreq>\s*)?(?:<priority>([^<]*)<\/priority>\s*)?<\/url>/y;

/**
 * Parses a sitemap, throwing with the first rule it breaks. `origin` (e.g. http://127.0.0.1:3000) is
 * the site every URL must belong to, as the protocol requires of one host's sitemap.
 */
export function parseSitemap(xml: string, origin: string): SitemapEntry[] {
  if (Buffer.byteLength(xml, "utf8") > MAX_BYTES) throw new Error("sitemap larger than 50 MB");
  for (const char of xml) {
    const code = char.codePointAt(0)!;
    const allowed =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      code >= 0x10000;
    if (!allowed) throw new Error(`character U+${code.toString(16)} is not allowed in XML 1.0`);
  }
  const head = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<urlset xmlns="([^"]*)">/.exec(xml);
  if (!head) throw new Error("expected the XML declaration (UTF-8) and a <urlset> root with only its xmlns");
  if (head[1] !== NAMESPACE) throw new Error(`urlset namespace is ${head[1]}, not ${NAMESPACE}`);
  const end = xml.lastIndexOf("</urlset>");
  if (end < 0 || xml.slice(end + "</urlset>".length).trim() !== "")
    throw new Error("the document must end with </urlset>");
  const body = xml.slice(head[0].length, end);

  const entries: SitemapEntry[] = [];
  const seen = new Set<string>();
  URL_RE.lastIndex = 0;
  while (URL_RE.lastIndex < body.trimEnd().length) {
    const at = URL_RE.lastIndex;
    const match = URL_RE.exec(body);
    if (!match) throw new Error(`unexpected content in <urlset> at ${JSON.stringify(body.slice(at, at + 80))}`);
    const where = `url #${entries.length + 1}`;
    const loc = text(match[1]!, where);
    let url: URL;
    try {
      url = new URL(loc);
    } catch {
      throw new Error(`${where}: <loc> is not an absolute URL: ${loc}`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new Error(`${where}: <loc> is not http(s): ${loc}`);
    if (url.origin !== origin) throw new Error(`${where}: <loc> ${loc} is not on ${origin}`);
    if (loc.length < 12 || loc.length > 2048) throw new Error(`${where}: <loc> must be 12 to 2048 characters`);
    if (/\s/.test(loc)) throw new Error(`${where}: <loc> has whitespace`);
    if (seen.has(loc)) throw new Error(`${where}: ${loc} is listed twice`);
    seen.add(loc);
    const entry: SitemapEntry = { loc };
    if (match[2] !== undefined) {
      const lastmod = text(match[2], where);
      if (!W3C_DATE.test(lastmod) && !W3C_DATETIME.test(lastmod))
        throw new Error(`${where}: <lastmod> ${lastmod} is not a W3C datetime`);
      if (Number.isNaN(Date.parse(lastmod))) throw new Error(`${where}: <lastmod> ${lastmod} is not a real date`);
      entry.lastmod = lastmod;
    }
    if (match[3] !== undefined) {
      if (!["always", "hourly", "daily", "weekly", "monthly", "yearly", "never"].includes(match[3]))
        throw new Error(`${where}: <changefreq> ${match[3]}`);
      entry.changefreq = match[3];
    }
    if (match[4] !== undefined) {
      const priority = Number(match[4]);
      if (!/^\d(\.\d+)?$/.test(match[4]) || priority < 0 || priority > 1)
        throw new Error(`${where}: <priority> ${match[4]}`);
      entry.priority = match[4];
    }
    entries.push(entry);
  }
  if (entries.length === 0) throw new Error("a urlset needs at least one <url>");
  if (entries.length > MAX_URLS) throw new Error(`${entries.length} URLs, more than ${MAX_URLS}`);
  return entries;
}

/** Validates with xmllint against the official XSD; `ran` is false where xmllint is not installed. */
export function xmllintValidate(xml: string): { ran: boolean; ok: boolean; output: string } {
  const result = spawnSync("xmllint", ["--noout", "--schema", SITEMAP_XSD, "-"], {
    input: xml,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error && (result.error as NodeJS.ErrnoException).code === "ENOENT")
    return { ran: false, ok: false, output: "xmllint not installed" };
  return { ran: true, ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}
