import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { TEMPLATE_HEADERS } from "./fields";
import { detectFormat, readSpreadsheet, SpreadsheetError, writeCsv, writeXlsx } from "./spreadsheet.server";

const csv = (text: string) => new TextEncoder().encode(text);

describe("reading CSV", () => {
  it("reads headers and rows, numbering rows as a spreadsheet app does and skipping blank ones", async () => {
    const table = await readSpreadsheet(
      csv('\uFEFFTitle,Size,Notes\r\n"Tide, Hymn","48"" x 36""","two\nlines"\r\n\r\nSalt,,\r\n'),
      "csv",
    );
    expect(table.headers).toEqual(["Title", "Size", "Notes"]);
    expect(table.rows).toEqual([
      { line: 2, cells: ["Tide, Hymn", '48" x 36"', "two\nlines"] },
      { line: 4, cells: ["Salt", "", ""] },
    ]);
  });

  it("guesses a semicolon delimiter and decodes Windows-1252", async () => {
    const bytes = new Uint8Array([...csv("Title;Medium\r\nCaf"), 0xe9, ...csv(";Oil\r\n")]);
    const table = await readSpreadsheet(bytes, "csv");
    expect(table.rows[0]!.cells).toEqual(["Café", "Oil"]);
  });

  it("names empty and repeated headers", async () => {
    const table = await readSpreadsheet(csv("Title,,Title\r\na,b,c\r\n"), "csv");
    expect(table.headers).toEqual(["Title", "Column 2", "Title (2)"]);
  });

  it("refuses empty files and files without rows", async () => {
    await expect(readSpreadsheet(csv("\r\n\r\n"), "csv")).rejects.toThrow(SpreadsheetError);
    await expect(readSpreadsheet(csv("Title\r\n"), "csv")).rejects.toThrow(/no rows/);
  });

  it("refuses a file of millions of lines with a sentence, reading no further than the limit", async () => {
    // 10 MB of line breaks (found 26 November: a 500 and 1 GB of memory, the widest row found by spreading
    // ten million rows into Math.max).
    const blank = `Title\n${"\n".repeat(10 * 1024 * 1024 - 8)}`;
    await expect(readSpreadsheet(csv(blank), "csv")).rejects.toThrow("The file has more than 100,000 rows.");
    const commas = `a\n${",\n".repeat(200_000)}`;
    await expect(readSpreadsheet(csv(commas), "csv")).rejects.toThrow("The file has more than 100,000 rows.");
    // Within the limit, blank lines are only counted.
    const spaced = await readSpreadsheet(csv(`Title\n${"\n".repeat(90_000)}Last\n`), "csv");
    expect(spaced.rows).toEqual([{ line: 90_002, cells: ["Last"] }]);
  });
});

describe("reading XLSX", () => {
  it("reads the first sheet: numbers, dates, rich text and formula results as text", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Works");
    sheet.addRow(["Title", "Price", "Year", "Medium", "Total"]);
    sheet.addRow([
      { richText: [{ text: "Tide" }, { text: "water", font: { bold: true } }] },
      6800.5,
      new Date(Date.UTC(2024, 4, 1)),
      "Oil",
      { formula: "B2*2", result: 13601 },
    ]);
    sheet.addRow([]);
    sheet.addRow(["Salt", 1200, 2023, null, null]);
    workbook.addWorksheet("Other").addRow(["ignored"]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const table = await readSpreadsheet(bytes, "xlsx");
    expect(table.headers).toEqual(["Title", "Price", "Year", "Medium", "Total"]);
    expect(table.rows).toEqual([
      { line: 2, cells: ["Tidewater", "6800.5", "2024-05-01", "Oil", "13601"] },
      { line: 4, cells: ["Salt", "1200", "2023", "", ""] },
    ]);
  });

  it("refuses a file that is not a workbook", async () => {
    await expect(readSpreadsheet(csv("PK not really"), "xlsx")).rejects.toThrow(/could not be read/);
  });
});

describe("writing", () => {
  const rows = [
    ["Tidewater Hymn", 2025, '48" x 36"', '=HYPERLINK("x")', null],
    ["Line\nbreak, comma", null, "", "-", 3],
  ];
  const headers = ["Title", "Year", "Size", "Notes", "Quantity"];

  it("CSV and XLSX read back to the same cells (formula-looking cells guarded in CSV)", async () => {
    const fromCsv = await readSpreadsheet(writeCsv(headers, rows), "csv");
    expect(writeCsv(headers, rows).toString("utf8")).toContain(`'=HYPERLINK`);
    const fromXlsx = await readSpreadsheet(await writeXlsx(headers, rows), "xlsx");
    for (const table of [fromCsv, fromXlsx]) {
      expect(table.headers).toEqual(headers);
      expect(table.rows.map((r) => r.cells.map((c) => c.replace(/^'(?=[=+\-@])/, "")))).toEqual([
        ["Tidewater Hymn", "2025", '48" x 36"', '=HYPERLINK("x")', ""],
        ["Line\nbreak, comma", "", "", "-", "3"],
      ]);
    }
  });

  it("escapes every cell a spreadsheet app would run as a formula: = + - @ | % tab CR LF, after spaces too (security item 17)", () => {
    const cells = ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1", " =1", "|cmd", "%0A", "\n=1", "plain", "a=b"];
    const text = writeCsv(
      ["Cell"],
      cells.map((c) => [c]),
    ).toString("utf8");
    const lines = text.replace(/^\uFEFF/, "").split("\r\n");
    for (const cell of cells.slice(0, 10)) expect(text).toContain(`'${cell}`);
    expect(lines).toContain("plain");
    expect(lines).toContain("a=b");
  });

  it("the template workbook has the columns and an instructions sheet", async () => {
    const bytes = await writeXlsx(TEMPLATE_HEADERS, [], { instructions: true });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Artworks", "Instructions"]);
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([undefined, ...TEMPLATE_HEADERS]);
  });

  it("detects the format from the name or the bytes", () => {
    expect(detectFormat("works.CSV", csv("a"))).toBe("csv");
    expect(detectFormat("works.xlsx", csv("a"))).toBe("xlsx");
    expect(detectFormat("upload", csv("PK.."))).toBe("xlsx");
    expect(detectFormat("works.numbers", csv("a"))).toBeUndefined();
  });
});
