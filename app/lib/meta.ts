// Page titles: "{page} | {site}" everywhere but the home page.
export function pageTitle(page: string | undefined, siteTitle: string | undefined): string {
  const site = siteTitle ?? "Atelier";
  return page ? `${page} | ${site}` : site;
}
