import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { autoMap, TEMPLATE_HEADERS } from "./fields";
import {
  imageKey,
  mappingProblems,
  parseAvailability,
  parseNames,
  parsePrice,
  parseYear,
  parseYesNo,
  unguardCell,
  validateRows,
  type SheetTable,
} from "./rows";

describe("cell parsers", () => {
  it("reads prices in dollars as integer cents", () => {
    const cents = (raw: string) => {
      const parsed = parsePrice(raw);
      return parsed.ok ? parsed.value : parsed.message;
    };
    expect(cents("1200")).toBe(120000);
    expect(cents("1,200.50")).toBe(120050);
    expect(cents("$ 6 800")).toBe(680000);
    expect(cents("USD 99.9")).toBe(9990);
    expect(cents("2400 USD")).toBe(240000);
    expect(cents("  ")).toBeNull();
    expect(cents("abc")).toMatch(/is not a price/);
    expect(cents("12,00")).toMatch(/is not a price/);
    expect(cents("1.2.3")).toMatch(/is not a price/);
    expect(cents("-5")).toBe("A price cannot be negative.");
    expect(cents("10,000,000")).toBe(1_000_000_000);
    for (const price of ["10000000.01", "21474836.48", "1000000001"])
      expect(cents(price)).toBe("That price is too large: the most is $10,000,000.");
  });

  it("writes and reads back every price in cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (c) => {
        const text = (c / 100).toFixed(2);
        const parsed = parsePrice(text);
        expect(parsed).toEqual({ ok: true, value: c });
      }),
    );
  });

  it("knows availability words, and says what is allowed otherwise", () => {
    expect(parseAvailability("Available")).toEqual({ ok: true, value: "available" });
    expect(parseAvailability("")).toEqual({ ok: true, value: "available" });
    expect(parseAvailability("SOLD")).toEqual({ ok: true, value: "sold" });
    expect(parseAvailability("not_for_sale")).toEqual({ ok: true, value: "not_for_sale" });
    expect(parseAvailability("Not for sale")).toEqual({ ok: true, value: "not_for_sale" });
    expect(parseAvailability("on hold")).toEqual({ ok: true, value: "reserved" });
    expect(parseAvailability("maybe")).toEqual({
      ok: false,
      message: "“maybe” is not an availability. Use available, reserved, sold or not for sale.",
    });
  });

  it("reads yes/no, years and names", () => {
    expect(parseYesNo("Yes")).toEqual({ ok: true, value: true });
    expect(parseYesNo("x")).toEqual({ ok: true, value: true });
    expect(parseYesNo("")).toEqual({ ok: true, value: false });
    expect(parseYesNo("perhaps").ok).toBe(false);
    const now = new Date("2026-06-01T00:00:00Z");
    expect(parseYear("2024", now)).toEqual({ ok: true, value: 2024 });
    expect(parseYear("2024-03-01", now)).toEqual({ ok: true, value: 2024 });
    expect(parseYear("2030", now).ok).toBe(false);
    expect(parseYear("twenty", now).ok).toBe(false);
    expect(parseNames(" Landscapes ; water,  Water , ,blue ")).toEqual(["Landscapes", "water", "blue"]);
  });

  it("undoes the export's formula guard and matches images by base name", () => {
    expect(unguardCell("'=SUM(A1)")).toBe("=SUM(A1)");
    expect(unguardCell("'quoted")).toBe("'quoted");
    expect(imageKey("photos/Tide Water.JPG")).toBe("tide water.jpg");
    expect(imageKey("C:\\scans\\a.png")).toBe("a.png");
  });
});

const table = (headers: string[], ...rows: string[][]): SheetTable => ({
  headers,
  rows: rows.map((cells, i) => ({ line: i + 2, cells })),
});

describe("validateRows", () => {
  const headers = ["Title", "Price", "Availability", "Featured", "Quantity", "Category", "Tags", "Image", "Slug"];
  /** Rows under these headers, mapped as the import maps them by default. */
  const validate = (imageExists: (name: string) => boolean, ...rows: string[][]) =>
    validateRows(table(headers, ...rows), autoMap(headers), { imageExists });

  it("reads good rows with defaults and term lists", () => {
    const { rows, errors } = validate(
      (name) => name === "tide.jpg",
      ["Tidewater Hymn", "6,800", "available", "yes", "", "Abstract; Water", "blue, large", "tide.jpg", ""],
      ["Salt Ledger", "", "sold", "", "", "", "", "", "salt-ledger"],
    );
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({
      line: 2,
      title: "Tidewater Hymn",
      priceCents: 680000,
      availability: "available",
      isFeatured: true,
      quantity: 1,
      categories: ["Abstract", "Water"],
      tags: ["blue", "large"],
      image: "tide.jpg",
      slug: null,
      year: null,
    });
    expect(rows[1]).toMatchObject({ priceCents: null, availability: "sold", quantity: 0, slug: "salt-ledger" });
    expect(rows[0]!.present).toEqual(expect.arrayContaining(["title", "price", "image"]));
    expect(rows[0]!.present).not.toContain("description");
  });

  it("reports each problem with its row and column", () => {
    const { rows, errors } = validate(
      () => false,
      ["", "100", "available", "", "", "", "", "", ""],
      ["Ok", "lots", "maybe", "perhaps", "1.5", "", "", "missing.jpg", "dup"],
      ["Also ok", "", "", "", "", "", "", "", "dup"],
    );
    expect(rows).toHaveLength(3);
    expect(errors).toEqual([
      { line: 2, field: "title", message: "Title is missing." },
      {
        line: 3,
        field: "availability",
        message: "“maybe” is not an availability. Use available, reserved, sold or not for sale.",
      },
      { line: 3, field: "quantity", message: "Quantity must be a whole number of 0 or more (not “1.5”)." },
      { line: 3, field: "image", message: "Image “missing.jpg” is not in the ZIP and has not been uploaded." },
      { line: 3, field: "price", message: "“lots” is not a price. Write it in dollars, like 1200 or 1,200.00." },
      { line: 3, field: "featured", message: "“perhaps” is not yes or no." },
      { line: 4, field: "slug", message: "Slug “dup” is also used in row 3." },
    ]);
  });

  it("ignores unmapped columns and checks the mapping", () => {
    const { rows, errors } = validateRows(table(["Name", "Extra"], ["A work", "whatever"]), { title: "Name" });
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({ title: "A work", present: ["title"] });
    expect(mappingProblems({})).toEqual(["Choose the column that holds the title."]);
    expect(mappingProblems({ title: "Name", description: "Name" })).toEqual([
      "The column “Name” is chosen for both Title and Description; pick one.",
    ]);
    expect(mappingProblems(autoMap(TEMPLATE_HEADERS))).toEqual([]);
  });

  it("flags text that is too long", () => {
    const { errors } = validateRows(table(["Title"], ["x".repeat(201)]), { title: "Title" });
    expect(errors).toEqual([{ line: 2, field: "title", message: "Use at most 200 characters." }]);
  });
});
