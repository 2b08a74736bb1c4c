import { ArrowLeft, ArrowRight } from "./icons";
import { Link } from "react-router";
import { galleryHref, type GalleryParams } from "~/lib/gallery-query";

/** Page numbers around the current one, with the first and last always reachable. */
export function pageWindow(page: number, pages: number): (number | "gap")[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const [i, p] of sorted.entries()) {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push("gap");
    out.push(p);
  }
  return out;
}

export function GalleryPagination({ page, pages, params }: { page: number; pages: number; params: GalleryParams }) {
  if (pages <= 1) return null;
  const link = "inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm";
  return (
    <nav aria-label="Pages" className="mt-20 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link
          to={galleryHref({ ...params, page: page - 1 })}
          rel="prev"
          className={`${link} hover:bg-paper-deep gap-2`}
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Previous
        </Link>
      ) : null}
      {pageWindow(page, pages).map((p, i) =>
        p === "gap" ? (
          <span key={`gap-${i}`} className="text-muted px-1" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={galleryHref({ ...params, page: p })}
            aria-label={`Page ${p}`}
            aria-current={p === page ? "page" : undefined}
            className={`${link} ${p === page ? "bg-ink text-paper" : "hover:bg-paper-deep"}`}
          >
            {p}
          </Link>
        ),
      )}
      {page < pages ? (
        <Link
          to={galleryHref({ ...params, page: page + 1 })}
          rel="next"
          className={`${link} hover:bg-paper-deep gap-2`}
        >
          Next <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
