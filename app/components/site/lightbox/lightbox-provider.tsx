// The lightbox's state (spec §4: open with images and index; closing clears all) and the hook that opens it.
// The viewer itself is a separate chunk, fetched on first use (or on hover/focus of an image).
import { createContext, lazy, Suspense, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { AddToCartHandler, LightboxImage } from "./types";

const loadLightbox = () => import("./lightbox");
const Lightbox = lazy(loadLightbox);

export interface LightboxControls {
  /** Opens the viewer on `images[index]`; focus returns to `opener` (default: the focused element) on close. */
  open: (images: LightboxImage[], index: number, opener?: HTMLElement | null) => void;
  /**
   * Swaps the open viewer's images for a longer list holding the one shown (the gallery's other pages, once
   * read): the same work stays on screen, at its place in the new list. Nothing happens when it is closed.
   */
  extend: (images: LightboxImage[]) => void;
  close: () => void;
  /** Starts fetching the viewer's code, so the first open is instant. */
  preload: () => void;
}

interface OpenState {
  images: LightboxImage[];
  index: number;
}

const LightboxContext = createContext<LightboxControls | null>(null);

export function LightboxProvider({ children, onAddToCart }: { children: ReactNode; onAddToCart?: AddToCartHandler }) {
  const [state, setState] = useState<OpenState | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  // Stable for the provider's lifetime: opening re-renders the viewer, never the consumers.
  const controls = useMemo<LightboxControls>(
    () => ({
      open(images, index, openedFrom) {
        if (images.length === 0) return;
        opener.current = openedFrom ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
        setState({ images, index: Math.min(images.length - 1, Math.max(0, index)) });
      },
      extend(images) {
        setState((current) => {
          if (!current) return current;
          const index = images.findIndex((image) => image.id === current.images[current.index]?.id);
          return index === -1 ? current : { images, index };
        });
      },
      close() {
        setState(null);
      },
      preload() {
        void loadLightbox();
      },
    }),
    [],
  );

  // After the viewer has unmounted, focus goes back to what opened it. Only on closing: a press made before
  // the page was interactive is replayed as it hydrates, and can open the viewer before this provider's first
  // effect has run; that first run (nothing was shown yet) must leave the opener for the close.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (state !== null) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected) element.focus();
  }, [state]);

  return (
    <LightboxContext value={controls}>
      {children}
      {state ? (
        <Suspense fallback={<div aria-hidden="true" className="fixed inset-0 z-[80] bg-[#0f0e0d]" />}>
          <Lightbox
            images={state.images}
            index={state.index}
            onIndexChange={(index) => setState((current) => (current ? { ...current, index } : current))}
            onClose={controls.close}
            onAddToCart={onAddToCart}
          />
        </Suspense>
      ) : null}
    </LightboxContext>
  );
}

export function useLightbox(): LightboxControls {
  const controls = useContext(LightboxContext);
  if (!controls) throw new Error("useLightbox must be used within LightboxProvider");
  return controls;
}
