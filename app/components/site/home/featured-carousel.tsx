import { ChevronLeft, ChevronRight, Pause, Play } from "../icons";
import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type KeyboardEvent,
  type TouchEvent,
} from "react";
import { Link } from "react-router";
import { formatPrice } from "~/lib/money";
import { paths } from "~/lib/paths";
import type { ArtworkCardData } from "../artwork-card";
import { buttonClass } from "~/components/ui/button";
import { ResponsiveImage } from "../responsive-image";
import { scaledSizes } from "~/lib/media";

/** Spec §9: the carousel advances every 6000 ms. */
export const AUTOPLAY_MS = 6000;
/** A horizontal swipe longer than this (and mostly horizontal) changes the slide. */
const SWIPE_MIN_X = 50;
const SWIPE_MAX_Y = 100;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
const usePrefersReducedMotion = () =>
  useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );

const subscribeNothing = () => () => {};
/** False on the server and while hydrating, true once the page's script runs (controls that need it show then). */
const useHydrated = () =>
  useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );

/**
 * Spec §2 Home: the featured works one at a time, with previous/next and dot buttons and autoplay that wraps.
 * Autoplay pauses while the pointer is over it or keyboard focus is inside it, and stays off for reduced motion
 * unless the visitor starts it; a control clicked moves the slide and autoplay goes on from there. Follows the
 * WAI-ARIA carousel pattern.
 */
