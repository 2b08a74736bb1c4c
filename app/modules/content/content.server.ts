// Content: homepage sections and artist photos. Owns: homepage_sections, file_uploads.
// Exposes: visible sections (typed), section creation, artist photos.
import { and, asc, eq, like, max } from "drizzle-orm";
import { db, type Database } from "~/db/client.server";
import { fileUploads, homepageSections, mediaAssets, pageContent, type SectionType } from "~/db/schema";
import type { ImageAsset } from "~/lib/media";
import { toImageAsset } from "~/modules/media/media.server";
import type { z } from "zod";
import { AboutContent, PolicyContent, SECTION_CONTENT } from "./sections";
import { publish } from "~/modules/events/bus.server";

export const ARTIST_PHOTO_FOLDER = "artist-photos";

export async function createSection(
  values: {
    sectionType: SectionType;
    content: Record<string, unknown>;
    isPublished: boolean;
    isActive?: boolean;
    sectionOrder: number;
  },
  tx: Database = db(),
) {
  const content = SECTION_CONTENT[values.sectionType].parse(values.content) as Record<string, unknown>;
  await tx.insert(homepageSections).values({ ...values, content });
}

/** Spec §7: published and active sections by section_order. */
export async function listVisibleSections() {
  return db()
    .select()
    .from(homepageSections)
    .where(and(eq(homepageSections.isPublished, true), eq(homepageSections.isActive, true)))
    .orderBy(asc(homepageSections.sectionOrder));
}

export interface ArtistPhoto {
  id: string;
  filePath: string;
  altText: string;
  caption: string | null;
  displayOrder: number;
  image: ImageAsset;
}

/** Spec §7: artist photos by display_order, optionally only those featured on the homepage or about page. */
export async function listArtistPhotos(filter: { homepage?: boolean; about?: boolean } = {}): Promise<ArtistPhoto[]> {
  const conditions = [like(fileUploads.filePath, `${ARTIST_PHOTO_FOLDER}/%`)];
  if (filter.homepage) conditions.push(eq(fileUploads.isFeaturedHomepage, true));
  if (filter.about) conditions.push(eq(fileUploads.isFeaturedAbout, true));
  const rows = await db()
    .select({ upload: fileUploads, asset: mediaAssets })
    .from(fileUploads)
    .innerJoin(mediaAssets, eq(mediaAssets.id, fileUploads.mediaAssetId))
    .where(and(...conditions))
    .orderBy(asc(fileUploads.displayOrder))
    .limit(100);
  return rows.map(toArtistPhoto);
}

/** An artist photo from its upload row and picture (the admin's list adds its flags to it). */
export function toArtistPhoto({
  upload,
  asset,
}: {
  upload: typeof fileUploads.$inferSelect;
  asset: typeof mediaAssets.$inferSelect;
}): ArtistPhoto {
  return {
    id: upload.id,
    filePath: upload.filePath,
    altText: upload.altText,
    caption: upload.caption,
    displayOrder: upload.displayOrder,
    image: toImageAsset(asset),
  };
}

export async function addArtistPhoto(
  values: {
    fileName: string;
    mediaAssetId: string;
    altText: string;
    caption?: string;
    displayOrder: number;
    isFeaturedHomepage?: boolean;
    isFeaturedAbout?: boolean;
  },
  tx: Database = db(),
) {
  const { fileName, ...rest } = values;
  await tx.insert(fileUploads).values({ ...rest, filePath: `${ARTIST_PHOTO_FOLDER}/${fileName}` });
}

/** The image behind a hero: a stored image's hash resolves to its variants. */
export async function findImageByHash(hash: string): Promise<ImageAsset | undefined> {
  if (!/^[0-9a-f]{24}$/.test(hash)) return undefined;
  const asset = await db().query.mediaAssets.findFirst({ where: eq(mediaAssets.hash, hash) });
  return asset ? toImageAsset(asset) : undefined;
}

const PAGE_SCHEMAS = {
  about: AboutContent,
  "policy-privacy": PolicyContent,
  "policy-terms": PolicyContent,
  "policy-shipping": PolicyContent,
} as const;
type PageKey = keyof typeof PAGE_SCHEMAS;

/** A page's stored content with defaults filled in (an unset page gives the defaults). */
export async function getPageContent<K extends PageKey>(key: K): Promise<z.infer<(typeof PAGE_SCHEMAS)[K]>> {
  const row = await db().query.pageContent.findFirst({ where: eq(pageContent.key, key) });
  return PAGE_SCHEMAS[key].parse(row?.data ?? {}) as z.infer<(typeof PAGE_SCHEMAS)[K]>;
}

export async function savePageContent<K extends PageKey>(
  key: K,
  data: z.input<(typeof PAGE_SCHEMAS)[K]>,
  tx: Database = db(),
) {
  const value = PAGE_SCHEMAS[key].parse(data) as Record<string, unknown>;
  await tx
    .insert(pageContent)
    .values({ key, data: value })
    .onConflictDoUpdate({ target: pageContent.key, set: { data: value, updatedAt: new Date() } });
  await publish("content.changed", { area: key === "about" ? "about" : "pages" });
}

/** When the homepage sections or page content last changed (the sitemap's lastmod for home and about). */
export async function latestContentUpdate(): Promise<Date | undefined> {
  const [[sections], [pages]] = await Promise.all([
    db()
      .select({ at: max(homepageSections.updatedAt) })
      .from(homepageSections),
    db()
      .select({ at: max(pageContent.updatedAt) })
      .from(pageContent),
  ]);
  const times = [sections?.at, pages?.at].filter((t): t is Date => t instanceof Date);
  return times.length > 0 ? new Date(Math.max(...times.map((t) => t.getTime()))) : undefined;
}
