// Public URLs of stored images: content-hashed, so they are cached forever.
export interface ImageAsset {
  hash: string;
  width: number;
  height: number;
  widths: number[];
  placeholder: string;
  /** Deep zoom tiles are stored for it (decision 0021): pages offer "Examine the surface". */
  zoom?: boolean;
}

export type ImageFormat = "avif" | "webp";

export const variantUrl = (hash: string, width: number, format: ImageFormat) => `/media/${hash}/${width}.${format}`;

/** Screens denser than this get the 2x candidate: a sharper picture is not worth the bytes. */
const MAX_DENSITY = 2;

/**
 * The srcset of an asset; with `sizes`, only the candidates the layout can use (up to the widest slot it
 * describes at 2x), so the HTML does not list variants no browser would pick.
 */
export function srcSet(asset: ImageAsset, format: ImageFormat, sizes?: string): string {
  const slot = sizes ? widestSlot(sizes) : undefined;
  const cap = slot === undefined ? Infinity : slot * MAX_DENSITY;
  const firstEnough = asset.widths.findIndex((w) => w >= cap);
  const widths = firstEnough < 0 ? asset.widths : asset.widths.slice(0, firstEnough + 1);
  return widths.map((w) => `${variantUrl(asset.hash, w, format)} ${w}w`).join(", ");
}

/**
 * The widest an image is shown, in CSS pixels, read from a `sizes` attribute written as descending
 * `(min-width: …px)` conditions and a last default (a `vw` length is bounded by the next wider condition).
 * Undefined when some slot has no bound (a `vw` length with no wider condition) or cannot be read.
 */
export function widestSlot(sizes: string): number | undefined {
  let bound = Infinity;
  let widest = 0;
  for (const entry of sizes.split(",").map((e) => e.trim())) {
    const match = /^(?:\(min-width:\s*(\d+)px\)\s+)?(.+)$/.exec(entry);
    if (!match) return undefined;
    const [, minWidth, length] = match;
    const px = /^(\d+(?:\.\d+)?)px$/.exec(length!)?.[1];
    const vw = /^(\d+(?:\.\d+)?)vw$/.exec(length!)?.[1];
    let slot: number | undefined;
    if (px) slot = Number(px);
    else if (vw) slot = (Number(vw) / 100) * bound;
    else if (/^calc\(100vw\s*-\s*[\d.]+(px|rem)\)$/.test(length!)) slot = bound;
    if (slot === undefined || !Number.isFinite(slot)) return undefined;
    widest = Math.max(widest, slot);
    if (minWidth) bound = Number(minWidth);
    else break;
  }
  return widest > 0 ? Math.ceil(widest) : undefined;
}

/**
 * A `sizes` attribute for an image that takes only `share` of the slot the given one describes (a picture
 * inside a padded frame, or a tall one fitted to the frame's height): every length scaled, rounded up.
 */
export function scaledSizes(sizes: string, share: number): string {
  if (!(share > 0 && share < 1)) return sizes;
  return sizes
    .split(",")
    .map((entry) => {
      const [, condition = "", length = ""] = /^(\s*(?:\([^)]*\)\s+)?)(.*)$/.exec(entry) ?? [];
      const scaled = length.replace(
        /(\d+(?:\.\d+)?)(px|vw)\b/g,
        (_, n: string, unit: string) => `${Math.ceil(Number(n) * share)}${unit}`,
      );
      return condition + scaled;
    })
    .join(",");
}

/** The variant closest to a wanted width (for og:image, thumbnails, fallbacks). */
export function bestWidth(asset: ImageAsset, wanted: number): number {
  return asset.widths.find((w) => w >= wanted) ?? asset.widths.at(-1) ?? asset.width;
}
