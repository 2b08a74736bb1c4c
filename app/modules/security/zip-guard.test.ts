import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { IMAGE_ZIP_LIMITS, inspectZip, unpackInBatches, WORKBOOK_LIMITS, ZipLimitError } from "./zip-guard";

const MB = 1024 * 1024;

describe("inspectZip", () => {
  it("measures an ordinary archive without unpacking it", () => {
    const zip = zipSync({
      "a.jpg": new Uint8Array(2000).map((_, i) => (i * 7919) % 251),
      "b/c.png": new Uint8Array(10),
    });
    expect(inspectZip(zip, IMAGE_ZIP_LIMITS)).toEqual({ entries: 2, totalBytes: 2010 });
  });

  it("refuses an entry that unpacks to hundreds of times its size (a ZIP bomb)", () => {
    const bomb = zipSync({ "xl/worksheets/sheet1.xml": new Uint8Array(20 * MB).fill(65) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    expect(() => inspectZip(bomb, WORKBOOK_LIMITS, "This workbook")).toThrow(
      /This workbook has a file that unpacks to more than 250 times its size/,
    );
  });

  it("refuses too many entries and too much in total", () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 12; i++) many[`f${i}.txt`] = new Uint8Array(100);
    const zip = zipSync(many, { level: 0 });
    expect(() => inspectZip(zip, { maxEntries: 10, maxTotalBytes: MB, maxRatio: 100 })).toThrow(
      new ZipLimitError("The ZIP holds more than 10 files."),
    );
    expect(() => inspectZip(zip, { maxEntries: 100, maxTotalBytes: 1000, maxRatio: 100 })).toThrow(
      /would unpack to more than/,
    );
  });

  it("leaves a broken archive to the caller's own message", () => {
    expect(() => inspectZip(new Uint8Array([1, 2, 3, 4]), IMAGE_ZIP_LIMITS)).toThrow();
    expect(() => inspectZip(new Uint8Array([1, 2, 3, 4]), IMAGE_ZIP_LIMITS)).not.toThrow(ZipLimitError);
  });
});

describe("unpackInBatches", () => {
  const bytesOf = (size: number, seed: number) => new Uint8Array(size).map((_, i) => (i * seed) % 251);
  const files = {
    "a.jpg": bytesOf(300_000, 7),
    "b.jpg": bytesOf(300_000, 11),
    "c.jpg": bytesOf(300_000, 13),
    "big.jpg": bytesOf(900_000, 17),
    "left-out.jpg": bytesOf(10, 19),
  };
  const zip = zipSync(files, { level: 0 });

  it("hands over each asked entry once, holding no more than a batch's bytes unpacked at a time", async () => {
    const batches: string[][] = [];
    const seen = new Map<string, Uint8Array>();
    await unpackInBatches(
      zip,
      new Set(["a.jpg", "b.jpg", "c.jpg", "big.jpg", "missing.jpg"]),
      700_000,
      async (batch) => {
        batches.push(Object.keys(batch).sort());
        await Promise.resolve();
        for (const [name, data] of Object.entries(batch)) seen.set(name, data);
      },
    );
    // Two of 300 KB fit in 700 KB, the third starts a batch; an entry larger than a batch goes alone.
    expect(batches).toEqual([["a.jpg", "b.jpg"], ["c.jpg"], ["big.jpg"]]);
    expect([...seen.keys()].sort()).toEqual(["a.jpg", "b.jpg", "big.jpg", "c.jpg"]);
    for (const [name, data] of seen) expect(Buffer.compare(data, files[name as keyof typeof files]), name).toBe(0);
  });
});

describe("unpackInBatches with a name the archive holds many times", () => {
  /** An archive whose entries all bear one name (a ZIP may; zipSync names them apart, the bytes are renamed after). */
  function sameNameZip(copies: number, size: number): Uint8Array {
    const entries: Record<string, Uint8Array> = {};
    for (let i = 0; i < copies; i++) entries[`d${String(i).padStart(4, "0")}.jpg`] = new Uint8Array(size).fill(i % 251);
    const zip = Buffer.from(zipSync(entries, { level: 1 }));
    // Each name is in the entry's header and in the central directory: both renamed to the same name.
    for (let i = 0; i < copies; i++) {
      const name = Buffer.from(`d${String(i).padStart(4, "0")}.jpg`);
      for (let at = zip.indexOf(name); at !== -1; at = zip.indexOf(name, at + 1)) zip.write("same1.jpg", at);
    }
    return new Uint8Array(zip);
  }

  it("unpacks and hands over the name once, not once per copy in every batch (a ZIP that repeats a name)", async () => {
    const zip = sameNameZip(40, 1024 * 1024);
    expect(inspectZip(zip, IMAGE_ZIP_LIMITS).entries).toBe(40);
    let handed = 0;
    await unpackInBatches(zip, new Set(["same1.jpg"]), 2 * 1024 * 1024, async (batch) => {
      handed += Object.keys(batch).length;
      await Promise.resolve();
    });
    expect(handed).toBe(1);
  });
});
