// The image area: fits the image to the space, and turns pointer input into zoom, pan and navigation
// (drag to pan, wheel, pinch, a tap or a double click, swipe).
import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from "react";
import { preload } from "react-dom";
import { srcSet } from "~/lib/media";
import {
  classifySwipe,
  clampPan,
  fitSize,
  pinchZoom,
  tapZoom,
  wheelZoom,
  zoomAt,
  type Size,
  type SwipeDirection,
  type View,
} from "./lightbox-logic";
import type { LightboxImage } from "./types";

export interface Geometry {
  /** The image's box at 100%. */
  base: Size;
  /** The whole image area. */
  stage: Size;
}

interface Props {
  image: LightboxImage;
  /** The images either side, fetched ahead so stepping through is instant. */
  neighbours: LightboxImage[];
  view: View;
  onView: (update: (view: View) => View) => void;
  onNavigate: (direction: Exclude<SwipeDirection, null>) => void;
  geometryRef: RefObject<Geometry>;
}

interface Point {
  x: number;
  y: number;
}

interface Gesture {
  start: Point;
  time: number;
  view: View;
  type: string;
  moved: boolean;
  /** Set once a second finger came down: the gesture is a pinch, never a swipe or a tap. */
  pinch: { distance: number; view: View; at: Point } | null;
}

const TAP_SLOP = 8;
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The margin kept around an image at 100%: room for the arrows on wide screens. */
function gutter(stage: Size): Size {
  return stage.width >= 768 ? { width: 160, height: 24 } : { width: 16, height: 16 };
}

function baseSize(image: LightboxImage, stage: Size | null): Size {
  if (!stage || !image.asset) return { width: 0, height: 0 };
  const room = gutter(stage);
  return fitSize(image.asset, { width: stage.width - room.width, height: stage.height - room.height });
}

/** The `sizes` value for the picture: its box at 100%, larger once zoomed so the sharper variant loads. */
const sizesFor = (base: Size, zoom: number) => `${Math.ceil(base.width * Math.max(1, Math.ceil(zoom - 0.05)))}px`;

