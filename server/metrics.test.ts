import { describe, expect, it } from "vitest";
import { routeLabel } from "./metrics";

describe("routeLabel", () => {
  it("groups paths into a fixed set of labels: no visitor can grow the series", () => {
    for (const [path, label] of [
      ["/", "/"],
      ["/gallery", "/gallery"],
      ["/gallery.data", "/gallery"],
      ["/artwork/tidewater-hymn", "/artwork/:id"],
      ["/media/abc/640.avif", "/media/*"],
      ["/admin/artworks/123/edit", "/admin/*"],
      ["/api/auth/sign-in/email", "/api/auth/*"],
      ["/blog/notes-on-glazing", "/blog/:slug"],
    ] as const)
      expect(routeLabel(path), path).toBe(label);
    for (let i = 0; i < 5; i++) expect(routeLabel(`/wp-login-${i}.php`)).toBe("other");
  });
});
