import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  artworkJsonLd,
  artworkSeo,
  ogArtworkVersion,
  pageSeo,
  parseLocation,
  parseSize,
  personJsonLd,
  seoMeta,
  privatePageMeta,
  siteFromMatches,
  summarize,
  websiteJsonLd,
  type ArtworkSeo,
  type JsonLd,
  type SeoSite,
} from "./seo";

const page = (title: string, description = `${title} description`) => ({ title, description });

const SITE: SeoSite = {
  siteTitle: "Mara Ellison",
  artistName: "Mara Ellison",
  tagline: "Abstract paintings of water, weather and light",
  publicUrl: "https://maraellison.art",
  locationLine: "Studio 4, Marigny Arts Building · New Orleans, Louisiana",
  socialLinks: [
    { label: "Instagram", url: "https://www.instagram.com/maraellison" },
    { label: "Pinterest", url: "https://www.pinterest.com/maraellison" },
  ],
  country: "US",
  pages: {
    default: page("Mara Ellison"),
    home: page("Mara Ellison | Abstract paintings"),
    gallery: page("Gallery | Mara Ellison"),
    shop: page("Shop | Mara Ellison"),
    about: page("About | Mara Ellison"),
    commissions: page("Commissions | Mara Ellison"),
    contact: page("Contact | Mara Ellison"),
  },
};

const ARTWORK: ArtworkSeo = {
  id: "01a1fcfb-5cd2-70ed-8e52-803bc9732db4",
  title: "Tidewater Hymn",
  description: "Layers of thinned ultramarine and slate.",
  medium: "Oil on canvas",
  year: 2025,
  size: '48" x 36"',
  priceCents: 680_000,
  currency: "USD",
  availability: "available",
  image: {
    hash: "1ac702c1629ea2ff99a82a5f",
    width: 1600,
    height: 1200,
    widths: [320, 640, 960, 1280, 1600],
    placeholder: "",
  },
};

/** The value of the first tag with this name/property. */
function tag(tags: MetaDescriptor[], key: string): string | undefined {
  for (const t of tags) {
    const record = t as Record<string, unknown>;
    if (record.name === key || record.property === key) return record.content as string;
  }
  return undefined;
}
const title = (tags: MetaDescriptor[]) => (tags.find((t) => "title" in t) as { title: string } | undefined)?.title;
const canonical = (tags: MetaDescriptor[]) =>
  (tags.find((t) => (t as Record<string, unknown>).rel === "canonical") as { href: string } | undefined)?.href;
const jsonLd = (tags: MetaDescriptor[]) =>
  tags.filter((t) => "script:ld+json" in t).map((t) => (t as { "script:ld+json": JsonLd })["script:ld+json"]);

describe("seoMeta", () => {
  it("gives title, description, robots 'index, follow', an absolute canonical, Open Graph and Twitter tags", () => {
    const tags = seoMeta({
      site: SITE,
      title: "Gallery | Mara Ellison",
      description: "Every painting.",
      path: "/gallery",
    });
    expect(title(tags)).toBe("Gallery | Mara Ellison");
    expect(tag(tags, "description")).toBe("Every painting.");
    expect(tag(tags, "robots")).toBe("index, follow");
    expect(canonical(tags)).toBe("https://maraellison.art/gallery");
    const shared = {
      "og:title": "Gallery | Mara Ellison",
      "og:description": "Every painting.",
      "og:url": "https://maraellison.art/gallery",
      "og:type": "website",
      "og:site_name": "Mara Ellison",
      "og:image": "https://maraellison.art/og/default.jpg",
      "og:image:width": "1200",
      "og:image:height": "630",
      "og:image:alt": "Mara Ellison: Abstract paintings of water, weather and light",
      "twitter:card": "summary_large_image",
      "twitter:title": "Gallery | Mara Ellison",
      "twitter:description": "Every painting.",
      "twitter:image": "https://maraellison.art/og/default.jpg",
    };
    expect(Object.fromEntries(Object.keys(shared).map((key) => [key, tag(tags, key)]))).toEqual(shared);
  });

  it("takes robots, type, image and JSON-LD when given, and omits the canonical without a path", () => {
    const tags = seoMeta({
      site: SITE,
      title: "Checkout",
      description: "Pay.",
      robots: "noindex",
      type: "product",
      image: { path: "/og/artwork/x.jpg?v=1", alt: "A work" },
      jsonLd: [{ "@type": "Thing" }],
    });
    expect(tag(tags, "robots")).toBe("noindex");
    expect(tag(tags, "og:type")).toBe("product");
    expect(tag(tags, "og:image")).toBe("https://maraellison.art/og/artwork/x.jpg?v=1");
    expect(tag(tags, "og:image:alt")).toBe("A work");
    expect(canonical(tags)).toBeUndefined();
    expect(tag(tags, "og:url")).toBeUndefined();
    expect(jsonLd(tags)).toEqual([{ "@type": "Thing" }]);
  });

  it("still gives title, description and robots when the root's data is missing", () => {
    const tags = seoMeta({ site: undefined, title: "Atelier", description: "", path: "/" });
    expect(tags).toEqual([
      { title: "Atelier" },
      { name: "description", content: "" },
      { name: "robots", content: "index, follow" },
    ]);
  });
});

