import { Link } from "react-router";
import type { ArtworkSummary } from "~/lib/artwork";
import { scaledSizes, type ImageAsset } from "~/lib/media";
import { formatPrice } from "~/lib/money";
import { paths } from "~/lib/paths";
import { ResponsiveImage } from "./responsive-image";

export interface ArtworkCardData extends ArtworkSummary {
  image: ImageAsset | null;
}

export function AvailabilityBadge({ availability }: { availability: string }) {
  const sold = availability === "sold";
  return (
    <span
      className={`inline-flex items-center gap-1.5 text-[0.68rem] font-medium tracking-[0.14em] uppercase ${sold ? "text-sold" : "text-available"}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${sold ? "bg-sold" : "bg-available"}`} />
      {sold
        ? "Sold"
        : availability === "available"
          ? "Available"
          : availability === "reserved"
            ? "Reserved"
            : availability === "on_hold"
              ? "On hold"
              : "Not for sale"}
    </span>
  );
}

interface ArtworkCardProps {
  artwork: ArtworkCardData;
  priority?: boolean;
  /** When given, the image is a button that opens the work full screen (the title still links to its page). */
  onOpenImage?: (opener: HTMLButtonElement) => void;
  /** Pointer or focus on that button: a hint that it may be opened soon. */
  onImageIntent?: () => void;
}

/**
 * The frame is 4:5 with 9 % padding on every side, so its inner box is 82 by 107 (units of its width). An
 * image at least that wide for its height fills the width, a taller one the height; its box is then known
 * before it loads (auto sizes would wait for the file and shift it into place).
 */
const FRAME_INNER_RATIO = 0.82 / 1.07;
const fillsWidth = (image: { width: number; height: number }) => image.width / image.height >= FRAME_INNER_RATIO;

/** How wide the card is at each viewport width. */
const CARD_SIZES = "(min-width: 1280px) 330px, (min-width: 768px) 28vw, (min-width: 480px) 42vw, 84vw";
/** The picture's width as a share of the card's: 82 % when it fills the width, less when it fits the height. */
const shareOfCard = (image: { width: number; height: number }) =>
  fillsWidth(image) ? 0.82 : (1.07 * image.width) / image.height;

/** A work in a grid: its image at its own proportions, then title, facts and price. */
export function ArtworkCard({ artwork, priority = false, onOpenImage, onImageIntent }: ArtworkCardProps) {
  const facts = [artwork.medium, artwork.size, artwork.year].filter(Boolean).join(" · ");
  const frame = "bg-paper-deep flex aspect-[4/5] w-full items-center justify-center p-[9%]";
  const picture = artwork.image ? (
    <ResponsiveImage
      image={artwork.image}
      alt={`${artwork.title}, ${artwork.medium}`}
      sizes={scaledSizes(CARD_SIZES, shareOfCard(artwork.image))}
      priority={priority}
      fit="contain"
      className={`${fillsWidth(artwork.image) ? "h-auto w-full" : "h-full w-auto"} shadow-[0_10px_30px_-12px_rgba(29,27,24,0.45)] transition-transform duration-500 group-hover:scale-[1.015]`}
      style={{ aspectRatio: `${artwork.image.width} / ${artwork.image.height}` }}
    />
  ) : null;
  return (
    <article className="group">
      {onOpenImage && artwork.image ? (
        <button
          type="button"
          aria-label={`${artwork.title}: view full screen`}
          aria-haspopup="dialog"
          onClick={(event) => onOpenImage(event.currentTarget)}
          onPointerEnter={onImageIntent}
          onFocus={onImageIntent}
          className={`${frame} cursor-zoom-in`}
        >
          {picture}
        </button>
      ) : (
        <Link
          to={paths.artwork(artwork.id)}
          viewTransition
          prefetch="intent"
          aria-label={`${artwork.title}: view details`}
          className={frame}
        >
          {picture}
        </Link>
      )}
      <div className="mt-4 flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="font-serif text-lg leading-snug">
            <Link to={paths.artwork(artwork.id)} viewTransition className="hover:underline hover:underline-offset-4">
              {artwork.title}
            </Link>
          </h2>
          <p className="text-muted mt-1 text-sm">{facts}</p>
        </div>
        <div className="shrink-0 text-right">
          <p className="text-sm">
            {artwork.availability === "sold" ? "" : formatPrice(artwork.priceCents, artwork.currency)}
          </p>
          <AvailabilityBadge availability={artwork.availability} />
        </div>
      </div>
    </article>
  );
}
