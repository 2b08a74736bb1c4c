// The gallery's grid of works. Clicking an image opens it full screen in the lightbox (at that work, with the
// gallery's other works either side: this page's at once, the other pages' once read); the title links to the
// work's page.
import { useMemo, useState } from "react";
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

/** The gallery's other works, read once per set of filters when the lightbox first opens. */
function otherWorks() {
  const known = new Map<string, GalleryArtwork>();
  let read: { href: string; images: Promise<LightboxImage[] | undefined> } | undefined;
  return {
    find: (id: string) => known.get(id),
    /** The filters whose works were asked for last. */
    current: () => read?.href,
    /** Every work the filters find, as the viewer's images; undefined when the read failed. */
    images(href: string) {
      if (read?.href !== href)
        read = {
          href,
          images: fetch(href)
            .then((response) => (response.ok ? (response.json() as Promise<{ artworks: GalleryArtwork[] }>) : null))
            .then((body) => {
              if (!body) throw new Error("not read");
              for (const artwork of body.artworks) known.set(artwork.id, artwork);
              return lightboxImages(body.artworks);
            })
            .catch(() => {
              // Tried again at the next open.
              read = undefined;
              return undefined;
            }),
        };
      return read.images;
    },
  };
}

/**
 * The grid and its lightbox. With `allWorksHref` (the gallery has more works than this page), the lightbox, once
 * open, reads every work the filters find and steps through them all; its Add to Cart buys any of them.
 */
export function GalleryGrid({
  artworks,
  allWorksHref,
  onAddToCart,
}: {
  artworks: GalleryArtwork[];
  allWorksHref?: string;
  onAddToCart?: (artwork: GalleryArtwork) => void;
}) {
  const [others] = useState(otherWorks);
  const addToCart = useMemo<AddToCartHandler | undefined>(
    () =>
      onAddToCart &&
      ((image) => {
        const artwork = artworks.find((a) => a.id === image.id) ?? others.find(image.id);
        if (artwork) onAddToCart(artwork);
      }),
    [artworks, others, onAddToCart],
  );
  return (
    <LightboxProvider onAddToCart={addToCart}>
      <Works artworks={artworks} allWorksHref={allWorksHref} others={others} />
    </LightboxProvider>
  );
}

function lightboxImages(artworks: GalleryArtwork[]): LightboxImage[] {
  return artworks.flatMap((artwork) => (artwork.image ? [toLightboxImage(artwork, artwork.image)] : []));
}

function Works({
  artworks,
  allWorksHref,
  others,
}: {
  artworks: GalleryArtwork[];
  allWorksHref?: string;
  others: ReturnType<typeof otherWorks>;
}) {
  const lightbox = useLightbox();
  const images = useMemo(() => lightboxImages(artworks), [artworks]);
  return (
    <ArtworkGrid works={artworks}>
      {(artwork, i) => (
        <ArtworkCard
          artwork={artwork}
          // Only the first image is surely above the fold (a phone shows one column); the rest of the first
          // row loads lazily as soon as layout finds it on screen, without competing with the page's first paint.
          priority={i === 0}
          onOpenImage={(opener) => {
            lightbox.open(
              images,
              images.findIndex((image) => image.id === artwork.id),
              opener,
            );
            // A failed read leaves the viewer on this page's works.
            if (allWorksHref)
              void others.images(allWorksHref).then((all) => {
                // A read for filters since left is not this viewer's list.
                if (all && others.current() === allWorksHref) lightbox.extend(all);
              });
          }}
          onImageIntent={lightbox.preload}
        />
      )}
    </ArtworkGrid>
  );
}
