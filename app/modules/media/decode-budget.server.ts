// How much memory decoding pictures may take at once. libvips streams most formats a few rows at a time; these
// are held whole while they decode: AVIF and HEIC (libheif, about 20 bytes a pixel: a 6,000 x 6,000 AVIF took
// 707 MB), GIF (about 5), an interlaced PNG or a progressive JPEG (their samples). A stranger's 2 KB AVIF of
// 9,000 x 9,000 took 1.5 GB to read, and 14 sizes of it asked for at once 2.2 GB more (a probe, 27 November).
// An upload whose decode would take more than the budget is refused (pipeline.server.ts); every decode of a stored
// original waits until its share fits within what the others hold.
import sharp, { type Metadata } from "sharp";

/** What the process's whole-image decodes may hold at once, and so the most one picture may take to decode. */
export const MAX_WHOLE_DECODE_BYTES = 400 * 1024 * 1024;

const SAMPLE_BYTES: Partial<Record<string, number>> = { ushort: 2, short: 2, uint: 4, int: 4, float: 4, double: 8 };

/** Bytes decoding this picture holds at its peak when its decoder keeps it whole; 0 for one that streams. */
export function wholeDecodeBytes(
  meta: Pick<Metadata, "format" | "width" | "height"> & Partial<Pick<Metadata, "channels" | "depth" | "isProgressive">>,
): number {
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  const sampleBytes = SAMPLE_BYTES[meta.depth ?? ""] ?? 1;
  switch (meta.format) {
    // Measured with sharp 0.35: 8-bit 19.6 bytes a pixel whatever the channels, 10-bit 25.8.
    case "heif":
      return pixels * (sampleBytes === 1 ? 20 : 26);
    case "gif":
      return pixels * 5;
    // A progressive JPEG is held as its coefficients, two bytes a sample.
    case "jpeg":
      return meta.isProgressive ? pixels * (meta.channels ?? 3) * 2 : 0;
    default:
      return meta.isProgressive ? pixels * (meta.channels ?? 4) * sampleBytes : 0;
  }
}

let held = 0;
const waiting: { bytes: number; start: () => void }[] = [];

/**
 * Runs `decode` once the bytes it holds (wholeDecodeBytes, at most MAX_WHOLE_DECODE_BYTES) fit beside those the
 * running decodes hold; first come, first served. A picture that streams runs at once.
 */
export async function withinDecodeBudget<T>(bytes: number, decode: () => Promise<T>): Promise<T> {
  const share = Math.min(bytes, MAX_WHOLE_DECODE_BYTES);
  if (share <= 0) return decode();
  if (waiting.length === 0 && held + share <= MAX_WHOLE_DECODE_BYTES) held += share;
  else await new Promise<void>((start) => waiting.push({ bytes: share, start }));
  try {
    return await decode();
  } finally {
    held -= share;
    while (waiting.length > 0 && held + waiting[0]!.bytes <= MAX_WHOLE_DECODE_BYTES) {
      const next = waiting.shift()!;
      held += next.bytes;
      next.start();
    }
  }
}

/** Decodes a stored original within the budget, its share read from its header. */
export async function decodeOriginal<T>(input: Buffer, decode: () => Promise<T>): Promise<T> {
  let bytes = 0;
  try {
    bytes = wholeDecodeBytes(await sharp(input).metadata());
  } catch {
    // Not readable: the decode itself says so.
  }
  return withinDecodeBudget(bytes, decode);
}

/** What the budget holds now and how many decodes wait (for tests). */
export function decodeBudgetState(): { held: number; waiting: number } {
  return { held, waiting: waiting.length };
}
