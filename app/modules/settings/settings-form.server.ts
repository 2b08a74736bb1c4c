// The admin's settings form: flat field names ("socialLinks.0.url", "pages.home.title", "shop.taxRate") merged into the
// current settings document and validated with SettingsSchema. Fields the form does not show (a page's sharing
// image, settings other features add) are kept as they are.
import type { ActionResult, FieldErrors } from "~/lib/action-result";
import { isWebOrMailLink } from "~/lib/paths";
import { PAGE_KEYS } from "~/lib/seo";
import { FIELDS_NEED_ATTENTION } from "~/modules/forms/submission.server";
import { hasVisibleText } from "~/modules/forms/fields";
import { SettingsSchema, type Settings } from "./settings.server";
import { shopSettingsFromForm } from "./shop-settings-form.server";

export const SOCIAL_LINK_SLOTS = 6;

/** A text field as typed, trimmed; empty when nothing in it shows (zero-width characters alone). */
const blank = (v: string | undefined) => {
  const text = (v ?? "").trim();
  return hasVisibleText(text) ? text : "";
};

const LINK_ADDRESS = "Enter a full address starting with https://.";

export function settingsFromForm(
  current: Settings,
  form: Record<string, string>,
): ActionResult<{ settings: Settings }> {
  const socialLinks: { label: string; url: string }[] = [];
  const errors: FieldErrors = {};
  for (let i = 0; i < SOCIAL_LINK_SLOTS; i++) {
    const label = blank(form[`socialLinks.${i}.label`]);
    const url = blank(form[`socialLinks.${i}.url`]);
    if (!label && !url) continue;
    // Keep the form's slot numbers for the error messages, even when earlier slots are empty.
    if (!label) errors[`socialLinks.${i}.label`] = "Name the link, e.g. Instagram.";
    if (!url) errors[`socialLinks.${i}.url`] = "Enter the link's address.";
    // A web or mail address only: never javascript:, data: or ftp: in the footer. Checked here, where the artist
    // types it, not in the stored settings' schema (a link saved before must not stop the site from reading them).
    else if (!isWebOrMailLink(url)) errors[`socialLinks.${i}.url`] = LINK_ADDRESS;
    socialLinks.push({ label, url });
  }
  const slotOf = (index: number) => {
    let seen = -1;
    for (let i = 0; i < SOCIAL_LINK_SLOTS; i++) {
      if (blank(form[`socialLinks.${i}.label`]) || blank(form[`socialLinks.${i}.url`])) seen++;
      if (seen === index) return i;
    }
    return index;
  };

  const pages: Record<string, unknown> = { ...current.pages };
  for (const key of PAGE_KEYS) {
    const title = blank(form[`pages.${key}.title`]);
    const description = blank(form[`pages.${key}.description`]);
    pages[key] = {
      ...current.pages[key],
      title: title || undefined,
      description: description || undefined,
    };
  }

  // The Shop section (its fields are present only when the form shows it).
  let shop = current.shop;
  if (form["shop.present"] === "1") {
    const result = shopSettingsFromForm(current.shop, form);
    if (result.ok) shop = result.shop;
    else Object.assign(errors, result.errors);
  }

  // The Security section: two-factor for administrators and their idle timeout.
  let security = current.security;
  if (form["security.present"] === "1") {
    const hours = Number(blank(form["security.adminIdleHours"]));
    if (!Number.isInteger(hours) || hours < 1 || hours > 720)
      errors["security.adminIdleHours"] = "Enter a whole number of hours from 1 to 720.";
    else security = { requireAdminTwoFactor: form["security.requireAdminTwoFactor"] === "on", adminIdleHours: hours };
  }

  // The Certificates section: the signature's stored image (its hash), or none.
  let signatureImage = current.signatureImage;
  if (form["certificates.present"] === "1") {
    const hash = blank(form.signatureImage).toLowerCase();
    if (hash && !/^[0-9a-f]{24}$/.test(hash)) errors.signatureImage = "Choose the signature from the media library.";
    else signatureImage = hash || undefined;
  }

  const candidate = {
    ...current,
    signatureImage,
    shop,
    security,
    siteTitle: blank(form.siteTitle),
    artistName: blank(form.artistName),
    tagline: blank(form.tagline),
    contactEmail: blank(form.contactEmail),
    locationLine: blank(form.locationLine),
    socialLinks,
    pages,
  };
  const parsed = SettingsSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String);
      if (path[0] === "socialLinks" && path.length === 3) path[1] = String(slotOf(Number(path[1])));
      errors[path.join(".")] ??= messageFor(path, issue.message);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success)
    return { ok: false, error: FIELDS_NEED_ATTENTION, fieldErrors: errors };
  return { ok: true, settings: parsed.data };
}

function messageFor(path: string[], fallback: string): string {
  const field = path.at(-1);
  if (path[0] === "siteTitle") return "Enter the site's title (up to 80 characters).";
  if (path[0] === "artistName") return "Enter the artist's name (up to 80 characters).";
  if (path[0] === "contactEmail") return "Enter an e-mail address, like studio@example.com.";
  if (path[0] === "tagline") return "Keep the tagline under 160 characters.";
  if (path[0] === "locationLine") return "Keep the location under 160 characters.";
  if (path[0] === "socialLinks" && field === "url") return LINK_ADDRESS;
  if (path[0] === "socialLinks" && field === "label") return "Keep the name under 40 characters.";
  if (path[0] === "pages" && field === "title") return "Keep the title under 120 characters.";
  if (path[0] === "pages" && field === "description") return "Keep the description under 320 characters.";
  return fallback;
}
