// Sharing images (spec §2: open-graph image 1200x630): a work fitted on a paper ground with a discreet
// caption line. Owns: the storage keys under og/. Exposes: artworkOgImage, blogPostOgImage, pageOgImage,
// composeOgImage.
import { createHash } from "node:crypto";
import { buffer as readAll } from "node:stream/consumers";
import sharp, { type OutputInfo, type OverlayOptions } from "sharp";
import { OG_IMAGE, OG_LAYOUT_VERSION, ogArtworkVersion, type PageKey } from "~/lib/seo";
import { getPublicPost } from "~/modules/blog/blog.server";
import { getArtwork, listArtworks, listFeaturedArtworks } from "~/modules/catalog/catalog.server";
import { listArtistPhotos, listVisibleSections } from "~/modules/content/content.server";
import { HeroContent } from "~/modules/content/sections";
import { decodeOriginal } from "~/modules/media/decode-budget.server";
import { readOriginal } from "~/modules/media/media.server";
import { getSettings, type Settings } from "~/modules/settings/settings.server";
import { services } from "~/services.server";

const { width: W, height: H } = OG_IMAGE;
const GROUND = "#f1ede6";
const INK = "#3b3731";
const MUTED = "#6e675d";
const FONT = "'DejaVu Serif', 'Liberation Serif', 'Noto Serif', Georgia, serif";
/** The caption band under the picture, and the margins around it. */
const CAPTION_BAND = 96;
const MARGIN_TOP = 44;
const MARGIN_SIDE = 80;
const MAX_PIXELS = 100_000_000;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export interface OgCaption {
  title: string;
  byline?: string;
}

/**
 * A 1200x630 JPEG: the picture fitted (never cropped) on a paper-coloured ground with a soft shadow and a
 * one-line caption under it; without a picture, a text card with the caption set large.
 */
