// Settings: the site's identity and business settings, one validated document.
// Owns: site_settings. Exposes: getSettings, saveSettings, SettingsSchema, per-page metadata with defaults.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Database } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import { publish, subscribe } from "~/modules/events/bus.server";
import { pageTitle } from "~/lib/meta";
import { PAGE_KEYS, type PageKey, type PageMeta as ResolvedPageMeta } from "~/lib/seo";

/** A page's search and sharing metadata; anything unset (or blank) falls back to pageMetaDefaults. */
const PageMeta = z.object({
  title: z.string().max(120).optional(),
  description: z.string().max(320).optional(),
  /** The hash of a stored image to share the page with (its 1200x630 card is made from it). */
  image: z
    .string()
    .regex(/^[0-9a-f]{24}$/)
    .optional(),
});

const countryCode = z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code");

/** Insured shipping by region: a country in no region's list falls to the region whose list is empty. */
const ShippingRegion = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  label: z.string().min(1).max(80),
  /** Countries of the region; empty: every country no other region names. */
  countries: z.array(countryCode).max(250),
  rateCents: z.number().int().min(0).max(10_000_000),
});

export const DEFAULT_SHIPPING_REGIONS: z.input<typeof ShippingRegion>[] = [
  { id: "us", label: "United States", countries: ["US"], rateCents: 9_500 },
  { id: "north-america", label: "Canada and Mexico", countries: ["CA", "MX"], rateCents: 18_000 },
  { id: "world", label: "Rest of the world", countries: [], rateCents: 32_000 },
];

/** The shop: shipping, pickup, tax, manual payment and how long a checkout holds a work. */
export const ShopSettingsSchema = z.object({
  shippingLabel: z.string().min(1).max(80).default("Insured shipping"),
  shippingRegions: z.array(ShippingRegion).max(30).default(DEFAULT_SHIPPING_REGIONS),
  pickup: z
    .object({
      enabled: z.boolean().default(true),
      label: z.string().min(1).max(80).default("Collect from the studio"),
      note: z.string().max(400).default("Free. We will e-mail you to arrange a time."),
    })
    .prefault({}),
  /** Basis points: 945 is 9.45 %. Charged on orders delivered to (or collected in) the listed countries. */
  taxRateBps: z.number().int().min(0).max(5_000).default(0),
  taxLabel: z.string().min(1).max(60).default("Sales tax"),
  taxCountries: z.array(countryCode).max(250).default(["US"]),
  taxShipping: z.boolean().default(false),
  /**
   * Shown on the confirmation page and in the e-mail of an order paid by bank transfer (manual payment), after
   * the line that already says to pay by bank transfer quoting the order number: what comes next.
   */
  paymentInstructions: z
    .string()
    .max(2_000)
    .default("We will reply within one working day with our bank details and an invoice."),
  /** Card checkout: how long placing an order holds the works while the buyer pays. */
  reservationMinutes: z.number().int().min(5).max(1_440).default(15),
  /** Manual payment: how long the works stay reserved while a bank transfer is on its way. */
  manualPaymentHoldHours: z.number().int().min(1).max(720).default(72),
  /** A hold the artist approves (docs/shop.md "Holds"): how long the work waits for its buyer. */
  holdHours: z.number().int().min(1).max(720).default(48),
  /** The studio's time zone: dates and times of orders are shown in it. */
  timeZone: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, "must be an IANA time zone such as America/Chicago")
    .default("UTC"),
});

export type ShopSettings = z.infer<typeof ShopSettingsSchema>;

/** Who may run the back office, and for how long a quiet admin session stays signed in (security item 10). */
export const SecuritySettingsSchema = z.object({
  /** Administrators must have a second factor before the admin area opens (on for new installs). */
  requireAdminTwoFactor: z.boolean().default(false),
  /** An administrator's session ends after this many hours without a request to the admin area. */
  adminIdleHours: z.number().int().min(1).max(720).default(12),
});

export const SettingsSchema = z.object({
  siteTitle: z.string().min(1).max(80).default("Atelier"),
  artistName: z.string().min(1).max(80).default("The Artist"),
  tagline: z.string().max(160).default("Contemporary abstract painting"),
  contactEmail: z.email().default("studio@example.com"),
  locationLine: z.string().max(160).default(""),
  socialLinks: z
    .array(z.object({ label: z.string().min(1).max(40), url: z.url() }))
    .max(6)
    .default([]),
  currency: z.literal("USD").default("USD"),
  country: z.literal("US").default("US"),
  pages: z
    .object({
      default: PageMeta,
      home: PageMeta,
      gallery: PageMeta,
      shop: PageMeta,
      about: PageMeta,
      commissions: PageMeta,
      contact: PageMeta,
    })
    .partial()
    .default({}),
  shop: ShopSettingsSchema.prefault({}),
  /** The hash of the stored image of the artist's signature, drawn on certificates of authenticity. */
  signatureImage: z
    .string()
    .regex(/^[0-9a-f]{24}$/)
    .optional(),
  security: SecuritySettingsSchema.prefault({}),
});

