// Bulk import of the catalogue from a spreadsheet (and a ZIP of images): the upload kept between steps, the
// preview with every problem, the dry run, and the import itself in ONE transaction (every row or none).
// Owns: catalog_imports and the storage keys under imports/ (importSweepArea tells the storage sweeper which are
// no upload's). Writes artworks and their terms (catalog).
import { buffer as readAll } from "node:stream/consumers";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { IMAGE_ZIP_LIMITS, inspectZip, unpackInBatches, ZipLimitError } from "~/modules/security/zip-guard";
import { db, type Database } from "~/db/client.server";
import { artworks, catalogImports } from "~/db/schema";
import type { AvailabilityValue } from "~/lib/availability";
import { formatPrice } from "~/lib/money";
import {
  checkImage,
  findImagesByReference,
  largestVariantUrl,
  MediaError,
  registerImage,
  storeOriginal,
  isStoreUnavailable,
  STORE_UNAVAILABLE,
  type MediaAsset,
  type StoredOriginal,
} from "~/modules/media/media.server";
import { StorageUnavailableError } from "~/modules/media/storage.server";
import { services } from "~/services.server";
import type { SweepArea } from "~/modules/media/sweep.server";
import { queueMissingTiles } from "~/modules/media/tiles.server";
import { lastSales, liveClaims, type StockClaim } from "~/modules/shop/stock-claims.server";
import { catalogChanged } from "../catalog-cache.server";
import { slugify } from "../catalog.server";
import { ensureTerms, replaceArtworkTerms, TaxonomyError, type TermKind } from "../taxonomy.server";
import { autoMap, cleanMapping, IMPORT_FIELDS, type ColumnMapping, type ImportField } from "./fields";
import { imageKey, mappingProblems, validateRows, type ArtworkRow, type RowError, type SheetTable } from "./rows";
import { detectFormat, readSpreadsheet, SpreadsheetError, type SheetFormat } from "./spreadsheet.server";

export const MAX_ZIP_BYTES = 200 * 1024 * 1024;
/** The images of a ZIP unpacked at a time while importing. */
const ZIP_BATCH_BYTES = 32 * 1024 * 1024;
/** Uploads never imported are removed after this long. */
const STALE_UPLOAD_MS = 2 * 86_400_000;
const PREVIEW_ROWS = 200;
const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|avif|heic|heif|tiff?|gif)$/i;

/** A problem with the uploaded files that the admin can fix, with what to do. */
export class ImportError extends Error {
  override name = "ImportError";
  constructor(
    message: string,
    readonly field: "file" | "images" = "file",
  ) {
    super(message);
  }
}

export type ImportUpload = typeof catalogImports.$inferSelect;

const sourceKey = (id: string, format: SheetFormat) => `imports/${id}/source.${format}`;
const imagesKey = (id: string) => `imports/${id}/images.zip`;
const UPLOAD_KEY_RE =
  /^imports\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(?:source\.(?:csv|xlsx)|images\.zip)$/;

/**
 * imports/ for the storage sweeper: an upload's files are its row's for as long as the row exists (the row is
 * written first, its keys after the files: a row still saying "pending" keeps them too). A file whose row is gone
 * (removed as stale, or imported, while its file could not be deleted) is no one's.
 */
export const importSweepArea: SweepArea = {
  prefix: "imports/",
  async unreferenced(keys, tx) {
    const ids = new Map(keys.map((key) => [key, UPLOAD_KEY_RE.exec(key)?.[1]]));
    const asked = [...new Set([...ids.values()].filter((id): id is string => id !== undefined))];
    if (asked.length === 0) return [];
    const rows = await tx
      .select({ id: catalogImports.id })
      .from(catalogImports)
      .where(inArray(catalogImports.id, asked));
    const live = new Set(rows.map((r) => r.id));
    return keys.filter((key) => {
      const id = ids.get(key);
      return id !== undefined && !live.has(id);
    });
  },
};

