import { describe, expect, it } from "vitest";
import { parseSitemap, xmllintValidate } from "../../../tests/support/sitemap";
import { escapeXml, renderSitemap, robotsTxt, SITEMAP_MAX_URLS, w3cDatetime } from "./sitemap.server";

const ORIGIN = "https://maraellison.art";

describe("renderSitemap", () => {
  it("writes a urlset in the sitemap namespace with escaped, absolute locs and W3C lastmods", () => {
    const xml = renderSitemap([
      { loc: `${ORIGIN}/`, lastmod: new Date("2025-05-10T17:33:30.123Z") },
      { loc: `${ORIGIN}/gallery?page=2&sort='new'&q="a<b>"` },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<lastmod>2025-05-10T17:33:30Z</lastmod>");
    expect(xml).toContain(
      "<loc>https://maraellison.art/gallery?page=2&amp;sort=&apos;new&apos;&amp;q=&quot;a&lt;b&gt;&quot;</loc>",
    );
    expect(parseSitemap(xml, ORIGIN)).toEqual([
      { loc: `${ORIGIN}/`, lastmod: "2025-05-10T17:33:30Z" },
      { loc: `${ORIGIN}/gallery?page=2&sort='new'&q="a<b>"` },
    ]);
    const lint = xmllintValidate(xml);
    if (lint.ran) expect(lint, lint.output).toMatchObject({ ok: true });
  });

  it("stays within the protocol's limits: at most 50,000 URLs, none longer than 2,048 characters", () => {
    const tooLong = `${ORIGIN}/${"x".repeat(2048)}`;
    const urls = function* () {
      yield { loc: tooLong };
      for (let i = 0; i < SITEMAP_MAX_URLS + 10; i++) yield { loc: `${ORIGIN}/artwork/${i}`, lastmod: new Date(0) };
    };
    const entries = parseSitemap(renderSitemap(urls()), ORIGIN);
    expect(entries).toHaveLength(50_000);
    expect(entries.some((e) => e.loc === tooLong)).toBe(false);
  });

  it("escapes the five XML specials and formats dates to the second in UTC", () => {
    expect(escapeXml(`&<>'"`)).toBe("&amp;&lt;&gt;&apos;&quot;");
    expect(w3cDatetime(new Date(Date.UTC(2024, 1, 29, 23, 5, 9, 999)))).toBe("2024-02-29T23:05:09Z");
  });
});

describe("the sitemap checker used by the tests", () => {
  const valid = renderSitemap([{ loc: `${ORIGIN}/about`, lastmod: new Date("2025-01-02T03:04:05Z") }]);

  it.each([
    ["a bare ampersand", valid.replace("/about", "/about?a=1&b=2")],
    ["a relative loc", valid.replace(`${ORIGIN}/about`, "/about")],
    ["another host", valid.replace(ORIGIN, "https://elsewhere.example")],
    ["a lastmod that is not a W3C datetime", valid.replace("2025-01-02T03:04:05Z", "02/01/2025")],
    ["a dateTime without a time zone", valid.replace("2025-01-02T03:04:05Z", "2025-01-02T03:04:05")],
    ["the wrong namespace", valid.replace("sitemaps.org/schemas/sitemap/0.9", "sitemaps.org/schemas/sitemap/0.8")],
    ["an unknown element", valid.replace("</url>", "<image>x</image></url>")],
    ["no urls", renderSitemap([])],
  ])("refuses %s", (_label, xml) => {
    expect(() => parseSitemap(xml, ORIGIN)).toThrow();
    const lint = xmllintValidate(xml);
    // The official schema agrees, except on what it cannot see: hosts and time zones are protocol rules beyond the XSD.
    if (lint.ran && !/another host|time zone/.test(_label)) expect(lint.ok, lint.output).toBe(false);
  });
});

describe("robotsTxt", () => {
  it("allows the site, keeps crawlers out of the back office and checkout, and names the sitemap", () => {
    expect(robotsTxt(ORIGIN)).toBe(
      [
        "User-agent: *",
        "Allow: /",
        "Disallow: /admin",
        "Disallow: /checkout",
        "",
        `Sitemap: ${ORIGIN}/sitemap.xml`,
        "",
      ].join("\n"),
    );
  });
});
