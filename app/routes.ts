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
    route("checkout", "routes/shop/checkout.tsx"),
    route("order-confirmation", "routes/shop/order-confirmation.tsx"),
    route("track-order", "routes/shop/track-order.tsx"),
    route("privacy", "routes/site/policy.tsx", { id: "policy-privacy" }),
    route("terms", "routes/site/policy.tsx", { id: "policy-terms" }),
    route("shipping", "routes/site/policy.tsx", { id: "policy-shipping" }),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("newsletter", "routes/resources/newsletter.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  // /og/{page}.jpg and /og/artwork/{id}.jpg: the 1200x630 sharing images.
  route("og/:kind?/:file", "routes/resources/og-image.ts"),
] satisfies RouteConfig;
