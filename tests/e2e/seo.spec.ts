// Search and sharing metadata as a crawler sees it: the server's HTML, fetched without running any JavaScript.
import type { APIRequestContext, APIResponse } from "@playwright/test";
import sharp from "sharp";
import { DEMO_ARTWORKS } from "../../app/modules/demo/demo-data";
import { parseSitemap, SITEMAP_PAGES, xmllintValidate } from "../support/sitemap";
import { expect, test } from "../support/fixtures";

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The <head> of a page, read the way a crawler does: tags and attributes, no script. */
class Head {
  readonly html: string;
  constructor(document: string) {
    const end = document.indexOf("</head>");
    expect(end, "the document has a head").toBeGreaterThan(0);
    this.html = document.slice(0, end);
  }

  private tags(name: "meta" | "link"): Record<string, string>[] {
    return [...this.html.matchAll(new RegExp(`<${name}\\s([^>]*?)/?>`, "g"))].map((m) =>
      Object.fromEntries([...m[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!, decode(a[2]!)])),
    );
  }

  /** Every value of a meta tag, by name or property. */
  all(key: string): string[] {
    return this.tags("meta")
      .filter((t) => t.name === key || t.property === key)
      .map((t) => t.content ?? "");
  }

  meta(key: string): string | undefined {
    const values = this.all(key);
    expect(values.length, `at most one ${key}`).toBeLessThanOrEqual(1);
    return values[0];
  }

  get titles(): string[] {
    return [...this.html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!));
  }

  get canonical(): string[] {
    return this.tags("link")
      .filter((t) => t.rel === "canonical")
      .map((t) => t.href!);
  }

  get jsonLd(): Record<string, unknown>[] {
    return [...this.html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
  }
}

/** GETs `path`, expecting it answered with `status` and a content type that `type` matches. */
async function served(request: APIRequestContext, path: string, type: RegExp, status = 200): Promise<APIResponse> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(status);
  expect(response.headers()["content-type"], path).toMatch(type);
  return response;
}

async function headOf(request: APIRequestContext, path: string, status = 200): Promise<Head> {
  return new Head(await (await served(request, path, /text\/html/, status)).text());
}

async function expectSharingImage(request: APIRequestContext, url: string) {
  const response = await served(request, url, /^image\/jpeg$/);
  const meta = await sharp(await response.body()).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height }, url).toEqual({
    format: "jpeg",
    width: 1200,
    height: 630,
  });
  return response;
}

const PAGES = [
  { path: "/", key: "home", title: "Mara Ellison | Abstract paintings of water, weather and light" },
  { path: "/gallery", key: "gallery", title: "Gallery | Mara Ellison" },
  { path: "/about", key: "about", title: "About | Mara Ellison" },
  { path: "/shop", key: "shop", title: "Shop | Mara Ellison" },
  { path: "/contact", key: "contact", title: "Contact | Mara Ellison" },
  { path: "/commissions", key: "commissions", title: "Commissions | Mara Ellison" },
];

for (const { path, key, title } of PAGES) {
  test(`${path} has its title, description, robots, canonical, Open Graph and Twitter tags in the server HTML`, async ({
    request,
    baseURL,
  }) => {
    const head = await headOf(request, path);
    expect(head.titles).toEqual([title]);
    const description = head.meta("description")!;
    expect(description).toContain("Mara Ellison");
    expect(head.meta("robots")).toBe("index, follow");
    const url = `${baseURL}${path}`;
    expect(head.canonical).toEqual([url]);
    expect(head.meta("og:url")).toBe(url);
    expect(head.meta("og:title")).toBe(title);
    expect(head.meta("og:description")).toBe(description);
    expect(head.meta("og:type")).toBe(path === "/about" ? "profile" : "website");
    expect(head.meta("og:site_name")).toBe("Mara Ellison");
    const image = `${baseURL}/og/${key}.jpg`;
    expect(head.meta("og:image")).toBe(image);
    expect(head.meta("og:image:width")).toBe("1200");
    expect(head.meta("og:image:height")).toBe("630");
    expect(head.meta("og:image:alt")).toBeTruthy();
    expect(head.meta("twitter:card")).toBe("summary_large_image");
    expect(head.meta("twitter:title")).toBe(title);
    expect(head.meta("twitter:description")).toBe(description);
    expect(head.meta("twitter:image")).toBe(image);
    await expectSharingImage(request, image);
  });
}

