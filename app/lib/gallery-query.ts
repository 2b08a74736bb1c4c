// The gallery's URL state: filters, search and page, parsed leniently (a bad value is simply ignored).
// Plain code rather than a zod schema: this runs in the browser too, and zod would triple the page's JS.
import { listQuery } from "./list-query";

export const GALLERY_PAGE_SIZE = 24;
/**
 * The most works the lightbox steps through (the catalogue's longest read): past it, a gallery's lightbox keeps
 * to the page it was opened on.
 */
export const GALLERY_LIGHTBOX_MAX = 200;

export interface GalleryParams {
  q?: string;
  medium?: string;
  availability?: "available" | "sold";
  year?: number;
  /** Term slugs: the artist's categories and series (selects), and tags (links). */
  category?: string;
  series?: string;
  tag?: string;
  page?: number;
}

function text(value: string | null, max: number): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
}

/** A term slug as the catalogue makes them: lower-case ascii words and hyphens. */
function slug(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= 100 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(trimmed) ? trimmed : undefined;
}

function integer(value: string | null, min: number, max: number): number | undefined {
  if (!value || !/^\d+$/.test(value.trim())) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}

/** Whether any filter or search narrows the view (the page number does not). */
export function isFiltered(params: GalleryParams): boolean {
  return Boolean(
    params.q || params.medium || params.availability || params.year || params.category || params.series || params.tag,
  );
}

export function parseGalleryParams(search: URLSearchParams): GalleryParams {
  const availability = search.get("availability");
  return {
    q: text(search.get("q"), 200),
    medium: text(search.get("medium"), 200),
    availability: availability === "available" || availability === "sold" ? availability : undefined,
    year: integer(search.get("year"), 1000, 3000),
    category: slug(search.get("category")),
    series: slug(search.get("series")),
    tag: slug(search.get("tag")),
    page: integer(search.get("page"), 1, 100_000),
  };
}

/** Where the lightbox reads every work the gallery's filters find (routes/resources/gallery-works.ts). */
export function galleryWorksHref(params: GalleryParams): string {
  return galleryHref({ ...params, page: undefined }).replace(/^\/gallery/, "/api/gallery-works");
}

/** The query string for a gallery view (only what is set; page 1 is the default). */
export function galleryHref(params: GalleryParams): string {
  const { q, medium, availability, year, category, series, tag } = params;
  const qs = listQuery(
    { q, medium, availability, year: year ? String(year) : undefined, category, series, tag },
    params.page,
  ).toString();
  return qs ? `/gallery?${qs}` : "/gallery";
}
