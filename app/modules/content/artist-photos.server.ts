// Upload Photos and Manage Photos (spec §3 file_uploads): photos of the artist and the studio, stored under
// the artist-photo folder with alt text (required), caption, display order and where they are featured.
import { and, asc, eq, like, max, sql } from "drizzle-orm";
import { z } from "zod";
import { requiredText } from "~/modules/forms/fields";
import { db, type Database } from "~/db/client.server";
import { fileUploads, mediaAssets } from "~/db/schema";
import type { ImageAsset } from "~/lib/media";
import { toSlug } from "~/lib/slug";
import { isUuid } from "~/lib/uuid";
import { cleanFileName, registerImage, storeOriginal } from "~/modules/media/media.server";
import { ARTIST_PHOTO_FOLDER, toArtistPhoto } from "./content.server";
import { publish } from "~/modules/events/bus.server";

/** What the admin fills in for a photo; alt text is required (it is what a screen reader says). */
export const ArtistPhotoFields = z.object({
  altText: requiredText("Describe the photo for people who cannot see it.", 300, "Use at most 300 characters."),
  caption: z.string().trim().max(500, "Use at most 500 characters."),
  displayOrder: z.coerce
    .number({ message: "Enter a whole number." })
    .int("Enter a whole number.")
    .min(0, "Use 0 or more.")
    .max(10_000, "Use at most 10,000."),
  isFeaturedHomepage: z.boolean(),
  isFeaturedAbout: z.boolean(),
});
export type ArtistPhotoFields = z.infer<typeof ArtistPhotoFields>;

export interface AdminArtistPhoto {
  id: string;
  filePath: string;
  altText: string;
  caption: string | null;
  displayOrder: number;
  isFeaturedHomepage: boolean;
  isFeaturedAbout: boolean;
  image: ImageAsset;
  createdAt: Date;
}

const inFolder = like(fileUploads.filePath, `${ARTIST_PHOTO_FOLDER}/%`);

/** Every artist photo in display order (the index on file_path and display_order serves it). */
export async function listArtistPhotosForAdmin(tx: Database = db()): Promise<AdminArtistPhoto[]> {
  const rows = await tx
    .select({ upload: fileUploads, asset: mediaAssets })
    .from(fileUploads)
    .innerJoin(mediaAssets, eq(mediaAssets.id, fileUploads.mediaAssetId))
    .where(inFolder)
    .orderBy(asc(fileUploads.displayOrder), asc(fileUploads.createdAt))
    .limit(200);
  return rows.map((row) => ({
    ...toArtistPhoto(row),
    isFeaturedHomepage: row.upload.isFeaturedHomepage,
    isFeaturedAbout: row.upload.isFeaturedAbout,
    createdAt: row.upload.createdAt,
  }));
}

/** A path under the folder from the uploaded name, unique (studio.jpg, studio-2.jpg, ...). */
async function freePath(fileName: string | null, ext: string, tx: Database): Promise<string> {
  const stem = toSlug((fileName ?? "").replace(/\.[^.]+$/, "")) || "artist-photo";
  const base = `${ARTIST_PHOTO_FOLDER}/${stem}`;
  const taken = new Set(
    (
      await tx
        .select({ path: fileUploads.filePath })
        .from(fileUploads)
        .where(like(fileUploads.filePath, `${base}%`))
    ).map((r) => r.path),
  );
  let path = `${base}.${ext}`;
  for (let n = 2; taken.has(path); n++) path = `${base}-${n}.${ext}`;
  return path;
}

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/heif": "heic",
  "image/tiff": "tif",
  "image/gif": "gif",
};

/**
 * Stores an artist photo: the image is checked and kept first (a bad file throws MediaError and stores
 * nothing), then the record is written. Without a display order it goes last.
 */
export async function uploadArtistPhoto(
  input: { bytes: Buffer; fileName: string | null } & Omit<ArtistPhotoFields, "displayOrder"> & {
      displayOrder?: number;
    },
  database: Database = db(),
): Promise<AdminArtistPhoto> {
  const stored = await storeOriginal(input.bytes);
  const id = await database.transaction(async (tx) => {
    const asset = await registerImage(stored, tx, { originalName: input.fileName });
    const [last] = await tx
      .select({ at: max(fileUploads.displayOrder) })
      .from(fileUploads)
      .where(inFolder);
    const name = cleanFileName(input.fileName);
    const [row] = await tx
      .insert(fileUploads)
      .values({
        filePath: await freePath(name, EXTENSIONS[asset.mime] ?? "jpg", tx),
        mediaAssetId: asset.id,
        altText: input.altText,
        caption: input.caption || null,
        displayOrder: input.displayOrder ?? (last?.at ?? -1) + 1,
        isFeaturedHomepage: input.isFeaturedHomepage,
        isFeaturedAbout: input.isFeaturedAbout,
      })
      .returning({ id: fileUploads.id });
    return row!.id;
  });
  await publish("content.changed", { area: "photos" });
  return (await listArtistPhotosForAdmin(database)).find((p) => p.id === id)!;
}

export class PhotoGoneError extends Error {
  override name = "PhotoGoneError";
  constructor() {
    super("This photo no longer exists. Reload the page.");
  }
}

const byId = (id: string) => and(eq(fileUploads.id, id), inFolder);

export async function updateArtistPhoto(id: string, fields: Partial<ArtistPhotoFields>, tx: Database = db()) {
  if (!isUuid(id)) throw new PhotoGoneError();
  const { caption, ...rest } = fields;
  const rows = await tx
    .update(fileUploads)
    .set({ ...rest, ...(caption === undefined ? {} : { caption: caption || null }) })
    .where(byId(id))
    .returning({ id: fileUploads.id });
  if (rows.length === 0) throw new PhotoGoneError();
  await publish("content.changed", { area: "photos" });
}

/** Display order from the given order of ids: 0, 1, 2, ... (ids not given keep theirs). */
export async function reorderArtistPhotos(ids: string[], tx: Database = db()): Promise<void> {
  const unique = [...new Set(ids.filter(isUuid))];
  if (unique.length === 0) return;
  await tx.execute(sql`
    update file_uploads as f set display_order = v.position
    from jsonb_to_recordset(${JSON.stringify(unique.map((id, position) => ({ id, position })))}::jsonb)
      as v(id uuid, position integer)
    where f.id = v.id and f.file_path like ${`${ARTIST_PHOTO_FOLDER}/%`}`);
  await publish("content.changed", { area: "photos" });
}

/** One photo's place (a reorder made offline arrives as one change per photo). */
export async function setArtistPhotoOrder(id: string, position: number, tx: Database = db()): Promise<void> {
  if (!isUuid(id)) throw new PhotoGoneError();
  const rows = await tx
    .update(fileUploads)
    .set({ displayOrder: position })
    .where(byId(id))
    .returning({ id: fileUploads.id });
  if (rows.length === 0) throw new PhotoGoneError();
  await publish("content.changed", { area: "photos" });
}

/** Removes the photo from the site (the stored image stays in the media library). */
export async function deleteArtistPhoto(id: string, tx: Database = db()): Promise<void> {
  if (!isUuid(id)) throw new PhotoGoneError();
  const rows = await tx.delete(fileUploads).where(byId(id)).returning({ id: fileUploads.id });
  if (rows.length === 0) throw new PhotoGoneError();
  await publish("content.changed", { area: "photos" });
}
