import { describe, expect, it } from "vitest";
import {
  dziDescriptor,
  isZoomable,
  parseTileRequest,
  tileBounds,
  tileLayout,
  tilePaths,
  tileUrl,
  TILES_NAME,
  tilesDescriptorUrl,
} from "./deep-zoom";

describe("tileLayout", () => {
  it("runs from a 1x1 level 0 to the full size at ceil(log2(long side))", () => {
    const layout = tileLayout(1600, 1203, 254, 1);
    expect(layout.maxLevel).toBe(11);
    expect(layout.levels).toHaveLength(12);
    expect(layout.levels[0]).toEqual({ level: 0, width: 1, height: 1, columns: 1, rows: 1 });
    expect(layout.levels[11]).toEqual({ level: 11, width: 1600, height: 1203, columns: 7, rows: 5 });
    // Halving rounds up, as libvips' dzsave does: 1203 → 602 → 301 → 151.
    expect(layout.levels.slice(8, 11).map((l) => [l.width, l.height, l.columns, l.rows])).toEqual([
      [200, 151, 1, 1],
      [400, 301, 2, 2],
      [800, 602, 4, 3],
    ]);
    // What sharp cut for this size (counted from its output): 9 one-tile levels, then 4, 12 and 35.
    expect(layout.tileCount).toBe(9 + 4 + 12 + 35);
  });

  it("counts the tiles of a 6,000 px painting", () => {
    const layout = tileLayout(6000, 4000);
    expect(layout.maxLevel).toBe(13);
    expect(layout.levels[13]).toMatchObject({ width: 6000, height: 4000, columns: 24, rows: 16 });
    expect(layout.levels[12]).toMatchObject({ width: 3000, height: 2000, columns: 12, rows: 8 });
    expect(layout.levels[11]).toMatchObject({ width: 1500, height: 1000, columns: 6, rows: 4 });
    // Levels 10 and 9: 750x500 (3x2) and 375x250 (2x1); 0 to 8 are one tile each.
    expect(layout.tileCount).toBe(384 + 96 + 24 + 6 + 2 + 9);
  });

  it("handles exact powers of two, square and one-pixel images", () => {
    expect(tileLayout(1024, 1024, 256, 0).levels.at(-1)).toEqual({
      level: 10,
      width: 1024,
      height: 1024,
      columns: 4,
      rows: 4,
    });
    expect(tileLayout(1025, 10).maxLevel).toBe(11);
    const one = tileLayout(1, 1);
    expect(one.maxLevel).toBe(0);
    expect(one.tileCount).toBe(1);
    // A tile size that divides the level exactly adds no partial column.
    expect(tileLayout(508, 254, 254, 1).levels.at(-1)).toMatchObject({ columns: 2, rows: 1 });
  });

  it("refuses sizes that are no image", () => {
    expect(() => tileLayout(0, 10)).toThrow(RangeError);
    expect(() => tileLayout(10.5, 10)).toThrow(RangeError);
    expect(() => tileLayout(10, 10, 0)).toThrow(RangeError);
    expect(() => tileLayout(10, 10, 254, -1)).toThrow(RangeError);
  });

  it("gives each tile its overlap on the inner sides only", () => {
    const layout = tileLayout(1600, 1203, 254, 1);
    expect(tileBounds(layout, 11, 0, 0)).toEqual({ x: 0, y: 0, width: 255, height: 255 });
    expect(tileBounds(layout, 11, 1, 1)).toEqual({ x: 253, y: 253, width: 256, height: 256 });
    // The last column and row are what is left of the level.
    expect(tileBounds(layout, 11, 6, 4)).toEqual({ x: 1523, y: 1015, width: 77, height: 188 });
    expect(() => tileBounds(layout, 11, 7, 0)).toThrow(RangeError);
    expect(() => tileBounds(layout, 12, 0, 0)).toThrow(RangeError);
  });

  it("lists every tile path once, and a descriptor DZI viewers read", () => {
    const layout = tileLayout(2000, 1500);
    const paths = [...tilePaths(layout)];
    expect(paths).toHaveLength(layout.tileCount);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths[0]).toBe("0/0_0.webp");
    expect(paths).toContain("11/7_5.webp");
    expect(dziDescriptor(layout)).toContain(
      '<Image xmlns="http://schemas.microsoft.com/deepzoom/2008" Format="webp" Overlap="1" TileSize="254"><Size Width="2000" Height="1500"/></Image>',
    );
  });

  it("zooms only into images of at least 1,500 px on the long side", () => {
    expect(isZoomable(1500, 900)).toBe(true);
    expect(isZoomable(900, 1600)).toBe(true);
    expect(isZoomable(1499, 1499)).toBe(false);
  });
});