/** Image files in a ZIP (folders, macOS resource forks and hidden files left out). */
export function listZipImages(bytes: Uint8Array): string[] {
  const names: string[] = [];
  try {
    inspectZip(bytes, IMAGE_ZIP_LIMITS);
  } catch (error) {
    if (error instanceof ZipLimitError) throw new ImportError(error.message, "images");
    throw new ImportError("The images file could not be read as a ZIP archive.", "images");
  }
  try {
    unzipSync(bytes, {
      filter(file) {
        const base = file.name.split("/").pop() ?? "";
        if (!file.name.startsWith("__MACOSX/") && !base.startsWith(".") && IMAGE_EXTENSIONS.test(base))
          names.push(file.name);
        return false;
      },
    });
  } catch {
    throw new ImportError("The images file could not be read as a ZIP archive.", "images");
  }
  return names;
}

/** Keeps the spreadsheet (and ZIP) for the next steps; checks that both can be read first. */
export async function createImportUpload(input: {
  fileName: string;
  bytes: Uint8Array;
  zip?: { fileName: string; bytes: Uint8Array };
  userId?: string;
}): Promise<string> {
  const format = detectFormat(input.fileName, input.bytes);
  if (!format) throw new ImportError("Upload a CSV file or an Excel workbook (.xlsx).");
  let table: SheetTable;
  try {
    table = await readSpreadsheet(input.bytes, format);
  } catch (error) {
    if (error instanceof SpreadsheetError) throw new ImportError(error.message);
    throw error;
  }
  let imageNames: string[] = [];
  if (input.zip) {
    if (input.zip.bytes.length > MAX_ZIP_BYTES)
      throw new ImportError(`The ZIP is larger than ${MAX_ZIP_BYTES / 1024 / 1024} MB.`, "images");
    imageNames = listZipImages(input.zip.bytes);
    if (imageNames.length === 0) throw new ImportError("The ZIP has no images in it.", "images");
  }
  await removeStaleUploads();
  const { storage } = services();
  const [row] = await db()
    .insert(catalogImports)
    .values({
      fileName: input.fileName.slice(0, 255),
      format,
      sourceKey: "pending",
      imagesName: input.zip?.fileName.slice(0, 255) ?? null,
      imageNames,
      rowCount: table.rows.length,
      createdBy: input.userId ?? null,
    })
    .returning({ id: catalogImports.id });
  const id = row!.id;
  await storage.put(sourceKey(id, format), Buffer.from(input.bytes));
  if (input.zip) await storage.put(imagesKey(id), Buffer.from(input.zip.bytes));
  await db()
    .update(catalogImports)
    .set({ sourceKey: sourceKey(id, format), imagesKey: input.zip ? imagesKey(id) : null })
    .where(eq(catalogImports.id, id));
  return id;
}

async function removeStaleUploads(): Promise<void> {
  const stale = await db()
    .delete(catalogImports)
    .where(
      and(eq(catalogImports.status, "uploaded"), lt(catalogImports.createdAt, new Date(Date.now() - STALE_UPLOAD_MS))),
    )
    .returning({ sourceKey: catalogImports.sourceKey, imagesKey: catalogImports.imagesKey });
  await removeFiles(stale);
}

async function removeFiles(rows: { sourceKey: string; imagesKey: string | null }[]): Promise<void> {
  const { storage, logger } = services();
  for (const row of rows)
    for (const key of [row.sourceKey, row.imagesKey])
      if (key && key !== "pending")
        await storage.delete(key).catch((err: unknown) => logger.warn({ err, key }, "could not remove import file"));
}

export async function getImportUpload(id: string): Promise<ImportUpload | undefined> {
  return db().query.catalogImports.findFirst({ where: eq(catalogImports.id, id) });
}

/**
 * What the admin page is shown of an upload: its name, state and counts, never where its files are stored or
 * who uploaded it (a loader's data is sent to the browser whole).
 */
export type ImportUploadView = Pick<
  ImportUpload,
  | "id"
  | "fileName"
  | "imagesName"
  | "imageNames"
  | "status"
  | "rowCount"
  | "createdCount"
  | "updatedCount"
  | "createdAt"
  | "importedAt"
>;

