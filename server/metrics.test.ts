import { describe, expect, it } from "vitest";
import { routeLabel } from "./metrics";

describe("routeLabel", () => {
  it("groups paths into a fixed set of labels: no visitor can grow the series", () => {
    expect(routeLabel("/")).toBe("/");
    expect(routeLabel("/gallery")).toBe("/gallery");
    expect(routeLabel("/gallery.data")).toBe("/gallery");
    expect(routeLabel("/artwork/tidewater-hymn")).toBe("/artwork/:id");
    expect(routeLabel("/media/abc/640.avif")).toBe("/media/*");
    expect(routeLabel("/admin/artworks/123/edit")).toBe("/admin/*");
    expect(routeLabel("/api/auth/sign-in/email")).toBe("/api/auth/*");
    expect(routeLabel("/blog/notes-on-glazing")).toBe("/blog/:slug");
    for (let i = 0; i < 5; i++) expect(routeLabel(`/wp-login-${i}.php`)).toBe("other");
  });
});
