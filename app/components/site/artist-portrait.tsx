import type { ImageAsset } from "~/lib/media";
import { ResponsiveImage } from "./responsive-image";

export interface PortraitData {
  image: ImageAsset;
  altText: string;
  caption: string | null;
}

/** Shown when there is no artist photo, or the photos could not be loaded (spec §8). */
export const DEFAULT_PORTRAIT = {
  src: "/images/default-portrait.svg",
  width: 800,
  height: 1000,
  alt: "Illustrated portrait of the artist in the studio",
};

/** An artist photo cropped to a 4:5 portrait frame, or the default portrait when there is none. */
export function ArtistPortrait({
  portrait,
  sizes,
  priority = false,
}: {
  portrait: PortraitData | null;
  sizes: string;
  priority?: boolean;
}) {
  return (
    <div className="bg-paper-deep relative aspect-[4/5] overflow-hidden [&_img]:absolute [&_img]:inset-0 [&_img]:h-full [&_img]:w-full">
      {portrait ? (
        <ResponsiveImage image={portrait.image} alt={portrait.altText} sizes={sizes} priority={priority} />
      ) : (
        <img
          src={DEFAULT_PORTRAIT.src}
          alt={DEFAULT_PORTRAIT.alt}
          width={DEFAULT_PORTRAIT.width}
          height={DEFAULT_PORTRAIT.height}
          loading={priority ? "eager" : "lazy"}
          className="object-cover"
        />
      )}
    </div>
  );
}
