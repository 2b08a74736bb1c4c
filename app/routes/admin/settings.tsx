// Settings (/admin/settings): the site's identity, social links, each page's search title and description,
// and the shop's shipping, tax and payment settings, validated on the server with errors beside each field.
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { Route } from "./+types/settings";
import { reportAction } from "~/components/admin/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { Panel } from "~/components/ui/card";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { formState } from "~/lib/action-result";
import { PAGE_KEYS } from "~/lib/seo";
import { requireAdmin } from "~/modules/auth/session.server";
import { settingsFromForm } from "~/modules/settings/settings-form.server";
import { SHIPPING_REGION_SLOTS, shopFormValues } from "~/modules/settings/shop-settings-form.server";
import { getSettings, pageMetaDefaults, saveSettings } from "~/modules/settings/settings.server";
import { listBackups } from "~/modules/backup/backups.server";
import { formatShortDateTime } from "~/lib/dates";
import { services } from "~/services.server";
import { BackupsPanel } from "~/components/admin/backups-panel";
import { TestMailPanel } from "~/components/admin/test-mail-panel";
import { FIELDS_NEED_ATTENTION, readFormData, refuse, typedValues } from "~/modules/forms/submission.server";
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
    backups: listBackups().map((b) => ({
      name: b.name,
      size: b.size,
      made: formatShortDateTime(b.createdAt, settings.shop.timeZone),
    })),
    backupKeep: services().config.backupKeep,
    defaults: pageMetaDefaults(settings),
    shop: shopFormValues(settings.shop),
    regionSlots: SHIPPING_REGION_SLOTS,
    signature: await signaturePreview(settings.signatureImage),
    signatureMaxMb: SIGNATURE_MAX_BYTES / 1024 / 1024,
  };
}

// The form's flat names are merged into the settings document by settingsFromForm, which checks them.
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const values = typedValues(await readFormData(request));
  const current = await getSettings();
  const result = settingsFromForm(current, values);
  if (!result.ok) return refuse({ ...result, values });
  // A new signature is checked against the stored file: a still image, small enough for every certificate.
  const signature = result.settings.signatureImage;
  const problem =
    signature && signature !== current.signatureImage ? await signatureImageProblem(signature) : undefined;
  if (problem)
    return refuse({ ok: false, error: FIELDS_NEED_ATTENTION, fieldErrors: { signatureImage: problem }, values });
  await saveSettings(result.settings);
  return { ok: true as const, message: "Settings saved.", savedAt: Date.now() };
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not save the settings");
}

