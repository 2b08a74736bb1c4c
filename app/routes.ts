// The route table, mirroring spec §2. Explicit on purpose: it is also what the authorization sweep enumerates.
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("gallery", "routes/site/gallery.tsx"),
    route("shop", "routes/site/shop.tsx"),
    route("about", "routes/site/about.tsx"),
    route("commissions", "routes/site/commissions.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("artwork/:id", "routes/site/artwork.tsx"),
    // Holds and "Notify me" (docs/shop.md): POST targets with a result page for browsers without JavaScript.
    route("artwork/:id/hold", "routes/site/hold-request.tsx"),
    route("alerts", "routes/site/work-alerts.tsx"),
    route("alerts/confirm", "routes/site/work-alert-link.tsx", { id: "alerts-confirm" }),
    route("alerts/unsubscribe", "routes/site/work-alert-link.tsx", { id: "alerts-unsubscribe" }),
    route("blog", "routes/site/blog.tsx"),
    route("blog/:slug", "routes/site/blog-post.tsx"),
    // The Homepage Editor's preview: the real home page (drafts included) in the public layout, admins only.
    route("admin/homepage/preview", "routes/admin/homepage-preview.tsx"),
    route("checkout", "routes/shop/checkout.tsx"),
    route("order-confirmation", "routes/shop/order-confirmation.tsx"),
    route("track-order", "routes/shop/track-order.tsx"),
    route("privacy", "routes/site/policy.tsx", { id: "policy-privacy" }),
    route("terms", "routes/site/policy.tsx", { id: "policy-terms" }),
    route("shipping", "routes/site/policy.tsx", { id: "policy-shipping" }),
    route("account", "routes/account/account.tsx"),
    // A commission client's private page, by its secret link (no sign-in, never indexed or cached).
    route("commission/:token", "routes/site/commission-client.tsx"),
    // A certificate of authenticity's public page, by the code its QR leads to (never the buyer; noindex).
    route("verify/:code", "routes/site/verify.tsx"),
    // A private viewing room, by its secret link (no sign-in; noindex, never cached; 410 once expired or revoked).
    route("room/:token", "routes/site/room.tsx"),
    // The footer's Subscribe (its own page without JavaScript), then the confirmation and unsubscribe links
    // (no sign-in; one-click unsubscribe, RFC 8058).
    route("newsletter", "routes/site/newsletter.tsx"),
    route("newsletter/confirm", "routes/site/newsletter-link.tsx", { id: "newsletter-confirm" }),
    route("newsletter/unsubscribe", "routes/site/newsletter-link.tsx", { id: "newsletter-unsubscribe" }),
    route("*", "routes/site/not-found.tsx"),
  ]),
  // Outside the public layout (spec §2): sign-in and its steps; sign-out is a POST from the header and account.
  route("auth", "routes/auth/auth.tsx"),
  route("auth/sign-out", "routes/auth/sign-out.ts"),
  // Spec §2 Admin routes: all in the admin layout, every loader and action guarded by requireAdmin.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("upload", "routes/admin/upload.tsx"),
    route("import", "routes/admin/import.tsx"),
    route("import/template", "routes/admin/import-template.ts"),
    route("export", "routes/admin/export.ts"),
    route("artworks", "routes/admin/artworks.tsx"),
    route("artworks/:id/edit", "routes/admin/artwork-edit.tsx"),
    route("artworks/:id/provenance", "routes/admin/artwork-provenance.ts"),
    route("status", "routes/admin/status.tsx"),
    route("categorization", "routes/admin/categorization.tsx"),
    route("commissions", "routes/admin/commissions.tsx"),
    route("commissions/:id", "routes/admin/commission.tsx"),
    route("customers", "routes/admin/customers.tsx"),
    route("invoices", "routes/admin/invoices.tsx"),
    route("invoices/:id", "routes/admin/invoice.tsx"),
    route("invoices/:id/pdf", "routes/admin/invoice-pdf.ts"),
    route("certificates", "routes/admin/certificates.ts"),
    route("certificates/:id/pdf", "routes/admin/certificate-pdf.ts"),
    route("exhibitions", "routes/admin/exhibitions.tsx"),
    route("exhibitions/new", "routes/admin/exhibition-edit.tsx", { id: "admin-exhibition-new" }),
    route("exhibitions/:id/edit", "routes/admin/exhibition-edit.tsx", { id: "admin-exhibition-edit" }),
    route("inventory", "routes/admin/inventory.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("orders/:id", "routes/admin/order.tsx"),
    route("holds", "routes/admin/holds.tsx"),
    route("rooms", "routes/admin/rooms.tsx"),
    route("rooms/new", "routes/admin/room-edit.tsx", { id: "admin-room-new" }),
    route("rooms/:id", "routes/admin/room-edit.tsx", { id: "admin-room-edit" }),
    route("homepage", "routes/admin/homepage.tsx"),
    route("about", "routes/admin/about.tsx"),
    route("policies", "routes/admin/policies.tsx"),
    route("artist-photos", "routes/admin/artist-photos.tsx"),
    route("manage-photos", "routes/admin/manage-photos.tsx"),
    route("blog", "routes/admin/blog.tsx"),
    route("blog/new", "routes/admin/blog-edit.tsx", { id: "admin-blog-new" }),
    route("blog/:id/edit", "routes/admin/blog-edit.tsx", { id: "admin-blog-edit" }),
    route("media-library", "routes/admin/media-library.ts"),
    route("markdown-preview", "routes/admin/markdown-preview.ts"),
    route("messages", "routes/admin/messages.tsx"),
    route("outbox", "routes/admin/outbox.tsx"),
    route("newsletter", "routes/admin/newsletter.tsx"),
    route("newsletter/export", "routes/admin/newsletter-export.ts"),
    route("analytics", "routes/admin/analytics.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("backup", "routes/admin/backup-download.ts"),
  ]),
  // The upload endpoint of Artwork Upload: one image per request (XMLHttpRequest, for upload progress).
  route("admin/media", "routes/admin/media-upload.ts"),
  // The cart's works as they are now (prices, availability), and Stripe's webhook.
  route("api/cart", "routes/resources/cart.ts"),
  // Every work the gallery's filters find, for the lightbox to step through past the page it opened on.
  route("api/gallery-works", "routes/resources/gallery-works.ts"),
  // The signed-in user's notifications (the header's bell); live changes come over /realtime.
  route("api/notifications", "routes/resources/notifications.ts"),
  // Changes made offline, replayed one at a time when the connection returns (app/lib/offline-queue.ts).
  route("api/offline-queue", "routes/resources/offline-queue.ts"),
  route("webhooks/stripe", "routes/resources/stripe-webhook.ts"),
  // A buyer's certificate PDF, by the signed link the tracking page and /account give.
  route("certificates/:token", "routes/resources/certificate-download.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("blog/rss.xml", "routes/resources/blog-feed.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  // /og/{page}.jpg and /og/artwork/{id}.jpg: the 1200x630 sharing images.
  route("og/:kind?/:file", "routes/resources/og-image.ts"),
] satisfies RouteConfig;