describe("parseTileRequest", () => {
  const layout = tileLayout(2000, 1500);
  const files = `${TILES_NAME}_files`;

  it("reads the descriptor and tiles inside the layout", () => {
    expect(parseTileRequest([`${TILES_NAME}.dzi`], layout)).toEqual({ kind: "descriptor" });
    expect(parseTileRequest([files, "11", "7_5.webp"], layout)).toEqual({ kind: "tile", level: 11, column: 7, row: 5 });
    expect(parseTileRequest([files, "0", "0_0.webp"], layout)).toEqual({ kind: "tile", level: 0, column: 0, row: 0 });
    // Without a layout only the form is checked (the server checks both).
    expect(parseTileRequest([files, "30", "99_99.webp"])).toEqual({ kind: "tile", level: 30, column: 99, row: 99 });
  });

  it("refuses tiles outside the layout", () => {
    expect(parseTileRequest([files, "12", "0_0.webp"], layout)).toBeUndefined();
    expect(parseTileRequest([files, "11", "8_0.webp"], layout)).toBeUndefined();
    expect(parseTileRequest([files, "11", "0_6.webp"], layout)).toBeUndefined();
    expect(parseTileRequest([files, "0", "0_1.webp"], layout)).toBeUndefined();
  });

  it("refuses every path that is not exactly a tile of this version", () => {
    const refused: string[][] = [
      [],
      ["zoom-v1.xml"],
      ["zoom-v0.dzi"],
      ["..", "11", "0_0.webp"],
      [files, "..", "0_0.webp"],
      [files, "11", ".."],
      [files, "11", "../0_0.webp"],
      [files, "11", "..%2F0_0.webp"],
      [files, "11", "0_0.webp/.."],
      [files, "11", "0_0.jpeg"],
      [files, "11", "0_0.WEBP"],
      [files, "11", "0_0"],
      [files, "011", "0_0.webp"],
      [files, "11", "00_0.webp"],
      [files, "-1", "0_0.webp"],
      [files, "1e1", "0_0.webp"],
      [files, " 11", "0_0.webp"],
      [files, "11", "0_0.webp\0"],
      [files, "11", "0-0.webp"],
      [files, "11", "123456_0.webp"],
      ["zoom-v1_files/11", "0_0.webp"],
      [files, "11", "0_0.webp", "extra"],
      ["variants", "11", "0_0.webp"],
    ];
    for (const segments of refused) expect(parseTileRequest(segments, layout), segments.join("/")).toBeUndefined();
  });

  it("builds the URLs the server reads", () => {
    const hash = "0123456789abcdef01234567";
    expect(tilesDescriptorUrl(hash)).toBe(`/media/${hash}/${TILES_NAME}.dzi`);
    const url = tileUrl(hash, 11, 7, 5);
    expect(url).toBe(`/media/${hash}/${TILES_NAME}_files/11/7_5.webp`);
    expect(parseTileRequest(url.split("/").slice(3), layout)).toEqual({ kind: "tile", level: 11, column: 7, row: 5 });
  });
});
