// Page metadata for search engines and link previews (spec §2 Page metadata): one builder for every
// route's meta, and the JSON-LD for the artist and each artwork. Isomorphic: meta runs on both sides.
import type { ArtworkSummary } from "./artwork";
import type { MetaDescriptor } from "react-router";
import { bestWidth, variantUrl, type ImageAsset } from "./media";
import { pageTitle } from "./meta";
import { paths } from "./paths";

export const PAGE_KEYS = ["default", "home", "gallery", "shop", "about", "commissions", "contact"] as const;
export type PageKey = (typeof PAGE_KEYS)[number];
export const isPageKey = (value: string): value is PageKey => (PAGE_KEYS as readonly string[]).includes(value);

export interface PageMeta {
  title: string;
  description: string;
}

/** What the root loader hands every page for its metadata. */
export interface SeoSite {
  siteTitle: string;
  artistName: string;
  tagline: string;
  /** PUBLIC_URL without a trailing slash: every URL in the tags is absolute. */
  publicUrl: string;
  locationLine: string;
  socialLinks: { label: string; url: string }[];
  /** Spec §2: structured data uses country US. */
  country: string;
  pages: Record<PageKey, PageMeta>;
}

export const ROBOTS_DEFAULT = "index, follow";
export const ROBOTS_NOINDEX = "noindex";
/** Spec §2: the open-graph image is 1200x630. */
export const OG_IMAGE = { width: 1200, height: 630, type: "image/jpeg" } as const;
/** Bump when the sharing-image layout changes, so every artwork's image gets a new URL. */
export const OG_LAYOUT_VERSION = 1;

export type JsonLdValue = string | number | boolean | null | JsonLd | JsonLdValue[];
export interface JsonLd {
  [key: string]: JsonLdValue;
}

export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}

/** The root loader's site info, from a meta function's matches; undefined when the root failed. */
export function siteFromMatches(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): SeoSite | undefined {
  const root = matches.find((m) => m?.id === "root");
  const site = (root?.loaderData as { site?: Partial<SeoSite> } | undefined)?.site;
  return site && typeof site.publicUrl === "string" && site.pages ? (site as SeoSite) : undefined;
}

/** Text cut at a word boundary for a meta description (search engines show about 160 characters). */
export function summarize(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

export interface SeoInput {
  site: SeoSite | undefined;
  title: string;
  description: string;
  /** The canonical path; omitted for pages that should have none (a 404). */
  path?: string;
  /** The sharing image's path (absolute URLs are made here) and its alt text. */
  image?: { path: string; alt: string };
  type?: "website" | "product" | "profile" | "article";
  robots?: string;
  jsonLd?: JsonLd[];
  /** More tags in the same list (e.g. product price tags). */
  extra?: MetaDescriptor[];
}

/** Title, description, robots, canonical, Open Graph, Twitter and JSON-LD for one page. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const { site, title, description } = input;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "robots", content: input.robots ?? ROBOTS_DEFAULT },
  ];
  // Without the root's data there is no public URL to make absolute links from.
  if (!site) return tags;
  const url = input.path === undefined ? undefined : absoluteUrl(site.publicUrl, input.path);
  const image = input.image ?? { path: paths.ogPage("default"), alt: defaultImageAlt(site) };
  const imageUrl = absoluteUrl(site.publicUrl, image.path);
  if (url) tags.push({ tagName: "link", rel: "canonical", href: url });
  tags.push(
    { property: "og:site_name", content: site.siteTitle },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    ...(url ? [{ property: "og:url", content: url }] : []),
    { property: "og:locale", content: "en_US" },
    { property: "og:image", content: imageUrl },
    { property: "og:image:type", content: OG_IMAGE.type },
    { property: "og:image:width", content: String(OG_IMAGE.width) },
    { property: "og:image:height", content: String(OG_IMAGE.height) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
    ...(input.extra ?? []),
  );
  for (const data of input.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

const defaultImageAlt = (site: SeoSite) =>
  site.tagline ? `${site.artistName}: ${site.tagline}` : `Artwork by ${site.artistName}`;

/** A page whose title and description come from the settings (home, gallery, shop, about, ...). */
export function pageSeo(
  site: SeoSite | undefined,
  key: PageKey,
  path: string,
  options: Pick<SeoInput, "robots" | "jsonLd" | "type"> & { title?: string; description?: string } = {},
): MetaDescriptor[] {
  const page = site?.pages[key];
  return seoMeta({
    site,
    title: options.title ?? page?.title ?? site?.siteTitle ?? "Atelier",
    description: options.description ?? page?.description ?? site?.pages.default.description ?? "",
    path,
    image: site ? { path: paths.ogPage(key), alt: defaultImageAlt(site) } : undefined,
    type: options.type,
    robots: options.robots,
    jsonLd: options.jsonLd,
  });
}

/**
 * The meta of a page search engines must not list (a step of an order, an account page, a form's answer, a
 * secret link): "{title} | {site}" and `noindex`; given `path`, also its canonical address and the site's
 * default sharing tags (with `description`, or the site's own).
 */
export function privatePageMeta(
  matches: Parameters<typeof siteFromMatches>[0],
  title: string,
  options: { path?: string; description?: string } = {},
): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  const fullTitle = pageTitle(title, site?.siteTitle);
  if (options.path === undefined) return [{ title: fullTitle }, { name: "robots", content: ROBOTS_NOINDEX }];
  return pageSeo(site, "default", options.path, {
    title: fullTitle,
    description: options.description,
    robots: ROBOTS_NOINDEX,
  });
}

