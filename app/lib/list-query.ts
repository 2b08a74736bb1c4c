// The query of a list page's links: its filters and page number, as the page's pager and export links need them.
// A filter left empty and the first page stay out of the URL, so a list's plain address stays plain.

/** The filters that are set, in the order given, and `page` when it is past the first. */
export function listQuery(filters: Record<string, string | null | undefined>, page = 1): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  if (page > 1) query.set("page", String(page));
  return query;
}

/** The current query with one page number changed (`param`, "page" unless a page has several lists). */
export function withPage(current: URLSearchParams, page: number, param = "page"): URLSearchParams {
  const query = new URLSearchParams(current);
  if (page > 1) query.set(param, String(page));
  else query.delete(param);
  return query;
}
