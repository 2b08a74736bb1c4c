// Reading the rows of a catalogue spreadsheet: each cell parsed leniently (what people actually type in a
// spreadsheet), each row checked, and every problem reported with its row and column. Pure: unit-tested.
import type { AvailabilityValue } from "~/lib/availability";
import { MAX_PRICE_CENTS } from "~/lib/money";
import { toSlug } from "~/lib/slug";
import { FORMULA_LEADING, IMPORT_FIELDS, type ColumnMapping, type ImportField } from "./fields";

/** A spreadsheet as read: the header row and the data rows (row numbers as a spreadsheet app shows them). */
export interface SheetTable {
  headers: string[];
  rows: { line: number; cells: string[] }[];
}

export interface ArtworkRow {
  line: number;
  title: string;
  slug: string | null;
  description: string;
  medium: string;
  year: number | null;
  size: string;
  priceCents: number | null;
  availability: AvailabilityValue;
  isFeatured: boolean;
  quantity: number;
  categories: string[];
  series: string[];
  tags: string[];
  /** The image's file name (or a stored image's hash), as written. */
  image: string | null;
  sortOrder: number | null;
  /** The fields that had a column: an update changes only these. */
  present: ImportField[];
}

export interface RowError {
  line: number;
  field: ImportField;
  message: string;
}

export const MAX_IMPORT_ROWS = 5000;

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (message: string): Parsed<never> => ({ ok: false, message });

/** Dollars to integer cents: 1200, 1,200.00, $1 200, USD 1200.5; empty is "price on request" (null). */
export function parsePrice(raw: string): Parsed<number | null> {
  const text = raw
    .trim()
    .replace(/^(usd|us\$|\$)\s*/i, "")
    .replace(/\s*(usd|\$)$/i, "")
    .replace(/[\s\u00a0]/g, "");
  if (!text) return ok(null);
  if (text.startsWith("-")) return fail("A price cannot be negative.");
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(text))
    return fail(`“${raw.trim()}” is not a price. Write it in dollars, like 1200 or 1,200.00.`);
  const [whole, fraction = ""] = text.replace(/,/g, "").split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (cents > MAX_PRICE_CENTS) return fail("That price is too large: the most is $10,000,000.");
  return ok(cents);
}

const AVAILABILITY_WORDS: Record<string, AvailabilityValue> = {
  available: "available",
  "for sale": "available",
  "in stock": "available",
  reserved: "reserved",
  "on hold": "reserved",
  hold: "reserved",
  sold: "sold",
  "sold out": "sold",
  "not for sale": "not_for_sale",
  nfs: "not_for_sale",
  "private collection": "not_for_sale",
};

/** available, reserved, sold, not for sale (and common spellings); empty is available. */
export function parseAvailability(raw: string): Parsed<AvailabilityValue> {
  const text = raw.trim().toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ");
  if (!text) return ok("available");
  const value = AVAILABILITY_WORDS[text];
  return value
    ? ok(value)
    : fail(`“${raw.trim()}” is not an availability. Use available, reserved, sold or not for sale.`);
}

export function parseYesNo(raw: string): Parsed<boolean> {
  const text = raw.trim().toLowerCase();
  if (["", "no", "n", "false", "0", "-"].includes(text)) return ok(false);
  if (["yes", "y", "true", "1", "x", "✓", "featured"].includes(text)) return ok(true);
  return fail(`“${raw.trim()}” is not yes or no.`);
}

export function parseYear(raw: string, now = new Date()): Parsed<number | null> {
  const text = raw.trim();
  if (!text) return ok(null);
  // A spreadsheet date cell arrives as 2024-05-01: its year is what is meant.
  const match = /^(\d{4})(?:-\d{2}-\d{2})?(?:\.0+)?$/.exec(text);
  const year = match ? Number(match[1]) : NaN;
  if (!match || year < 1000 || year > now.getUTCFullYear() + 1) return fail(`“${text}” is not a year.`);
  return ok(year);
}

function parseWhole(raw: string, what: string, max: number): Parsed<number | null> {
  const text = raw.trim();
  if (!text) return ok(null);
  if (!/^\d+(\.0+)?$/.test(text)) return fail(`${what} must be a whole number of 0 or more (not “${text}”).`);
  const n = Number(text.split(".")[0]);
  return n > max ? fail(`${what} is too large.`) : ok(n);
}

/** Names separated by semicolons or commas, trimmed, without duplicates (ignoring case). */
export function parseNames(raw: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const part of raw.split(/[;,]/)) {
    const name = part.replace(/\s+/g, " ").trim();
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      names.push(name);
    }
  }
  return names;
}

/** A CSV export guards formula-looking cells with a leading apostrophe (see export); reading takes it off. */
export function unguardCell(value: string): string {
  return value.startsWith("'") && FORMULA_LEADING.test(value.slice(1)) ? value.slice(1) : value;
}

