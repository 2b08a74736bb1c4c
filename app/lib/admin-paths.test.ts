import { describe, expect, it } from "vitest";
import { adminPaths, isAdminNavItemActive } from "./admin-paths";

describe("isAdminNavItemActive", () => {
  it("marks Dashboard only on the exact path", () => {
    expect(isAdminNavItemActive("/admin", adminPaths.dashboard())).toBe(true);
    expect(isAdminNavItemActive("/admin/", adminPaths.dashboard())).toBe(true);
    expect(isAdminNavItemActive("/admin/artworks", adminPaths.dashboard())).toBe(false);
    expect(isAdminNavItemActive("/admin/upload", adminPaths.dashboard())).toBe(false);
  });

  it("marks other items on their path prefix", () => {
    expect(isAdminNavItemActive("/admin/artworks", adminPaths.artworks())).toBe(true);
    expect(isAdminNavItemActive("/admin/artworks/0190/edit", adminPaths.artworks())).toBe(true);
    expect(isAdminNavItemActive("/admin/artworks/", adminPaths.artworks())).toBe(true);
  });

  it("does not match a different item that shares the leading letters", () => {
    // /admin/about must not light up for a hypothetical /admin/about-us, nor /admin/artist-photos for /admin/artist
    expect(isAdminNavItemActive("/admin/about-us", adminPaths.about())).toBe(false);
    expect(isAdminNavItemActive("/admin/manage-photos", adminPaths.artistPhotos())).toBe(false);
    expect(isAdminNavItemActive("/admin/upload", adminPaths.status())).toBe(false);
  });
});

describe("adminPaths with a query", () => {
  it("adds the query only when there is one", () => {
    expect(adminPaths.orders()).toBe("/admin/orders");
    expect(adminPaths.orders(new URLSearchParams())).toBe("/admin/orders");
    expect(adminPaths.orders(new URLSearchParams({ q: "ada@example.com", page: "2" }))).toBe(
      "/admin/orders?q=ada%40example.com&page=2",
    );
    expect(adminPaths.commissions("view=list")).toBe("/admin/commissions?view=list");
    expect(adminPaths.editPost("a b", "saved=new")).toBe("/admin/blog/a%20b/edit?saved=new");
    expect(adminPaths.analytics(30)).toBe("/admin/analytics?range=30");
  });

  it("escapes ids in paths", () => {
    expect(adminPaths.invoice("x/../y")).toBe("/admin/invoices/x%2F..%2Fy");
    expect(adminPaths.editExhibition("e?1")).toBe("/admin/exhibitions/e%3F1/edit");
  });
});