test("the home and about pages describe the artist as a Person with a US address", async ({ request, baseURL }) => {
  for (const path of ["/", "/about"]) {
    const person = (await headOf(request, path)).jsonLd.find((d) => d["@type"] === "Person");
    expect(person, path).toMatchObject({
      "@context": "https://schema.org",
      name: "Mara Ellison",
      url: `${baseURL}/`,
      sameAs: ["https://www.instagram.com/", "https://www.facebook.com/", "https://www.pinterest.com/"],
      address: {
        "@type": "PostalAddress",
        addressLocality: "New Orleans",
        addressRegion: "Louisiana",
        addressCountry: "US",
      },
    });
  }
  expect((await headOf(request, "/")).jsonLd.find((d) => d["@type"] === "WebSite")).toMatchObject({
    name: "Mara Ellison",
    url: `${baseURL}/`,
  });
});

/** Artwork ids by title, found from the gallery's links and each artwork page's title. */
async function artworkIds(request: APIRequestContext): Promise<Map<string, string>> {
  // The gallery shows 24 works a page.
  const gallery =
    (await (await request.get("/gallery")).text()) + (await (await request.get("/gallery?page=2")).text());
  const ids = [...new Set([...gallery.matchAll(/href="\/artwork\/([0-9a-f-]{36})"/g)].map((m) => m[1]!))];
  expect(ids).toHaveLength(DEMO_ARTWORKS.length);
  const byTitle = new Map<string, string>();
  for (const id of ids) {
    const [title] = (await headOf(request, `/artwork/${id}`)).titles;
    byTitle.set(title!.replace(/ - Original Art by Mara Ellison$/, ""), id);
  }
  return byTitle;
}

test("an artwork page has its title, canonical, its own 1200x630 sharing image and a VisualArtwork with an Offer", async ({
  request,
  baseURL,
}) => {
  const ids = await artworkIds(request);
  expect([...ids.keys()].sort()).toEqual(DEMO_ARTWORKS.map((a) => a.title).sort());

  const id = ids.get("Tidewater Hymn")!;
  const head = await headOf(request, `/artwork/${id}`);
  const url = `${baseURL}/artwork/${id}`;
  expect(head.titles).toEqual(["Tidewater Hymn - Original Art by Mara Ellison"]);
  expect(head.meta("description")).toMatch(
    /^Original oil on canvas by Mara Ellison, 48" x 36", 2025\. Layers of thinned ultramarine/,
  );
  expect(head.meta("robots")).toBe("index, follow");
  expect(head.canonical).toEqual([url]);
  expect(head.meta("og:url")).toBe(url);
  expect(head.meta("og:title")).toBe("Tidewater Hymn - Original Art by Mara Ellison");
  expect(head.meta("twitter:card")).toBe("summary_large_image");
  const image = head.meta("og:image")!;
  expect(image).toMatch(new RegExp(`^${baseURL}/og/artwork/${id}\\.jpg\\?v=[0-9a-f]{8}$`));
  expect(head.meta("twitter:image")).toBe(image);
  const response = await expectSharingImage(request, image);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  // An old or invented version, or none, is sent on to the current image and never kept by the page cache:
  // strangers' made-up versions cannot push the pages out of it.
  for (const other of [`/og/artwork/${id}.jpg?v=zz${Date.now().toString(36)}`, `/og/artwork/${id}.jpg`]) {
    for (let twice = 0; twice < 2; twice++) {
      const moved = await request.get(other, { maxRedirects: 0 });
      expect(moved.status()).toBe(302);
      expect(new URL(moved.headers().location!, baseURL).href).toBe(image);
      expect(moved.headers()["x-cache"]).not.toBe("hit");
    }
  }

  const [work] = head.jsonLd;
  expect(head.jsonLd).toHaveLength(1);
  expect(work).toMatchObject({
    "@context": "https://schema.org",
    "@type": "VisualArtwork",
    name: "Tidewater Hymn",
    url,
    artform: "Painting",
    artMedium: "Oil on canvas",
    dateCreated: "2025",
    width: { "@type": "QuantitativeValue", value: 48, unitCode: "INH" },
    height: { "@type": "QuantitativeValue", value: 36, unitCode: "INH" },
    creator: { "@type": "Person", name: "Mara Ellison" },
    offers: { "@type": "Offer", price: 6800, priceCurrency: "USD", availability: "https://schema.org/InStock", url },
  });
  expect(String(work!.image)).toMatch(new RegExp(`^${baseURL}/media/[0-9a-f]{24}/\\d+\\.webp$`));
  expect((await request.get(String(work!.image))).status()).toBe(200);

  const sold = await headOf(request, `/artwork/${ids.get("Low Country Psalm")!}`);
  expect(sold.jsonLd[0]).toMatchObject({
    "@type": "VisualArtwork",
    name: "Low Country Psalm",
    offers: { "@type": "Offer", price: 6200, priceCurrency: "USD", availability: "https://schema.org/SoldOut" },
  });
});

