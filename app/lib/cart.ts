// The cart (spec §3 cart item, §4 cart transitions), as pure functions over a list of items.
// Persisted in local storage under the key "cart" by the cart provider; prices are re-checked on the server.
import type { ArtworkSummary } from "./artwork";
import type { ImageAsset } from "./media";

export const CART_STORAGE_KEY = "cart";

export interface CartItem {
  artwork_id: string;
  /** Integer cents, as shown when added; the server's price wins at checkout. */
  price: number;
  quantity: number;
  title: string;
  medium: string;
  size: string;
  year: number | null;
  currency: string;
  /** How many can be bought: 1 for an original. */
  stock: number;
  image: ImageAsset | null;
}

export type Cart = readonly CartItem[];

/** Add: an item already in the cart gains one, never beyond its stock. */
export function addItem(cart: Cart, item: Omit<CartItem, "quantity">, quantity = 1): Cart {
  const existing = cart.find((i) => i.artwork_id === item.artwork_id);
  if (!existing) return [...cart, { ...item, quantity: Math.max(1, Math.min(quantity, item.stock)) }];
  return cart.map((i) =>
    i.artwork_id === item.artwork_id ? { ...i, ...item, quantity: Math.min(i.quantity + quantity, item.stock) } : i,
  );
}

export function removeItem(cart: Cart, artworkId: string): Cart {
  return cart.filter((i) => i.artwork_id !== artworkId);
}

/** Set quantity: zero or less removes the item; more than the stock is capped. */
export function setQuantity(cart: Cart, artworkId: string, quantity: number): Cart {
  if (quantity <= 0) return removeItem(cart, artworkId);
  return cart.map((i) =>
    i.artwork_id === artworkId ? { ...i, quantity: Math.min(Math.floor(quantity), i.stock) } : i,
  );
}

export function clearCart(): Cart {
  return [];
}

export const itemCount = (cart: Cart) => cart.reduce((n, i) => n + i.quantity, 0);
export const subtotal = (cart: Cart) => cart.reduce((sum, i) => sum + i.price * i.quantity, 0);

/** Reads a stored cart defensively: anything malformed is dropped rather than breaking the page. */
export function parseStoredCart(raw: string | null): Cart {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const items = value.filter(
      (i): i is CartItem =>
        typeof i === "object" &&
        i !== null &&
        typeof (i as CartItem).artwork_id === "string" &&
        Number.isInteger((i as CartItem).price) &&
        Number.isInteger((i as CartItem).quantity) &&
        (i as CartItem).quantity > 0,
    );
    // A work once, its first line kept (checkout refuses a cart that lists one twice).
    const seen = new Set<string>();
    return items.filter((i) => !seen.has(i.artwork_id) && seen.add(i.artwork_id));
  } catch {
    return [];
  }
}

/** What the cart says when the server cannot check it (an outage, no connection): the order is checked when placed. */
export const CART_UNCHECKED =
  "Your cart could not be checked just now: prices and availability are confirmed when you place the order.";

/** A cart's work as the server sees it now (GET /api/cart): the browser's copy is re-checked against it. */
export interface CartCheckLine extends ArtworkSummary {
  /** Pieces that can still be bought. */
  quantity: number;
  /** Available, priced and in stock. */
  buyable: boolean;
}

export interface PriceChange {
  artwork_id: string;
  title: string;
  from: number;
  to: number;
}

/**
 * Brings the stored cart up to date with the server: current price, title and stock (quantity capped at it).
 * Works that cannot be bought any more stay in the cart (shown as no longer available) until removed.
 */
export function syncCart(
  cart: Cart,
  lines: readonly CartCheckLine[],
): { cart: Cart; changed: boolean; unavailable: string[]; priceChanges: PriceChange[] } {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const unavailable: string[] = [];
  const priceChanges: PriceChange[] = [];
  let changed = false;
  const next = cart.map((item) => {
    const line = byId.get(item.artwork_id);
    if (!line?.buyable || line.priceCents === null) {
      unavailable.push(item.artwork_id);
      return item;
    }
    if (line.priceCents !== item.price)
      priceChanges.push({ artwork_id: item.artwork_id, title: line.title, from: item.price, to: line.priceCents });
    const updated: CartItem = {
      ...item,
      price: line.priceCents,
      title: line.title,
      currency: line.currency,
      stock: line.quantity,
      quantity: Math.min(item.quantity, line.quantity),
    };
    if (
      updated.price !== item.price ||
      updated.title !== item.title ||
      updated.stock !== item.stock ||
      updated.quantity !== item.quantity ||
      updated.currency !== item.currency
    ) {
      changed = true;
      return updated;
    }
    return item;
  });
  return { cart: changed ? next : cart, changed, unavailable, priceChanges };
}