const uploadView = (upload: ImportUpload): ImportUploadView => ({
  id: upload.id,
  fileName: upload.fileName,
  imagesName: upload.imagesName,
  imageNames: upload.imageNames,
  status: upload.status,
  rowCount: upload.rowCount,
  createdCount: upload.createdCount,
  updatedCount: upload.updatedCount,
  createdAt: upload.createdAt,
  importedAt: upload.importedAt,
});

export async function listRecentImports(limit = 8): Promise<ImportUploadView[]> {
  const rows = await db().select().from(catalogImports).orderBy(desc(catalogImports.createdAt)).limit(limit);
  return rows.map(uploadView);
}

export async function saveImportMapping(id: string, input: Record<string, unknown>): Promise<void> {
  const upload = await getImportUpload(id);
  if (!upload) throw new ImportError("This upload no longer exists. Upload the file again.");
  const table = await readUploadTable(upload);
  await db()
    .update(catalogImports)
    .set({ mapping: cleanMapping(input, table.headers) })
    .where(eq(catalogImports.id, id));
}

async function readStored(key: string): Promise<Buffer> {
  const stored = await services().storage.get(key);
  if (!stored) throw new ImportError("The uploaded file is gone. Upload it again.");
  return readAll(stored.body);
}

async function readUploadTable(upload: ImportUpload): Promise<SheetTable> {
  return readSpreadsheet(await readStored(upload.sourceKey), upload.format);
}

const mappingOf = (upload: ImportUpload, table: SheetTable): ColumnMapping =>
  upload.mapping ? cleanMapping(upload.mapping, table.headers) : autoMap(table.headers);

/** Where each image reference of the file is found: in the ZIP (by base name) or among stored images. */
interface ImageIndex {
  zip: Map<string, string>;
  library: Map<string, MediaAsset>;
}

async function indexImages(upload: ImportUpload, rows: ArtworkRow[], tx: Database = db()): Promise<ImageIndex> {
  const zip = new Map<string, string>();
  for (const name of upload.imageNames) if (!zip.has(imageKey(name))) zip.set(imageKey(name), name);
  const refs = [...new Set(rows.map((r) => r.image).filter((r): r is string => Boolean(r)))];
  const outside = refs.filter((ref) => !zip.has(imageKey(ref)));
  const library = await findImagesByReference([...outside, ...outside.map(imageKey)], tx);
  return { zip, library };
}

function locateImage(index: ImageIndex, ref: string): { zip: string } | { asset: MediaAsset } | undefined {
  const zipEntry = index.zip.get(imageKey(ref));
  if (zipEntry) return { zip: zipEntry };
  const asset = index.library.get(ref.trim().toLowerCase()) ?? index.library.get(imageKey(ref));
  return asset ? { asset } : undefined;
}

export interface PreviewRow {
  line: number;
  action: "create" | "update";
  title: string;
  slug: string | null;
  medium: string;
  year: number | null;
  size: string;
  price: string;
  availability: AvailabilityValue;
  isFeatured: boolean;
  quantity: number;
  terms: string;
  image: string | null;
  imageSource: "zip" | "library" | null;
  errorFields: ImportField[];
  /** Why the import leaves this work's availability and quantity as they are (keptStock), or null. */
  kept: string | null;
}

export interface ImportPreview {
  upload: ImportUploadView;
  headers: string[];
  /** The first non-empty value of each column, to help choose. */
  samples: Record<string, string>;
  mapping: ColumnMapping;
  problems: string[];
  errors: RowError[];
  rows: PreviewRow[];
  /** Rows beyond the preview's limit are checked but not listed. */
  hiddenRows: number;
  /**
   * Every row whose work keeps its availability and quantity (kept for a buyer, or sold and the row would raise
   * it), with why: not a problem, the import goes ahead with the row's other columns.
   */
  kept: { line: number; message: string }[];
  creates: number;
  updates: number;
  featured: number;
  imagesFromZip: number;
  imagesFromLibrary: number;
}

