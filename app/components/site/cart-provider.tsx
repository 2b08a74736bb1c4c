import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import {
  addItem,
  CART_STORAGE_KEY,
  clearCart,
  parseStoredCart,
  removeItem,
  setQuantity,
  syncCart,
  type Cart,
  type CartCheckLine,
  type CartItem,
  type PriceChange,
} from "~/lib/cart";

// The cart lives in local storage (key "cart"); this store keeps one parsed copy and tells subscribers.
const EMPTY: Cart = [];
let current: Cart | undefined;
const listeners = new Set<() => void>();

function read(): Cart {
  current ??= parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
  return current;
}

function write(next: Cart) {
  current = next;
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled (private mode): the cart still works for this page view.
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the cart.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== CART_STORAGE_KEY) return;
    current = parseStoredCart(e.newValue);
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

// Price changes found by the server's re-check, until the work leaves the cart: the cart itself already holds
// the new price, so this is the only place that remembers the old one.
const NO_NOTICES: readonly PriceChange[] = [];
let notices: readonly PriceChange[] = NO_NOTICES;
const readNotices = () => notices;
const serverNotices = () => NO_NOTICES;

function noteChanges(cart: Cart, changes: readonly PriceChange[]) {
  const kept = notices.filter(
    (n) => cart.some((i) => i.artwork_id === n.artwork_id) && !changes.some((c) => c.artwork_id === n.artwork_id),
  );
  const next = [...kept, ...changes];
  if (next.length !== notices.length || changes.length > 0) notices = next;
}

const noSubscription = () => () => undefined;
const isClient = () => true;
const isServer = () => false;

export interface CartApi {
  items: Cart;
  /** False while the server's (empty) cart is shown, before the stored one is read. */
  hydrated: boolean;
  /** Prices the server's re-check found changed (the cart holds the new ones), while those works are in it. */
  priceChanges: readonly PriceChange[];
  add: (item: Omit<CartItem, "quantity">, quantity?: number) => void;
  remove: (artworkId: string) => void;
  setQuantity: (artworkId: string, quantity: number) => void;
  clear: () => void;
  /** Updates prices and stock from the server's answer. */
  sync: (lines: readonly CartCheckLine[]) => void;
}

const CartContext = createContext<CartApi | null>(null);

// The changes read the store itself, so they never change identity (safe in effect dependencies).
const actions: Omit<CartApi, "items" | "hydrated" | "priceChanges"> = {
  add: (item, quantity) => write(addItem(read(), item, quantity)),
  remove: (id) => write(removeItem(read(), id)),
  setQuantity: (id, quantity) => write(setQuantity(read(), id, quantity)),
  clear: () => write(clearCart()),
  sync: (lines) => {
    const result = syncCart(read(), lines);
    noteChanges(result.cart, result.priceChanges);
    if (result.changed) write(result.cart);
  },
};

export function CartProvider({ children }: { children: ReactNode }) {
  // The server (and hydration) render an empty cart; the stored one appears right after, without a mismatch.
  const items = useSyncExternalStore(subscribe, read, () => EMPTY);
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  const priceChanges = useSyncExternalStore(subscribe, readNotices, serverNotices);
  const api = useMemo<CartApi>(
    () => ({
      items,
      hydrated,
      priceChanges: priceChanges.filter((c) => items.some((i) => i.artwork_id === c.artwork_id)),
      ...actions,
    }),
    [items, hydrated, priceChanges],
  );
  return <CartContext.Provider value={api}>{children}</CartContext.Provider>;
}

export function useCart(): CartApi {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("useCart must be used within CartProvider");
  return cart;
}
