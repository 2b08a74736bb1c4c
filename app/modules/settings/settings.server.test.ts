import { describe, expect, it } from "vitest";
import { PAGE_KEYS } from "~/lib/seo";
import { pageMetaDefaults, resolvePageMeta, SettingsSchema } from "./settings.server";

const settings = (input: Parameters<typeof SettingsSchema.parse>[0]) => SettingsSchema.parse(input);

describe("per-page metadata (spec §2 Page metadata)", () => {
  it("has a title and a description for every page, from the artist's name and tagline", () => {
    const pages = pageMetaDefaults(
      settings({
        siteTitle: "Mara Ellison",
        artistName: "Mara Ellison",
        tagline: "Abstract paintings of water, weather and light",
      }),
    );
    expect(Object.keys(pages).sort()).toEqual([...PAGE_KEYS].sort());
    expect(pages.home).toEqual({
      title: "Mara Ellison | Abstract paintings of water, weather and light",
      description:
        "Abstract paintings of water, weather and light. Original works by Mara Ellison: browse the gallery, buy an original or commission a new painting.",
    });
    expect(pages.gallery.title).toBe("Gallery | Mara Ellison");
    expect(pages.shop.title).toBe("Shop | Mara Ellison");
    expect(pages.about.title).toBe("About | Mara Ellison");
    expect(pages.commissions.title).toBe("Commissions | Mara Ellison");
    expect(pages.contact.title).toBe("Contact | Mara Ellison");
    expect(pages.default).toEqual({
      title: "Mara Ellison",
      description: "Abstract paintings of water, weather and light. Original art by Mara Ellison.",
    });
    for (const key of PAGE_KEYS) {
      expect(pages[key].description).toContain("Mara Ellison");
      expect(pages[key].title.length).toBeLessThanOrEqual(120);
      expect(pages[key].description.length).toBeLessThanOrEqual(320);
    }
  });

  it("reads well without a tagline", () => {
    const pages = pageMetaDefaults(settings({ siteTitle: "Atelier", artistName: "Jo Park", tagline: "" }));
    expect(pages.home.title).toBe("Atelier");
    expect(pages.default.description).toBe("Original art by Jo Park.");
  });

  it("uses what the artist wrote, and the defaults for anything left unset or blank", () => {
    const s = settings({
      siteTitle: "Jo Park",
      artistName: "Jo Park",
      pages: {
        gallery: { title: "All paintings", description: "Every work since 2010." },
        shop: { description: "  " },
        about: { title: "Meet Jo" },
      },
    });
    const pages = resolvePageMeta(s);
    expect(pages.gallery).toEqual({ title: "All paintings", description: "Every work since 2010." });
    expect(pages.shop).toEqual(pageMetaDefaults(s).shop);
    expect(pages.about).toEqual({ title: "Meet Jo", description: pageMetaDefaults(s).about.description });
    expect(pages.contact).toEqual(pageMetaDefaults(s).contact);
  });

  it("accepts a stored image hash as a page's sharing image, and nothing else", () => {
    expect(settings({ pages: { home: { image: "0123456789abcdef01234567" } } }).pages.home?.image).toBe(
      "0123456789abcdef01234567",
    );
    expect(() => settings({ pages: { home: { image: "https://elsewhere.example/x.jpg" } } })).toThrow();
  });
});