describe("pageSeo", () => {
  it("uses the page's settings and its own sharing image", () => {
    const tags = pageSeo(SITE, "shop", "/shop");
    expect(title(tags)).toBe("Shop | Mara Ellison");
    expect(tag(tags, "description")).toBe("Shop | Mara Ellison description");
    expect(canonical(tags)).toBe("https://maraellison.art/shop");
    expect(tag(tags, "og:image")).toBe("https://maraellison.art/og/shop.jpg");
  });

  it("lets a page override the title and robots (private order pages)", () => {
    const tags = pageSeo(SITE, "default", "/checkout", { title: "Checkout | Mara Ellison", robots: "noindex" });
    expect(title(tags)).toBe("Checkout | Mara Ellison");
    expect(tag(tags, "description")).toBe("Mara Ellison description");
    expect(tag(tags, "robots")).toBe("noindex");
  });
});

describe("privatePageMeta", () => {
  const matches = [{ id: "root", loaderData: { site: SITE } }];

  it("gives a private step its title, noindex, canonical and the site's sharing tags", () => {
    const tags = privatePageMeta(matches, "Sign in", { path: "/auth", description: "Sign in to your account." });
    expect(title(tags)).toBe("Sign in | Mara Ellison");
    expect(tag(tags, "robots")).toBe("noindex");
    expect(tag(tags, "description")).toBe("Sign in to your account.");
    expect(canonical(tags)).toBe("https://maraellison.art/auth");
    expect(tag(tags, "og:image")).toBe("https://maraellison.art/og/default.jpg");
  });

  it("gives a form's answer or a secret link only its title and noindex", () => {
    expect(privatePageMeta(matches, "Newsletter")).toEqual([
      { title: "Newsletter | Mara Ellison" },
      { name: "robots", content: "noindex" },
    ]);
    expect(privatePageMeta([], "Newsletter")[0]).toEqual({ title: "Newsletter | Atelier" });
  });
});

describe("absoluteUrl and siteFromMatches", () => {
  it("joins the public URL and a path with exactly one slash", () => {
    expect(absoluteUrl("https://a.example", "/x")).toBe("https://a.example/x");
    expect(absoluteUrl("https://a.example/", "x")).toBe("https://a.example/x");
    expect(absoluteUrl("https://a.example/base", "/x?y=1")).toBe("https://a.example/base/x?y=1");
  });

  it("finds the root's site info, and nothing when the root failed", () => {
    expect(siteFromMatches([{ id: "root", loaderData: { site: SITE } }, { id: "page" }])).toBe(SITE);
    expect(siteFromMatches([{ id: "root", loaderData: undefined }])).toBeUndefined();
    expect(siteFromMatches([{ id: "root", loaderData: { site: { siteTitle: "x" } } }])).toBeUndefined();
    expect(siteFromMatches([])).toBeUndefined();
  });
});