async function existingSlugs(slugs: string[], tx: Database): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < slugs.length; i += 1000) {
    const chunk = slugs.slice(i, i + 1000);
    if (chunk.length === 0) continue;
    const rows = await tx
      .select({ id: artworks.id, slug: artworks.slug })
      .from(artworks)
      .where(
        sql`${artworks.slug} in (${sql.join(
          chunk.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      );
    for (const row of rows) found.set(row.slug, row.id);
  }
  return found;
}

async function checkUpload(upload: ImportUpload, tx: Database = db()) {
  const table = await readUploadTable(upload);
  const mapping = mappingOf(upload, table);
  const problems = mappingProblems(mapping);
  const firstPass = validateRows(table, mapping);
  const images = await indexImages(upload, firstPass.rows, tx);
  const { rows, errors } = validateRows(table, mapping, {
    imageExists: (name) => locateImage(images, name) !== undefined,
  });
  const slugs = await existingSlugs(
    rows.map((r) => r.slug).filter((s): s is string => Boolean(s)),
    tx,
  );
  return { table, mapping, problems, rows, errors, images, slugs };
}

const STOCK_FIELDS: readonly ImportField[] = ["availability", "quantity"];

/** Whether a row would put its work on sale or add pieces to it, in the stock columns the file has. */
function raisesStock(
  row: ArtworkRow,
  now: { availability: AvailabilityValue; quantity: number },
  mapping: ColumnMapping,
): boolean {
  const toSale = Boolean(mapping.availability) && row.availability === "available" && now.availability !== "available";
  return toSale || (Boolean(mapping.quantity) && row.quantity > now.quantity);
}

/**
 * The update rows whose availability and quantity the import leaves as they are, by line, with why. A file
 * exported before an order says "Available, 1"; written back, it would put the work on sale for a second buyer
 * (docs/admin.md "Bulk Import"). So a work the shop keeps for a buyer (an unpaid order, an approved hold:
 * liveClaims) keeps its stock whatever the row says, and a work the shop has sold (lastSales; a refunded sale is
 * none) keeps it when the row would raise it (back on sale, or more pieces): lowering it goes through. Nothing to
 * keep when the file has neither column.
 */
async function keptStock(
  rows: ArtworkRow[],
  slugs: Map<string, string>,
  mapping: ColumnMapping,
  tx: Database,
): Promise<Map<number, string>> {
  const kept = new Map<number, string>();
  if (!STOCK_FIELDS.some((field) => mapping[field])) return kept;
  const idOf = (row: ArtworkRow) => (row.slug ? slugs.get(row.slug) : undefined);
  const ids = [...new Set(rows.map(idOf).filter((id): id is string => id !== undefined))];
  const claims = new Map<string, StockClaim>();
  const sales = new Map<string, string>();
  const stock = new Map<string, { availability: AvailabilityValue; quantity: number }>();
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    for (const [id, claim] of await liveClaims(chunk, tx)) claims.set(id, claim);
    const sold = await lastSales(chunk, tx);
    for (const [id, number] of sold) sales.set(id, number);
    if (sold.size === 0) continue;
    const now = await tx
      .select({ id: artworks.id, availability: artworks.availability, quantity: artworks.quantity })
      .from(artworks)
      .where(inArray(artworks.id, [...sold.keys()]));
    for (const { id, ...work } of now) stock.set(id, work);
  }
  for (const row of rows) {
    const id = idOf(row) ?? "";
    const claim = claims.get(id);
    const sale = sales.get(id);
    const now = stock.get(id);
    if (claim) kept.set(row.line, `Availability and quantity stay as they are: ${claim.why}.`);
    else if (sale && now && raisesStock(row, now, mapping))
      kept.set(
        row.line,
        `Availability and quantity stay as they are: Order ${sale} sold this work. To put it back on sale or raise its quantity, change it on the work's page.`,
      );
  }
  return kept;
}

