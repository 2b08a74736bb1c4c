// The full-screen viewer (spec §2 Lightbox): a modal dialog over the page. Loaded lazily by LightboxProvider.
import { lazy, Suspense, useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import {
  ChevronLeft,
  ChevronRight,
  Download,
  GalleryHorizontalEnd,
  Keyboard,
  Maximize,
  Minimize,
  ScanSearch,
  Share2,
  X,
} from "lucide-react";
import { notify } from "../toast-host";
import { hideOthers } from "~/components/ui/hide-others";
import { variantUrl } from "~/lib/media";
import { paths } from "~/lib/paths";
import {
  clampPan,
  downloadName,
  imageTitle,
  keyAction,
  PAN_KEY_STEP,
  RESET_VIEW,
  wrapIndex,
  zoomAt,
  zoomIn,
  zoomOut,
  type LightboxAction,
  type View,
} from "./lightbox-logic";
import { AddToCart, DescriptionBox, HelpPanel, IconButton, Thumbnails, ZoomControls } from "./lightbox-parts";
import { Stage, type Geometry } from "./lightbox-stage";
import type { AddToCartHandler, LightboxImage } from "./types";

// Deep zoom (decision 0021): its viewer and OpenSeadragon load on the first press of "Examine the surface".
const DeepZoomViewer = lazy(() => import("../deep-zoom-viewer"));

export interface LightboxProps {
  images: LightboxImage[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  onAddToCart?: AddToCartHandler;
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The largest WebP variant, named after the work. */
function downloadFor(image: LightboxImage, index: number): { href: string; name: string } {
  const title = imageTitle(image, index);
  const asset = image.asset;
  if (!asset)
    return { href: image.src, name: downloadName(title, /\.(\w{3,4})(?:[?#]|$)/.exec(image.src)?.[1] ?? "jpg") };
  const largest = asset.widths.length > 0 ? Math.max(...asset.widths) : asset.width;
  return { href: variantUrl(asset.hash, largest, "webp"), name: downloadName(title, "webp") };
}

/** Saves the largest variant under the work's name: what the Download button and D do. */
function saveImage(image: LightboxImage, index: number) {
  const { href, name } = downloadFor(image, index);
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  link.click();
}

/** Spec §2: share the work's page; if sharing fails, copy its link instead. */
async function share(image: LightboxImage, index: number) {
  const url = new URL(paths.artwork(image.id), window.location.origin).href;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: imageTitle(image, index), url });
      return;
    } catch (error) {
      // The visitor closed the share sheet: nothing failed.
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    notify((t) => t.success("Link copied", { description: url }));
  } catch {
    notify((t) => t.error("Could not share or copy the link"));
  }
}

export default function Lightbox({ images, index, onIndexChange, onClose, onAddToCart }: LightboxProps) {
  const image = images[index] ?? images[0]!;
  const count = images.length;
  const id = useId();
  const titleId = `${id}-title`;
  const dialog = useRef<HTMLDivElement>(null);
  // The surface viewer is open while this holds the button that opened it (focus goes back there on close).
  const [zoomOpener, setZoomOpener] = useState<HTMLElement | null>(null);
  const deepZoom = zoomOpener !== null;
  const geometry = useRef<Geometry>({ base: { width: 0, height: 0 }, stage: { width: 0, height: 0 } });
  const [view, setView] = useState<View>(RESET_VIEW);
  const [thumbnails, setThumbnails] = useState(false);
  const [help, setHelp] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const canFullscreen = typeof document !== "undefined" && document.fullscreenEnabled;

  const show = (next: number) => {
    onIndexChange(wrapIndex(next, count));
    setView(RESET_VIEW);
  };
  const zoomBy = (step: (zoom: number) => number) =>
    setView((v) => zoomAt(v, step(v.zoom), geometry.current.base, geometry.current.stage));
  const pan = (dx: number, dy: number) =>
    setView((v) =>
      v.zoom > 1
        ? clampPan({ zoom: v.zoom, x: v.x + dx, y: v.y + dy }, geometry.current.base, geometry.current.stage)
        : v,
    );

  function toggleFullscreen() {
    const element = dialog.current;
    if (!element || !canFullscreen) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void element.requestFullscreen().catch(() => undefined);
  }

  function run(action: LightboxAction) {
    switch (action) {
      case "previous":
        return show(index - 1);
      case "next":
        return show(index + 1);
      case "zoom-in":
        return zoomBy(zoomIn);
      case "zoom-out":
        return zoomBy(zoomOut);
      case "zoom-reset":
        return setView(RESET_VIEW);
      case "pan-left":
        return pan(PAN_KEY_STEP, 0);
      case "pan-right":
        return pan(-PAN_KEY_STEP, 0);
      case "pan-up":
        return pan(0, PAN_KEY_STEP);
      case "pan-down":
        return pan(0, -PAN_KEY_STEP);
      case "fullscreen":
        return toggleFullscreen();
      case "thumbnails":
        return setThumbnails((on) => !on);
      case "share":
        return void share(image, index);
      case "download":
        return saveImage(image, index);
      case "help":
        return setHelp((on) => !on);
      case "close":
        // Esc first closes the help panel, then the viewer.
        return help ? setHelp(false) : onClose();
    }
  }

  /** Tab and Shift+Tab cycle through the dialog's controls and never leave it. */
  function trapTab(event: KeyboardEvent) {
    const root = dialog.current;
    if (!root) return;
    const focusable = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    const outside = !root.contains(active) || active === root;
    if (event.shiftKey && (active === first || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || (outside && active !== root))) {
      event.preventDefault();
      first.focus();
    }
  }

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    // The deep zoom viewer has the keyboard while it is open (its own keys, Esc closes it).
    if (deepZoom) return;
    if (event.key === "Tab") return trapTab(event);
    const action = keyAction(event);
    if (!action || event.defaultPrevented) return;
    // A held key repeats steps (zoom, next) but not toggles.
    if (event.repeat && ["fullscreen", "thumbnails", "share", "download", "help", "close"].includes(action)) return;
    event.preventDefault();
    run(action);
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  // Focus moves in on open and cannot wander out; the page behind does not scroll, and is inert and hidden from
  // assistive technology meanwhile.
  useLayoutEffect(() => {
    const root = dialog.current;
    if (!root) return;
    const showOthers = hideOthers(root);
    root.focus({ preventScroll: true });
    const keepFocus = (event: FocusEvent) => {
      if (event.target instanceof Node && !root.contains(event.target)) root.focus({ preventScroll: true });
    };
    document.addEventListener("focusin", keepFocus);

    const html = document.documentElement;
    const scrollbar = window.innerWidth - html.clientWidth;
    const saved = { overflow: html.style.overflow, paddingRight: document.body.style.paddingRight };
    html.style.overflow = "hidden";
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
    return () => {
      showOthers();
      document.removeEventListener("focusin", keepFocus);
      html.style.overflow = saved.overflow;
      document.body.style.paddingRight = saved.paddingRight;
    };
  }, []);

  useEffect(() => {
    const onChange = () =>
      setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === dialog.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => {
      document.removeEventListener("fullscreenchange", onChange);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, []);

  const neighbours = count > 1 ? [images[wrapIndex(index + 1, count)]!, images[wrapIndex(index - 1, count)]!] : [];

  return createPortal(
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-fullscreen={fullscreen ? "true" : "false"}
      data-zoom={view.zoom}
      className="fixed inset-0 z-[80] flex flex-col bg-[#0f0e0d] text-[#efebe4] outline-none transition-opacity duration-200 starting:opacity-0"
    >
      <header className="flex shrink-0 items-center gap-0.5 px-2 pt-[max(0.5rem,env(safe-area-inset-top))] pb-1 max-md:[&>button]:size-9 md:gap-1 md:px-5 md:pt-4">
        <p aria-live="polite" className="mr-auto pl-2 text-sm text-[#a8a095] tabular-nums">
          {index + 1} of {count}
        </p>
        <IconButton
          label="Thumbnails"
          shortcut="T"
          aria-pressed={thumbnails}
          onClick={() => setThumbnails((on) => !on)}
        >
          <GalleryHorizontalEnd aria-hidden="true" className="size-5" />
        </IconButton>
        {image.asset?.zoom ? (
          <IconButton
            label="Examine the surface"
            aria-haspopup="dialog"
            aria-expanded={deepZoom}
            onClick={(event) => setZoomOpener(event.currentTarget)}
          >
            <ScanSearch aria-hidden="true" className="size-5" />
          </IconButton>
        ) : null}
        <IconButton label="Download" shortcut="D" onClick={() => saveImage(image, index)}>
          <Download aria-hidden="true" className="size-5" />
        </IconButton>
        <IconButton label="Share" shortcut="S" onClick={() => void share(image, index)}>
          <Share2 aria-hidden="true" className="size-5" />
        </IconButton>
        {canFullscreen ? (
          <IconButton label="Full screen" shortcut="F" aria-pressed={fullscreen} onClick={toggleFullscreen}>
            {fullscreen ? (
              <Minimize aria-hidden="true" className="size-5" />
            ) : (
              <Maximize aria-hidden="true" className="size-5" />
            )}
          </IconButton>
        ) : null}
        <IconButton
          label="Keyboard shortcuts"
          shortcut="H"
          aria-pressed={help}
          onClick={() => setHelp((on) => !on)}
          // A phone has no keyboard to press them with; a tablet's has room for the button.
          className="max-md:hidden"
        >
          <Keyboard aria-hidden="true" className="size-5" />
        </IconButton>
        <span aria-hidden="true" className="mx-1 h-5 w-px bg-white/10 md:mx-2" />
        <IconButton label="Close" shortcut="Esc" onClick={onClose}>
          <X aria-hidden="true" className="size-6" />
        </IconButton>
      </header>

      <div className="relative min-h-0 flex-1">
        <Stage
          image={image}
          neighbours={neighbours}
          view={view}
          onView={setView}
          onNavigate={(direction) => run(direction)}
          geometryRef={geometry}
        />
        {count > 1 ? (
          <>
            <IconButton
              label="Previous image"
              shortcut="←"
              onClick={() => show(index - 1)}
              className="absolute top-1/2 left-1.5 z-10 -translate-y-1/2 bg-black/40 backdrop-blur-sm md:left-6 md:size-12"
            >
              <ChevronLeft aria-hidden="true" className="size-6" />
            </IconButton>
            <IconButton
              label="Next image"
              shortcut="→"
              onClick={() => show(index + 1)}
              className="absolute top-1/2 right-1.5 z-10 -translate-y-1/2 bg-black/40 backdrop-blur-sm md:right-6 md:size-12"
            >
              <ChevronRight aria-hidden="true" className="size-6" />
            </IconButton>
          </>
        ) : null}
        {help ? <HelpPanel onClose={() => setHelp(false)} /> : null}
      </div>

      {deepZoom && image.asset?.zoom ? (
        <Suspense fallback={<div aria-hidden="true" className="fixed inset-0 z-[90] bg-[#0b0a09]" />}>
          <DeepZoomViewer
            image={image.asset}
            title={imageTitle(image, index)}
            inline
            opener={zoomOpener}
            onClose={() => setZoomOpener(null)}
          />
        </Suspense>
      ) : null}

      {thumbnails ? <Thumbnails images={images} index={index} onSelect={show} /> : null}

      {/* Phones: the caption, then Add to Cart and zoom side by side; wider: the caption beside the zoom. */}
      <footer className="grid shrink-0 grid-cols-[1fr_auto] gap-x-3 gap-y-3 px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] [grid-template-areas:'info_info'_'cart_zoom'] md:gap-x-10 md:px-8 md:pt-4 md:pb-6 md:[grid-template-areas:'info_zoom'_'cart_zoom']">
        <DescriptionBox image={image} index={index} titleId={titleId} />
        <AddToCart image={image} onAddToCart={onAddToCart} />
        <ZoomControls
          zoom={view.zoom}
          onZoomIn={() => run("zoom-in")}
          onZoomOut={() => run("zoom-out")}
          onReset={() => run("zoom-reset")}
        />
      </footer>
    </div>,
    document.body,
  );
}
