// Image files for tests: the pictures a test uploads, and files no encoder would write (a header that promises what
// the bytes do not hold).
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/** A picture of one colour, `width` x `height`, as `format` bytes: what most tests upload. */
export function solidPicture(
  width: number,
  height: number,
  background: string | { r: number; g: number; b: number },
  format: "jpeg" | "png" | "webp" | "avif" | "gif" = "jpeg",
): Promise<Buffer<ArrayBuffer>> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG with detail at every scale (a rectangle and a disc on `background`), so no variant or tile is blank. */
export function detailedPicture(width: number, height: number, background: string): Promise<Buffer<ArrayBuffer>> {
  const shapes =
    `<svg width="${width}" height="${height}"><rect x="10%" y="20%" width="50%" height="40%" fill="#c63"/>` +
    `<circle cx="70%" cy="70%" r="8%" fill="#3a6"/></svg>`;
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: Buffer.from(shapes) }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A PNG of the given header whose pixel data is a few empty rows only (no encoder would write it so). */
export function pngWithHeader(
  width: number,
  height: number,
  { depth, interlaced }: { depth: 8 | 16; interlaced: boolean },
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(depth, 8);
  header.writeUInt8(6, 9); // RGBA
  header.writeUInt8(interlaced ? 1 : 0, 12);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
