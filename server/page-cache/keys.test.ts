import { describe, expect, it } from "vitest";
import { dataKeyOf, isDataKey, pageKeyOf } from "./keys";

const key = (url: string) => {
  const u = new URL(url, "http://x");
  return pageKeyOf(u.pathname, u.searchParams)?.key;
};

describe("pageKeyOf", () => {
  it("answers the public pages and nothing else", () => {
    for (const path of ["/", "/gallery", "/shop", "/about", "/blog", "/privacy", "/terms", "/shipping"])
      expect(key(path)).toBe(path);
    expect(key("/sitemap.xml")).toBe("/sitemap.xml");
    expect(key("/blog/rss.xml")).toBe("/blog/rss.xml");
    expect(key("/blog/first-light")).toBe("/blog/first-light");
    expect(key("/artwork/01a203b9-166c-79aa-95b1-ff7ee28a4dba")).toBe("/artwork/01a203b9-166c-79aa-95b1-ff7ee28a4dba");
    expect(key("/og/home.jpg")).toBe("/og/home.jpg");
    for (const path of [
      "/contact",
      "/commissions",
      "/checkout",
      "/account",
      "/admin",
      "/auth",
      "/track-order",
      "/order-confirmation",
      "/artwork/a-readable-slug", // redirects to the id
      "/api/cart",
      "/gallery.data",
      "/room/AbCdEfGhIjKlMnOpQrStUvWxYz012345", // a private viewing room (decision 0023)
    ])
      expect(key(path), path).toBeUndefined();
  });

  it("keys the gallery by its own parameters in one order, and ignores every other parameter", () => {
    expect(key("/gallery?year=2020&q=blue&utm_source=x&fbclid=123")).toBe("/gallery?q=blue&year=2020");
    expect(key("/gallery?q=blue&year=2020")).toBe("/gallery?q=blue&year=2020");
    expect(key("/gallery?page=1")).toBe("/gallery");
    expect(key("/gallery?page=abc&availability=stolen")).toBe("/gallery");
    expect(key("/gallery?availability=sold&page=3")).toBe("/gallery?availability=sold&page=3");
    // The lightbox's list of the same works: the filters alone, never a page.
    expect(key("/api/gallery-works?page=2&year=2020&q=blue&fbclid=1")).toBe("/api/gallery-works?q=blue&year=2020");
    expect(key("/api/gallery-works?page=2")).toBe("/api/gallery-works");
  });

  it("a cache-buster cannot make a new key on a page without parameters", () => {
    expect(key("/?v=1")).toBe("/");
    expect(key("/shop?random=98765")).toBe("/shop");
    expect(key("/blog?page=2&x=1")).toBe("/blog?page=2");
    expect(key("/blog?page=1")).toBe("/blog");
  });

  it("every page depends on the catalogue where it shows works", () => {
    const areas = (url: string) => {
      const u = new URL(url, "http://x");
      return pageKeyOf(u.pathname, u.searchParams)?.areas;
    };
    for (const path of [
      "/",
      "/gallery",
      "/shop",
      "/about",
      "/sitemap.xml",
      "/artwork/01a203b9-166c-79aa-95b1-ff7ee28a4dba",
    ])
      expect(areas(path), path).toContain("catalog");
    expect(areas("/blog")).toEqual(["blog"]);
    expect(areas("/about")).toContain("exhibitions");
    expect(areas("/")).toContain("homepage");
  });
});

describe("dataKeyOf", () => {
  // The routes of the site's pages as React Router matches them: the root, the site's layout, the page.
  const chainOf = (pagePath: string) =>
    pagePath.startsWith("/admin") ? undefined : ["root", "routes/site/layout", `routes/site${pagePath}`];
  const dataKey = (url: string) => {
    const u = new URL(url, "http://x");
    return dataKeyOf(u.pathname, u.searchParams, chainOf)?.key;
  };

  it("answers a client navigation's data for the pages the cache keeps, keyed by the page's own key", () => {
    expect(dataKey("/_root.data")).toBe("/_root.data");
    expect(dataKey("/shop.data")).toBe("/shop.data");
    expect(dataKey("/gallery.data?utm_source=x&year=2020&q=blue")).toBe("/gallery.data?q=blue&year=2020");
    expect(dataKey("/blog.data?page=2&x=1")).toBe("/blog.data?page=2");
    expect(dataKey("/artwork/01a203b9-166c-79aa-95b1-ff7ee28a4dba.data")).toBe(
      "/artwork/01a203b9-166c-79aa-95b1-ff7ee28a4dba.data",
    );
    const areas = dataKeyOf("/gallery.data", new URLSearchParams(), chainOf)?.areas;
    expect(areas).toEqual(pageKeyOf("/gallery", new URLSearchParams())?.areas);
  });

  it("leaves every other data request to the router", () => {
    for (const path of [
      "/gallery",
      "/.data",
      "/gallery/.data",
      "/contact.data",
      "/checkout.data",
      "/account.data",
      "/admin.data",
      "/artwork/a-readable-slug.data",
      "/sitemap.xml.data",
      "/blog/rss.xml.data",
      "/og/home.jpg.data",
    ])
      expect(dataKey(path), path).toBeUndefined();
    // A page whose routes are not known (a build loaded on demand) is not kept either.
    expect(dataKeyOf("/shop.data", new URLSearchParams(), () => undefined)).toBeUndefined();
  });

  it("keeps of _routes only the page's own routes, in their order, and drops it when it names them all", () => {
    expect(dataKey("/shop.data?_routes=routes%2Fsite%2Fshop")).toBe("/shop.data?_routes=routes%2Fsite%2Fshop");
    expect(dataKey("/shop.data?_routes=routes/admin/x,routes/site/shop,routes/site/shop")).toBe(
      "/shop.data?_routes=routes%2Fsite%2Fshop",
    );
    expect(dataKey("/shop.data?_routes=routes/site/shop,root")).toBe("/shop.data?_routes=root%2Croutes%2Fsite%2Fshop");
    expect(dataKey("/shop.data?_routes=routes/site/shop,routes/site/layout,root")).toBe("/shop.data");
    expect(dataKey("/gallery.data?_routes=routes/site/gallery&year=2020")).toBe(
      "/gallery.data?year=2020&_routes=routes%2Fsite%2Fgallery",
    );
    expect(dataKey("/shop.data?_routes=nothing")).toBeUndefined();
    expect(dataKey("/shop.data?_routes=")).toBeUndefined();
  });
});

describe("isDataKey", () => {
  it("tells a page's data from a page, whatever the query holds", () => {
    expect(isDataKey("/_root.data")).toBe(true);
    expect(isDataKey("/gallery.data?year=2020&_routes=routes%2Fsite%2Fgallery")).toBe(true);
    expect(isDataKey("/gallery?q=report.data")).toBe(false);
    expect(isDataKey("/")).toBe(false);
    expect(isDataKey("/og/home.jpg")).toBe(false);
  });
});
