import { describe, expect, it } from "vitest";
import { pageViewOf, type PageViewRequest } from "./page-views";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const base: PageViewRequest = {
  method: "GET",
  path: "/gallery",
  status: 200,
  accept: "text/html,application/xhtml+xml",
  userAgent: browser,
  ownHost: "atelier.example",
  isBot: (ua) => /bot|crawl/i.test(ua),
};

describe("page views", () => {
  it("counts a page, with the other site that linked to it", () => {
    expect(pageViewOf({ ...base, referer: "https://www.instagram.com/p/xyz?utm=1" })).toEqual({
      path: "/gallery",
      referrerHost: "instagram.com",
      artworkKey: null,
    });
    expect(pageViewOf({ ...base, referer: "https://atelier.example/shop" })!.referrerHost).toBe("");
  });

  it("counts a page reached inside the site (its data request), never a prefetch", () => {
    expect(pageViewOf({ ...base, path: "/artwork/bayou-light.data", accept: "*/*" })).toEqual({
      path: "/artwork/bayou-light",
      referrerHost: "",
      artworkKey: "bayou-light",
    });
    expect(pageViewOf({ ...base, path: "/_root.data", accept: "*/*" })!.path).toBe("/");
    expect(pageViewOf({ ...base, path: "/shop.data", purpose: "prefetch" })).toBeNull();
  });

  it("counts a page under one path however its address was spelt (case, percent-escapes), and skips the skipped", () => {
    for (const path of ["/SHOP", "/Shop", "/%73hop", "/%53HOP/"])
      expect(pageViewOf({ ...base, path })!.path, path).toBe("/shop");
    expect(pageViewOf({ ...base, path: "/Artwork/Bayou-Light" })).toMatchObject({
      path: "/artwork/bayou-light",
      artworkKey: "bayou-light",
    });
    // A private room's secret address, an admin page: not counted, whatever the case or the escapes.
    for (const path of ["/ROOM/Abc123", "/%72oom/abc", "/%61dmin", "/Admin/orders"])
      expect(pageViewOf({ ...base, path }), path).toBeNull();
    expect(pageViewOf({ ...base, path: "/%E0%A4%A" })).toBeNull();
  });

  it("counts a page a browser shows from its cache after revalidating it (304 from the page cache)", () => {
    expect(pageViewOf({ ...base, status: 304 })).toEqual(pageViewOf(base));
  });

  it("skips bots, errors, other methods, the back office, APIs and files", () => {
    expect(pageViewOf({ ...base, userAgent: "Googlebot/2.1" })).toBeNull();
    expect(pageViewOf({ ...base, userAgent: undefined })).toBeNull();
    expect(pageViewOf({ ...base, status: 404 })).toBeNull();
    expect(pageViewOf({ ...base, method: "POST" })).toBeNull();
    for (const path of ["/admin", "/admin/orders", "/auth", "/api/cart", "/account", "/sitemap.xml", "/media/x/1.avif"])
      expect(pageViewOf({ ...base, path }), path).toBeNull();
    expect(pageViewOf({ ...base, path: "/admin/analytics.data" })).toBeNull();
    // A private viewing room's path is its secret: never in the analytics.
    expect(pageViewOf({ ...base, path: "/room/AbCdEfGhIjKlMnOpQrStUvWxYz012345" })).toBeNull();
    // So are a commission client's page, a buyer's certificate link (signed tokens) and a certificate's verify page.
    expect(pageViewOf({ ...base, path: "/commission/v1.0192e1f0-1234.SiGnAtUrE" })).toBeNull();
    expect(pageViewOf({ ...base, path: "/certificates/v1.0192e1f0-1234.SiGnAtUrE" })).toBeNull();
    expect(pageViewOf({ ...base, path: "/verify/K7Q2M9X4P8R3T6W1Z5C0B2N7" })).toBeNull();
    expect(pageViewOf({ ...base, accept: "application/json" })).toBeNull();
  });
});
