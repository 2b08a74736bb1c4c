// The cart drawer (a Radix dialog from the side): the works with quantities, re-checked on the server each time
// it opens (price changes and works sold meanwhile are said plainly), subtotal, clear and checkout.
// Loaded on first use, so its code is not part of every page.
import { Minus, Plus, X } from "./icons";
import { Dialog } from "radix-ui";
import { Link } from "react-router";
import { itemCount, type CartItem } from "~/lib/cart";
import { formatPrice } from "~/lib/money";
import { paths } from "~/lib/paths";
import { buttonClass } from "~/components/ui/button";
import { useCart } from "./cart-provider";
import { LineNotice, LineThumbnail } from "./cart-line-parts";
import { useCartCheck } from "./use-cart-check";

export default function CartDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const cart = useCart();
  const check = useCartCheck(open);
  const buyable = cart.items.filter((i) => !check.unavailable.has(i.artwork_id));
  const subtotal = buyable.reduce((sum, i) => sum + i.price * i.quantity, 0);
  const changes = new Map(check.priceChanges.map((c) => [c.artwork_id, c.from]));
  const count = itemCount(cart.items);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="bg-ink/40 animate-fade-in fixed inset-0 z-[60]" />
        <Dialog.Content className="bg-paper animate-drawer-in fixed inset-y-0 right-0 z-[61] flex w-full max-w-md flex-col shadow-2xl outline-none">
          <div className="border-line flex items-center justify-between border-b px-6 py-5">
            <Dialog.Title className="font-serif text-2xl">Your cart</Dialog.Title>
            <Dialog.Close
              aria-label="Close cart"
              className="hover:bg-paper-deep -mr-2 inline-flex size-10 items-center justify-center rounded-full"
            >
              <X aria-hidden="true" className="size-5" strokeWidth={1.5} />
            </Dialog.Close>
          </div>
          {cart.items.length === 0 ? (
            <div className="flex flex-1 flex-col items-start gap-6 px-6 py-10">
              {/* The visible sentence describes the dialog: said once, read once. */}
              <Dialog.Description className="text-lg">Your cart is empty.</Dialog.Description>
              <Link to={paths.shop()} onClick={() => onOpenChange(false)} className={buttonClass("primary")}>
                Browse the shop
              </Link>
            </div>
          ) : (
            <>
              <Dialog.Description className="sr-only">
                {`${count} ${count === 1 ? "work" : "works"} in your cart.`}
              </Dialog.Description>
              {check.unchecked ? (
                <p role="status" className="text-ink-soft border-line border-b px-6 py-4 text-sm">
                  {check.unchecked}
                </p>
              ) : null}
              <ul className="divide-line flex-1 divide-y overflow-y-auto px-6" aria-busy={!check.checked}>
                {cart.items.map((item) => (
                  <CartLine
                    key={item.artwork_id}
                    item={item}
                    unavailable={check.unavailable.has(item.artwork_id)}
                    previousPrice={changes.get(item.artwork_id)}
                    onNavigate={() => onOpenChange(false)}
                  />
                ))}
              </ul>
              <div className="border-line space-y-4 border-t px-6 py-6">
                <div className="flex items-baseline justify-between">
                  <span className="text-ink-soft">Subtotal</span>
                  <span className="font-serif text-2xl" data-testid="cart-subtotal">
                    {formatPrice(subtotal, buyable[0]?.currency ?? "USD")}
                  </span>
                </div>
                <p className="text-muted text-xs">
                  Shipping and tax are added at checkout. Works are reserved for you when you place the order.
                </p>
                {buyable.length > 0 ? (
                  <Link
                    to={paths.checkout()}
                    onClick={() => onOpenChange(false)}
                    className={`${buttonClass("primary")} w-full`}
                  >
                    Checkout
                  </Link>
                ) : (
                  <p className="text-sm">Nothing in your cart can be bought at the moment.</p>
                )}
                <button
                  type="button"
                  onClick={cart.clear}
                  className="text-muted hover:text-ink w-full text-center text-sm underline-offset-4 hover:underline"
                >
                  Clear cart
                </button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CartLine({
  item,
  unavailable,
  previousPrice,
  onNavigate,
}: {
  item: CartItem;
  unavailable: boolean;
  previousPrice: number | undefined;
  onNavigate: () => void;
}) {
  const cart = useCart();
  const stepper =
    "inline-flex size-8 items-center justify-center rounded-full border border-line hover:border-ink disabled:opacity-40 disabled:hover:border-line";
  return (
    <li className="flex gap-4 py-5">
      <LineThumbnail image={item.image} unavailable={unavailable} frame="bg-paper-deep" />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <Link
            to={paths.artwork(item.artwork_id)}
            onClick={onNavigate}
            className={`font-serif leading-snug hover:underline hover:underline-offset-4 ${unavailable ? "text-muted line-through" : ""}`}
          >
            {item.title}
          </Link>
          <span className="shrink-0 text-sm">
            {unavailable ? "" : formatPrice(item.price * item.quantity, item.currency)}
          </span>
        </div>
        <p className="text-muted mt-0.5 text-xs">{[item.medium, item.size].filter(Boolean).join(" · ")}</p>
        <LineNotice
          unavailable={unavailable}
          previousPriceCents={previousPrice}
          priceCents={item.price}
          currency={item.currency}
          className="mt-2 text-sm"
        />
        <div className="mt-3 flex items-center gap-3">
          {unavailable ? null : (
            <div className="flex items-center gap-2" role="group" aria-label={`Quantity of ${item.title}`}>
              <button
                type="button"
                className={stepper}
                aria-label={`Decrease quantity of ${item.title}`}
                onClick={() => cart.setQuantity(item.artwork_id, item.quantity - 1)}
              >
                <Minus aria-hidden="true" className="size-3.5" />
              </button>
              <span className="min-w-6 text-center text-sm" aria-live="polite">
                {item.quantity}
              </span>
              <button
                type="button"
                className={stepper}
                aria-label={`Increase quantity of ${item.title}`}
                disabled={item.quantity >= item.stock}
                title={
                  item.quantity >= item.stock
                    ? item.stock === 1
                      ? "An original: there is only one."
                      : "No more in stock."
                    : undefined
                }
                onClick={() => cart.setQuantity(item.artwork_id, item.quantity + 1)}
              >
                <Plus aria-hidden="true" className="size-3.5" />
              </button>
            </div>
          )}
          <button
            type="button"
            onClick={() => cart.remove(item.artwork_id)}
            aria-label={`Remove ${item.title}`}
            className="text-muted hover:text-ink ml-auto text-sm underline-offset-4 hover:underline"
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
