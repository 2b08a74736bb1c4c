import { useEffect, useState } from "react";
import { CART_UNCHECKED, type CartCheckLine, type PriceChange } from "~/lib/cart";
import { fetchWithRetry } from "~/lib/client-data";
import { paths } from "~/lib/paths";
import { useCart } from "./cart-provider";

export interface CartCheck {
  /** The server has answered for the cart's current works, or could not be asked: nothing more to wait for. */
  checked: boolean;
  /** The sentence to show when the server could not be asked (CART_UNCHECKED), else undefined. */
  unchecked: string | undefined;
  /** Ids of works in the cart that can no longer be bought (sold, reserved or removed meanwhile). */
  unavailable: ReadonlySet<string>;
  /** Prices that changed since the works were added (the cart now holds the new ones). */
  priceChanges: readonly PriceChange[];
}

/** The server's answer for a set of works (ids joined by commas); no lines when it could not be had. */
interface Answer {
  ids: string;
  lines?: readonly CartCheckLine[];
}

/** GET /api/cart's lines, or undefined when it cannot answer (503 in an outage, 429, no connection). */
async function checkedLines(ids: string, signal: AbortSignal): Promise<readonly CartCheckLine[] | undefined> {
  try {
    const response = await fetchWithRetry(paths.cartCheck(ids.split(",")), { signal });
    return response.ok ? ((await response.json()) as { lines: CartCheckLine[] }).lines : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Re-checks the cart on the server whenever it is shown or its works change, and brings the stored cart up
 * to date (prices, stock). `active` false (a closed drawer) checks nothing. A plain fetch, not a fetcher: a
 * fetcher's failed load would replace the page under the cart with the error page, and a check that cannot be
 * made must leave the cart as it is (the order is checked again when placed).
 */
export function useCartCheck(active = true): CartCheck {
  const { items, priceChanges, sync } = useCart();
  const [answer, setAnswer] = useState<Answer>();
  const ids = [...new Set(items.map((i) => i.artwork_id))].sort().join(",");

  useEffect(() => {
    if (!active || !ids) return;
    const controller = new AbortController();
    void checkedLines(ids, controller.signal).then((lines) => {
      if (!controller.signal.aborted) setAnswer({ ids, lines });
    });
    return () => controller.abort();
  }, [active, ids]);

  // The answer updates the stored cart (an external store): prices, titles, stock.
  const lines = answer?.lines;
  useEffect(() => {
    if (lines) sync(lines);
  }, [lines, sync]);

  const current = answer?.ids === ids;
  const unavailable = new Set<string>();
  if (lines) {
    const byId = new Map(lines.map((l) => [l.id, l]));
    for (const item of items) if (!byId.get(item.artwork_id)?.buyable) unavailable.add(item.artwork_id);
  }
  // Until the current works are answered, only the works an earlier answer covers: a work just added is not
  // "unavailable" before its own check.
  const answered = new Set(lines?.map((l) => l.id));
  return {
    checked: ids === "" || current,
    unchecked: current && !lines ? CART_UNCHECKED : undefined,
    unavailable: new Set([...unavailable].filter((id) => current || answered.has(id))),
    priceChanges,
  };
}
