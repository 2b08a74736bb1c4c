import { describe, expect, it } from "vitest";
import { settingsFromForm } from "./settings-form.server";
import { SettingsSchema } from "./settings.server";

const current = SettingsSchema.parse({
  siteTitle: "Atelier",
  artistName: "Mara Ellison",
  contactEmail: "studio@example.com",
  socialLinks: [{ label: "Instagram", url: "https://instagram.com/mara" }],
  pages: { home: { title: "Home", image: "0123456789abcdef01234567" } },
});

const base = {
  siteTitle: "Atelier",
  artistName: "Mara Ellison",
  tagline: "Abstract painting",
  contactEmail: "studio@example.com",
  locationLine: "Portland, Oregon",
};

describe("settingsFromForm", () => {
  it("merges the form into the settings and keeps what the form does not show", () => {
    const result = settingsFromForm(current, {
      ...base,
      "socialLinks.0.label": "Instagram",
      "socialLinks.0.url": "https://instagram.com/mara",
      "socialLinks.2.label": "Vimeo",
      "socialLinks.2.url": "https://vimeo.com/mara",
      "pages.home.title": "",
      "pages.gallery.description": "Every painting.",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.settings.tagline).toBe("Abstract painting");
    expect(result.settings.socialLinks).toEqual([
      { label: "Instagram", url: "https://instagram.com/mara" },
      { label: "Vimeo", url: "https://vimeo.com/mara" },
    ]);
    // A blank title falls back to the default; the page's sharing image stays.
    expect(result.settings.pages.home).toEqual({ image: "0123456789abcdef01234567" });
    expect(result.settings.pages.gallery?.description).toBe("Every painting.");
  });

  it("reads a title or a name made only of characters that show nothing as blank: the field asks for it", () => {
    const invisible = "\u200B\u2060\u00AD";
    expect(settingsFromForm(current, { ...base, siteTitle: invisible, artistName: `\u200D${invisible}` })).toEqual({
      ok: false,
      error: "Some fields need attention.",
      fieldErrors: {
        siteTitle: "Enter the site's title (up to 80 characters).",
        artistName: "Enter the artist's name (up to 80 characters).",
      },
    });
    // An optional text of them is left empty.
    const tagline = settingsFromForm(current, { ...base, tagline: invisible });
    expect(tagline.ok && tagline.settings.tagline).toBe("");
  });

  it("reads the Security section: two-factor for administrators and the idle timeout (security item 10)", () => {
    const on = settingsFromForm(current, {
      ...base,
      "security.present": "1",
      "security.requireAdminTwoFactor": "on",
      "security.adminIdleHours": "8",
    });
    expect(on.ok && on.settings.security).toEqual({ requireAdminTwoFactor: true, adminIdleHours: 8 });
    // An unticked box is absent from the form: off.
    const off = settingsFromForm(current, { ...base, "security.present": "1", "security.adminIdleHours": "12" });
    expect(off.ok && off.settings.security.requireAdminTwoFactor).toBe(false);
    expect(settingsFromForm(current, { ...base, "security.present": "1", "security.adminIdleHours": "0" })).toEqual({
      ok: false,
      error: "Some fields need attention.",
      fieldErrors: { "security.adminIdleHours": "Enter a whole number of hours from 1 to 720." },
    });
    // A form without the section keeps what was saved.
    const kept = settingsFromForm({ ...current, security: { requireAdminTwoFactor: true, adminIdleHours: 4 } }, base);
    expect(kept.ok && kept.settings.security).toEqual({ requireAdminTwoFactor: true, adminIdleHours: 4 });
  });

  it("names each bad field by its form name", () => {
    const result = settingsFromForm(current, {
      ...base,
      siteTitle: "",
      contactEmail: "not an address",
      "socialLinks.3.label": "Site",
      "socialLinks.3.url": "example",
      "socialLinks.4.url": "https://example.com",
      "socialLinks.5.label": "Script",
      "socialLinks.5.url": "javascript:alert(1)",
      "pages.about.title": "x".repeat(121),
    });
    expect(result).toEqual({
      ok: false,
      error: "Some fields need attention.",
      fieldErrors: {
        siteTitle: "Enter the site's title (up to 80 characters).",
        contactEmail: "Enter an e-mail address, like studio@example.com.",
        "socialLinks.3.url": "Enter a full address starting with https://.",
        "socialLinks.4.label": "Name the link, e.g. Instagram.",
        "socialLinks.5.url": "Enter a full address starting with https://.",
        "pages.about.title": "Keep the title under 120 characters.",
      },
    });
  });
});
