import { ImageOff } from "lucide-react";
import { variantUrl, type ImageAsset } from "~/lib/media";

/** A small square preview of a work: the smallest stored variant, lazy, over its blurred placeholder. */
export function Thumb({ image, size = 40 }: { image: ImageAsset | null; size?: number }) {
  if (!image) {
    return (
      <span
        className="bg-paper-deep text-muted inline-flex shrink-0 items-center justify-center rounded"
        style={{ width: size, height: size }}
      >
        <ImageOff aria-hidden className="size-4" />
      </span>
    );
  }
  const width = image.widths[0] ?? image.width;
  return (
    <img
      src={variantUrl(image.hash, width, "webp")}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className="shrink-0 rounded object-cover"
      style={{ width: size, height: size, backgroundImage: `url(${image.placeholder})`, backgroundSize: "cover" }}
    />
  );
}
