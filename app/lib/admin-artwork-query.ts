// Artwork Management's URL state (search, filters, sort, page), parsed leniently: a bad value is ignored.
// Shared by the loader and the table's links, so every view is a shareable URL.
import { isAvailability, type AvailabilityValue } from "./availability";

export const ADMIN_ARTWORK_SORTS = ["order", "title", "year", "price", "updated"] as const;
export type AdminArtworkSort = (typeof ADMIN_ARTWORK_SORTS)[number];
export type SortDirection = "asc" | "desc";
export const ADMIN_PAGE_SIZES = [25, 50, 100] as const;

export interface AdminArtworkParams {
  q?: string;
  availability?: AvailabilityValue;
  featured?: boolean;
  medium?: string;
  /** Default: live works only; "only": the archive. */
  archived?: "only";
  sort: AdminArtworkSort;
  dir: SortDirection;
  page: number;
  pageSize: number;
}

/** The natural direction of each sort: the artist's order first, A to Z, newest year, dearest, latest change. */
export const DEFAULT_DIRECTION: Record<AdminArtworkSort, SortDirection> = {
  order: "asc",
  title: "asc",
  year: "desc",
  price: "desc",
  updated: "desc",
};

export function parseAdminArtworkParams(search: URLSearchParams): AdminArtworkParams {
  const q = search.get("q")?.trim();
  const medium = search.get("medium")?.trim();
  const availability = search.get("availability");
  const featured = search.get("featured");
  const sortRaw = search.get("sort");
  const sort = (ADMIN_ARTWORK_SORTS as readonly string[]).includes(sortRaw ?? "")
    ? (sortRaw as AdminArtworkSort)
    : "order";
  const dirRaw = search.get("dir");
  const page = Number(search.get("page"));
  const size = Number(search.get("size"));
  return {
    q: q && q.length <= 200 ? q : undefined,
    availability: isAvailability(availability) ? availability : undefined,
    featured: featured === "yes" ? true : featured === "no" ? false : undefined,
    medium: medium && medium.length <= 200 ? medium : undefined,
    archived: search.get("archived") === "only" ? "only" : undefined,
    sort,
    dir: dirRaw === "asc" || dirRaw === "desc" ? dirRaw : DEFAULT_DIRECTION[sort],
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: (ADMIN_PAGE_SIZES as readonly number[]).includes(size) ? size : ADMIN_PAGE_SIZES[0],
  };
}

/** The query string of a view: only what differs from the defaults. */
export function adminArtworkSearch(params: Partial<AdminArtworkParams>): string {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.availability) search.set("availability", params.availability);
  if (params.featured !== undefined) search.set("featured", params.featured ? "yes" : "no");
  if (params.medium) search.set("medium", params.medium);
  if (params.archived) search.set("archived", params.archived);
  const sort = params.sort ?? "order";
  if (sort !== "order") search.set("sort", sort);
  if (params.dir && params.dir !== DEFAULT_DIRECTION[sort]) search.set("dir", params.dir);
  if (params.pageSize && params.pageSize !== ADMIN_PAGE_SIZES[0]) search.set("size", String(params.pageSize));
  if (params.page && params.page > 1) search.set("page", String(params.page));
  return search.toString();
}

/** Whether rows can be dragged into a new order: only while the table shows the artist's order. */
export function canReorder(params: AdminArtworkParams): boolean {
  return params.sort === "order" && params.dir === "asc" && !params.archived;
}
