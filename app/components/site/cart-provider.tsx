import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import {
  addItem,
  CART_STORAGE_KEY,
  clearCart,
  parseStoredCart,
  removeItem,
  setQuantity,
  type Cart,
  type CartItem,
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

export interface CartApi {
  items: Cart;
  add(item: Omit<CartItem, "quantity">, quantity?: number): void;
  remove(artworkId: string): void;
  setQuantity(artworkId: string, quantity: number): void;
  clear(): void;
}

const CartContext = createContext<CartApi | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  // The server (and hydration) render an empty cart; the stored one appears right after, without a mismatch.
  const items = useSyncExternalStore(subscribe, read, () => EMPTY);
  const api = useMemo<CartApi>(
    () => ({
      items,
      add: (item, quantity) => write(addItem(read(), item, quantity)),
      remove: (id) => write(removeItem(read(), id)),
      setQuantity: (id, quantity) => write(setQuantity(read(), id, quantity)),
      clear: () => write(clearCart()),
    }),
    [items],
  );
  return <CartContext.Provider value={api}>{children}</CartContext.Provider>;
}

export function useCart(): CartApi {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("useCart must be used within CartProvider");
  return cart;
}