/** The base name of a file reference, lower-cased: how ZIP entries and uploads are matched. */
export function imageKey(name: string): string {
  return (name.split(/[\\/]/).pop() ?? "").trim().toLowerCase();
}

const MAX_TEXT: Partial<Record<ImportField, number>> = {
  title: 200,
  description: 10_000,
  medium: 200,
  size: 100,
  image: 300,
};

export interface ValidateOptions {
  /**
   * Whether an image reference can be found (ZIP entry, uploaded file name or stored hash); without it,
   * images are not checked.
   */
  imageExists?: (name: string) => boolean;
  now?: Date;
}

/**
 * Reads every row through the mapping. Rows with problems are still returned (for the preview), and every
 * problem is listed; an import goes ahead only when there are none.
 */
export function validateRows(
  table: SheetTable,
  mapping: ColumnMapping,
  options: ValidateOptions = {},
): { rows: ArtworkRow[]; errors: RowError[] } {
  const index = new Map<ImportField, number>();
  for (const field of IMPORT_FIELDS) {
    const header = mapping[field.key];
    const at = header === undefined ? -1 : table.headers.indexOf(header);
    if (at >= 0) index.set(field.key, at);
  }
  const present = [...index.keys()];
  const errors: RowError[] = [];
  const rows: ArtworkRow[] = [];
  const slugLines = new Map<string, number>();

  for (const { line, cells } of table.rows) {
    const cell = (field: ImportField) => {
      const at = index.get(field);
      return at === undefined ? "" : unguardCell(cells[at] ?? "").trim();
    };
    const report = (field: ImportField, message: string) => errors.push({ line, field, message });
    const take = <T>(field: ImportField, parsed: Parsed<T>, fallback: T): T => {
      if (parsed.ok) return parsed.value;
      report(field, parsed.message);
      return fallback;
    };

    for (const [field, max] of Object.entries(MAX_TEXT) as [ImportField, number][])
      if (cell(field).length > max) report(field, `Use at most ${max.toLocaleString("en-US")} characters.`);

    const title = cell("title").replace(/\s+/g, " ");
    if (!title) report("title", "Title is missing.");

    let slug: string | null = null;
    const rawSlug = cell("slug");
    if (rawSlug) {
      slug = toSlug(rawSlug);
      if (!slug) report("slug", `“${rawSlug}” cannot be made into a slug: use letters, digits and hyphens.`);
      else if (slugLines.has(slug)) report("slug", `Slug “${slug}” is also used in row ${slugLines.get(slug)}.`);
      else slugLines.set(slug, line);
    }

    const availability = take("availability", parseAvailability(cell("availability")), "available");
    const quantity = take("quantity", parseWhole(cell("quantity"), "Quantity", 100_000), null);
    const image = cell("image") || null;
    if (image && options.imageExists && !options.imageExists(image))
      report("image", `Image “${image}” is not in the ZIP and has not been uploaded.`);
    const year = take("year", parseYear(cell("year"), options.now), null);
    const priceCents = take("price", parsePrice(cell("price")), null);
    const isFeatured = take("featured", parseYesNo(cell("featured")), false);
    const sortOrder = take("sortOrder", parseWhole(cell("sortOrder"), "Sort order", 1_000_000), null);
    const names = (field: ImportField) => {
      const list = parseNames(cell(field));
      if (list.some((n) => n.length > 80)) report(field, "A name can have at most 80 characters.");
      if (list.some((n) => !toSlug(n))) report(field, "A name needs at least one letter or digit.");
      return list;
    };

    rows.push({
      line,
      title,
      slug,
      description: cell("description"),
      medium: cell("medium"),
      year,
      size: cell("size"),
      priceCents,
      availability,
      isFeatured,
      quantity: quantity ?? (availability === "sold" ? 0 : 1),
      categories: names("category"),
      series: names("series"),
      tags: names("tags"),
      image,
      sortOrder,
      present,
    });
  }
  return { rows, errors };
}

/** Problems with the mapping itself (before any row is read). */
export function mappingProblems(mapping: ColumnMapping): string[] {
  const problems: string[] = [];
  if (!mapping.title) problems.push("Choose the column that holds the title.");
  const used = new Map<string, ImportField>();
  for (const field of IMPORT_FIELDS) {
    const header = mapping[field.key];
    if (!header) continue;
    const other = used.get(header);
    if (other)
      problems.push(`The column “${header}” is chosen for both ${labelOf(other)} and ${labelOf(field.key)}; pick one.`);
    else used.set(header, field.key);
  }
  return problems;
}

export const labelOf = (field: ImportField) => IMPORT_FIELDS.find((f) => f.key === field)?.header ?? field;