describe("parseSize", () => {
  it.each([
    ['48" x 36"', { width: 48, height: 36, unitCode: "INH" }],
    ["48 x 36", { width: 48, height: 36, unitCode: "INH" }],
    ["48 x 36 in", { width: 48, height: 36, unitCode: "INH" }],
    ["48in × 36in", { width: 48, height: 36, unitCode: "INH" }],
    ["24.5″ x 30″", { width: 24.5, height: 30, unitCode: "INH" }],
    ['24 1/2" x 30 3/4"', { width: 24.5, height: 30.75, unitCode: "INH" }],
    ["12 by 16 inches", { width: 12, height: 16, unitCode: "INH" }],
    ['40" x 30" x 1.5"', { width: 40, height: 30, depth: 1.5, unitCode: "INH" }],
    ['36" x 48" (framed)', { width: 36, height: 48, unitCode: "INH" }],
    ["60 x 90 cm", { width: 60, height: 90, unitCode: "CMT" }],
  ])("reads %s", (size, expected) => {
    expect(parseSize(size)).toEqual(expected);
  });

  it.each(["", "large", "48", '48" x 36 cm', "0 x 36", "48 x 36 x 2 x 1", "about 4 feet wide"])(
    "refuses %j",
    (size) => {
      expect(parseSize(size)).toBeUndefined();
    },
  );
});

describe("parseLocation", () => {
  it("reads street, city and region, always with the country", () => {
    expect(parseLocation("Studio 4, Marigny Arts Building · New Orleans, Louisiana", "US")).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Studio 4, Marigny Arts Building",
      addressLocality: "New Orleans",
      addressRegion: "Louisiana",
      addressCountry: "US",
    });
    expect(parseLocation("Brooklyn, NY", "US")).toEqual({
      "@type": "PostalAddress",
      addressLocality: "Brooklyn",
      addressRegion: "NY",
      addressCountry: "US",
    });
    expect(parseLocation("12 Pier Rd, Santa Fe, New Mexico", "US")).toMatchObject({
      streetAddress: "12 Pier Rd",
      addressLocality: "Santa Fe",
      addressRegion: "New Mexico",
    });
    expect(parseLocation("Marfa", "US")).toEqual({
      "@type": "PostalAddress",
      addressLocality: "Marfa",
      addressCountry: "US",
    });
    expect(parseLocation("  ·  ", "US")).toBeUndefined();
  });
});

describe("personJsonLd and websiteJsonLd", () => {
  it("describes the artist with social profiles and a US address", () => {
    expect(personJsonLd(SITE)).toEqual({
      "@context": "https://schema.org",
      "@type": "Person",
      "@id": "https://maraellison.art/#artist",
      name: "Mara Ellison",
      url: "https://maraellison.art/",
      jobTitle: "Artist",
      description: "Abstract paintings of water, weather and light",
      sameAs: ["https://www.instagram.com/maraellison", "https://www.pinterest.com/maraellison"],
      address: {
        "@type": "PostalAddress",
        streetAddress: "Studio 4, Marigny Arts Building",
        addressLocality: "New Orleans",
        addressRegion: "Louisiana",
        addressCountry: "US",
      },
    });
  });

  it("leaves out the address and social profiles the artist has not given", () => {
    const person = personJsonLd({ ...SITE, locationLine: "", socialLinks: [], tagline: "" });
    expect(person).not.toHaveProperty("address");
    expect(person).not.toHaveProperty("sameAs");
    expect(person).not.toHaveProperty("description");
  });

  it("describes the site, published by the artist", () => {
    expect(websiteJsonLd(SITE)).toMatchObject({
      "@type": "WebSite",
      name: "Mara Ellison",
      url: "https://maraellison.art/",
      publisher: { "@id": "https://maraellison.art/#artist" },
    });
  });
});

