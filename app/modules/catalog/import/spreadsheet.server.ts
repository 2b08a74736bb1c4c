// Spreadsheet files: reading CSV (papaparse) and XLSX (exceljs) into a plain table of strings, and writing
// one back in either format. No database: unit-tested with real files made here.
import type { CellValue } from "exceljs";
import { FORMULA_LEADING } from "./fields";
import { inspectZip, WORKBOOK_LIMITS, ZipLimitError } from "~/modules/security/zip-guard";
import Papa from "papaparse";
import { IMPORT_FIELDS } from "./fields";
import { MAX_IMPORT_ROWS, type SheetTable } from "./rows";

export type SheetFormat = "csv" | "xlsx";
export const MAX_SHEET_BYTES = 10 * 1024 * 1024;
const MAX_COLUMNS = 100;
/** Lines a CSV may have, blank ones included: room for every row of an import, and its spacing. */
const MAX_CSV_LINES = MAX_IMPORT_ROWS * 20;

/** A file that cannot be read as a catalogue spreadsheet, with what to do about it. */
export class SpreadsheetError extends Error {
  override name = "SpreadsheetError";
}

/** The format from the file name, else from the first bytes (an XLSX file is a ZIP: "PK"). */
export function detectFormat(fileName: string, bytes: Uint8Array): SheetFormat | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === "csv" || ext === "txt" || ext === "tsv") return "csv";
  if (ext === "xlsx") return "xlsx";
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return "xlsx";
  return undefined;
}

/** UTF-8 (with or without a byte-order mark), or Windows-1252 as older spreadsheet apps save it. */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** Unique, trimmed headers: a repeated one gets " (2)", an empty one "Column N". */
function tidyHeaders(raw: string[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((value, i) => {
    const base = value.replace(/\s+/g, " ").trim() || `Column ${i + 1}`;
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

function toTable(matrix: string[][]): SheetTable {
  const headerAt = matrix.findIndex((cells) => cells.some((c) => c.trim() !== ""));
  if (headerAt === -1) throw new SpreadsheetError("The file is empty: it needs a header row and at least one row.");
  let width = 0;
  for (const cells of matrix) if (cells.length > width) width = cells.length;
  if (width > MAX_COLUMNS) throw new SpreadsheetError(`The file has more than ${MAX_COLUMNS} columns.`);
  const headers = tidyHeaders(Array.from({ length: width }, (_, i) => matrix[headerAt]![i] ?? ""));
  const rows: SheetTable["rows"] = [];
  for (let i = headerAt + 1; i < matrix.length; i++) {
    const cells = Array.from({ length: width }, (_, c) => matrix[i]![c] ?? "");
    if (cells.every((c) => c.trim() === "")) continue;
    rows.push({ line: i + 1, cells });
  }
  if (rows.length === 0) throw new SpreadsheetError("The file has a header row but no rows of artworks.");
  if (rows.length > MAX_IMPORT_ROWS)
    throw new SpreadsheetError(
      `The file has ${rows.length.toLocaleString("en-US")} rows; import at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} at a time.`,
    );
  return { headers, rows };
}

function readCsv(bytes: Uint8Array): SheetTable {
  const text = decodeText(bytes).replace(/^\uFEFF/, "");
  // Rows are numbered as a spreadsheet app shows them, so empty lines are kept until toTable skips them.
  // The delimiter is guessed on the first non-empty lines (blank lines would spoil the guess) of the first
  // 64 KB (a file of blank lines is not read through twice).
  const { delimiter } = Papa.parse<string[]>(text.slice(0, 64 * 1024), {
    preview: 50,
    skipEmptyLines: true,
    delimitersToGuess: [",", ";", "\t", "|"],
  }).meta;
  // Row by row, stopping past the limit: a file of millions of lines is refused, not read whole.
  const matrix: string[][] = [];
  let unclosedQuoteAt: number | undefined;
  let tooLong = false;
  Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    delimiter,
    step: (row, parser) => {
      if (matrix.length >= MAX_CSV_LINES) {
        tooLong = true;
        parser.abort();
        return;
      }
      if (unclosedQuoteAt === undefined && row.errors.some((e) => e.type === "Quotes")) unclosedQuoteAt = matrix.length;
      matrix.push(row.data.map((c) => String(c ?? "")));
    },
  });
  if (tooLong) throw new SpreadsheetError(`The file has more than ${MAX_CSV_LINES.toLocaleString("en-US")} rows.`);
  if (unclosedQuoteAt !== undefined)
    throw new SpreadsheetError(
      `The CSV file has an unclosed quote near row ${unclosedQuoteAt + 1}. Check that every " is paired.`,
    );
  return toTable(matrix);
}

/** A cell as the text a person sees: rich text joined, formulas by their result, dates as yyyy-mm-dd. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : String(Math.round(value * 1e6) / 1e6);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ("richText" in value) return value.richText.map((r) => r.text).join("");
  if ("formula" in value || "sharedFormula" in value) return cellText((value as { result?: CellValue }).result);
  if ("text" in value && typeof value.text === "string") return value.text;
  if ("error" in value) return "";
  return "";
}

/** ExcelJS (about a quarter of a second to load) loads with the first workbook read or written, not with the server. */
const loadExcel = async () => (await import("exceljs")).default;

async function readXlsx(bytes: Uint8Array): Promise<SheetTable> {
  // An .xlsx is a ZIP: measured before ExcelJS unpacks any of it (security item 17).
  try {
    inspectZip(bytes, WORKBOOK_LIMITS, "This workbook");
  } catch (error) {
    if (error instanceof ZipLimitError) throw new SpreadsheetError(error.message);
    throw new SpreadsheetError(
      "This file could not be read as an Excel workbook (.xlsx). Save it again as .xlsx or CSV.",
    );
  }
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new SpreadsheetError(
      "This file could not be read as an Excel workbook (.xlsx). Save it again as .xlsx or CSV.",
    );
  }
  // The first sheet holds the artworks (the template's second sheet is instructions).
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new SpreadsheetError("The workbook has no sheets.");
  const matrix: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    if (rowNumber > MAX_IMPORT_ROWS + 50) return;
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      if (col <= MAX_COLUMNS + 1) cells[col - 1] = cellText(cell.value);
    });
    matrix[rowNumber - 1] = Array.from(cells, (c) => c ?? "");
  });
  return toTable(Array.from(matrix, (r) => r ?? []));
}