/** Everything the preview page shows: the mapping, every problem, and the first rows as they will be imported. */
export async function previewImport(id: string, options: { onlyProblems?: boolean } = {}): Promise<ImportPreview> {
  const upload = await getImportUpload(id);
  if (!upload) throw new ImportError("This upload no longer exists. Upload the file again.");
  // An imported file is removed once its rows are saved: its page then tells what the import did.
  if (upload.status === "imported") {
    return {
      upload: uploadView(upload),
      headers: [],
      samples: {},
      mapping: {},
      problems: [],
      errors: [],
      rows: [],
      hiddenRows: 0,
      kept: [],
      creates: upload.createdCount,
      updates: upload.updatedCount,
      featured: 0,
      imagesFromZip: 0,
      imagesFromLibrary: 0,
    };
  }
  const { table, mapping, problems, rows, errors, images, slugs } = await checkUpload(upload);
  const kept = await keptStock(rows, slugs, mapping, db());
  const samples: Record<string, string> = {};
  table.headers.forEach((header, i) => {
    const value = table.rows.find((r) => (r.cells[i] ?? "").trim())?.cells[i];
    if (value) samples[header] = value.length > 60 ? `${value.slice(0, 57)}…` : value;
  });
  const errorFields = new Map<number, ImportField[]>();
  for (const e of errors) errorFields.set(e.line, [...(errorFields.get(e.line) ?? []), e.field]);
  const shown = options.onlyProblems ? rows.filter((r) => errorFields.has(r.line)) : rows;
  let fromZip = 0;
  let fromLibrary = 0;
  const preview = shown.slice(0, PREVIEW_ROWS).map((row): PreviewRow => {
    const located = row.image ? locateImage(images, row.image) : undefined;
    return {
      line: row.line,
      action: row.slug && slugs.has(row.slug) ? "update" : "create",
      title: row.title,
      slug: row.slug,
      medium: row.medium,
      year: row.year,
      size: row.size,
      price: row.priceCents === null ? "" : formatPrice(row.priceCents),
      availability: row.availability,
      isFeatured: row.isFeatured,
      quantity: row.quantity,
      terms: [...row.categories, ...row.series, ...row.tags.map((t) => `#${t}`)].join(", "),
      image: row.image,
      imageSource: located ? ("zip" in located ? "zip" : "library") : null,
      errorFields: errorFields.get(row.line) ?? [],
      kept: kept.get(row.line) ?? null,
    };
  });
  for (const row of rows) {
    const located = row.image ? locateImage(images, row.image) : undefined;
    if (located && "zip" in located) fromZip++;
    else if (located) fromLibrary++;
  }
  const updates = rows.filter((r) => r.slug && slugs.has(r.slug)).length;
  return {
    upload: uploadView(upload),
    headers: table.headers,
    samples,
    mapping,
    problems,
    errors,
    rows: preview,
    hiddenRows: shown.length - preview.length,
    kept: [...kept].map(([line, message]) => ({ line, message })),
    creates: rows.length - updates,
    updates,
    featured: rows.filter((r) => r.isFeatured).length,
    imagesFromZip: fromZip,
    imagesFromLibrary: fromLibrary,
  };
}

export type ImportOutcome =
  | { ok: true; dryRun: boolean; created: number; updated: number; images: number; ms: number }
  | { ok: false; message: string; problems: string[]; errors: RowError[] };

class DryRunDone extends Error {
  constructor(readonly outcome: { created: number; updated: number }) {
    super("dry run: rolled back");
  }
}

const failed = (message: string, errors: RowError[] = [], problems: string[] = []): ImportOutcome => ({
  ok: false,
  message,
  errors,
  problems,
});

const UPLOAD_GONE = "This upload no longer exists. Upload the file again.";
const ALREADY_IMPORTED = "This file has already been imported. Upload it again to import it once more.";
/** The image store out of reach: nothing was imported, and the same upload imports once the store answers. */
const NOTHING_STORED = `Nothing was imported: ${STORE_UNAVAILABLE}`;

/**
 * Imports an upload: every row or none. A dry run does all of it, database writes included, and rolls back.
 * Images from the ZIP are checked (and, for a real import, stored by content hash) before the transaction
 * opens, so the transaction itself is short. An upload is imported once: a second Import sent meanwhile (a
 * double click, another tab) finds it imported under the upload's lock, or its files removed by the first, and
 * one asked for later (a stale page) is refused with the reason too.
 */
