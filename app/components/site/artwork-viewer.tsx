// The artwork page's picture: pressed, it opens the work full screen in the lightbox (zoom, download, share and
// Add to Cart, as from the gallery).
import { useMemo } from "react";
import { useAddToCart } from "./add-to-cart-button";
import { toLightboxImage, type GalleryArtwork } from "./gallery-grid";
import { LightboxProvider, useLightbox } from "./lightbox/lightbox-provider";
import { WorkImage } from "./responsive-image";
import type { ImageAsset } from "~/lib/media";

type ShownArtwork = GalleryArtwork & { image: ImageAsset; quantity?: number };

export function ArtworkViewer({ artwork }: { artwork: ShownArtwork }) {
  const addToCart = useAddToCart();
  return (
    <LightboxProvider onAddToCart={() => addToCart(artwork)}>
      <Opener artwork={artwork} />
    </LightboxProvider>
  );
}

function Opener({ artwork }: { artwork: ShownArtwork }) {
  const lightbox = useLightbox();
  const images = useMemo(() => [toLightboxImage(artwork, artwork.image)], [artwork]);
  return (
    <button
      type="button"
      aria-label={`${artwork.title}: view full screen`}
      aria-haspopup="dialog"
      onClick={(event) => lightbox.open(images, 0, event.currentTarget)}
      onPointerEnter={lightbox.preload}
      onFocus={lightbox.preload}
      className="flex w-full cursor-zoom-in justify-center"
    >
      <WorkImage image={artwork.image} alt={`${artwork.title}, ${artwork.medium}`} maxHeight="78dvh" />
    </button>
  );
}
