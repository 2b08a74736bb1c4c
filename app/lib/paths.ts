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
  /** A private viewing room, by its secret link (never cached, never indexed). */
  room: (token: string) => `/room/${encodeURIComponent(token)}`,
  /** Buying one work on its own, without the cart (the Buy now link shown when JavaScript is off). */
  buyNow: (artworkId: string) => `/checkout?${new URLSearchParams({ artwork: artworkId }).toString()}`,
  /** Buying one work of a room at the room's price (the checkout checks the room again). */
  roomCheckout: (token: string, artworkId: string) =>
    `/checkout?${new URLSearchParams({ artwork: artworkId, room: token }).toString()}`,
  /** Buying a work held for its buyer, by the hold's signed id mailed on approval (masked in the log). */
  holdCheckout: (artworkId: string, token: string) =>
    `/checkout?${new URLSearchParams({ artwork: artworkId, hold: token }).toString()}`,
  /** The inquiry form about a work of a room (the room is named in the subject). */
  roomInquiry: (token: string, artwork: { id: string; title: string }) =>
    `/contact?${new URLSearchParams({ type: "artwork", artwork_id: artwork.id, artwork_title: artwork.title, room: token }).toString()}`,
  blog: (page?: number) => (page && page > 1 ? `/blog?page=${page}` : "/blog"),
  blogPost: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  blogFeed: () => "/blog/rss.xml",
  checkout: () => "/checkout",
  cartCheck: (ids: readonly string[]) => `/api/cart?ids=${ids.map(encodeURIComponent).join(",")}`,
  stripeWebhook: () => "/webhooks/stripe",
  orderConfirmationFor: (number: string) => `/order-confirmation?order=${encodeURIComponent(number)}`,
  trackOrderFor: (number: string) => `/track-order?number=${encodeURIComponent(number)}`,
  orderConfirmation: () => "/order-confirmation",
  trackOrder: () => "/track-order",
  /** A certificate of authenticity's public page (its QR code leads here). */
  verify: (code: string) => `/verify/${encodeURIComponent(code)}`,
  /** A buyer's certificate PDF, by the signed token the tracking and account pages hand out. */
  certificateDownload: (token: string) => `/certificates/${encodeURIComponent(token)}`,
  privacy: () => "/privacy",
  terms: () => "/terms",
  shipping: () => "/shipping",
  newsletter: () => "/newsletter",
  /** POST: ask the artist to hold a work (never cached; works without JavaScript). */
  holdRequest: (artworkId: string) => `/artwork/${encodeURIComponent(artworkId)}/hold`,
  /** POST: "Tell me about new works" / "Tell me if this becomes available". */
  workAlerts: () => "/alerts",
  auth: () => "/auth",
  /** /auth, coming back to `redirectTo` after signing in. */
  signIn: (redirectTo?: string) =>
    redirectTo && redirectTo !== "/" ? `/auth?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth",
  signOut: () => "/auth/sign-out",
  account: () => "/account",
  admin: () => "/admin",
  sitemap: () => "/sitemap.xml",
  robots: () => "/robots.txt",
  /** A page's sharing image (spec §2 Page metadata: per-page default sharing images). */
  ogPage: (page: string) => `/og/${encodeURIComponent(page)}.jpg`,
  /** A blog post's sharing image (its cover on a 1200x630 card). */
  ogBlogPost: (slug: string) => `/og/blog/${encodeURIComponent(slug)}.jpg`,
  /** An artwork's sharing image; the version changes with its picture and caption, so caches can keep it forever. */
  ogArtwork: (id: string, version?: string) =>
    `/og/artwork/${encodeURIComponent(id)}.jpg${version ? `?v=${encodeURIComponent(version)}` : ""}`,
} as const;

/** A link the site may show for the artist (a social profile): a web or mail address, never `javascript:` or `data:`. */
export const isWebOrMailLink = (url: string) => /^(https?:\/\/|mailto:)/i.test(url);