export async function runImport(id: string, options: { dryRun: boolean }): Promise<ImportOutcome> {
  try {
    return await importUpload(id, options);
  } catch (error) {
    // Another press may have imported the upload (and removed its files) while this one read them: say that.
    if (error instanceof ImportError)
      return failed((await getImportUpload(id))?.status === "imported" ? ALREADY_IMPORTED : error.message);
    if (isStoreUnavailable(error, `catalogue import ${id}`)) return failed(NOTHING_STORED);
    throw error;
  }
}

async function importUpload(id: string, options: { dryRun: boolean }): Promise<ImportOutcome> {
  const started = performance.now();
  const upload = await getImportUpload(id);
  if (!upload) return failed(UPLOAD_GONE);
  if (upload.status === "imported") return failed(ALREADY_IMPORTED);
  const { problems, rows, errors, images, mapping } = await checkUpload(upload);
  if (problems.length > 0) return failed("Nothing was imported: the columns need attention.", [], problems);
  if (errors.length > 0) {
    const lines = new Set(errors.map((e) => e.line)).size;
    return failed(
      `Nothing was imported: ${lines} ${lines === 1 ? "row has" : "rows have"} problems. Fix them in the file and upload it again.`,
      errors,
    );
  }

  // Images from the ZIP, each read, checked and (for a real import) stored once.
  const fromZip = new Map<string, StoredOriginal | true>();
  const zipEntries = new Set<string>();
  for (const row of rows) {
    const located = row.image ? locateImage(images, row.image) : undefined;
    if (located && "zip" in located) zipEntries.add(located.zip);
  }
  if (zipEntries.size > 0 && upload.imagesKey) {
    const zipErrors: RowError[] = [];
    const unpacked = new Set<string>();
    const takeImage = async (entry: string, bytes: Uint8Array | undefined) => {
      try {
        if (!bytes) throw new MediaError("empty", "The file is missing from the ZIP.");
        const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        if (options.dryRun) {
          await checkImage(buffer);
          fromZip.set(entry, true);
        } else fromZip.set(entry, await storeOriginal(buffer));
      } catch (error) {
        if (!(error instanceof MediaError)) throw error;
        for (const row of rows) {
          const located = row.image ? locateImage(images, row.image) : undefined;
          if (row.image && located && "zip" in located && located.zip === entry)
            zipErrors.push({ line: row.line, field: "image", message: `Image “${row.image}”: ${error.message}` });
        }
      }
    };
    // A batch of images at a time: up to 1 GB of pictures (IMAGE_ZIP_LIMITS) never lies in memory at once.
    await unpackInBatches(await readStored(upload.imagesKey), zipEntries, ZIP_BATCH_BYTES, async (files) => {
      for (const [entry, bytes] of Object.entries(files)) {
        unpacked.add(entry);
        await takeImage(entry, bytes);
      }
    });
    for (const entry of zipEntries) if (!unpacked.has(entry)) await takeImage(entry, undefined);
    if (zipErrors.length > 0) return failed("Nothing was imported: some images in the ZIP cannot be used.", zipErrors);
  }

  try {
    const counts = await db().transaction(async (tx) => {
      const [current] = await tx
        .select({ status: catalogImports.status })
        .from(catalogImports)
        .where(eq(catalogImports.id, id))
        .for("update");
      if (!current) throw new ImportError(UPLOAD_GONE);
      if (current.status === "imported") throw new ImportError(ALREADY_IMPORTED);
      const result = await writeRows(tx, rows, mapping, async (ref) => {
        const located = locateImage(images, ref);
        if (!located) return undefined;
        if ("asset" in located) return located.asset;
        const stored = fromZip.get(located.zip);
        if (!stored || stored === true) return undefined;
        return registerImage(stored, tx, { originalName: located.zip.split("/").pop() });
      });
      if (options.dryRun) throw new DryRunDone(result);
      await tx
        .update(catalogImports)
        .set({
          status: "imported",
          createdCount: result.created,
          updatedCount: result.updated,
          importedAt: new Date(),
        })
        .where(eq(catalogImports.id, id));
      return result;
    });
    await catalogChanged();
    // Deep zoom tiles for the imported pictures (one background job finds the works without them).
    await queueMissingTiles();
    await removeFiles([upload]);
    const ms = Math.round(performance.now() - started);
    services().logger.info({ importId: id, ...counts, ms }, "catalogue import");
    return { ok: true, dryRun: false, ...counts, images: zipEntries.size, ms };
  } catch (error) {
    if (error instanceof DryRunDone)
      return {
        ok: true,
        dryRun: true,
        ...error.outcome,
        images: zipEntries.size,
        ms: Math.round(performance.now() - started),
      };
    if (error instanceof TaxonomyError) return failed(`Nothing was imported: ${error.message}`);
    // Said by runImport, as when they come before the transaction.
    if (error instanceof ImportError || error instanceof StorageUnavailableError) throw error;
    services().logger.error({ err: error, importId: id }, "catalogue import failed; rolled back");
    return failed(
      "Nothing was imported: the database refused the changes (another change may have happened at the same time). Try again.",
    );
  }
}

