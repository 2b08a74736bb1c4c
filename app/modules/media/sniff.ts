// What an upload really is, from its first bytes (magic numbers), whatever its file name or declared type says.
// Only the web's still-image formats a visitor may send: JPEG, PNG, WebP and AVIF.
export type SniffedImage = "image/jpeg" | "image/png" | "image/webp" | "image/avif";

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

export function sniffImageType(bytes: Uint8Array): SniffedImage | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "image/webp";
  // ISO-BMFF: a box "ftyp" whose major or compatible brands name AVIF (HEIC shares the container, not the brand).
  if (ascii(bytes, 4, 8) === "ftyp") {
    const size = Math.min(((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0, bytes.length);
    for (let at = 8; at + 4 <= size; at += 4) {
      const brand = ascii(bytes, at, at + 4);
      if (brand === "avif" || brand === "avis") return "image/avif";
    }
  }
  return undefined;
}