// ---- JSON-LD ----------------------------------------------------------------------------------

const artistId = (site: SeoSite) => `${absoluteUrl(site.publicUrl, paths.home())}#artist`;

/** The artist where a work or a post names them (creator, author, publisher); `personJsonLd` says the rest. */
const artistAsPerson = (site: SeoSite): JsonLd => ({ "@type": "Person", "@id": artistId(site), name: site.artistName });

/** A work's or a post's picture: its WebP about 1600 pixels wide, as an absolute URL. */
const jsonLdImage = (site: SeoSite, image: ImageAsset) =>
  absoluteUrl(site.publicUrl, variantUrl(image.hash, bestWidth(image, 1600), "webp"));

/** The artist's address from the free-text location line ("Studio 4, Building · City, Region"). */
export function parseLocation(line: string, country: string): JsonLd | undefined {
  const parts = line
    .split(/\s*[·•|]\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return undefined;
  const place = parts
    .pop()!
    .split(/\s*,\s*/)
    .filter(Boolean);
  const street = [...parts];
  // Without a separator the last two comma parts are the city and region, the rest the street.
  if (street.length === 0 && place.length > 2) street.push(place.splice(0, place.length - 2).join(", "));
  const address: JsonLd = { "@type": "PostalAddress" };
  if (street.length > 0) address.streetAddress = street.join(", ");
  if (place.length === 1) address.addressLocality = place[0]!;
  else if (place.length >= 2) {
    address.addressLocality = place.slice(0, -1).join(", ");
    address.addressRegion = place.at(-1)!;
  }
  address.addressCountry = country;
  return address;
}

/** The artist as a schema.org Person: name, site, social profiles and, when a location is set, the address. */
export function personJsonLd(site: SeoSite): JsonLd {
  const person: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Person",
    "@id": artistId(site),
    name: site.artistName,
    url: absoluteUrl(site.publicUrl, paths.home()),
    jobTitle: "Artist",
  };
  if (site.tagline) person.description = site.tagline;
  if (site.socialLinks.length > 0) person.sameAs = site.socialLinks.map((l) => l.url);
  const address = site.locationLine ? parseLocation(site.locationLine, site.country) : undefined;
  if (address) person.address = address;
  return person;
}

