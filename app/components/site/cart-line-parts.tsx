// The parts a cart line and an order summary line share: the work's thumbnail and the note when it can no
// longer be bought or its price changed since it went into the cart.
import type { ImageAsset } from "~/lib/media";
import { formatPrice } from "~/lib/money";
import { ResponsiveImage } from "./responsive-image";

/** The work's picture in an 80 px frame (`frame`: its background class), greyed when it is no longer available. */
export function LineThumbnail({
  image,
  unavailable,
  frame,
}: {
  image: ImageAsset | null | undefined;
  unavailable: boolean;
  frame: string;
}) {
  return (
    <div className={`${frame} flex size-20 shrink-0 items-center justify-center p-2`}>
      {image ? (
        <ResponsiveImage
          image={image}
          alt=""
          sizes="80px"
          fit="contain"
          className={`h-auto max-h-full w-auto max-w-full ${unavailable ? "opacity-40 grayscale" : ""}`}
        />
      ) : null}
    </div>
  );
}

/** Why a line changed since it went into the cart: sold or reserved meanwhile, or a new price. */
export function LineNotice({
  unavailable,
  previousPriceCents,
  priceCents,
  currency,
  className,
}: {
  unavailable: boolean;
  previousPriceCents: number | undefined;
  priceCents: number;
  currency: string;
  className: string;
}) {
  if (unavailable) {
    return <p className={`text-sold ${className}`}>No longer available: it was sold or reserved meanwhile.</p>;
  }
  if (previousPriceCents === undefined) return null;
  return (
    <p className={`text-accent ${className}`}>
      Price updated from {formatPrice(previousPriceCents, currency)} to {formatPrice(priceCents, currency)}.
    </p>
  );
}
