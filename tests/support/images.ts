// Image files for tests that no encoder would write: a header that promises what the bytes do not hold.
import { crc32, deflateSync } from "node:zlib";

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