const TERM_FIELDS: [ImportField, TermKind, "categories" | "series" | "tags"][] = [
  ["category", "category", "categories"],
  ["series", "series", "series"],
  ["tags", "tag", "tags"],
];

/** The columns of a work that an import row sets, with its image once resolved. */
function artworkValues(row: ArtworkRow, image: MediaAsset | undefined) {
  return {
    title: row.title,
    description: row.description,
    medium: row.medium,
    year: row.year,
    size: row.size,
    priceCents: row.priceCents,
    availability: row.availability,
    isFeatured: row.isFeatured,
    quantity: row.quantity,
    sortOrder: row.sortOrder,
    mainImageId: image?.id ?? null,
    mainImageUrl: image ? largestVariantUrl(image) : null,
  };
}

/** The columns each field of the file updates, for one batched UPDATE per chunk of rows. */
const UPDATE_COLUMNS: Partial<Record<ImportField, (keyof ReturnType<typeof artworkValues>)[]>> = {
  title: ["title"],
  description: ["description"],
  medium: ["medium"],
  year: ["year"],
  size: ["size"],
  price: ["priceCents"],
  availability: ["availability"],
  featured: ["isFeatured"],
  quantity: ["quantity"],
  image: ["mainImageId", "mainImageUrl"],
  sortOrder: ["sortOrder"],
};

const STOCK_COLUMNS = new Set<string>(["availability", "quantity"]);

/**
 * The database half of an import, inside the caller's transaction: new works are inserted in file order
 * (the first row shows first among works without a sort order), works whose slug exists are updated in the
 * columns the file has (a work the shop keeps for a buyer, or has sold, may keep its availability and quantity:
 * keptStock), and categories, series and tags are set as the file says.
 */
