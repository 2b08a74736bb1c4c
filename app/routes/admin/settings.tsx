// Settings (/admin/settings): the site's identity, social links, each page's search title and description,
// and the shop's shipping, tax and payment settings, validated on the server with errors beside each field.
import { useEffect } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { TextAreaField, TextField } from "~/components/admin/field";
import { adminButton, adminCard } from "~/components/admin/ui";
import { notify } from "~/components/site/toast-host";
import { PAGE_KEYS } from "~/lib/seo";
import { requireAdmin } from "~/modules/auth/session.server";
import { settingsFromForm } from "~/modules/settings/settings-form.server";
import { SHIPPING_REGION_SLOTS, shopFormValues } from "~/modules/settings/shop-settings-form.server";
import { getSettings, pageMetaDefaults, saveSettings } from "~/modules/settings/settings.server";
import { listBackups } from "~/modules/backup/backups.server";
import { services } from "~/services.server";
import { BackupsPanel } from "~/components/admin/backups-panel";
import { TestMailPanel } from "~/components/admin/test-mail-panel";
import { readFormData } from "~/modules/security/form-data.server";
import { MediaPicker } from "~/components/admin/content/media-picker";
import {
  SIGNATURE_MAX_BYTES,
  signatureImageProblem,
  signaturePreview,
} from "~/modules/certificates/certificates.server";

/** How many social links the form offers (the settings allow up to six). */
const SOCIAL_LINK_SLOTS = 6;

const PAGE_LABELS: Record<(typeof PAGE_KEYS)[number], string> = {
  default: "Every other page",
  home: "Home",
  gallery: "Gallery",
  shop: "Shop",
  about: "About",
  commissions: "Commissions",
  contact: "Contact",
};

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const settings = await getSettings();
  return {
    settings,
    adminEmail: admin.user.email,
    mailOn: Boolean(services().config.smtpUrl),
    backups: listBackups().map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })),
    backupKeep: services().config.backupKeep,
    defaults: pageMetaDefaults(settings),
    shop: shopFormValues(settings.shop),
    regionSlots: SHIPPING_REGION_SLOTS,
    signature: await signaturePreview(settings.signatureImage),
    signatureMaxMb: SIGNATURE_MAX_BYTES / 1024 / 1024,
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = Object.fromEntries(
    [...(await readFormData(request))].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const current = await getSettings();
  const result = settingsFromForm(current, form);
  if (!result.ok) return data({ ok: false as const, errors: result.errors, typed: form }, 400);
  // A new signature is checked against the stored file: a still image, small enough for every certificate.
  const signature = result.settings.signatureImage;
  const problem =
    signature && signature !== current.signatureImage ? await signatureImageProblem(signature) : undefined;
  if (problem) return data({ ok: false as const, errors: { signatureImage: problem }, typed: form }, 400);
  await saveSettings(result.settings);
  return { ok: true as const, savedAt: Date.now() };
}

