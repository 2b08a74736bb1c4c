// Settings: the site's identity and business settings, one validated document.
// Owns: site_settings. Exposes: getSettings, saveSettings, SettingsSchema.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Database } from "~/db/client.server";
import { siteSettings } from "~/db/schema";

const PageMeta = z.object({ title: z.string().max(120), description: z.string().max(320) });

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
});

export type Settings = z.infer<typeof SettingsSchema>;

const TTL_MS = 5_000;
let cache: { value: Settings; at: number } | undefined;

/** The settings, with defaults for anything unset; cached for a few seconds. */
export async function getSettings(): Promise<Settings> {
  if (cache && Date.now() - cache.at < TTL_MS) return cache.value;
  const row = await db().query.siteSettings.findFirst();
  const value = SettingsSchema.parse(row?.data ?? {});
  cache = { value, at: Date.now() };
  return value;
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
  cache = undefined;
  return value;
}
