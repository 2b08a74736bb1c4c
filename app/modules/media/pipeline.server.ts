// The image pipeline: validate an upload, keep the original, derive AVIF/WebP variants and a placeholder.
import { createHash } from "node:crypto";
import sharp, { type Metadata, type Sharp } from "sharp";
import { DomainError } from "~/lib/domain-error";
import { decodeOriginal, MAX_WHOLE_DECODE_BYTES, wholeDecodeBytes, withinDecodeBudget } from "./decode-budget.server";

/** Bump to give every variant a new URL after changing how variants are made. */
export const PIPELINE_VERSION = 1;
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1600, 2048, 2560] as const;
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
const MAX_PIXELS = 100_000_000;
const ACCEPTED: Record<string, { mime: string; ext: string }> = {
  jpeg: { mime: "image/jpeg", ext: "jpg" },
  png: { mime: "image/png", ext: "png" },
  webp: { mime: "image/webp", ext: "webp" },
  avif: { mime: "image/avif", ext: "avif" },
  heif: { mime: "image/heif", ext: "heic" },
  tiff: { mime: "image/tiff", ext: "tif" },
  gif: { mime: "image/gif", ext: "gif" },
};

export type MediaErrorCode = "too_large" | "empty" | "not_image" | "unsupported" | "damaged" | "too_many_pixels";

export class MediaError extends DomainError<MediaErrorCode> {}

export interface ProcessedImage {
  hash: string;
  originalKey: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  widths: number[];
  placeholder: string;
}

/** Variant widths for an image of this width: the fixed ladder up to it, and never nothing. */
export function variantWidths(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w <= width);
  if (widths.length === 0 || (width < 2560 && widths.at(-1)! < width && width - widths.at(-1)! > 160))
    widths.push(width);
  return widths;
}

export const variantKey = (hash: string, width: number, format: VariantFormat) => `variants/${hash}/${width}.${format}`;

/**
 * Checks the upload completely (type, size, decodable to the last byte) before anything is stored,
 * and returns what the caller stores: the original's key and the derived facts.
 */
export async function analyseImage(input: Buffer): Promise<ProcessedImage & { original: Buffer }> {
  if (input.length === 0) throw new MediaError("empty", "The file is empty.");
  if (input.length > MAX_UPLOAD_BYTES)
    throw new MediaError("too_large", `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message))
      throw new MediaError("too_many_pixels", "The image has more than 100 megapixels.");
    throw new MediaError("not_image", "This file is not an image. Upload a JPEG, PNG, WebP, AVIF, HEIC, TIFF or GIF.");
  }
  const kind = meta.format ? ACCEPTED[meta.format] : undefined;
  if (!kind || !meta.width || !meta.height)
    throw new MediaError(
      "unsupported",
      "This image format is not supported. Upload a JPEG, PNG, WebP, AVIF, HEIC, TIFF or GIF.",
    );
  // A picture its decoder holds whole (decode-budget.server.ts) is refused from its header when it would take more
  // than the process lets all such decodes hold at once.
  const decodeBytes = wholeDecodeBytes(meta);
  if (decodeBytes > MAX_WHOLE_DECODE_BYTES)
    throw new MediaError(
      "too_many_pixels",
      meta.isProgressive
        ? "The image is interlaced (progressive) and too large to read safely. Save it without interlacing, or smaller, and upload it again."
        : `The image is too large to read safely as ${meta.format === "gif" ? "GIF" : "AVIF or HEIC"}. Save it as JPEG or PNG, or smaller, and upload it again.`,
    );
  // Decoding a small copy reads every byte: a truncated or corrupt file fails here, before anything is stored.
  let placeholder: Buffer;
  try {
    placeholder = await withinDecodeBudget(decodeBytes, () =>
      sharp(input, { failOn: "truncated", limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize(16, 16, { fit: "inside" })
        .webp({ quality: 40 })
        .toBuffer(),
    );
  } catch {
    throw new MediaError("damaged", "The image file is incomplete or damaged. Export it again and retry.");
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  const hash = createHash("sha256").update(`v${PIPELINE_VERSION}:`).update(input).digest("hex").slice(0, 24);
  return {
    original: input,
    hash,
    originalKey: `originals/${hash}.${kind.ext}`,
    mime: kind.mime,
    bytes: input.length,
    width,
    height,
    widths: variantWidths(width),
    placeholder: `data:image/webp;base64,${placeholder.toString("base64")}`,
  };
}

/** Encodes one variant straight from the original: a variant asked for before the job has made it. */
export function renderVariant(original: Buffer, width: number, format: VariantFormat): Promise<Buffer> {
  return decodeOriginal(original, () =>
    encodeAs(
      sharp(original, { limitInputPixels: MAX_PIXELS }).rotate().resize({ width, withoutEnlargement: true }),
      format,
    ),
  );
}

/** An original decoded once, upright and scaled to the widest variant wanted: the source of the variants below it. */
export interface DecodedImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * The most a decoded source may hold (2560 x 6400 RGBA). A narrower, taller picture is rendered variant by variant
 * from the original instead, which streams: nothing that large is held.
 */
export const MAX_DECODED_SOURCE_BYTES = 64 * 1024 * 1024;

/**
 * Decodes an original once for all its variants up to `width` (the media.variants job); `upright` is its size as
 * shown, EXIF rotation applied (analyseImage's, kept on the asset). Undefined when the scaled picture would hold
 * more than MAX_DECODED_SOURCE_BYTES, so the caller renders each variant from the original. Every variant used to
 * decode the original again: 14 decodes of a phone's photo per upload.
 */
export async function decodeForVariants(
  original: Buffer,
  upright: { width: number; height: number },
  width: number,
): Promise<DecodedImage | undefined> {
  const scaledWidth = Math.min(width, upright.width);
  const scaledHeight = Math.ceil((upright.height * scaledWidth) / Math.max(1, upright.width));
  if (scaledWidth * scaledHeight * 4 > MAX_DECODED_SOURCE_BYTES) return undefined;
  const { data, info } = await decodeOriginal(original, () =>
    sharp(original, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/** Encodes one variant from a decoded source (decodeForVariants). */
export function encodeVariant(source: DecodedImage, width: number, format: VariantFormat): Promise<Buffer> {
  return encodeAs(sharp(source.data, { raw: source.info }).resize({ width, withoutEnlargement: true }), format);
}

/** AVIF effort 2 keeps encoding fast on small machines at a small size cost. */
function encodeAs(pipeline: Sharp, format: VariantFormat): Promise<Buffer> {
  return format === "avif"
    ? pipeline.avif({ quality: 55, effort: 2 }).toBuffer()
    : pipeline.webp({ quality: 80, effort: 4 }).toBuffer();
}
