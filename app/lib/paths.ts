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
} as const;