describe("artworkJsonLd", () => {
  it("describes an available painting as a VisualArtwork with an Offer in USD, in stock", () => {
    expect(artworkJsonLd(SITE, ARTWORK)).toEqual({
      "@context": "https://schema.org",
      "@type": "VisualArtwork",
      "@id": `https://maraellison.art/artwork/${ARTWORK.id}#artwork`,
      name: "Tidewater Hymn",
      url: `https://maraellison.art/artwork/${ARTWORK.id}`,
      description: "Layers of thinned ultramarine and slate.",
      image: "https://maraellison.art/media/1ac702c1629ea2ff99a82a5f/1600.webp",
      artform: "Painting",
      artMedium: "Oil on canvas",
      dateCreated: "2025",
      width: { "@type": "QuantitativeValue", value: 48, unitCode: "INH" },
      height: { "@type": "QuantitativeValue", value: 36, unitCode: "INH" },
      creator: {
        "@type": "Person",
        "@id": "https://maraellison.art/#artist",
        name: "Mara Ellison",
        url: "https://maraellison.art/",
      },
      offers: {
        "@type": "Offer",
        url: `https://maraellison.art/artwork/${ARTWORK.id}`,
        price: 6800,
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/NewCondition",
        seller: { "@id": "https://maraellison.art/#artist" },
      },
    });
  });

  it("marks a sold work SoldOut and a reserved one Reserved, with prices in dollars", () => {
    const sold = artworkJsonLd(SITE, { ...ARTWORK, availability: "sold", priceCents: 123_45 });
    expect(sold.offers).toMatchObject({
      availability: "https://schema.org/SoldOut",
      price: 123.45,
      priceCurrency: "USD",
    });
    expect(artworkJsonLd(SITE, { ...ARTWORK, availability: "reserved" }).offers).toMatchObject({
      availability: "https://schema.org/Reserved",
    });
  });

  it("has no Offer without a price or when the work is not for sale, and no size it cannot read", () => {
    expect(artworkJsonLd(SITE, { ...ARTWORK, priceCents: null })).not.toHaveProperty("offers");
    expect(artworkJsonLd(SITE, { ...ARTWORK, availability: "not_for_sale" })).not.toHaveProperty("offers");
    const vague = artworkJsonLd(SITE, { ...ARTWORK, size: "large", year: null, image: null, medium: "" });
    for (const key of ["width", "height", "dateCreated", "image", "artMedium"]) expect(vague).not.toHaveProperty(key);
  });
});

describe("artworkSeo", () => {
  it("titles the page '{title} - Original Art by {artist}', canonical /artwork/{id}, with the work's own sharing image", () => {
    const tags = artworkSeo(SITE, ARTWORK);
    expect(title(tags)).toBe("Tidewater Hymn - Original Art by Mara Ellison");
    expect(canonical(tags)).toBe(`https://maraellison.art/artwork/${ARTWORK.id}`);
    expect(tag(tags, "description")).toBe(
      'Original oil on canvas by Mara Ellison, 48" x 36", 2025. Layers of thinned ultramarine and slate.',
    );
    const version = ogArtworkVersion({
      imageHash: ARTWORK.image!.hash,
      title: ARTWORK.title,
      artistName: "Mara Ellison",
    });
    expect(tag(tags, "og:image")).toBe(`https://maraellison.art/og/artwork/${ARTWORK.id}.jpg?v=${version}`);
    expect(tag(tags, "twitter:image")).toBe(tag(tags, "og:image"));
    expect(tag(tags, "og:image:alt")).toBe("Tidewater Hymn, Oil on canvas, by Mara Ellison");
    expect(tag(tags, "og:type")).toBe("product");
    expect(tag(tags, "product:price:amount")).toBe("6800.00");
    expect(tag(tags, "product:price:currency")).toBe("USD");
    expect(jsonLd(tags)).toEqual([artworkJsonLd(SITE, ARTWORK)]);
  });

  it("says 'the artist' when the site's name is unknown", () => {
    expect(title(artworkSeo(undefined, ARTWORK))).toBe("Tidewater Hymn - Original Art by the artist");
  });

  it("gives the sharing image a new version when its picture or caption changes, and only then", () => {
    const base = { imageHash: "a".repeat(24), title: "T", artistName: "A" };
    const v = ogArtworkVersion(base);
    expect(v).toMatch(/^[0-9a-f]{8}$/);
    expect(ogArtworkVersion({ ...base })).toBe(v);
    expect(ogArtworkVersion({ ...base, imageHash: "b".repeat(24) })).not.toBe(v);
    expect(ogArtworkVersion({ ...base, title: "U" })).not.toBe(v);
    expect(ogArtworkVersion({ ...base, artistName: "B" })).not.toBe(v);
  });
});

describe("summarize", () => {
  it("keeps short text, and cuts long text at a word with an ellipsis", () => {
    expect(summarize("  A  short\ntext. ")).toBe("A short text.");
    const long = "word ".repeat(60);
    const cut = summarize(long, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut).toMatch(/word…$/);
  });
});
