// Deep zoom (decision 0021): the Deep Zoom Image (DZI) tile layout of a stored image, its public URLs and the
// checks the server applies to a tile request. Pure and isomorphic: the tiling job, the media server, the
// viewer and the tests share it.

/** Bump to give every tile set a new URL after changing how tiles are cut (size, overlap, format, quality). */
export const TILES_VERSION = 1;
/** 254 + 1 px of overlap on each side: interior tiles are 256 px square, as DZI viewers like them. */
export const TILE_SIZE = 254;
export const TILE_OVERLAP = 1;
export const TILE_FORMAT = "webp";
/** Below this many pixels on the long side the page's largest variant already shows everything: no tiles. */
export const MIN_ZOOM_SIDE = 1500;

/** The tile set's name: `<name>.dzi` and `<name>_files/<level>/<column>_<row>.<format>`, as DZI names them. */
export const TILES_NAME = `zoom-v${TILES_VERSION}`;

export interface TileLevel {
  level: number;
  width: number;
  height: number;
  columns: number;
  rows: number;
}

export interface TileLayout {
  width: number;
  height: number;
  tileSize: number;
  overlap: number;
  /** The full-size level: levels run from 0 (1x1 px) to maxLevel. */
  maxLevel: number;
  levels: TileLevel[];
  tileCount: number;
}

/** Whether an image is large enough to be worth zooming into. */
export const isZoomable = (width: number, height: number) => Math.max(width, height) >= MIN_ZOOM_SIDE;

/**
 * The DZI pyramid of a width x height image: level L is the image scaled by 2^(L - maxLevel) (rounded up), with
 * maxLevel = ceil(log2(max side)), down to 1x1 at level 0; each level is cut into ceil(side / tileSize) tiles.
 */
export function tileLayout(
  width: number,
  height: number,
  tileSize: number = TILE_SIZE,
  overlap: number = TILE_OVERLAP,
): TileLayout {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new RangeError(`Invalid image size ${width}x${height}`);
  if (!Number.isInteger(tileSize) || tileSize < 1 || !Number.isInteger(overlap) || overlap < 0)
    throw new RangeError(`Invalid tile size ${tileSize} or overlap ${overlap}`);
  const maxLevel = Math.ceil(Math.log2(Math.max(width, height)));
  const levels: TileLevel[] = [];
  let tileCount = 0;
  for (let level = 0; level <= maxLevel; level++) {
    const divisor = 2 ** (maxLevel - level);
    const w = Math.ceil(width / divisor);
    const h = Math.ceil(height / divisor);
    const columns = Math.ceil(w / tileSize);
    const rows = Math.ceil(h / tileSize);
    levels.push({ level, width: w, height: h, columns, rows });
    tileCount += columns * rows;
  }
  return { width, height, tileSize, overlap, maxLevel, levels, tileCount };
}

/** The pixel box of one tile in its level, overlap included (what a DZI tile file holds). */
export function tileBounds(
  layout: TileLayout,
  level: number,
  column: number,
  row: number,
): { x: number; y: number; width: number; height: number } {
  const l = layout.levels[level];
  if (!l || column < 0 || row < 0 || column >= l.columns || row >= l.rows) throw new RangeError("No such tile");
  const { tileSize: size, overlap } = layout;
  const x = column * size - (column > 0 ? overlap : 0);
  const y = row * size - (row > 0 ? overlap : 0);
  const right = Math.min(l.width, (column + 1) * size + overlap);
  const bottom = Math.min(l.height, (row + 1) * size + overlap);
  return { x, y, width: right - x, height: bottom - y };
}

/** The tile paths of a layout, relative to the `_files` folder: `<level>/<column>_<row>.<format>`. */
export function* tilePaths(layout: TileLayout, format: string = TILE_FORMAT): Generator<string> {
  for (const { level, columns, rows } of layout.levels)
    for (let column = 0; column < columns; column++)
      for (let row = 0; row < rows; row++) yield `${level}/${column}_${row}.${format}`;
}

/** The DZI descriptor (XML) of a layout. */
export function dziDescriptor(layout: TileLayout, format: string = TILE_FORMAT): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<Image xmlns="http://schemas.microsoft.com/deepzoom/2008" Format="${format}" Overlap="${layout.overlap}" ` +
    `TileSize="${layout.tileSize}"><Size Width="${layout.width}" Height="${layout.height}"/></Image>\n`
  );
}

const HASH_RE = /^[0-9a-f]{24}$/;
// Decimal without leading zeros (one canonical URL per tile), bounded lengths.
const LEVEL_RE = /^(0|[1-9]\d{0,1})$/;
const TILE_RE = /^(0|[1-9]\d{0,4})_(0|[1-9]\d{0,4})\.([a-z]{3,4})$/;

export type TileRequest = { kind: "descriptor" } | { kind: "tile"; level: number; column: number; row: number };

/**
 * Reads the path segments after /media/<hash>/ of a deep zoom request: `[<name>.dzi]` or
 * `[<name>_files, <level>, <column>_<row>.<format>]`. Undefined for anything else, including a tile outside
 * the layout (when one is given): no segment reaches the store unchecked.
 */
export function parseTileRequest(segments: readonly string[], layout?: TileLayout): TileRequest | undefined {
  if (segments.length === 1) return segments[0] === `${TILES_NAME}.dzi` ? { kind: "descriptor" } : undefined;
  if (segments.length !== 3 || segments[0] !== `${TILES_NAME}_files`) return undefined;
  const levelMatch = LEVEL_RE.exec(segments[1]!);
  const tileMatch = TILE_RE.exec(segments[2]!);
  if (!levelMatch || !tileMatch || tileMatch[3] !== TILE_FORMAT) return undefined;
  const level = Number(levelMatch[1]);
  const column = Number(tileMatch[1]);
  const row = Number(tileMatch[2]);
  if (layout) {
    const l = layout.levels[level];
    if (!l || column >= l.columns || row >= l.rows) return undefined;
  }
  return { kind: "tile", level, column, row };
}

export const isImageHash = (value: string) => HASH_RE.test(value);

/** Storage keys of a tile set: under tiles/<hash>/, the descriptor written last (its presence means complete). */
export const tilesDescriptorKey = (hash: string) => `tiles/${hash}/${TILES_NAME}.dzi`;
export const tileKey = (hash: string, path: string) => `tiles/${hash}/${TILES_NAME}_files/${path}`;

/** The public URL of an image's DZI descriptor (the tiles are beside it, in `<name>_files/`). */
export const tilesDescriptorUrl = (hash: string) => `/media/${hash}/${TILES_NAME}.dzi`;
export const tileUrl = (hash: string, level: number, column: number, row: number) =>
  `/media/${hash}/${TILES_NAME}_files/${level}/${column}_${row}.${TILE_FORMAT}`;
