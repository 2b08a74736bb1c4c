import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { pageCount } from "~/lib/pagination";

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** Each page's URL (a path helper with the list's filters). */
  href: (page: number) => string;
  /** What is listed, for the line shown when there is nothing ("No works"). */
  items?: string;
}

/**
 * "Showing 26–50 of 140" under every list, one page or many, with previous/next links when there are more pages.
 * Named by what it pages ("Pages of orders"), so a screen with two lists has two distinct landmarks.
 */
export function Pager({ page, pageSize, total, href, items = "works" }: PagerProps) {
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const link =
    "inline-flex h-8 items-center gap-1 rounded-md border border-line bg-white px-2.5 text-sm hover:border-ink/40";
  const disabled =
    "inline-flex h-8 items-center gap-1 rounded-md border border-line px-2.5 text-sm text-muted opacity-50";
  return (
    <nav aria-label={`Pages of ${items}`} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted" aria-live="polite">
        {total === 0 ? `No ${items}` : `Showing ${first}–${last} of ${total}`}
      </p>
      {pages > 1 ? (
        <div className="flex items-center gap-2">
          {page > 1 ? (
            <Link to={href(page - 1)} className={link} rel="prev">
              <ChevronLeft aria-hidden className="size-4" /> Previous
            </Link>
          ) : (
            <span className={disabled} aria-disabled="true">
              <ChevronLeft aria-hidden className="size-4" /> Previous
            </span>
          )}
          <span className="text-muted tabular-nums">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={href(page + 1)} className={link} rel="next">
              Next <ChevronRight aria-hidden className="size-4" />
            </Link>
          ) : (
            <span className={disabled} aria-disabled="true">
              Next <ChevronRight aria-hidden className="size-4" />
            </span>
          )}
        </div>
      ) : null}
    </nav>
  );
}
