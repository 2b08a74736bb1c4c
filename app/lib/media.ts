// Public URLs of stored images: content-hashed, so they are cached forever.
export interface ImageAsset {
  hash: string;
  width: number;
  height: number;
  widths: number[];
  placeholder: string;
}

export type ImageFormat = "avif" | "webp";

export const variantUrl = (hash: string, width: number, format: ImageFormat) => `/media/${hash}/${width}.${format}`;

export function srcSet(asset: ImageAsset, format: ImageFormat): string {
  return asset.widths.map((w) => `${variantUrl(asset.hash, w, format)} ${w}w`).join(", ");
}

/** The variant closest to a wanted width (for og:image, thumbnails, fallbacks). */
export function bestWidth(asset: ImageAsset, wanted: number): number {
  return asset.widths.find((w) => w >= wanted) ?? asset.widths.at(-1) ?? asset.width;
}