export async function composeOgImage(source: Buffer | undefined, caption: OgCaption): Promise<Buffer> {
  const layers: OverlayOptions[] = [];
  let picture: { data: Buffer; info: OutputInfo } | undefined;
  if (source) {
    try {
      picture = await decodeOriginal(source, () =>
        sharp(source, { limitInputPixels: MAX_PIXELS })
          .rotate()
          .resize({ width: W - 2 * MARGIN_SIDE, height: H - MARGIN_TOP - CAPTION_BAND, fit: "inside" })
          .flatten({ background: GROUND })
          .png()
          .toBuffer({ resolveWithObject: true }),
      );
    } catch {
      // An unreadable original still gets a card, with the caption only.
      picture = undefined;
    }
  }
  // Clipped so the line fits the card's width at its font size (about 0.55 em a character).
  const rawTitle = clip(caption.title, picture ? 50 : 36);
  const title = escapeXml(rawTitle);
  const byline = caption.byline
    ? escapeXml(clip(caption.byline, picture ? Math.max(16, 80 - rawTitle.length) : 64))
    : "";
  if (picture) {
    const { width, height } = picture.info;
    const left = Math.round((W - width) / 2);
    const top = MARGIN_TOP + Math.round((H - MARGIN_TOP - CAPTION_BAND - height) / 2);
    const shadow = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width + 60}" height="${height + 60}"><rect x="24" y="32" width="${width}" height="${height}" fill="#000" fill-opacity="0.22"/></svg>`,
    );
    layers.push({ input: await sharp(shadow).blur(10).png().toBuffer(), left: left - 24, top: top - 24 });
    layers.push({ input: picture.data, left, top });
    const line = byline ? `${title}<tspan fill="${MUTED}"> · ${byline}</tspan>` : title;
    layers.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${CAPTION_BAND}"><text xml:space="preserve" x="${W / 2}" y="${CAPTION_BAND / 2 + 10}" text-anchor="middle" font-family="${FONT}" font-size="24" fill="${INK}">${line}</text></svg>`,
      ),
      left: 0,
      top: H - CAPTION_BAND,
    });
  } else {
    layers.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
          <rect x="${MARGIN_SIDE}" y="${H / 2 - 2}" width="64" height="3" fill="${INK}"/>
          <text x="${MARGIN_SIDE}" y="${H / 2 - 36}" font-family="${FONT}" font-size="52" fill="${INK}">${title}</text>
          ${byline ? `<text x="${MARGIN_SIDE}" y="${H / 2 + 64}" font-family="${FONT}" font-size="28" fill="${MUTED}">${byline}</text>` : ""}
        </svg>`,
      ),
      left: 0,
      top: 0,
    });
  }
  return sharp({ create: { width: W, height: H, channels: 3, background: GROUND } })
    .composite(layers)
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
}

const inFlight = new Map<string, Promise<Buffer>>();

/** A card from storage, or made once (even under concurrent requests) and stored under a content-hashed key. */
async function cachedCard(
  sourceHash: string | undefined,
  caption: OgCaption,
): Promise<{ bytes: Buffer; etag: string }> {
  const digest = createHash("sha256")
    .update(JSON.stringify([OG_LAYOUT_VERSION, sourceHash ?? "", caption.title, caption.byline ?? ""]))
    .digest("hex")
    .slice(0, 32);
  const key = `og/${digest}.jpg`;
  const { storage } = services();
  const stored = await storage.get(key);
  if (stored) return { bytes: await readAll(stored.body), etag: digest };
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      const source = sourceHash ? await readOriginal(sourceHash) : undefined;
      const bytes = await composeOgImage(source, caption);
      await storage.put(key, bytes);
      return bytes;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return { bytes: await pending, etag: digest };
}

export interface OgImage {
  bytes: Buffer;
  /** Changes whenever the image does (an HTTP ETag). */
  etag: string;
}

/** An artwork's card, and the version its URL must carry to be cached forever; undefined for an unknown work. */
export async function artworkOgImage(id: string): Promise<(OgImage & { version: string }) | undefined> {
  const [artwork, settings] = await Promise.all([getArtwork(id), getSettings()]);
  if (!artwork) return undefined;
  const imageHash = artwork.image?.hash;
  const card = await cachedCard(imageHash, { title: artwork.title, byline: settings.artistName });
  return { ...card, version: ogArtworkVersion({ imageHash, title: artwork.title, artistName: settings.artistName }) };
}

const isHash = (value: string | undefined): value is string =>
  typeof value === "string" && /^[0-9a-f]{24}$/.test(value);

async function heroImageHash(): Promise<string | undefined> {
  const hero = (await listVisibleSections()).find((s) => s.sectionType === "hero");
  const parsed = hero ? HeroContent.safeParse(hero.content) : undefined;
  const image = parsed?.success ? parsed.data.backgroundImage : undefined;
  return isHash(image) ? image : undefined;
}

async function featuredImageHash(filter: (availability: string) => boolean = () => true): Promise<string | undefined> {
  const featured = await listFeaturedArtworks();
  const pick =
    featured.find((a) => a.image && filter(a.availability)) ?? (await listArtworks({ limit: 12 })).find((a) => a.image);
  return pick?.image?.hash;
}

/** The picture a page is shared with: the artist's choice, else one that suits the page, else the site's default. */
async function pageImageHash(key: PageKey, settings: Settings): Promise<string | undefined> {
  const own = settings.pages[key]?.image;
  if (isHash(own)) return own;
  if (key === "about") {
    const [photo] = await listArtistPhotos({ about: true });
    if (photo) return photo.image.hash;
  }
  if (key === "gallery") return featuredImageHash();
  if (key === "shop") return featuredImageHash((availability) => availability === "available");
  const fallback = settings.pages.default?.image;
  if (key !== "default" && isHash(fallback)) return fallback;
  return (await heroImageHash()) ?? (await featuredImageHash());
}

/** A journal post's card: its cover (else the site's picture) captioned with the post's title. */
export async function blogPostOgImage(slug: string): Promise<OgImage | undefined> {
  const [post, settings] = await Promise.all([getPublicPost(slug), getSettings()]);
  if (!post) return undefined;
  const sourceHash = post.cover?.hash ?? (await pageImageHash("default", settings));
  return cachedCard(sourceHash, { title: post.title, byline: settings.artistName });
}

/** A page's default sharing card (spec §2: home, gallery, about, contact, commissions, shop, default). */
export async function pageOgImage(key: PageKey): Promise<OgImage> {
  const settings = await getSettings();
  const sourceHash = await pageImageHash(key, settings);
  return cachedCard(sourceHash, { title: settings.siteTitle, byline: settings.tagline || settings.artistName });
}
