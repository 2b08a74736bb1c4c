// Every internal URL is built here (STYLE.md: no scattered string literals).
export const paths = {
  home: () => "/",
  gallery: () => "/gallery",
  shop: () => "/shop",
  about: () => "/about",
  commissions: () => "/commissions",
  contact: () => "/contact",
  artwork: (id: string) => `/artwork/${encodeURIComponent(id)}`,
  inquireAbout: (artwork: { id: string; title: string }) =>
    `/contact?${new URLSearchParams({ type: "artwork", artwork_id: artwork.id, artwork_title: artwork.title }).toString()}`,
  checkout: () => "/checkout",
  orderConfirmation: () => "/order-confirmation",
  trackOrder: () => "/track-order",
  privacy: () => "/privacy",
  terms: () => "/terms",
  shipping: () => "/shipping",
  newsletter: () => "/newsletter",
  auth: () => "/auth",
  sitemap: () => "/sitemap.xml",
  robots: () => "/robots.txt",
  /** A page's sharing image (spec §2 Page metadata: per-page default sharing images). */
  ogPage: (page: string) => `/og/${encodeURIComponent(page)}.jpg`,
  /** An artwork's sharing image; the version changes with its picture and caption, so caches can keep it forever. */
  ogArtwork: (id: string, version?: string) =>
    `/og/artwork/${encodeURIComponent(id)}.jpg${version ? `?v=${encodeURIComponent(version)}` : ""}`,
} as const;
