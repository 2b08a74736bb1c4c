// `npx tsx scripts/make-favicon.ts`: public/favicon.ico from public/favicon.svg, for the browsers and crawlers
// that ask for /favicon.ico whatever a page names (a browser showing /sitemap.xml or a PDF, feed readers, old
// bookmarks). Run it again after changing the SVG; the .ico is committed beside it.
import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";

const SIZES = [16, 32, 48];
const svg = readFileSync("public/favicon.svg");
const pngs = await Promise.all(
  SIZES.map((size) =>
    sharp(svg, { density: (72 * size) / 32 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer(),
  ),
);

// ICONDIR (6 bytes), an ICONDIRENTRY (16 bytes) per picture, then the pictures: PNG inside an ICO is read by every
// browser since Windows Vista's.
const header = Buffer.alloc(6 + 16 * SIZES.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(SIZES.length, 4);
let offset = header.length;
SIZES.forEach((size, i) => {
  const entry = 6 + 16 * i;
  header.writeUInt8(size, entry);
  header.writeUInt8(size, entry + 1);
  header.writeUInt16LE(1, entry + 4); // colour planes
  header.writeUInt16LE(32, entry + 6); // bits per pixel
  header.writeUInt32LE(pngs[i]!.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += pngs[i]!.length;
});
writeFileSync("public/favicon.ico", Buffer.concat([header, ...pngs]));
