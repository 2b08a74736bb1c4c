// Pages of a list: which page a query asks for (bounded, so `?page=1e9` or `?page=abc` reads as a sane page)
// and how many pages a total makes. The page number itself is applied by the module's query (limit/offset).

/** The largest page number a list accepts from a URL. */
export const MAX_PAGE = 10_000;

/** The `page` of a query string: a whole number from 1 to MAX_PAGE, anything else reads as 1. */
export function pageParam(search: URLSearchParams | string | null | undefined): number {
  const raw = search instanceof URLSearchParams ? search.get("page") : search;
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.min(MAX_PAGE, Math.max(1, Number(raw)));
}

/** How many pages `total` rows make at `pageSize` a page (at least one, so "Page 1 of 1" on an empty list). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The rows a page skips: `(page - 1) * pageSize`, page 1 at the least (PostgreSQL refuses a negative OFFSET). */
export const pageOffset = (page: number, pageSize: number) => (Math.max(1, page) - 1) * pageSize;