test("order pages and the 404 page ask not to be indexed", async ({ request }) => {
  for (const path of ["/checkout", "/order-confirmation", "/track-order"]) {
    const head = await headOf(request, path);
    expect(head.meta("robots"), path).toBe("noindex");
    expect(head.titles).toHaveLength(1);
  }
  for (const path of ["/no-such-page", "/artwork/00000000-0000-7000-8000-000000000000"]) {
    const head = await headOf(request, path, 404);
    expect(head.meta("robots"), path).toBe("noindex");
    expect(head.titles).toEqual(["Page not found"]);
    expect(head.canonical).toEqual([]);
  }
});

test("/sitemap.xml lists every public page and artwork with lastmod, valid against the sitemap protocol", async ({
  request,
  baseURL,
}) => {
  const xml = await (await served(request, "/sitemap.xml", /^application\/xml/)).text();
  const entries = parseSitemap(xml, baseURL!);
  const locs = entries.map((e) => e.loc);
  for (const path of SITEMAP_PAGES) expect(locs).toContain(`${baseURL}${path}`);
  const ids = new Set((await artworkIds(request)).values());
  expect(ids.size).toBe(DEMO_ARTWORKS.length);
  expect(locs.filter((l) => l.includes("/artwork/")).sort()).toEqual(
    [...ids].map((id) => `${baseURL}/artwork/${id}`).sort(),
  );
  for (const entry of entries) expect(entry.lastmod, entry.loc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  const lint = xmllintValidate(xml);
  if (lint.ran) expect(lint.ok, lint.output).toBe(true);
});

test("/favicon.ico, which browsers and crawlers ask for beside a page that names no icon, is the site's icon", async ({
  request,
}) => {
  const icon = await served(request, "/favicon.ico", /^image\/(x-icon|vnd\.microsoft\.icon)$/);
  const bytes = await icon.body();
  // An ICO directory (reserved 0, type 1) of 16, 32 and 48 px pictures, each a PNG.
  expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  const count = bytes.readUInt16LE(4);
  const sizes: number[] = [];
  for (let i = 0; i < count; i++) {
    const entry = 6 + 16 * i;
    const png = bytes.subarray(
      bytes.readUInt32LE(entry + 12),
      bytes.readUInt32LE(entry + 12) + bytes.readUInt32LE(entry + 8),
    );
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBe(bytes[entry] || 256);
    sizes.push(meta.width);
  }
  expect(sizes).toEqual([16, 32, 48]);
});

test("/robots.txt allows the site, keeps out the back office and checkout, and points at the sitemap", async ({
  request,
  baseURL,
}) => {
  const robots = await served(request, "/robots.txt", /^text\/plain/);
  expect((await robots.text()).split("\n")).toEqual([
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /checkout",
    "",
    `Sitemap: ${baseURL}/sitemap.xml`,
    "",
  ]);
});

test("in the browser the metadata survives hydration and follows client-side navigation", async ({ page, baseURL }) => {
  await page.goto("/about");
  await expect(page).toHaveTitle("About | Mara Ellison");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Gallery", exact: true }).click();
  await expect(page).toHaveURL("/gallery");
  await expect(page).toHaveTitle("Gallery | Mara Ellison");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/gallery`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${baseURL}/og/gallery.jpg`);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  // The fixture fails the test on any console error, a blocked JSON-LD script or a hydration mismatch included.
});
