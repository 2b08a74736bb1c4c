import { describe, expect, it } from "vitest";

import { isSameSiteCallback, safeRedirect } from "./safe-redirect";

// Known open-redirect bypasses: every one must stay on the site.
const hostile = [
  "//evil.example",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\t\\evil.example",
  " //evil.example",
  "/ /evil.example",
  "%2F%2Fevil.example",
  "/%2Fevil.example",
  "/%2F/evil.example",
  "/%5Cevil.example",
  "/%5C/evil.example",
  "/%09/evil.example",
  "/%0A/evil.example",
  "/%252F%252Fevil.example",
  "https://evil.example",
  "http:evil.example",
  "https:/evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,hi",
  "evil.example",
  "@evil.example",
  "/@evil.example/..//evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/x/../..//evil.example",
  "/\u3002evil.example",
  "/\u0000/evil.example",
  "/\u202e/evil.example",
  "",
  "   ",
];

describe("safeRedirect", () => {
  it.each(hostile)("keeps %j on the site", (value) => {
    const result = safeRedirect(value);
    expect(result.startsWith("/")).toBe(true);
    expect(result.startsWith("//")).toBe(false);
    // eslint-disable-next-line no-control-regex -- control characters are what must not come back
    expect(result).not.toMatch(/[\\\t\n\r\u0000-\u001f]/);
    // What a browser would do with the Location header: resolve against the site.
    expect(new URL(result, "https://shop.example").origin).toBe("https://shop.example");
    expect(result).not.toContain("evil.example");
  });

  it("keeps ordinary paths, queries and fragments", () => {
    for (const path of ["/admin/artworks?x=1", "/artwork/abc#details", "/gallery?category=Oil%20paintings", "/account"])
      expect(safeRedirect(path)).toBe(path);
  });

  it("falls back for missing values, the sign-in and API paths, and another site", () => {
    for (const value of [
      null,
      undefined,
      "/auth?reset=true",
      "/api/auth/sign-out",
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
    ])
      expect(safeRedirect(value), String(value)).toBe("/");
    expect(safeRedirect("//evil.example", "/account")).toBe("/account");
  });
});

describe("isSameSiteCallback", () => {
  const own = "https://shop.example";
  it.each(hostile.filter((value) => value.trim() !== ""))("refuses %j", (value) => {
    expect(isSameSiteCallback(value, own)).toBe(false);
    // The same path written as an absolute URL on this site is refused too.
    if (value.startsWith("/")) expect(isSameSiteCallback(`${own}${value}`, own)).toBe(false);
  });
  it("accepts this site's paths and absolute URLs, the sign-in page included", () => {
    expect(isSameSiteCallback("/account", own)).toBe(true);
    expect(isSameSiteCallback(`${own}/auth?verified=1&redirectTo=%2Faccount`, own)).toBe(true);
    expect(isSameSiteCallback("https://shop.example.evil.example/", own)).toBe(false);
    expect(isSameSiteCallback("https://evil.example/", own)).toBe(false);
  });
});
