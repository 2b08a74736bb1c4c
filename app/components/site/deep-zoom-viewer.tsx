// The deep zoom viewer (decision 0021): a full-screen dialog on a dark surround with OpenSeadragon streaming
// the work's DZI tiles. Loaded on demand (its own chunk, with OpenSeadragon) by the artwork page's button and
// the lightbox. OpenSeadragon brings wheel, pinch, drag and keyboard zoom (+/−, 0, arrows, W A S D); Esc and
// the close button leave. While open, no key reaches the page or the lightbox behind it.
import OpenSeadragon from "openseadragon";
import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { tilesDescriptorUrl } from "~/lib/deep-zoom";
import { hideOthers } from "~/components/ui/hide-others";
import type { ImageAsset } from "~/lib/media";
import { Minus, Plus, X } from "./icons";

export interface DeepZoomViewerProps {
  image: ImageAsset;
  title: string;
  onClose: () => void;
  /** What takes focus back on close (the button that opened it; a clicked button is not focused in Safari). */
  opener?: HTMLElement | null;
  /** Rendered where it stands (inside the lightbox, whose focus trap then keeps it) instead of on the body. */
  inline?: boolean;
}

type LoadState = "loading" | "ready" | "failed";

const FOCUSABLE = 'button:not([disabled]), [tabindex]:not([tabindex="-1"])';
const control =
  "inline-flex size-10 shrink-0 items-center justify-center rounded-full text-[#efebe4]/75 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-[#efebe4]";
/** OpenSeadragon's own keys that change the picture rather than the view (rotate, flip): not for a painting. */
const REFUSED_KEYS = new Set(["r", "R", "f", "F"]);

export default function DeepZoomViewer({ image, title, onClose, opener, inline = false }: DeepZoomViewerProps) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const viewer = useRef<OpenSeadragon.Viewer | null>(null);
  const [state, setState] = useState<LoadState>("loading");
  const close = useEffectEvent(() => onClose());

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const osd = OpenSeadragon({
      element,
      tileSources: tilesDescriptorUrl(image.hash),
      // Plain 2D canvas: same-origin tiles, no WebGL context to lose on a phone.
      drawer: "canvas",
      // Our own minimal controls; OpenSeadragon's would fetch button images.
      showNavigationControl: false,
      showNavigator: false,
      animationTime: 0.7,
      blendTime: 0.15,
      // Up to two screen pixels per image pixel at the highest level: the brush marks, not the blur beyond.
      maxZoomPixelRatio: 2,
      minZoomImageRatio: 0.9,
      visibilityRatio: 0.6,
      constrainDuringPan: true,
      zoomPerScroll: 1.3,
      gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: true },
      gestureSettingsTouch: { pinchToZoom: true, flickEnabled: true, dblClickToZoom: true },
      preserveImageSizeOnResize: true,
    });
    viewer.current = osd;
    osd.addHandler("open", () => setState("ready"));
    osd.addHandler("open-failed", () => setState("failed"));
    osd.addHandler("canvas-key", (event) => {
      if (REFUSED_KEYS.has(event.originalEvent.key)) event.preventDefaultAction = true;
    });
    // The canvas takes the keyboard at once: + and − zoom, arrows move.
    const canvas = osd.canvas;
    canvas.setAttribute("role", "application");
    canvas.setAttribute("aria-roledescription", "zoomable image");
    canvas.setAttribute("aria-label", `${title}: + and − zoom, arrow keys move, 0 fits the whole work`);
    canvas.focus({ preventScroll: true });
    return () => {
      viewer.current = null;
      osd.destroy();
    };
  }, [image.hash, title]);

  // Esc closes; Tab stays inside; every other key stops here, so the lightbox behind does not act on it.
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      event.stopPropagation();
      if (event.key === "Escape") {
        event.preventDefault();
        close();
      } else if (event.key === "Tab") {
        const focusable = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
          (el) => el.getClientRects().length > 0,
        );
        const first = focusable[0];
        const last = focusable.at(-1);
        if (!first || !last) return;
        const active = document.activeElement;
        if (event.shiftKey && (active === first || !element.contains(active))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (active === last || !element.contains(active))) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    element.addEventListener("keydown", onKeyDown);
    return () => element.removeEventListener("keydown", onKeyDown);
  }, []);

  // The page behind (or the lightbox it was opened from) does not scroll while the surface is open, and is inert
  // and hidden from assistive technology; on close, focus goes back to what opened it, once that is in reach.
  const returnTo = useRef(opener);
  useLayoutEffect(() => {
    const focused = document.activeElement;
    const back = returnTo.current ?? (focused instanceof HTMLElement && focused !== document.body ? focused : null);
    const html = document.documentElement;
    const saved = html.style.overflow;
    html.style.overflow = "hidden";
    const showOthers = root.current ? hideOthers(root.current) : undefined;
    return () => {
      showOthers?.();
      html.style.overflow = saved;
      if (back?.isConnected) back.focus({ preventScroll: true });
    };
  }, []);

  const zoomBy = (factor: number) => {
    const osd = viewer.current;
    if (!osd) return;
    osd.viewport.zoomBy(factor);
    osd.viewport.applyConstraints();
  };

  const dialog = (
    <div
      ref={root}
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      data-state={state}
      className="fixed inset-0 z-[90] flex flex-col bg-[#0b0a09] text-[#efebe4] outline-none"
    >
      <header className="flex shrink-0 items-center gap-1 px-3 pt-[max(0.5rem,env(safe-area-inset-top))] pb-1 md:px-5 md:pt-4">
        <h2 id={`${id}-title`} className="mr-auto min-w-0 truncate pl-1 text-sm text-[#a8a095]">
          <span className="sr-only">Examine the surface: </span>
          {title}
        </h2>
        <button
          type="button"
          aria-label="Zoom out"
          title="Zoom out (−)"
          className={control}
          onClick={() => zoomBy(1 / 1.6)}
        >
          <Minus className="size-5" />
        </button>
        <button type="button" aria-label="Zoom in" title="Zoom in (+)" className={control} onClick={() => zoomBy(1.6)}>
          <Plus className="size-5" />
        </button>
        <span aria-hidden="true" className="mx-1 h-5 w-px bg-white/10 md:mx-2" />
        <button type="button" aria-label="Close" title="Close (Esc)" className={control} onClick={onClose}>
          <X className="size-6" />
        </button>
      </header>
      <div className="relative min-h-0 flex-1">
        <div ref={host} className="absolute inset-0" />
        {state !== "ready" ? (
          <p
            role="status"
            className="pointer-events-none absolute inset-0 flex items-center justify-center text-sm text-[#a8a095]"
          >
            {state === "loading" ? "Loading the surface…" : "The surface could not be loaded. Close and try again."}
          </p>
        ) : null}
      </div>
      <p className="hidden shrink-0 px-5 pb-4 text-center text-xs text-[#7d766c] md:block">
        Scroll or pinch to zoom · drag to move · + − 0 and arrow keys
      </p>
    </div>
  );
  return inline ? dialog : createPortal(dialog, document.body);
}