export async function readSpreadsheet(bytes: Uint8Array, format: SheetFormat): Promise<SheetTable> {
  if (bytes.length > MAX_SHEET_BYTES)
    throw new SpreadsheetError(`The file is larger than ${MAX_SHEET_BYTES / 1024 / 1024} MB.`);
  return format === "csv" ? readCsv(bytes) : readXlsx(bytes);
}

/** Cells that a spreadsheet app would run as a formula get a leading apostrophe (undone on import). */
const guard = (value: string) => (FORMULA_LEADING.test(value) ? `'${value}` : value);

export function writeCsv(headers: string[], rows: (string | number | null)[][]): Buffer {
  const csv = Papa.unparse(
    {
      fields: headers,
      data: rows.map((r) => r.map((c) => (c === null ? "" : typeof c === "number" ? String(c) : guard(c)))),
    },
    { newline: "\r\n", quotes: false },
  );
  // A byte-order mark makes Excel open the file as UTF-8.
  return Buffer.from(`\uFEFF${csv}\r\n`, "utf8");
}

const NUMERIC_HEADERS = new Set(["Year", "Price (USD)", "Quantity", "Sort order"]);

export async function writeXlsx(
  headers: string[],
  rows: (string | number | null)[][],
  options: { instructions?: boolean } = {},
): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = "Atelier";
  const sheet = workbook.addWorksheet("Artworks", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = headers.map((header) => ({
    header,
    key: header,
    width: header === "Description" ? 60 : header === "Title" ? 32 : Math.max(12, header.length + 4),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map((c) => (c === null ? null : c)));
  headers.forEach((header, i) => {
    const column = sheet.getColumn(i + 1);
    if (!NUMERIC_HEADERS.has(header)) column.numFmt = "@";
    if (header === "Price (USD)") column.numFmt = "#,##0.00";
  });
  // Choices offered in the cells that have a fixed list of values.
  const lastRow = Math.max(rows.length + 1, 500);
  const lists: Record<string, string> = {
    Availability: '"available,reserved,sold,not for sale"',
    Featured: '"yes,no"',
  };
  headers.forEach((header, i) => {
    const formula = lists[header];
    if (!formula) return;
    const letter = sheet.getColumn(i + 1).letter;
    for (let r = 2; r <= lastRow; r++)
      sheet.getCell(`${letter}${r}`).dataValidation = { type: "list", allowBlank: true, formulae: [formula] };
  });
  if (options.instructions) {
    const help = workbook.addWorksheet("Instructions");
    help.columns = [
      { header: "Column", key: "column", width: 16 },
      { header: "What to write", key: "help", width: 90 },
    ];
    help.getRow(1).font = { bold: true };
    for (const field of IMPORT_FIELDS) help.addRow({ column: field.header, help: field.help });
    help.addRow({});
    help.addRow({
      column: "Note",
      help: "Only the first sheet is imported. One artwork per row; the header row stays.",
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
