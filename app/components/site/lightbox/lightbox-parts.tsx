// The lightbox's smaller pieces: buttons, the description box, zoom controls, thumbnails and the help panel.
import { useEffect, useId, useRef, type ComponentProps, type ReactNode } from "react";
import { RotateCcw, ShoppingBag, X, ZoomIn, ZoomOut } from "lucide-react";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { formatPrice } from "~/lib/money";
import { canAddToCart, imageTitle, SHORTCUTS, ZOOM_MAX, ZOOM_MIN, zoomPercent } from "./lightbox-logic";
import type { AddToCartHandler, LightboxImage } from "./types";

export const controlClass =
  "inline-flex size-10 shrink-0 items-center justify-center rounded-full text-[#efebe4]/80 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-[#efebe4] aria-disabled:cursor-not-allowed aria-disabled:opacity-35 aria-disabled:hover:bg-transparent aria-pressed:bg-white/15 aria-pressed:text-white";

type IconButtonProps = ComponentProps<"button"> & { label: string; shortcut?: string; children: ReactNode };

/** An icon-only button: its name is `label`; the tooltip adds the keyboard shortcut. */
export function IconButton({ label, shortcut, className = "", children, ...props }: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      className={`${controlClass} ${className}`}
      {...props}
    >
      {children}
    </button>
  );
}

export function facts(image: LightboxImage): string {
  return [image.medium, image.size, image.year].filter(Boolean).join(" · ");
}

/** Title or 'Image N', medium · size · year, and the description. */
export function DescriptionBox({ image, index, titleId }: { image: LightboxImage; index: number; titleId: string }) {
  const details = facts(image);
  return (
    <div className="max-w-2xl min-w-0 [grid-area:info]">
      <h2 id={titleId} className="truncate font-serif text-lg leading-snug text-[#f6f2eb] md:text-xl">
        {imageTitle(image, index)}
      </h2>
      {details ? <p className="mt-0.5 truncate text-[0.8rem] text-[#a8a095]">{details}</p> : null}
      {image.description ? (
        <p className="mt-2 line-clamp-2 text-sm leading-relaxed text-[#d9d3c9] md:line-clamp-3">{image.description}</p>
      ) : null}
    </div>
  );
}

/** Spec §2: Add to Cart with the price, only for an available, priced work when a purchase handler exists. */
export function AddToCart({ image, onAddToCart }: { image: LightboxImage; onAddToCart?: AddToCartHandler }) {
  if (image.sold) {
    // A sold work says so (as on its card and page) instead of offering Add to Cart.
    return (
      <span className="self-center justify-self-start text-[0.7rem] font-medium tracking-[0.14em] text-[#e8b4a8] uppercase [grid-area:cart]">
        Sold
      </span>
    );
  }
  if (!onAddToCart || !canAddToCart(image, onAddToCart)) return null;
  return (
    <button
      type="button"
      onClick={() => onAddToCart(image)}
      className="inline-flex items-center gap-2 self-center justify-self-start rounded-full bg-[#efebe4] px-3.5 py-2 text-sm whitespace-nowrap md:px-4 font-medium text-[#1d1b18] transition-colors [grid-area:cart] hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#efebe4]"
    >
      <ShoppingBag aria-hidden="true" className="size-4 max-md:hidden" />
      Add to Cart · {formatPrice(image.price, image.currency)}
    </button>
  );
}

export function ZoomControls({
  zoom,
  onZoomIn,
  onZoomOut,
  onReset,
}: {
  zoom: number;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onReset: () => void;
}) {
  const atMin = zoom <= ZOOM_MIN;
  const atMax = zoom >= ZOOM_MAX;
  return (
    <div
      role="group"
      aria-label="Zoom"
      className="flex shrink-0 items-center self-end justify-self-end rounded-full bg-white/[0.06] p-0.5 [grid-area:zoom]"
    >
      <ZoomStep label="Zoom out" shortcut="−" atLimit={atMin} onStep={onZoomOut} icon={ZoomOut} />
      <output
        aria-label="Zoom level"
        className="min-w-[2.75rem] text-center text-xs text-[#d9d3c9] tabular-nums md:min-w-[3.25rem]"
      >
        {zoomPercent(zoom)}
      </output>
      <ZoomStep label="Zoom in" shortcut="+" atLimit={atMax} onStep={onZoomIn} icon={ZoomIn} />
      <IconButton label="Reset zoom" shortcut="0" onClick={onReset} className="max-md:size-9">
        <RotateCcw aria-hidden="true" className="size-[1.05rem]" />
      </IconButton>
    </div>
  );
}

