import { ShoppingBag } from "./icons";
import { useCallback } from "react";
import type { ArtworkSummary } from "~/lib/artwork";
import type { Cart } from "~/lib/cart";
import type { ImageAsset } from "~/lib/media";
import { formatPrice } from "~/lib/money";
import { useCart } from "./cart-provider";
import { CART_TOAST, notify } from "./toast-host";
import { isPurchasable } from "~/lib/availability";

export interface PurchasableArtwork extends ArtworkSummary {
  quantity?: number;
  image: ImageAsset | null;
}

const stockOf = (artwork: PurchasableArtwork) => Math.max(1, artwork.quantity ?? 1);

/** Every piece of the work is in the cart already. */
const allInCart = (items: Cart, artwork: PurchasableArtwork) =>
  (items.find((i) => i.artwork_id === artwork.id)?.quantity ?? 0) >= stockOf(artwork);

/**
 * Puts a work in the cart (at most its stock) and says so in a toast; a work whose every piece is in the cart
 * already stays as it is, and the toast says why (an original is one of a kind).
 */
export function useAddToCart() {
  const cart = useCart();
  return useCallback(
    (artwork: PurchasableArtwork) => {
      if (!isPurchasable(artwork)) return;
      if (allInCart(cart.items, artwork)) {
        const stock = stockOf(artwork);
        notify((t) =>
          t.info(
            stock === 1
              ? `“${artwork.title}” is already in your cart: it is one of a kind`
              : `All ${stock} of “${artwork.title}” are already in your cart`,
            { id: CART_TOAST },
          ),
        );
        return;
      }
      cart.add({
        artwork_id: artwork.id,
        price: artwork.priceCents!,
        title: artwork.title,
        medium: artwork.medium,
        size: artwork.size,
        year: artwork.year,
        currency: artwork.currency,
        stock: stockOf(artwork),
        image: artwork.image,
      });
      notify((t) => t.success(`“${artwork.title}” is in your cart`, { id: CART_TOAST }));
    },
    [cart],
  );
}

export function AddToCartButton({ artwork, className = "" }: { artwork: PurchasableArtwork; className?: string }) {
  const cart = useCart();
  const addToCart = useAddToCart();
  if (!isPurchasable(artwork)) return null;
  const full = allInCart(cart.items, artwork);
  return (
    <button
      type="button"
      disabled={full}
      onClick={() => addToCart(artwork)}
      className={`bg-ink text-paper inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 text-sm hover:opacity-90 disabled:cursor-default disabled:opacity-60 ${className}`}
    >
      <ShoppingBag aria-hidden="true" className="size-4" strokeWidth={1.75} />
      {full ? "In your cart" : `Add to Cart · ${formatPrice(artwork.priceCents, artwork.currency)}`}
    </button>
  );
}