export function Stage({ image, neighbours, view, onView, onNavigate, geometryRef }: Props) {
  const surface = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<Size | null>(null);
  const [dragX, setDragX] = useState(0);
  const [gesturing, setGesturing] = useState(false);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastPointerType = useRef("mouse");

  const base = baseSize(image, stage);

  useLayoutEffect(() => {
    const element = surface.current;
    if (!element) return;
    const measure = () => setStage({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    if (stage) geometryRef.current = { base, stage };
  });

  // The neighbours' best variants, at the size they will be shown.
  useEffect(() => {
    if (!stage) return;
    for (const next of neighbours) {
      if (!next.asset) continue;
      preload(next.src, {
        as: "image",
        type: "image/avif",
        imageSrcSet: srcSet(next.asset, "avif"),
        imageSizes: sizesFor(baseSize(next, stage), 1),
        fetchPriority: "low",
      });
    }
  }, [neighbours, stage]);

  /** A client point relative to the stage's centre. */
  function fromCentre(clientX: number, clientY: number): Point {
    const rect = surface.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return { x: clientX - rect.left - rect.width / 2, y: clientY - rect.top - rect.height / 2 };
  }

  // The wheel zooms by 0.9/1.1 toward the pointer; a non-passive listener so the page does not scroll.
  const onWheel = useEffectEvent((event: WheelEvent) => {
    event.preventDefault();
    const at = fromCentre(event.clientX, event.clientY);
    onView((v) => zoomAt(v, wheelZoom(v.zoom, event.deltaY), base, stage ?? base, at));
  });
  useEffect(() => {
    const element = surface.current;
    if (!element) return;
    const listener = (event: WheelEvent) => onWheel(event);
    element.addEventListener("wheel", listener, { passive: false });
    return () => element.removeEventListener("wheel", listener);
  }, []);

  function toggleZoomAt(clientX: number, clientY: number) {
    const at = fromCentre(clientX, clientY);
    onView((v) => zoomAt(v, tapZoom(v.zoom), base, stage ?? base, at));
  }

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    lastPointerType.current = event.pointerType;
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    if (pointers.current.size === 1) {
      gesture.current = {
        start: point,
        time: event.timeStamp,
        view,
        type: event.pointerType,
        moved: false,
        pinch: null,
      };
      setGesturing(true);
    } else if (pointers.current.size === 2 && gesture.current) {
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      gesture.current.pinch = { distance: distance(a, b), view, at: fromCentre((a.x + b.x) / 2, (a.y + b.y) / 2) };
      setDragX(0);
    }
  }

  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = gesture.current;
    if (!g || !stage) return;
    if (g.pinch) {
      if (pointers.current.size < 2) return;
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      const pinch = g.pinch;
      onView(() =>
        zoomAt(pinch.view, pinchZoom(pinch.view.zoom, pinch.distance, distance(a, b)), base, stage, pinch.at),
      );
      return;
    }
    const dx = event.clientX - g.start.x;
    const dy = event.clientY - g.start.y;
    if (!g.moved && Math.hypot(dx, dy) > TAP_SLOP) g.moved = true;
    if (!g.moved) return;
    if (g.view.zoom > 1) onView(() => clampPan({ zoom: g.view.zoom, x: g.view.x + dx, y: g.view.y + dy }, base, stage));
    else if (g.type !== "mouse") setDragX(dx);
  }

  function endGesture(event: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) {
    pointers.current.delete(event.pointerId);
    const g = gesture.current;
    if (!g || pointers.current.size > 0) return;
    gesture.current = null;
    setGesturing(false);
    setDragX(0);
    if (cancelled || g.pinch || g.type === "mouse") return;
    const dx = event.clientX - g.start.x;
    const dy = event.clientY - g.start.y;
    const ms = event.timeStamp - g.time;
    if (!g.moved) {
      // Spec §2/§9 "tap to zoom": a tap zooms to 2 where it lands; a tap on a zoomed image returns to 100%.
      toggleZoomAt(event.clientX, event.clientY);
      return;
    }
    if (g.view.zoom <= 1) {
      const direction = classifySwipe({ dx, dy, ms });
      if (direction) onNavigate(direction);
    }
  }

  const sizes = sizesFor(base, view.zoom);
  const asset = image.asset;
  const zoomed = view.zoom > 1;
  const transform = `translate3d(${view.x + dragX}px, ${view.y}px, 0) scale(${view.zoom})`;
  const motion = gesturing ? "" : "transition-transform duration-200 ease-out motion-reduce:transition-none";
  return (
    <div
      ref={surface}
      data-testid="lightbox-stage"
      className={`absolute inset-0 flex touch-none items-center justify-center overflow-hidden select-none ${zoomed ? (gesturing ? "cursor-grabbing" : "cursor-grab") : "cursor-zoom-in"}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endGesture(event, false)}
      onPointerCancel={(event) => endGesture(event, true)}
      onDoubleClick={(event) => {
        // Touch taps are handled above; this is the mouse's double click.
        if (lastPointerType.current === "mouse") toggleZoomAt(event.clientX, event.clientY);
      }}
    >
      {asset && base.width > 0 ? (
        <div className={motion} style={{ width: base.width, height: base.height, transform }}>
          <picture key={image.id} className="contents">
            <source type="image/avif" srcSet={srcSet(asset, "avif")} sizes={sizes} />
            <source type="image/webp" srcSet={srcSet(asset, "webp")} sizes={sizes} />
            <img
              src={image.src}
              alt={image.alt}
              width={asset.width}
              height={asset.height}
              draggable={false}
              decoding="async"
              fetchPriority="high"
              className="pointer-events-none block h-full w-full transition-opacity duration-300 starting:opacity-0"
              style={{ backgroundImage: `url(${asset.placeholder})`, backgroundSize: "cover" }}
            />
          </picture>
        </div>
      ) : !asset ? (
        <img
          key={image.id}
          src={image.src}
          alt={image.alt}
          draggable={false}
          className={`pointer-events-none max-h-full max-w-full object-contain ${motion}`}
          style={{ transform }}
        />
      ) : null}
    </div>
  );
}
