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

/**
 * A work's main picture in the seven-column frame of its page (artwork, certificate): loaded first, fitted
 * within the column and `maxHeight` of the screen. The explicit width and ratio reserve its box before it
 * loads: no layout shift.
 */
export function WorkImage({ image, alt, maxHeight }: { image: ImageAsset; alt: string; maxHeight: "70dvh" | "78dvh" }) {
  return (
    <ResponsiveImage
      image={image}
      alt={alt}
      // On a phone the column is the screen less the page's and the frame's padding (5.5rem).
      sizes="(min-width: 1280px) 640px, (min-width: 768px) 50vw, calc(100vw - 5.5rem)"
      priority
      fit="contain"
      className="h-auto max-w-full shadow-[0_18px_40px_-18px_rgba(29,27,24,0.5)]"
      style={{
        width: `min(100%, calc(${maxHeight} * ${image.width / image.height}))`,
        aspectRatio: `${image.width} / ${image.height}`,
      }}
    />
  );
}