/** Zoom out or in; at the limit it says so (aria-disabled rather than disabled: a pressed button keeps focus). */
function ZoomStep({
  label,
  shortcut,
  atLimit,
  onStep,
  icon: Icon,
}: {
  label: string;
  shortcut: string;
  atLimit: boolean;
  onStep: () => void;
  icon: typeof ZoomIn;
}) {
  return (
    <IconButton
      label={label}
      className="max-md:size-9"
      shortcut={shortcut}
      aria-disabled={atLimit || undefined}
      onClick={atLimit ? undefined : onStep}
    >
      <Icon aria-hidden="true" className="size-[1.15rem]" />
    </IconButton>
  );
}

export function Thumbnails({
  images,
  index,
  onSelect,
}: {
  images: LightboxImage[];
  index: number;
  onSelect: (index: number) => void;
}) {
  const strip = useRef<HTMLUListElement>(null);
  // Keep the current thumbnail in view, scrolling only the strip (never the page).
  useEffect(() => {
    const list = strip.current;
    const item = list?.children[index] as HTMLElement | undefined;
    if (!list || !item) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    list.scrollTo({
      left: item.offsetLeft - list.clientWidth / 2 + item.clientWidth / 2,
      behavior: reduce ? "auto" : "smooth",
    });
  }, [index]);
  return (
    <div role="group" aria-label="Thumbnails" className="shrink-0 border-t border-white/[0.06] px-2 py-2 md:px-6">
      <ul ref={strip} className="flex gap-2 overflow-x-auto py-1 [scrollbar-width:thin] md:justify-center-safe">
        {images.map((image, i) => (
          <li key={image.id} className="shrink-0">
            <button
              type="button"
              aria-label={`Image ${i + 1}: ${imageTitle(image, i)}`}
              aria-current={i === index ? "true" : undefined}
              onClick={() => onSelect(i)}
              className="flex size-14 items-center justify-center overflow-hidden rounded-md bg-white/[0.04] opacity-55 ring-[#efebe4] transition-opacity hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#efebe4] aria-current:opacity-100 aria-current:ring-2 md:size-16"
            >
              {image.asset ? (
                <ResponsiveImage image={image.asset} alt="" sizes="64px" fit="cover" className="h-full w-full" />
              ) : (
                <img src={image.src} alt="" loading="lazy" className="h-full w-full object-cover" />
              )}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function HelpPanel({ onClose }: { onClose: () => void }) {
  // Its own id: the viewer's title keeps naming the dialog while the panel is open.
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="absolute top-3 right-3 z-20 w-[min(22rem,calc(100%-1.5rem))] rounded-xl border border-white/10 bg-[#1a1917]/95 p-5 shadow-2xl backdrop-blur-md transition-opacity duration-200 starting:opacity-0"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id={`${id}-title`} className="font-serif text-lg text-[#f6f2eb]">
          Keyboard shortcuts
        </h2>
        <IconButton label="Close keyboard shortcuts" onClick={onClose} className="-mr-2 size-8">
          <X aria-hidden="true" className="size-4" />
        </IconButton>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] items-center gap-x-5 gap-y-2.5 text-sm">
        {SHORTCUTS.map(({ keys, label }) => (
          <div key={label} className="contents">
            <dt className="flex gap-1">
              {keys.map((key) => (
                <kbd
                  key={key}
                  className="inline-flex min-w-7 items-center justify-center rounded-md border border-white/15 bg-white/[0.06] px-1.5 py-0.5 font-sans text-xs text-[#f6f2eb]"
                >
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-[#d9d3c9]">{label}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