/** The site itself, for the home page. */
export function websiteJsonLd(site: SeoSite): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: site.siteTitle,
    url: absoluteUrl(site.publicUrl, paths.home()),
    ...(site.tagline ? { description: site.tagline } : {}),
    publisher: { "@id": artistId(site) },
  };
}

export interface ArtworkDimensions {
  width: number;
  height: number;
  depth?: number;
  /** UN/CEFACT codes: INH inches, CMT centimetres. */
  unitCode: "INH" | "CMT";
}

const NUMBER = String.raw`(\d+(?:\.\d+)?(?:[\s-]+\d+/\d+)?|\d+/\d+)`;
const UNIT = String.raw`("|''|in\.?|inch(?:es)?|cm)`;
const PART_RE = new RegExp(String.raw`^${NUMBER}\s*${UNIT}?$`);

function parseNumber(text: string): number {
  const [whole, fraction] = text.includes("/")
    ? (/^(?:(\d+(?:\.\d+)?)[\s-]+)?(\d+\/\d+)$/.exec(text)?.slice(1) ?? [])
    : [text];
  let value = whole ? Number(whole) : 0;
  if (fraction) {
    const [n, d] = fraction.split("/").map(Number);
    value += n! / d!;
  }
  return value;
}

/** Width, height (and depth) from the free-text size, e.g. `24" x 36"`, `24 x 36 in`, `60 × 90 cm`. */
export function parseSize(size: string): ArtworkDimensions | undefined {
  const text = size
    .toLowerCase()
    .replace(/[″”“]/g, '"')
    .replace(/[′’‘]/g, "'")
    .replace(/\(.*\)\s*$/, "")
    .replace(/\s+by\s+/g, " x ")
    .replace(/[×*]/g, "x")
    .trim();
  const parts = text.split(/\s*x\s*/);
  if (parts.length < 2 || parts.length > 3) return undefined;
  const values: number[] = [];
  const units = new Set<"INH" | "CMT">();
  for (const part of parts) {
    const match = PART_RE.exec(part);
    if (!match) return undefined;
    const value = parseNumber(match[1]!);
    if (!(value > 0) || !Number.isFinite(value)) return undefined;
    values.push(Math.round(value * 1000) / 1000);
    if (match[2]) units.add(match[2] === "cm" ? "CMT" : "INH");
  }
  if (units.size > 1) return undefined;
  // Spec §3: the size is written in inches; a bare "24 x 36" means inches too.
  const unitCode = units.has("CMT") ? "CMT" : "INH";
  const [width, height, depth] = values as [number, number, number | undefined];
  return depth === undefined ? { width, height, unitCode } : { width, height, depth, unitCode };
}

const quantity = (value: number, unitCode: string): JsonLd => ({ "@type": "QuantitativeValue", value, unitCode });

export interface ArtworkSeo extends ArtworkSummary {
  description: string;
  image: ImageAsset | null;
}

const AVAILABILITY: Record<string, string> = {
  available: "https://schema.org/InStock",
  sold: "https://schema.org/SoldOut",
  reserved: "https://schema.org/Reserved",
};

/** An artwork as a schema.org VisualArtwork, with an Offer when it has a price and is (or was) for sale. */
export function artworkJsonLd(site: SeoSite, artwork: ArtworkSeo): JsonLd {
  const url = absoluteUrl(site.publicUrl, paths.artwork(artwork.id));
  const work: JsonLd = {
    "@context": "https://schema.org",
    "@type": "VisualArtwork",
    "@id": `${url}#artwork`,
    name: artwork.title,
    url,
    artform: "Painting",
    creator: { ...artistAsPerson(site), url: absoluteUrl(site.publicUrl, paths.home()) },
  };
  if (artwork.description) work.description = artwork.description;
  if (artwork.image) work.image = jsonLdImage(site, artwork.image);
  if (artwork.medium) work.artMedium = artwork.medium;
  if (artwork.year !== null) work.dateCreated = String(artwork.year);
  const size = parseSize(artwork.size);
  if (size) {
    work.width = quantity(size.width, size.unitCode);
    work.height = quantity(size.height, size.unitCode);
    if (size.depth !== undefined) work.depth = quantity(size.depth, size.unitCode);
  }
  const availability = AVAILABILITY[artwork.availability];
  if (artwork.priceCents !== null && availability) {
    work.offers = {
      "@type": "Offer",
      url,
      price: artwork.priceCents / 100,
      priceCurrency: artwork.currency || "USD",
      availability,
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@id": artistId(site) },
    };
  }
  return work;
}