export type Settings = z.infer<typeof SettingsSchema>;

/** The settings as last read, kept until a save (in any process: settings.changed on the bus) replaces them. */
let cache: { value: Settings; database: Database } | undefined;
let generation = 0;
const forget = () => {
  generation++;
  cache = undefined;
};
subscribe("settings.changed", forget);
subscribe("bus.reconnected", forget);

/**
 * The settings, with defaults for anything unset; read once and kept in memory until they change. Inside a
 * transaction pass it: on PGlite a query outside the open transaction would wait for it forever.
 */
export async function getSettings(tx: Database = db()): Promise<Settings> {
  const database = db();
  // Keyed by the database too: a test that opens another one must not read the first one's settings.
  if (cache?.database === database) return cache.value;
  const seen = generation;
  const row = await tx.query.siteSettings.findFirst();
  const value = SettingsSchema.parse(row?.data ?? {});
  // Not what a transaction sees, nor a read overtaken by a save.
  if (seen === generation && tx === database) cache = { value, database };
  return value;
}

/** The studio's time zone, in which every date a person reads is said (docs/decisions/0032-dates-on-the-studios-clock.md). */
export async function studioTimeZone(): Promise<string> {
  return (await getSettings()).shop.timeZone;
}

export async function settingsExist(tx: Database = db()): Promise<boolean> {
  const row = await tx.query.siteSettings.findFirst({ columns: { id: true } });
  return row !== undefined;
}

export async function saveSettings(input: z.input<typeof SettingsSchema>, tx: Database = db()): Promise<Settings> {
  const value = SettingsSchema.parse(input);
  await tx
    .insert(siteSettings)
    .values({ id: 1, data: value })
    .onConflictDoUpdate({ target: siteSettings.id, set: { data: value, updatedAt: sql`now()` } });
  forget();
  // Every page shows the settings: the page caches and the other processes' copies start afresh.
  await publish("settings.changed", {});
  return value;
}

export async function settingsUpdatedAt(): Promise<Date | undefined> {
  const row = await db().query.siteSettings.findFirst({ columns: { updatedAt: true } });
  return row?.updatedAt;
}

const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/** Spec §2 Page metadata: each page's title and description when the artist has not written their own. */
export function pageMetaDefaults(
  settings: Pick<Settings, "siteTitle" | "artistName" | "tagline">,
): Record<PageKey, ResolvedPageMeta> {
  const { siteTitle, artistName } = settings;
  const tagline = settings.tagline.trim();
  const lead = tagline ? `${sentence(tagline)} ` : "";
  return {
    default: { title: siteTitle, description: `${lead}Original art by ${artistName}.` },
    home: {
      title: tagline ? `${siteTitle} | ${tagline}` : siteTitle,
      description: `${lead}Original works by ${artistName}: browse the gallery, buy an original or commission a new painting.`,
    },
    gallery: {
      title: pageTitle("Gallery", siteTitle),
      description: `The complete gallery of paintings by ${artistName}, with medium, size, year and availability for every work.`,
    },
    shop: {
      title: pageTitle("Shop", siteTitle),
      description: `Original paintings by ${artistName} available to buy: each one of a kind, signed, and shipped insured from the studio.`,
    },
    about: {
      title: pageTitle("About", siteTitle),
      description: `About ${artistName}: biography, artist statement, exhibitions and the studio.`,
    },
    commissions: {
      title: pageTitle("Commissions", siteTitle),
      description: `Commission an original painting from ${artistName}, made in close conversation with you.`,
    },
    contact: {
      title: pageTitle("Contact", siteTitle),
      description: `Get in touch with ${artistName} about a painting, a commission or an exhibition.`,
    },
  };
}

/** Every page's metadata: what the artist set, the defaults for the rest. */
export function resolvePageMeta(settings: Settings): Record<PageKey, ResolvedPageMeta> {
  const defaults = pageMetaDefaults(settings);
  const resolved = { ...defaults };
  for (const key of PAGE_KEYS) {
    const own = settings.pages[key];
    resolved[key] = {
      title: own?.title?.trim() || defaults[key].title,
      description: own?.description?.trim() || defaults[key].description,
    };
  }
  return resolved;
}