export function FeaturedCarousel({ artworks }: { artworks: readonly ArtworkCardData[] }) {
  const count = artworks.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [choice, setChoice] = useState<"play" | "pause" | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const hydrated = useHydrated();
  const slidesId = useId();
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  const playing = count > 1 && (choice ? choice === "play" : !reducedMotion);
  const rotating = playing && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    // Restarted on every slide change, so a manual move gets a full interval too.
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count]);

  // A control clicked restarts autoplay for a full interval (the pointer resting on it no longer holds it); moving
  // the pointer over the carousel again pauses it again.
  const goTo = (i: number) => {
    setIndex(((i % count) + count) % count);
    setHovered(false);
  };
  // Focus from a click or a tap is no reason to pause: only focus from the keyboard (or a script) is.
  const pointerDown = useRef(false);
  const previous = () => goTo(index - 1);
  const next = () => goTo(index + 1);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key === "ArrowLeft") previous();
    else if (event.key === "ArrowRight") next();
    else return;
    event.preventDefault();
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    if (Math.abs(dx) > SWIPE_MIN_X && Math.abs(touch.clientY - start.y) < SWIPE_MAX_Y) {
      if (dx < 0) next();
      else previous();
    }
  };

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Featured artworks"
      onKeyDown={onKeyDown}
      onFocus={() => setFocused(!pointerDown.current)}
      onBlur={onBlur}
      onPointerDown={() => {
        pointerDown.current = true;
        setFocused(false);
        // Released anywhere, inside the carousel or after a drag out of it.
        const release = () => {
          pointerDown.current = false;
          window.removeEventListener("pointerup", release, true);
          window.removeEventListener("pointercancel", release, true);
        };
        window.addEventListener("pointerup", release, true);
        window.addEventListener("pointercancel", release, true);
      }}
      onPointerMove={(e) => e.pointerType === "mouse" && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === "mouse" && setHovered(false)}
    >
      {/* Every slide stays in one row: the row takes the tallest slide's height, so nothing shifts as they change. */}
      <div
        id={slidesId}
        aria-live={rotating ? "off" : "polite"}
        className="touch-pan-y overflow-hidden"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <div
          className="flex transition-transform duration-700 ease-[cubic-bezier(0.22,0.61,0.36,1)]"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {artworks.map((artwork, i) => (
            <Slide key={artwork.id} artwork={artwork} position={i + 1} count={count} active={i === index} />
          ))}
        </div>
      </div>

      {count > 1 ? (
        <div className="mt-8 flex items-center justify-between gap-3 md:mt-10">
          <div className="flex items-center gap-2 md:gap-4">
            {hydrated ? (
              <button
                type="button"
                onClick={() => setChoice(playing ? "pause" : "play")}
                aria-label={playing ? "Pause slideshow" : "Play slideshow"}
                className="text-ink-soft hover:text-ink hover:bg-ink/5 flex size-10 items-center justify-center rounded-full"
              >
                {playing ? (
                  <Pause aria-hidden="true" className="size-4" />
                ) : (
                  <Play aria-hidden="true" className="size-4" />
                )}
              </button>
            ) : null}
            <div className="flex items-center">
              {artworks.map((artwork, i) => (
                <button
                  key={artwork.id}
                  type="button"
                  onClick={() => goTo(i)}
                  aria-label={`Go to slide ${i + 1}`}
                  aria-current={i === index ? "true" : undefined}
                  aria-controls={slidesId}
                  className="group flex size-7 items-center justify-center md:size-8"
                >
                  <span
                    aria-hidden="true"
                    className={`block h-1.5 rounded-full transition-all duration-300 ${i === index ? "bg-ink w-5" : "bg-ink/25 group-hover:bg-ink/50 w-1.5"}`}
                  />
                </button>
              ))}
            </div>
          </div>
          <div className="flex items-center gap-2">
            <p aria-hidden="true" className="text-muted mr-2 hidden font-serif text-sm tabular-nums sm:block">
              {String(index + 1).padStart(2, "0")} / {String(count).padStart(2, "0")}
            </p>
            {(
              [
                ["Previous slide", previous, ChevronLeft],
                ["Next slide", next, ChevronRight],
              ] as const
            ).map(([label, onClick, Arrow]) => (
              <button
                key={label}
                type="button"
                onClick={onClick}
                aria-label={label}
                aria-controls={slidesId}
                className={arrowStyle}
              >
                <Arrow aria-hidden="true" className="size-5" strokeWidth={1.5} />
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}

const arrowStyle =
  "border-ink/20 text-ink hover:border-ink flex size-11 items-center justify-center rounded-full border transition-colors";

function Slide({
  artwork,
  position,
  count,
  active,
}: {
  artwork: ArtworkCardData;
  position: number;
  count: number;
  active: boolean;
}) {
  const sold = artwork.availability === "sold";
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position} of ${count}`}
      // Off-screen slides leave the tab order and the accessibility tree: `inert` for browsers and assistive
      // technology, `aria-hidden` too for tools that read roles without honouring inert (one "View Details" link
      // is found by role, the current slide's).
      inert={!active}
      aria-hidden={active ? undefined : true}
      className="grid w-full shrink-0 grid-cols-1 content-start gap-7 md:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] md:items-center md:gap-14"
    >
      <Link
        to={paths.artwork(artwork.id)}
        viewTransition
        tabIndex={-1}
        aria-hidden="true"
        className="bg-paper-deep flex aspect-square items-center justify-center p-[10%] sm:aspect-[5/4] md:aspect-[6/5]"
      >
        {artwork.image ? (
          <ResponsiveImage
            image={artwork.image}
            alt=""
            // The frame's padding leaves 80 % of its width; a tall work fits the (square, on a phone) frame's height.
            sizes={scaledSizes(
              "(min-width: 1280px) 680px, (min-width: 768px) 55vw, 90vw",
              0.8 * Math.min(1, artwork.image.width / artwork.image.height),
            )}
            fit="contain"
            className="h-auto max-h-full w-auto max-w-full shadow-[0_14px_40px_-14px_rgba(29,27,24,0.5)]"
          />
        ) : null}
      </Link>
      <div className="md:py-6">
        <AvailabilityPill availability={artwork.availability} />
        <h3 className="mt-5 text-3xl leading-tight md:text-[2.6rem]">{artwork.title}</h3>
        {artwork.medium ? <p className="text-muted mt-2">{artwork.medium}</p> : null}
        <dl className="border-line mt-7 grid grid-cols-3 gap-4 border-y py-5 text-sm">
          <div>
            <dt className="eyebrow text-[0.68rem]">Price</dt>
            <dd className="mt-1.5">{formatPrice(artwork.priceCents, artwork.currency)}</dd>
          </div>
          <div>
            <dt className="eyebrow text-[0.68rem]">Size</dt>
            <dd className="mt-1.5">{artwork.size || "—"}</dd>
          </div>
          <div>
            <dt className="eyebrow text-[0.68rem]">Year</dt>
            <dd className="mt-1.5">{artwork.year ?? "—"}</dd>
          </div>
        </dl>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={paths.artwork(artwork.id)} viewTransition prefetch="intent" className={buttonClass("primary")}>
            View Details
          </Link>
          {sold ? (
            <button type="button" disabled className={buttonClass("inactive")}>
              SOLD OUT
            </button>
          ) : (
            <Link to={paths.inquireAbout(artwork)} className={buttonClass("secondary")}>
              Inquire
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

/** Spec §2: an AVAILABLE or SOLD badge (a reserved or not-for-sale work says so instead). */
function AvailabilityPill({ availability }: { availability: string }) {
  const [label, tone] =
    availability === "sold"
      ? ["SOLD", "bg-sold/10 text-sold"]
      : availability === "available"
        ? ["AVAILABLE", "bg-available/10 text-available"]
        : [
            availability === "reserved" ? "RESERVED" : availability === "on_hold" ? "ON HOLD" : "NOT FOR SALE",
            "bg-ink/5 text-ink-soft",
          ];
  return (
    <span
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-[0.68rem] font-medium tracking-[0.16em] ${tone}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {label}
    </span>
  );
}
