// The lightbox's rules as plain functions (spec §9): zoom limits and steps, swipe classification,
// wrap-around navigation, panning bounds, the key map and the Add-to-Cart condition.
import { toSlug } from "~/lib/slug";
import type { LightboxImage } from "./types";

export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 5;
/** + and - multiply or divide by this. */
export const ZOOM_KEY_STEP = 1.2;
/** A wheel notch toward the user zooms out by 0.9, away from the user zooms in by 1.1. */
export const ZOOM_WHEEL_OUT = 0.9;
export const ZOOM_WHEEL_IN = 1.1;
/** A tap (a double click with a mouse) zooms to this; another returns to 100%. */
export const ZOOM_TAP = 2;

export const SWIPE_MAX_MS = 300;
export const SWIPE_MIN_X = 50;
export const SWIPE_MAX_Y = 100;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  // Rounded so that repeated steps in and out come back to exactly 1.
  return Math.round(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom)) * 10_000) / 10_000;
}

export const zoomIn = (zoom: number) => clampZoom(zoom * ZOOM_KEY_STEP);
export const zoomOut = (zoom: number) => clampZoom(zoom / ZOOM_KEY_STEP);

/** Wheel: scrolling up (negative deltaY) zooms in by 1.1, down zooms out by 0.9. */
export function wheelZoom(zoom: number, deltaY: number): number {
  if (deltaY === 0) return zoom;
  return clampZoom(zoom * (deltaY < 0 ? ZOOM_WHEEL_IN : ZOOM_WHEEL_OUT));
}

/** A tap on an image at or below 100% zooms to 2; on a zoomed-in image it returns to 1. */
export const tapZoom = (zoom: number) => (zoom > 1 ? 1 : ZOOM_TAP);

/** Pinch: the zoom scales with the distance between the two fingers. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return clampZoom(startZoom);
  return clampZoom((startZoom * distance) / startDistance);
}

export const zoomPercent = (zoom: number) => `${Math.round(zoom * 100)}%`;

export type SwipeDirection = "next" | "previous" | null;

/**
 * A swipe navigates only when quick (under 300 ms), long enough sideways (over 50 px) and not a
 * vertical scroll (under 100 px up or down). Finger moving left shows the next image.
 */
export function classifySwipe({ dx, dy, ms }: { dx: number; dy: number; ms: number }): SwipeDirection {
  if (ms >= SWIPE_MAX_MS || Math.abs(dx) <= SWIPE_MIN_X || Math.abs(dy) >= SWIPE_MAX_Y) return null;
  return dx < 0 ? "next" : "previous";
}

/** Index arithmetic that wraps at both ends (prev of the first is the last). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

export interface View {
  zoom: number;
  /** Offset of the image's centre from the stage's centre, in CSS pixels. */
  x: number;
  y: number;
}
export const RESET_VIEW: View = { zoom: 1, x: 0, y: 0 };
/** How far one pan key press moves a zoomed image, in CSS pixels. */
export const PAN_KEY_STEP = 80;

export interface Size {
  width: number;
  height: number;
}

/** The largest box of the image's proportions that fits the stage (the image at 100%). */
export function fitSize(image: Size, stage: Size): Size {
  if (image.width <= 0 || image.height <= 0 || stage.width <= 0 || stage.height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(stage.width / image.width, stage.height / image.height);
  return { width: Math.round(image.width * scale), height: Math.round(image.height * scale) };
}

/** Keeps a zoomed image covering the stage: it can be panned until its edge meets the stage's edge. */
export function clampPan(view: View, base: Size, stage: Size): View {
  const maxX = Math.max(0, (base.width * view.zoom - stage.width) / 2);
  const maxY = Math.max(0, (base.height * view.zoom - stage.height) / 2);
  return { zoom: view.zoom, x: Math.min(maxX, Math.max(-maxX, view.x)), y: Math.min(maxY, Math.max(-maxY, view.y)) };
}

/**
 * Zooms to `zoom` keeping the image point under `at` (relative to the stage's centre) where it is,
 * so the wheel and pinch zoom toward the pointer. Without `at` it zooms about the current centre.
 */
export function zoomAt(view: View, zoom: number, base: Size, stage: Size, at?: { x: number; y: number }): View {
  const next = clampZoom(zoom);
  if (next <= 1) return { zoom: next, x: 0, y: 0 };
  const point = at ?? { x: 0, y: 0 };
  const ratio = next / view.zoom;
  return clampPan(
    { zoom: next, x: point.x - (point.x - view.x) * ratio, y: point.y - (point.y - view.y) * ratio },
    base,
    stage,
  );
}

export type LightboxAction =
  | "pan-left"
  | "pan-right"
  | "pan-up"
  | "pan-down"
  | "previous"
  | "next"
  | "zoom-in"
  | "zoom-out"
  | "zoom-reset"
  | "fullscreen"
  | "thumbnails"
  | "share"
  | "download"
  | "help"
  | "close";

/** Spec §2: arrows navigate, + and - zoom, 0 resets, F T S D H, Esc closes. */
export function keyAction(event: {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}): LightboxAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  // Shift + arrows (and up/down) move a zoomed-in image, so panning needs no pointer either.
  if (event.shiftKey && event.key === "ArrowLeft") return "pan-left";
  if (event.shiftKey && event.key === "ArrowRight") return "pan-right";
  switch (event.key) {
    case "ArrowUp":
      return "pan-up";
    case "ArrowDown":
      return "pan-down";
    case "ArrowLeft":
      return "previous";
    case "ArrowRight":
      return "next";
    case "+":
    case "=":
      return "zoom-in";
    case "-":
    case "_":
      return "zoom-out";
    case "0":
      return "zoom-reset";
    case "f":
    case "F":
      return "fullscreen";
    case "t":
    case "T":
      return "thumbnails";
    case "s":
    case "S":
      return "share";
    case "d":
    case "D":
      return "download";
    case "h":
    case "H":
    case "?":
      return "help";
    case "Escape":
      return "close";
    default:
      return null;
  }
}

/** The shortcuts as the help panel lists them. */
export const SHORTCUTS: { keys: string[]; label: string }[] = [
  { keys: ["←", "→"], label: "Previous / next image" },
  { keys: ["+", "−"], label: "Zoom in / out" },
  { keys: ["0"], label: "Reset zoom" },
  { keys: ["⇧", "←↑↓→"], label: "Move a zoomed image" },
  { keys: ["F"], label: "Full screen" },
  { keys: ["T"], label: "Show or hide thumbnails" },
  { keys: ["S"], label: "Share" },
  { keys: ["D"], label: "Download" },
  { keys: ["H"], label: "Show or hide this help" },
  { keys: ["Esc"], label: "Close" },
];

/** Spec §2: Add to Cart shows only if the artwork is available, has a price and a purchase handler exists. */
export function canAddToCart(image: Pick<LightboxImage, "available" | "price">, handler: unknown): boolean {
  return Boolean(handler) && image.available && typeof image.price === "number" && image.price > 0;
}

/** The title shown for an image: its own, or 'Image N'. */
export const imageTitle = (image: Pick<LightboxImage, "title">, index: number) =>
  image.title?.trim() || `Image ${index + 1}`;

/** A download file name from a title: lower-case ascii words joined by hyphens. */
export function downloadName(title: string, extension: string): string {
  return `${toSlug(title) || "artwork"}.${extension}`;
}
