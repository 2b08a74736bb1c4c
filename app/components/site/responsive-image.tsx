import { preload } from "react-dom";
import { srcSet, variantUrl, bestWidth, type ImageAsset } from "~/lib/media";

interface Props {
  image: ImageAsset;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  className?: string;
  /** Above the fold: load eagerly with high priority (the LCP image). */
  priority?: boolean;
  fit?: "cover" | "contain";
  /** Extra inline style, e.g. an explicit width that reserves the image's space before it loads. */
  style?: React.CSSProperties;
}

/**
 * A stored image as AVIF/WebP at the right width, with its intrinsic size reserved (no layout shift)
 * and its tiny placeholder painted until it arrives.
 */
export function ResponsiveImage({ image, alt, sizes, className = "", priority = false, fit = "cover", style }: Props) {
  // The LCP image is asked for from the <head>, ahead of the page's scripts, not once the parser reaches it
  // (React puts a high-priority image preload before the module preloads). AVIF, which the <picture> prefers;
  // a browser without it skips the hint.
  if (priority)
    preload(variantUrl(image.hash, bestWidth(image, 960), "avif"), {
      as: "image",
      type: "image/avif",
      imageSrcSet: srcSet(image, "avif", sizes),
      imageSizes: sizes,
      fetchPriority: "high",
    });
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={srcSet(image, "avif", sizes)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image, "webp", sizes)} sizes={sizes} />
      <img
        src={variantUrl(image.hash, bestWidth(image, 960), "webp")}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : "auto"}
        className={`${fit === "cover" ? "object-cover" : "object-contain"} ${className}`}
        style={{
          backgroundImage: `url(${image.placeholder})`,
          backgroundSize: "cover",
          backgroundPosition: "center",
          ...style,
        }}
      />
    </picture>
  );
}
