// Demo "artist photos": views of the studio wall with paintings hung on it, composed from rendered paintings.
import sharp, { type OverlayOptions } from "sharp";
import { renderPainting } from "./paintings.server";

interface Hung {
  seed: number;
  /** Position and size as fractions of the photo. */
  x: number;
  y: number;
  w: number;
  h: number;
}

const LAYOUTS: { wall: string; floor: string; works: Hung[] }[] = [
  {
    wall: "#e9e4dc",
    floor: "#8a6f55",
    works: [
      { seed: 9101, x: 0.1, y: 0.14, w: 0.34, h: 0.5 },
      { seed: 9102, x: 0.52, y: 0.2, w: 0.26, h: 0.26 },
      { seed: 9103, x: 0.52, y: 0.5, w: 0.38, h: 0.3 },
    ],
  },
  {
    wall: "#dcd8d0",
    floor: "#6e5a48",
    works: [
      { seed: 9201, x: 0.18, y: 0.12, w: 0.64, h: 0.52 },
      { seed: 9202, x: 0.06, y: 0.62, w: 0.2, h: 0.26 },
    ],
  },
  {
    wall: "#efebe4",
    floor: "#9a8068",
    works: [
      { seed: 9301, x: 0.14, y: 0.16, w: 0.3, h: 0.4 },
      { seed: 9302, x: 0.56, y: 0.16, w: 0.3, h: 0.4 },
    ],
  },
];

/** A photo of the studio: a lit wall, a wooden floor, and paintings with soft shadows. */
export async function renderStudioPhoto(index: number, width: number, height: number): Promise<Buffer> {
  const layout = LAYOUTS[index % LAYOUTS.length]!;
  const floorY = Math.round(height * 0.82);
  const wall = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <radialGradient id="light" cx="0.45" cy="0.25" r="0.9">
        <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/>
        <stop offset="1" stop-color="#000000" stop-opacity="0.18"/>
      </radialGradient>
      <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${layout.floor}"/>
        <stop offset="1" stop-color="#3d3027"/>
      </linearGradient>
    </defs>
    <rect width="100%" height="100%" fill="${layout.wall}"/>
    <rect y="${floorY}" width="100%" height="${height - floorY}" fill="url(#floor)"/>
    ${Array.from({ length: 9 }, (_, i) => `<line x1="0" x2="${width}" y1="${floorY + ((height - floorY) * (i + 1)) / 10}" y2="${floorY + ((height - floorY) * (i + 1)) / 10}" stroke="#2a211b" stroke-opacity="0.18"/>`).join("")}
    <rect y="${floorY - 6}" width="100%" height="6" fill="#f7f4ef"/>
    <rect width="100%" height="100%" fill="url(#light)"/>
  </svg>`);
  const layers: OverlayOptions[] = [];
  for (const work of layout.works) {
    const w = Math.round(work.w * width);
    const h = Math.round(work.h * height);
    const left = Math.round(work.x * width);
    const top = Math.round(work.y * height);
    const shadow = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w + 40}" height="${h + 40}"><rect x="14" y="18" width="${w}" height="${h}" fill="#000" fill-opacity="0.28"/></svg>`,
    );
    layers.push({ input: await sharp(shadow).blur(8).png().toBuffer(), left: left - 6, top: top - 6 });
    layers.push({ input: await renderPainting({ seed: work.seed, width: w, height: h }), left, top });
  }
  return sharp(wall).composite(layers).jpeg({ quality: 86, mozjpeg: true }).toBuffer();
}
