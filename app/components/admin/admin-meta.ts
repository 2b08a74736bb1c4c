/** An admin page's <title>, never indexed. */
export function adminMeta(title: string) {
  return [{ title: `${title} · Admin` }, { name: "robots", content: "noindex, nofollow" }];
}
