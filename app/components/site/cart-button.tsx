import { ShoppingBag } from "./icons";
import { lazy, Suspense, useEffect } from "react";
import { itemCount } from "~/lib/cart";
import { useCart } from "./cart-provider";
import { CART_TOAST, dismissToast } from "./toast-host";
import { useLazyDialog } from "./use-lazy-dialog";

const loadDrawer = () => import("./cart-drawer");
const CartDrawer = lazy(loadDrawer);

/**
 * The header's cart button with its count badge. The server and hydration render no badge (the cart lives in
 * the browser), so the count appears right after, without a mismatch. Opens the drawer, loaded on first use.
 */
export function CartButton() {
  const { items } = useCart();
  const count = itemCount(items);
  const { open, setOpen, wanted, trigger } = useLazyDialog(loadDrawer);
  // "… is in your cart" lay over the drawer's first line on a phone; the open cart shows it anyway.
  useEffect(() => {
    if (open) dismissToast(CART_TOAST);
  }, [open]);
  return (
    <>
      <button
        type="button"
        {...trigger}
        aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart"}
        className="hover:bg-paper-deep relative -mr-2 inline-flex size-11 items-center justify-center rounded-full"
      >
        <ShoppingBag aria-hidden="true" className="size-5" strokeWidth={1.5} />
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-testid="cart-count"
            className="bg-accent text-paper absolute top-1 right-0.5 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full px-1 text-[0.65rem] leading-none font-medium"
          >
            {count > 9 ? "9+" : count}
          </span>
        ) : null}
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <CartDrawer open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
