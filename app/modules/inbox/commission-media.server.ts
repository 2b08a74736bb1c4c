// A commission's pictures: the reference images a visitor sends with the request (checked by their bytes, at
// most REFERENCE_IMAGES.max of REFERENCE_IMAGES.maxBytes each, JPEG/PNG/WebP/AVIF) and the work-in-progress
// photos the artist adds and removes (each a history event). The bytes go through the media pipeline and its
// Storage; this module owns commission_images.
import { and, asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { db, type Database } from "~/db/client.server";
import { commissionImages, mediaAssets } from "~/db/schema";
import { REFERENCE_IMAGES } from "~/lib/inquiries";
import type { ImageAsset } from "~/lib/media";
import {
  checkImage,
  discardOriginals,
  MediaError,
  registerImage,
  storeOriginal,
  storeOriginals,
  toImageAsset,
  type CheckedImage,
  type NewlyStored,
} from "~/modules/media/media.server";
import { sniffImageType } from "~/modules/media/sniff";
import { logCommissionEvent, type Actor } from "./commission-history.server";

export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

export type PreparedImage = NewlyStored & { name: string | null };

const label = (file: UploadedFile) => (file.name ? `“${file.name.slice(0, 80)}”` : "One file");

/**
 * The cheap checks of a visitor's files, before anything is decoded: how many, how large, and what the first
 * bytes say they are (never the name or the declared type). The message is shown beside the field.
 */
export function checkReferenceFiles(files: UploadedFile[]): string | undefined {
  if (files.length > REFERENCE_IMAGES.max)
    return `Attach at most ${REFERENCE_IMAGES.max} images; you chose ${files.length}.`;
  for (const file of files) {
    if (file.bytes.length > REFERENCE_IMAGES.maxBytes)
      return `${label(file)} is larger than ${REFERENCE_IMAGES.maxBytes / 1024 / 1024} MB. Send a smaller copy.`;
    if (!sniffImageType(file.bytes))
      return `${label(file)} is not a ${REFERENCE_IMAGES.formats} image. Choose photos or screenshots in one of those formats.`;
  }
  return undefined;
}

/**
 * Checks every file completely (decoded to the last byte by the media pipeline), then stores their originals,
 * only once all passed: a refused request leaves nothing in storage (an original no row names is never listed
 * nor removed, and a stranger could fill the disk with them: docs/security.md #24). Nothing reaches the
 * database yet (attachReferenceImages does, in the request's transaction); a request that then records none
 * hands them to discardReferenceImages.
 */
export async function prepareReferenceImages(
  files: UploadedFile[],
): Promise<{ ok: true; images: PreparedImage[] } | { ok: false; error: string }> {
  const refused = checkReferenceFiles(files);
  if (refused) return { ok: false, error: refused };
  const checked: CheckedImage[] = [];
  for (const file of files) {
    try {
      checked.push(await checkImage(file.bytes));
    } catch (error) {
      if (!(error instanceof MediaError)) throw error;
      return { ok: false, error: `${label(file)}: ${error.message}` };
    }
  }
  const stored = await storeOriginals(checked);
  return { ok: true, images: stored.map((image, i) => ({ ...image, name: files[i]!.name || null })) };
}

/** Removes what prepareReferenceImages stored for a request that recorded none of it (a resent copy, a failure). */
export function discardReferenceImages(images: PreparedImage[]): Promise<void> {
  return discardOriginals(images);
}

/** Records the request's reference images (their variants are made by the media job). */
export async function attachReferenceImages(commissionId: string, images: PreparedImage[], tx: Database = db()) {
  for (const image of images) {
    const asset = await registerImage(image, tx, { originalName: image.name });
    await tx.insert(commissionImages).values({
      commissionId,
      mediaAssetId: asset.id,
      kind: "reference",
      originalName: image.name?.slice(0, 255) ?? null,
    });
  }
}

export interface CommissionImage {
  id: string;
  kind: "reference" | "progress";
  caption: string;
  originalName: string | null;
  createdAt: Date;
  image: ImageAsset;
}

/** A commission's pictures: the references in the order they were sent, the progress photos newest first. */
export async function listCommissionImages(commissionId: string, tx: Database = db()) {
  const rows = await tx
    .select({ row: commissionImages, asset: mediaAssets })
    .from(commissionImages)
    .innerJoin(mediaAssets, eq(mediaAssets.id, commissionImages.mediaAssetId))
    .where(eq(commissionImages.commissionId, commissionId))
    .orderBy(asc(commissionImages.kind), desc(commissionImages.createdAt), desc(commissionImages.id));
  const all: CommissionImage[] = rows.map(({ row, asset }) => ({
    id: row.id,
    kind: row.kind,
    caption: row.caption,
    originalName: row.originalName,
    createdAt: row.createdAt,
    image: toImageAsset(asset),
  }));
  return {
    references: all.filter((i) => i.kind === "reference").reverse(),
    progress: all.filter((i) => i.kind === "progress"),
  };
}

export const ProgressPhotoSchema = z.object({
  caption: z.string().trim().max(300, "Keep the caption under 300 characters."),
});

/** Adds a work-in-progress photo (a bad file throws MediaError and stores nothing), with a history event. */
export async function addProgressPhoto(
  commissionId: string,
  file: UploadedFile,
  caption: string,
  actor: Actor,
): Promise<CommissionImage> {
  const stored = await storeOriginal(file.bytes);
  return db().transaction(async (tx) => {
    const asset = await registerImage(stored, tx, { originalName: file.name });
    const [row] = await tx
      .insert(commissionImages)
      .values({
        commissionId,
        mediaAssetId: asset.id,
        kind: "progress",
        caption,
        originalName: file.name.slice(0, 255) || null,
      })
      .returning();
    await logCommissionEvent(
      commissionId,
      actor,
      { kind: "photo", to: "added", note: caption || (file.name ? `Photo ${file.name}` : "Photo") },
      tx,
    );
    return {
      id: row!.id,
      kind: "progress",
      caption,
      originalName: row!.originalName,
      createdAt: row!.createdAt,
      image: toImageAsset(asset),
    };
  });
}

/** Removes a work-in-progress photo from the commission (the stored image stays: others may share its bytes). */
export async function removeProgressPhoto(commissionId: string, photoId: string, actor: Actor): Promise<boolean> {
  if (!z.uuid().safeParse(photoId).success) return false;
  return db().transaction(async (tx) => {
    const [row] = await tx
      .delete(commissionImages)
      .where(
        and(
          eq(commissionImages.id, photoId),
          eq(commissionImages.commissionId, commissionId),
          eq(commissionImages.kind, "progress"),
        ),
      )
      .returning();
    if (!row) return false;
    await logCommissionEvent(
      commissionId,
      actor,
      { kind: "photo", to: "removed", note: row.caption || (row.originalName ? `Photo ${row.originalName}` : "Photo") },
      tx,
    );
    return true;
  });
}