export const meta: Route.MetaFunction = () => adminMeta("Settings");

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, defaults, shop, regionSlots } = loaderData;
  const { fieldErrors: errors, values: typed, count } = formState(actionData);
  const refused = actionData?.ok === false;
  const value = (name: string, saved: string | undefined) => (refused ? typed[name] : undefined) ?? saved ?? "";
  /** A field's name, what it shows (what was typed after a refusal, else what is saved) and its error. */
  const field = (name: string, saved: string | undefined) => ({
    name,
    defaultValue: value(name, saved),
    error: errors[name],
  });
  const shopField = (name: string) => field(name, shop[name]);
  // A checkbox the browser leaves out of the form when it is not ticked.
  const checked = (name: string, saved: boolean) => (refused ? typed[name] === "on" : saved);

  return (
    <>
      <AdminPageHeader
        title="Settings"
        description="The site's identity, its links, how each page appears in search results and when shared, and the shop's shipping, tax and payment."
      />
      <Form
        method="post"
        key={actionData?.ok && "savedAt" in actionData ? actionData.savedAt : "form"}
        className="space-y-5"
        noValidate
      >
        <SettingsSection id="identity" title="Identity">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField label="Site title" {...field("siteTitle", settings.siteTitle)} maxLength={80} />
            <TextField label="Artist's name" {...field("artistName", settings.artistName)} maxLength={80} />
            <TextField
              label="Tagline"
              {...field("tagline", settings.tagline)}
              maxLength={160}
              className="md:col-span-2"
            />
            <TextField label="Contact email" {...field("contactEmail", settings.contactEmail)} type="email" />
            <TextField
              label="Location line"
              {...field("locationLine", settings.locationLine)}
              hint="Shown in the footer"
              maxLength={160}
            />
          </div>
          <p className="text-muted mt-4 text-xs">
            Prices are in US dollars and the studio is in the United States (fixed).
          </p>
        </SettingsSection>

        <SettingsSection
          id="social"
          title="Social links"
          intro="Up to six, shown in the footer. Leave a row empty to drop it."
        >
          <div className="space-y-3">
            {Array.from({ length: SOCIAL_LINK_SLOTS }, (_, i) => {
              const saved = refused ? undefined : settings.socialLinks[i];
              return (
                <div key={i} className="grid gap-3 md:grid-cols-[12rem_1fr]">
                  <TextField
                    label={`Link ${i + 1} name`}
                    {...field(`socialLinks.${i}.label`, saved?.label)}
                    maxLength={40}
                  />
                  <TextField
                    label={`Link ${i + 1} address`}
                    {...field(`socialLinks.${i}.url`, saved?.url)}
                    type="url"
                    placeholder="https://"
                  />
                </div>
              );
            })}
          </div>
        </SettingsSection>

        <SettingsSection
          id="pages"
          title="Search and sharing"
          intro="Each page's title and description in search results and link previews. Blank uses the default shown."
        >
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
                    {...field(`pages.${key}.title`, settings.pages[key]?.title)}
                    placeholder={defaults[key].title}
                    maxLength={120}
                  />
                  <TextAreaField
                    label={`${PAGE_LABELS[key]}: description`}
                    {...field(`pages.${key}.description`, settings.pages[key]?.description)}
                    rows={2}
                  />
                </div>
              </fieldset>
            ))}
          </div>
        </SettingsSection>

        <SettingsSection
          id="shop"
          title="Shop"
          present
          intro="What checkout charges and how orders are held. Prices are in US dollars; countries are two-letter codes (US, CA, FR …)."
        >
          <h3 className="mt-2 mb-3 text-sm font-medium">Shipping</h3>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField label="Shipping method name" {...shopField("shop.shippingLabel")} maxLength={80} />
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
                <TextField label={`Region ${i + 1} name`} {...shopField(`shop.regions.${i}.label`)} maxLength={80} />
                <TextField
                  label={`Region ${i + 1} countries`}
                  {...shopField(`shop.regions.${i}.countries`)}
                  placeholder="Empty: every other country"
                />
                <TextField
                  label={`Region ${i + 1} rate (USD)`}
                  {...shopField(`shop.regions.${i}.rate`)}
                  inputMode="decimal"
                />
              </div>
            ))}
          </div>
          <h3 className="mt-6 mb-3 text-sm font-medium">Pickup</h3>
          <CheckboxField
            label="Offer free pickup from the studio"
            name="shop.pickup.enabled"
            defaultChecked={checked("shop.pickup.enabled", shop["shop.pickup.enabled"] === "on")}
            className="mb-3"
          />
          <div className="grid gap-4 md:grid-cols-2">
            <TextField label="Pickup option name" {...shopField("shop.pickup.label")} maxLength={80} />
            <TextField label="Pickup note" {...shopField("shop.pickup.note")} maxLength={400} />
          </div>
          <h3 className="mt-6 mb-3 text-sm font-medium">Tax</h3>
          <div className="grid gap-4 md:grid-cols-3">
            <TextField
              label="Tax rate (%)"
              {...shopField("shop.taxRate")}
              inputMode="decimal"
              hint="0 charges no tax"
            />
            <TextField label="Tax name" {...shopField("shop.taxLabel")} maxLength={60} />
            <TextField label="Taxed countries" {...shopField("shop.taxCountries")} />
          </div>
          <CheckboxField
            label="Tax the shipping too"
            name="shop.taxShipping"
            defaultChecked={checked("shop.taxShipping", shop["shop.taxShipping"] === "on")}
            className="mt-3"
          />
          <h3 className="mt-6 mb-3 text-sm font-medium">Payment and holds</h3>
          <div className="grid gap-4 md:grid-cols-3">
            <TextField
              label="Card checkout hold (minutes)"
              {...shopField("shop.reservationMinutes")}
              inputMode="numeric"
            />
            <TextField
              label="Bank transfer hold (hours)"
              {...shopField("shop.manualPaymentHoldHours")}
              inputMode="numeric"
            />
            <TextField
              label="Hold on request (hours)"
              {...shopField("shop.holdHours")}
              inputMode="numeric"
              hint="How long an approved hold keeps a work for its buyer"
            />
            <TextField label="Studio time zone" {...shopField("shop.timeZone")} hint="e.g. America/Chicago" />
          </div>
          <TextAreaField
            label="Bank transfer instructions"
            {...shopField("shop.paymentInstructions")}
            hint="Shown on the order confirmation, order tracking and in the e-mail of an order paid by bank transfer, after “Pay the total by bank transfer, quoting the order number as the reference.”"
            rows={3}
            className="mt-4"
          />
        </SettingsSection>

        <SettingsSection
          id="certificates"
          title="Certificates"
          present
          intro={
            <>
              Your signature, drawn on every certificate of authenticity above your name. A PNG with a transparent
              background looks best; JPEG and WebP work too (up to {loaderData.signatureMaxMb} MB).
            </>
          }
        >
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
        </SettingsSection>

        <SettingsSection id="security" title="Security" present intro="Who can open the admin area, and for how long.">
          <CheckboxField
            label="Require two-factor sign-in for administrators"
            name="security.requireAdminTwoFactor"
            defaultChecked={checked("security.requireAdminTwoFactor", settings.security.requireAdminTwoFactor)}
            className="mb-3"
          />
          <div className="grid gap-4 md:grid-cols-3">
            <TextField
              label="Sign administrators out after (hours without activity)"
              {...field("security.adminIdleHours", String(settings.security.adminIdleHours))}
              inputMode="numeric"
            />
          </div>
        </SettingsSection>

        <div className="bg-paper/95 sticky bottom-0 flex items-center justify-end gap-3 py-3">
          {count > 0 && actionData && !actionData.ok ? (
            <p role="alert" className="text-destructive mr-auto text-sm">
              {actionData.error}
            </p>
          ) : null}
          <SubmitButton size="sm" busyLabel="Saving…">
            Save settings
          </SubmitButton>
        </div>
      </Form>
      <TestMailPanel defaultTo={loaderData.adminEmail} mailOn={loaderData.mailOn} />
      <BackupsPanel backups={loaderData.backups} keep={loaderData.backupKeep} />
    </>
  );
}

export const ErrorBoundary = AdminPageError;

/** One card of the settings form. With `present`, the form says the group `id` was on it (`shop.present`), so that
 * the action saves the group even when its fields are all empty or unticked. */
function SettingsSection({
  id,
  title,
  intro,
  present,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  present?: boolean;
  children: ReactNode;
}) {
  return (
    <Panel title={title} description={intro} className="p-4 md:p-6">
      {present ? <input type="hidden" name={`${id}.present`} value="1" /> : null}
      <div className="mt-4">{children}</div>
    </Panel>
  );
}
