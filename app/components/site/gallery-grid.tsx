// The gallery's grid of works. Clicking an image opens it full screen in the lightbox (at that work,
// with the page's other works either side); the title links to the work's page.
import { useMemo } from "react";
import { ArtworkCard, type ArtworkCardData } from "./artwork-card";
import { ArtworkGrid } from "./artwork-grid";
import { LightboxProvider, useLightbox } from "./lightbox/lightbox-provider";
import type { AddToCartHandler, LightboxImage } from "./lightbox/types";
import { bestWidth, variantUrl, type ImageAsset } from "~/lib/media";

export interface GalleryArtwork extends ArtworkCardData {
  /** Shown in the lightbox's description box when the listing carries it. */
  description?: string;
}

export function toLightboxImage(artwork: GalleryArtwork, image: ImageAsset): LightboxImage {
  return {
    id: artwork.id,
    src: variantUrl(image.hash, bestWidth(image, 1280), "webp"),
    alt: `${artwork.title}, ${artwork.medium}`,
    title: artwork.title,
    description: artwork.description,
    price: artwork.priceCents,
    currency: artwork.currency,
    available: artwork.availability === "available",
    sold: artwork.availability === "sold",
    asset: image,
    medium: artwork.medium,
    size: artwork.size,
    year: artwork.year,
  };
}

export function GalleryGrid({ artworks, onAddToCart }: { artworks: GalleryArtwork[]; onAddToCart?: AddToCartHandler }) {
  return (
    <LightboxProvider onAddToCart={onAddToCart}>
      <Works artworks={artworks} />
    </LightboxProvider>
  );
}

function Works({ artworks }: { artworks: GalleryArtwork[] }) {
  const lightbox = useLightbox();
  const images = useMemo(
    () => artworks.flatMap((artwork) => (artwork.image ? [toLightboxImage(artwork, artwork.image)] : [])),
    [artworks],
  );
  return (
    <ArtworkGrid works={artworks}>
      {(artwork, i) => (
        <ArtworkCard
          artwork={artwork}
          // Only the first image is surely above the fold (a phone shows one column); the rest of the first
          // row loads lazily as soon as layout finds it on screen, without competing with the page's first paint.
          priority={i === 0}
          onOpenImage={(opener) =>
            lightbox.open(
              images,
              images.findIndex((image) => image.id === artwork.id),
              opener,
            )
          }
          onImageIntent={lightbox.preload}
        />
      )}
    </ArtworkGrid>
  );
}
