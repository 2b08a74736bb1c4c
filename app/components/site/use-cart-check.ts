import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { CartCheckLine, PriceChange } from "~/lib/cart";
import { paths } from "~/lib/paths";
import { useCart } from "./cart-provider";

export interface CartCheck {
  /** The server has answered for the cart's current works. */
  checked: boolean;
  /** Ids of works in the cart that can no longer be bought (sold, reserved or removed meanwhile). */
  unavailable: ReadonlySet<string>;
  /** Prices that changed since the works were added (the cart now holds the new ones). */
  priceChanges: readonly PriceChange[];
}

/**
 * Re-checks the cart on the server whenever it is shown or its works change, and brings the stored cart up
 * to date (prices, stock). `active` false (a closed drawer) checks nothing.
 */
export function useCartCheck(active = true): CartCheck {
  const { items, priceChanges, sync } = useCart();
  const { load, data, state } = useFetcher<{ lines: CartCheckLine[] }>();
  const ids = [...new Set(items.map((i) => i.artwork_id))].sort().join(",");

  useEffect(() => {
    if (active && ids) void load(paths.cartCheck(ids.split(",")));
  }, [active, ids, load]);

  // The answer updates the stored cart (an external store): prices, titles, stock.
  useEffect(() => {
    if (data) sync(data.lines);
  }, [data, sync]);

  const unavailable = new Set<string>();
  if (data) {
    const lines = new Map(data.lines.map((l) => [l.id, l]));
    for (const item of items) if (!lines.get(item.artwork_id)?.buyable) unavailable.add(item.artwork_id);
  }
  const answered = data ? new Set(data.lines.map((l) => l.id)) : undefined;
  return {
    checked: ids === "" || (state === "idle" && data !== undefined),
    // Only for works the answer covers: a work just added is not "unavailable" before its own check.
    unavailable: answered
      ? new Set([...unavailable].filter((id) => answered.has(id) || state === "idle"))
      : unavailable,
    priceChanges,
  };
}