export const meta: Route.MetaFunction = () => adminMeta("Settings");

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, defaults, shop, regionSlots } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const errors: Partial<Record<string, string>> = actionData && !actionData.ok ? actionData.errors : {};
  const typed: Record<string, string> | undefined = actionData && !actionData.ok ? actionData.typed : undefined;
  const value = (name: string, saved: string | undefined) => typed?.[name] ?? saved ?? "";
  // A checkbox the browser leaves out of the form when it is not ticked.
  const checked = (name: string) => (typed ? typed[name] === "on" : shop[name] === "on");

  useEffect(() => {
    if (actionData?.ok) notify((t) => t.success("Settings saved."));
  }, [actionData]);

  return (
    <>
      <AdminPageHeader
        title="Settings"
        description="The site's identity, its links, how each page appears in search results and when shared, and the shop's shipping, tax and payment."
      />
      <Form method="post" key={actionData?.ok ? actionData.savedAt : "form"} className="space-y-5" noValidate>
        <section aria-labelledby="settings-identity" className={`${adminCard} p-4 md:p-6`}>
          <h2 id="settings-identity" className="mb-4 text-lg">
            Identity
          </h2>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label="Site title"
              name="siteTitle"
              defaultValue={value("siteTitle", settings.siteTitle)}
              error={errors.siteTitle}
              maxLength={80}
            />
            <TextField
              label="Artist's name"
              name="artistName"
              defaultValue={value("artistName", settings.artistName)}
              error={errors.artistName}
              maxLength={80}
            />
            <TextField
              label="Tagline"
              name="tagline"
              defaultValue={value("tagline", settings.tagline)}
              error={errors.tagline}
              maxLength={160}
              className="md:col-span-2"
            />
            <TextField
              label="Contact e-mail"
              name="contactEmail"
              type="email"
              defaultValue={value("contactEmail", settings.contactEmail)}
              error={errors.contactEmail}
            />
            <TextField
              label="Location line"
              name="locationLine"
              defaultValue={value("locationLine", settings.locationLine)}
              error={errors.locationLine}
              hint="Shown in the footer"
              maxLength={160}
            />
          </div>
          <p className="text-muted mt-4 text-xs">
            Prices are in US dollars and the studio is in the United States (fixed).
          </p>
        </section>

        <section aria-labelledby="settings-social" className={`${adminCard} p-4 md:p-6`}>
          <h2 id="settings-social" className="mb-1 text-lg">
            Social links
          </h2>
          <p className="text-muted mb-4 text-sm">Up to six, shown in the footer. Leave a row empty to drop it.</p>
          <div className="space-y-3">
            {Array.from({ length: SOCIAL_LINK_SLOTS }, (_, i) => {
              const saved = typed ? undefined : settings.socialLinks[i];
              return (
                <div key={i} className="grid gap-3 md:grid-cols-[12rem_1fr]">
                  <TextField
                    label={`Link ${i + 1} name`}
                    name={`socialLinks.${i}.label`}
                    defaultValue={value(`socialLinks.${i}.label`, saved?.label)}
                    error={errors[`socialLinks.${i}.label`]}
                    maxLength={40}
                  />
                  <TextField
                    label={`Link ${i + 1} address`}
                    name={`socialLinks.${i}.url`}
                    type="url"
                    defaultValue={value(`socialLinks.${i}.url`, saved?.url)}
                    error={errors[`socialLinks.${i}.url`]}
                    placeholder="https://"
                  />
                </div>
              );
            })}
          </div>
        </section>

        <section aria-labelledby="settings-pages" className={`${adminCard} p-4 md:p-6`}>
          <h2 id="settings-pages" className="mb-1 text-lg">
            Search and sharing
          </h2>
          <p className="text-muted mb-4 text-sm">
            Each page's title and description in search results and link previews. Blank uses the default shown.
          </p>
          <div className="divide-line divide-y">
            {PAGE_KEYS.map((key) => (
              <fieldset key={key} className="grid gap-3 py-4 first:pt-0 md:grid-cols-[10rem_1fr]">
                <legend className="sr-only">{PAGE_LABELS[key]}</legend>
                <p aria-hidden className="text-sm font-medium md:pt-6">
                  {PAGE_LABELS[key]}
                </p>
                <div className="grid gap-3">
                  <TextField
                    label={`${PAGE_LABELS[key]}: title`}
                    name={`pages.${key}.title`}
                    defaultValue={value(`pages.${key}.title`, settings.pages[key]?.title)}
                    error={errors[`pages.${key}.title`]}
                    placeholder={defaults[key].title}
                    maxLength={120}
                  />
                  <TextAreaField
                    label={`${PAGE_LABELS[key]}: description`}
                    name={`pages.${key}.description`}
                    defaultValue={value(`pages.${key}.description`, settings.pages[key]?.description)}
                    error={errors[`pages.${key}.description`]}
                    rows={2}
                  />
                </div>
              </fieldset>
            ))}
          </div>
        </section>

        <section aria-labelledby="settings-shop" className={`${adminCard} p-4 md:p-6`}>
          <input type="hidden" name="shop.present" value="1" />
          <h2 id="settings-shop" className="mb-1 text-lg">
            Shop
          </h2>
          <p className="text-muted mb-4 text-sm">
            What checkout charges and how orders are held. Prices are in US dollars; countries are two-letter codes (US,
            CA, FR …).
          </p>
          <h3 className="mt-2 mb-3 text-sm font-medium">Shipping</h3>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label="Shipping method name"
              name="shop.shippingLabel"
              defaultValue={value("shop.shippingLabel", shop["shop.shippingLabel"])}
              error={errors["shop.shippingLabel"]}
              maxLength={80}
            />
          </div>
          <p className="text-muted mt-4 mb-3 text-sm">
            Up to six regions. A buyer&apos;s country uses the region that lists it; one region may leave its countries
            empty to cover the rest of the world.
          </p>
          {errors["shop.regions"] ? (
            <p role="alert" className="text-destructive mb-3 text-sm">
              {errors["shop.regions"]}
            </p>
          ) : null}
          <div className="space-y-3">
            {Array.from({ length: regionSlots }, (_, i) => (
              <div key={i} className="grid gap-3 md:grid-cols-[14rem_1fr_9rem]">
                <input type="hidden" name={`shop.regions.${i}.id`} value={shop[`shop.regions.${i}.id`] ?? ""} />
                <TextField
                  label={`Region ${i + 1} name`}
                  name={`shop.regions.${i}.label`}
                  defaultValue={value(`shop.regions.${i}.label`, shop[`shop.regions.${i}.label`])}
                  error={errors[`shop.regions.${i}.label`]}
                  maxLength={80}
                />
                <TextField
                  label={`Region ${i + 1} countries`}
                  name={`shop.regions.${i}.countries`}
                  defaultValue={value(`shop.regions.${i}.countries`, shop[`shop.regions.${i}.countries`])}
                  error={errors[`shop.regions.${i}.countries`]}
                  placeholder="Empty: every other country"
                />
                <TextField
                  label={`Region ${i + 1} rate (USD)`}
                  name={`shop.regions.${i}.rate`}
                  inputMode="decimal"
                  defaultValue={value(`shop.regions.${i}.rate`, shop[`shop.regions.${i}.rate`])}
                  error={errors[`shop.regions.${i}.rate`]}
                />
              </div>
            ))}
          </div>
          <h3 className="mt-6 mb-3 text-sm font-medium">Pickup</h3>
          <label className="mb-3 flex items-center gap-2 text-sm">
            <input type="checkbox" name="shop.pickup.enabled" defaultChecked={checked("shop.pickup.enabled")} />
            Offer free pickup from the studio
          </label>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label="Pickup option name"
              name="shop.pickup.label"
              defaultValue={value("shop.pickup.label", shop["shop.pickup.label"])}
              error={errors["shop.pickup.label"]}
              maxLength={80}
            />
            <TextField
              label="Pickup note"
              name="shop.pickup.note"
              defaultValue={value("shop.pickup.note", shop["shop.pickup.note"])}
              error={errors["shop.pickup.note"]}
              maxLength={400}
            />
          </div>
          <h3 className="mt-6 mb-3 text-sm font-medium">Tax</h3>
          <div className="grid gap-4 md:grid-cols-3">
            <TextField
              label="Tax rate (%)"
              name="shop.taxRate"
              inputMode="decimal"
              defaultValue={value("shop.taxRate", shop["shop.taxRate"])}
              error={errors["shop.taxRate"]}
              hint="0 charges no tax"
            />
            <TextField
              label="Tax name"
              name="shop.taxLabel"
              defaultValue={value("shop.taxLabel", shop["shop.taxLabel"])}
              error={errors["shop.taxLabel"]}
              maxLength={60}
            />
            <TextField
              label="Taxed countries"
              name="shop.taxCountries"
              defaultValue={value("shop.taxCountries", shop["shop.taxCountries"])}
              error={errors["shop.taxCountries"]}
            />
          </div>
          <label className="mt-3 flex items-center gap-2 text-sm">
            <input type="checkbox" name="shop.taxShipping" defaultChecked={checked("shop.taxShipping")} />
            Tax the shipping too
          </label>
          <h3 className="mt-6 mb-3 text-sm font-medium">Payment and holds</h3>
          <div className="grid gap-4 md:grid-cols-3">
            <TextField
              label="Card checkout hold (minutes)"
              name="shop.reservationMinutes"
              inputMode="numeric"
              defaultValue={value("shop.reservationMinutes", shop["shop.reservationMinutes"])}
              error={errors["shop.reservationMinutes"]}
            />
            <TextField
              label="Bank transfer hold (hours)"
              name="shop.manualPaymentHoldHours"
              inputMode="numeric"
              defaultValue={value("shop.manualPaymentHoldHours", shop["shop.manualPaymentHoldHours"])}
              error={errors["shop.manualPaymentHoldHours"]}
            />
            <TextField
              label="Hold on request (hours)"
              name="shop.holdHours"
              inputMode="numeric"
              defaultValue={value("shop.holdHours", shop["shop.holdHours"])}
              error={errors["shop.holdHours"]}
              hint="How long an approved hold keeps a work for its buyer"
            />
            <TextField
              label="Studio time zone"
              name="shop.timeZone"
              defaultValue={value("shop.timeZone", shop["shop.timeZone"])}
              error={errors["shop.timeZone"]}
              hint="e.g. America/Chicago"
            />
          </div>
          <div className="mt-4">
            <TextAreaField
              label="Bank transfer instructions"
              name="shop.paymentInstructions"
              defaultValue={value("shop.paymentInstructions", shop["shop.paymentInstructions"])}
              error={errors["shop.paymentInstructions"]}
              rows={3}
            />
            <p className="text-muted mt-1 text-xs">
              Shown on the order confirmation and in the e-mail of an order paid by bank transfer.
            </p>
          </div>
        </section>

        <section aria-labelledby="settings-certificates" className={`${adminCard} p-4 md:p-6`}>
          <input type="hidden" name="certificates.present" value="1" />
          <h2 id="settings-certificates" className="mb-1 text-lg">
            Certificates
          </h2>
          <p className="text-muted mb-4 text-sm">
            Your signature, drawn on every certificate of authenticity above your name. A PNG with a transparent
            background looks best; JPEG and WebP work too (up to {loaderData.signatureMaxMb} MB).
          </p>
          <div className="md:max-w-xl">
            <MediaPicker
              name="signatureImage"
              label="Signature"
              valueKind="hash"
              initial={loaderData.signature}
              error={errors.signatureImage}
              hint="Without one, certificates carry a line to sign by hand."
            />
          </div>
        </section>

        <section aria-labelledby="settings-security" className={`${adminCard} p-4 md:p-6`}>
          <input type="hidden" name="security.present" value="1" />
          <h2 id="settings-security" className="mb-1 text-lg">
            Security
          </h2>
          <p className="text-muted mb-4 text-sm">Who can open the admin area, and for how long.</p>
          <label className="mb-3 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="security.requireAdminTwoFactor"
              defaultChecked={
                typed ? typed["security.requireAdminTwoFactor"] === "on" : settings.security.requireAdminTwoFactor
              }
            />
            Require two-factor sign-in for administrators
          </label>
          <div className="grid gap-4 md:grid-cols-3">
            <TextField
              label="Sign administrators out after (hours without activity)"
              name="security.adminIdleHours"
              inputMode="numeric"
              defaultValue={value("security.adminIdleHours", String(settings.security.adminIdleHours))}
              error={errors["security.adminIdleHours"]}
            />
          </div>
        </section>

        <div className="bg-paper/95 sticky bottom-0 flex items-center justify-end gap-3 py-3">
          {Object.keys(errors).length > 0 ? (
            <p role="alert" className="text-destructive mr-auto text-sm">
              Some fields need attention.
            </p>
          ) : null}
          <button type="submit" className={adminButton.primary} disabled={saving}>
            {saving ? "Saving…" : "Save settings"}
          </button>
        </div>
      </Form>
      <TestMailPanel defaultTo={loaderData.adminEmail} mailOn={loaderData.mailOn} />
      <BackupsPanel backups={loaderData.backups} keep={loaderData.backupKeep} />
    </>
  );
}

export const ErrorBoundary = AdminPageError;
