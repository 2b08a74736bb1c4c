import type { ImageAsset } from "~/lib/media";

/** Spec §3 "Lightbox image": id, src, alt, title, description, price, available; plus what we render with. */
export interface LightboxImage {
  /** The artwork's id: share links and the cart use it. */
  id: string;
  /** A plain URL, used when there are no variants. */
  src: string;
  alt: string;
  title?: string;
  description?: string;
  /** Integer cents; null when the price is on request. */
  price: number | null;
  currency?: string;
  available: boolean;
  /** A sold work: the lightbox says so where Add to Cart would be. */
  sold?: boolean;
  /** The stored image's AVIF/WebP variants and placeholder. */
  asset?: ImageAsset | null;
  /** Medium, size and year, shown in the description box when known. */
  medium?: string;
  size?: string;
  year?: number | null;
}

/** The shop supplies this; without it the lightbox offers no Add to Cart. */
export type AddToCartHandler = (image: LightboxImage) => void;