export interface BlogPostSeo {
  slug: string;
  title: string;
  description: string;
  publishAt: Date | string | null;
  updatedAt: Date | string;
  cover: ImageAsset | null;
}

/** A journal post as a schema.org BlogPosting by the artist. */
export function blogPostingJsonLd(site: SeoSite, post: BlogPostSeo): JsonLd {
  const url = absoluteUrl(site.publicUrl, paths.blogPost(post.slug));
  const posting: JsonLd = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    "@id": `${url}#post`,
    headline: post.title,
    url,
    mainEntityOfPage: url,
    dateModified: new Date(post.updatedAt).toISOString(),
    author: artistAsPerson(site),
    publisher: artistAsPerson(site),
  };
  if (post.publishAt) posting.datePublished = new Date(post.publishAt).toISOString();
  if (post.description) posting.description = summarize(post.description, 300);
  if (post.cover) posting.image = jsonLdImage(site, post.cover);
  return posting;
}

/** 32-bit FNV-1a, hex: a short, stable version tag computed the same way on both sides. */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** The version in an artwork's sharing-image URL: it changes whenever the image would look different. */
export function ogArtworkVersion(input: {
  imageHash: string | null | undefined;
  title: string;
  artistName: string;
}): string {
  return shortHash(JSON.stringify([OG_LAYOUT_VERSION, input.imageHash ?? "", input.title, input.artistName]));
}

/** Title, description, sharing image and JSON-LD of an artwork page (spec §2: '{title} - Original Art by the artist'). */
export function artworkSeo(site: SeoSite | undefined, artwork: ArtworkSeo): MetaDescriptor[] {
  const artistName = site?.artistName ?? "the artist";
  const facts = [artwork.size, artwork.year].filter((f) => f !== null && f !== "").join(", ");
  const lead = `Original ${artwork.medium ? lowerFirst(artwork.medium) : "work"} by ${artistName}${facts ? `, ${facts}` : ""}.`;
  const description = summarize([lead, artwork.description].filter(Boolean).join(" "));
  const sold = artwork.availability === "sold";
  const forSale = artwork.priceCents !== null && artwork.availability in AVAILABILITY;
  return seoMeta({
    site,
    title: `${artwork.title} - Original Art by ${artistName}`,
    description,
    path: paths.artwork(artwork.id),
    type: forSale ? "product" : "website",
    image: {
      path: paths.ogArtwork(
        artwork.id,
        ogArtworkVersion({ imageHash: artwork.image?.hash, title: artwork.title, artistName }),
      ),
      alt: [artwork.title, artwork.medium, `by ${artistName}`].filter(Boolean).join(", "),
    },
    jsonLd: site ? [artworkJsonLd(site, artwork)] : [],
    extra:
      forSale && artwork.priceCents !== null
        ? [
            { property: "product:price:amount", content: (artwork.priceCents / 100).toFixed(2) },
            { property: "product:price:currency", content: artwork.currency || "USD" },
            {
              property: "product:availability",
              content: sold ? "out of stock" : artwork.availability === "reserved" ? "pending" : "in stock",
            },
          ]
        : [],
  });
}

function lowerFirst(text: string): string {
  // "Oil on canvas" reads as "Original oil on canvas"; a proper noun stays as written.
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}