export async function writeRows(
  tx: Database,
  rows: ArtworkRow[],
  mapping: ColumnMapping,
  resolveImage: (ref: string) => Promise<MediaAsset | undefined>,
): Promise<{ created: number; updated: number }> {
  const present = new Set(IMPORT_FIELDS.map((f) => f.key).filter((k) => mapping[k]));
  const slugs = await existingSlugs(
    rows.map((r) => r.slug).filter((s): s is string => Boolean(s)),
    tx,
  );
  const updates = rows.filter((r) => r.slug && slugs.has(r.slug));
  const creates = rows.filter((r) => !(r.slug && slugs.has(r.slug)));

  const imageOf = new Map<number, MediaAsset | undefined>();
  for (const row of rows) if (row.image) imageOf.set(row.line, await resolveImage(row.image));

  // Slugs for new works: the file's own first, then ones made from titles that nothing else uses.
  const taken = await slugFamilies(
    creates.map((r) => r.slug ?? slugify(r.title)),
    tx,
  );
  for (const row of creates) if (row.slug) taken.add(row.slug);
  const newSlug = new Map<number, string>();
  for (const row of creates) {
    if (row.slug) {
      newSlug.set(row.line, row.slug);
      continue;
    }
    const base = slugify(row.title);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    newSlug.set(row.line, slug);
  }

  const idOf = new Map<number, string>();
  for (const row of updates) idOf.set(row.line, slugs.get(row.slug!)!);
  // Locked first: an order taking one of these works meanwhile commits before keptStock reads the orders.
  const updated = [...idOf.values()];
  for (let i = 0; i < updated.length; i += 1000)
    await tx
      .select({ id: artworks.id })
      .from(artworks)
      .where(inArray(artworks.id, updated.slice(i, i + 1000)))
      .for("update");
  const kept = await keptStock(updates, slugs, mapping, tx);
  const now = Date.now();
  for (let i = 0; i < creates.length; i += 500) {
    const chunk = creates.slice(i, i + 500);
    const inserted = await tx
      .insert(artworks)
      .values(
        chunk.map((row, j) => ({
          slug: newSlug.get(row.line)!,
          ...artworkValues(row, imageOf.get(row.line)),
          // The file's order is the display order among works without a sort order (newest first).
          createdAt: new Date(now - (i + j)),
        })),
      )
      .returning({ id: artworks.id, slug: artworks.slug });
    const bySlug = new Map(inserted.map((r) => [r.slug, r.id]));
    for (const row of chunk) idOf.set(row.line, bySlug.get(newSlug.get(row.line)!)!);
  }

  // Column names and SQL types come from the schema: one record per row, read back with jsonb_to_recordset.
  const columns = [...present]
    .flatMap((field) => UPDATE_COLUMNS[field] ?? [])
    .map((key) => ({ key, name: artworks[key].name, type: artworks[key].getSQLType() }));
  if (updates.length > 0 && columns.length > 0) {
    for (let i = 0; i < updates.length; i += 500) {
      const records = updates.slice(i, i + 500).map((row) => {
        const values = artworkValues(row, imageOf.get(row.line));
        const keep = kept.has(row.line);
        return {
          id: idOf.get(row.line),
          ...Object.fromEntries(
            columns.map(({ key, name }) => [name, keep && STOCK_COLUMNS.has(key) ? null : values[key]]),
          ),
        };
      });
      // A kept stock column is sent as null and keeps its value (availability and quantity are never null).
      const assignments = columns.map(({ key, name }) =>
        STOCK_COLUMNS.has(key) ? `${name} = coalesce(v.${name}, a.${name})` : `${name} = v.${name}`,
      );
      await tx.execute(sql`
        update artworks as a set ${sql.raw(assignments.join(", "))}, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
          as v(id uuid, ${sql.raw(columns.map(({ name, type }) => `${name} ${type}`).join(", "))})
        where a.id = v.id`);
    }
  }

  const kinds: TermKind[] = [];
  const termIds = new Map<number, string[]>(rows.map((r) => [r.line, []]));
  for (const [field, kind, key] of TERM_FIELDS) {
    if (!present.has(field)) continue;
    kinds.push(kind);
    const ids = await ensureTerms(
      kind,
      rows.flatMap((r) => r[key]),
      tx,
    );
    for (const row of rows) termIds.get(row.line)!.push(...row[key].map((name) => ids.get(name.toLowerCase())!));
  }
  await replaceArtworkTerms(
    rows.map((row) => ({ artworkId: idOf.get(row.line)!, termIds: termIds.get(row.line)! })),
    kinds,
    tx,
  );
  return { created: creates.length, updated: updates.length };
}

/** Every existing slug that is one of these bases or a numbered variant of one (base-2, base-3, ...). */
async function slugFamilies(bases: string[], tx: Database): Promise<Set<string>> {
  const unique = [...new Set(bases)];
  const taken = new Set<string>();
  for (let i = 0; i < unique.length; i += 1000) {
    const chunk = unique.slice(i, i + 1000);
    if (chunk.length === 0) continue;
    const list = sql.join(
      chunk.map((s) => sql`${s}`),
      sql`, `,
    );
    const rows = await tx
      .select({ slug: artworks.slug })
      .from(artworks)
      .where(sql`${artworks.slug} in (${list}) or regexp_replace(${artworks.slug}, '-[0-9]+$', '') in (${list})`);
    for (const row of rows) taken.add(row.slug);
  }
  return taken;
}
