// The artwork page's "See it on a wall" button: shown when the work's size can be read, it opens the wall view
// (loaded on first use, so the page's scripts do not grow).
import { lazy, Suspense } from "react";
import type { ImageAsset } from "~/lib/media";
import { parseSize } from "~/lib/seo";
import { Frame } from "./icons";
import { useLazyDialog } from "./use-lazy-dialog";

const loadWallView = () => import("./wall-view");
const WallView = lazy(loadWallView);

export function WallViewButton({
  title,
  size,
  image,
  className = "",
}: {
  title: string;
  size: string;
  image: ImageAsset | null;
  className?: string;
}) {
  const { open, setOpen, wanted, trigger } = useLazyDialog(loadWallView);
  const dimensions = parseSize(size);
  if (!dimensions || !image) return null;
  return (
    <div className={className}>
      <button
        type="button"
        {...trigger}
        className="text-ink-soft hover:text-ink inline-flex items-center gap-2 text-sm underline decoration-1 underline-offset-4"
      >
        <Frame aria-hidden="true" className="size-4" strokeWidth={1.5} />
        See it on a wall
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <WallView open={open} onOpenChange={setOpen} title={title} image={image} size={dimensions} />
        </Suspense>
      ) : null}
    </div>
  );
}
