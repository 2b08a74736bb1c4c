// "Examine the surface" (decision 0021): shown when a work's deep zoom tiles are stored, it opens the tile
// viewer full screen. The viewer and OpenSeadragon are a chunk of their own, fetched on the first press only.
import { lazy, Suspense, useState } from "react";
import type { ImageAsset } from "~/lib/media";
import { ZoomIn } from "./icons";

const DeepZoomViewer = lazy(() => import("./deep-zoom-viewer"));

export function DeepZoomButton({
  title,
  image,
  className = "",
}: {
  title: string;
  image: ImageAsset | null;
  className?: string;
}) {
  // The button that opened the surface, to take focus back when it closes.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  if (!image?.zoom) return null;
  return (
    <div className={className}>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={opener !== null}
        onClick={(event) => setOpener(event.currentTarget)}
        className="text-ink-soft hover:text-ink inline-flex items-center gap-2 text-sm underline decoration-1 underline-offset-4"
      >
        <ZoomIn className="size-4" strokeWidth={1.5} />
        Examine the surface
      </button>
      {opener ? (
        <Suspense fallback={<div aria-hidden="true" className="fixed inset-0 z-[90] bg-[#0b0a09]" />}>
          <DeepZoomViewer image={image} title={title} opener={opener} onClose={() => setOpener(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
