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
