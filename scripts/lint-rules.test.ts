// The lint rule that keeps admin URLs in app/lib/admin-paths.ts: what it refuses and what it lets through.
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";

type Selectors = { selector: string; message: string }[];
// Loaded by URL: the config is plain JavaScript, which the type check does not read.
const config = new URL("../eslint.config.js", import.meta.url).href;
const { adminUrlsThroughPathHelpers } = (await import(config)) as { adminUrlsThroughPathHelpers: Selectors };

const linter = new Linter({ configType: "flat" });
const refusals = (code: string) =>
  linter
    .verify(code, [{ rules: { "no-restricted-syntax": ["error", ...adminUrlsThroughPathHelpers] } }])
    .map((m) => m.message);

describe("admin URLs only through adminPaths", () => {
  it.each([
    ["a string", 'const url = "/admin/orders";'],
    ["a template", "const url = `/admin/orders/${id}`;"],
    ["a template after the site's address", "const url = `${publicUrl}/admin/orders/${id}`;"],
    ["a query", 'const url = "/admin?tab=works";'],
  ])("refuses an admin path written out in %s", (_, code) => {
    expect(refusals(code)).toEqual([expect.stringContaining("Build admin URLs with adminPaths")]);
  });

  it("refuses a query appended to the URL adminPaths returns", () => {
    expect(refusals("const url = `${adminPaths.orders()}?q=${q}`;")).toEqual([
      expect.stringContaining("Give the adminPaths helper its query or id"),
    ]);
  });

  it.each([
    "const url = absoluteUrl(publicUrl, adminPaths.order(id));",
    'const url = "/administrator";',
    "const url = `${publicUrl}/artwork/${id}`;",
    'const label = "Open /admin in a new tab to see it";',
  ])("lets through %s", (code) => {
    expect(refusals(code)).toEqual([]);
  });
});
