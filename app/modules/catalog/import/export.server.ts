// The whole catalogue as a spreadsheet in the import's own format (CSV or XLSX), so that importing the
// export gives the same catalogue back; and the empty template.
import { artworks, mediaAssets } from "~/db/schema";
import { ambiguousFileNames } from "~/modules/media/media.server";
import { displayOrder, selectWithPicture } from "../catalog.server";
import { termsForArtworks } from "../taxonomy.server";
import { TEMPLATE_HEADERS } from "./fields";
import { writeCsv, writeXlsx, type SheetFormat } from "./spreadsheet.server";

const MAX_EXPORT = 50_000;

const AVAILABILITY_TEXT: Record<string, string> = {
  available: "available",
  reserved: "reserved",
  sold: "sold",
  not_for_sale: "not for sale",
};

/** Cents as dollars the import reads back exactly: 6800 or 6800.5 (a number, so spreadsheets can sum it). */
const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

export interface SpreadsheetFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

const CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

async function writeSheet(format: SheetFormat, rows: (string | number | null)[][], instructions: boolean) {
  return format === "csv" ? writeCsv(TEMPLATE_HEADERS, rows) : writeXlsx(TEMPLATE_HEADERS, rows, { instructions });
}

/** The template: the columns (and, in the workbook, a sheet explaining each). */
export async function catalogueTemplate(format: SheetFormat): Promise<SpreadsheetFile> {
  return {
    fileName: `artworks-template.${format}`,
    contentType: CONTENT_TYPES[format],
    bytes: await writeSheet(format, [], true),
  };
}

/** Every artwork in display order, one row each, with its terms and its image's file name. */
export async function exportCatalogue(format: SheetFormat, now = new Date()): Promise<SpreadsheetFile> {
  const rows = await selectWithPicture({
    id: artworks.id,
    title: artworks.title,
    slug: artworks.slug,
    description: artworks.description,
    medium: artworks.medium,
    year: artworks.year,
    size: artworks.size,
    priceCents: artworks.priceCents,
    availability: artworks.availability,
    isFeatured: artworks.isFeatured,
    quantity: artworks.quantity,
    sortOrder: artworks.sortOrder,
    imageName: mediaAssets.originalName,
    imageHash: mediaAssets.hash,
  })
    .orderBy(...displayOrder)
    .limit(MAX_EXPORT);
  const terms = new Map<
    string,
    Awaited<ReturnType<typeof termsForArtworks>> extends Map<string, infer V> ? V : never
  >();
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = await termsForArtworks(rows.slice(i, i + 1000).map((r) => r.id));
    for (const [id, names] of chunk) terms.set(id, names);
  }
  // A file name two stored images share would be ambiguous on import: those are written as the image's hash.
  const ambiguous = await ambiguousFileNames(rows.map((r) => r.imageName).filter((n): n is string => Boolean(n)));
  // Sort order is written as the position in the gallery (1 first), as the import reads it: stored values
  // may be zero or negative (new uploads go before the first work), which the import would refuse. Placed
  // works come first in this order, so their positions are 1, 2, 3 …; unplaced ones stay empty.
  const cells = rows.map((r, index) => {
    const t = terms.get(r.id);
    const image = r.imageHash
      ? r.imageName && !ambiguous.has(r.imageName.toLowerCase())
        ? r.imageName
        : r.imageHash
      : "";
    return [
      r.title,
      r.slug,
      r.description,
      r.medium,
      r.year,
      r.size,
      dollars(r.priceCents),
      AVAILABILITY_TEXT[r.availability] ?? r.availability,
      r.isFeatured ? "yes" : "no",
      r.quantity,
      t?.category.join("; ") ?? "",
      t?.series.join("; ") ?? "",
      t?.tag.join("; ") ?? "",
      image,
      r.sortOrder === null ? null : index + 1,
    ];
  });
  const stamp = now.toISOString().slice(0, 10);
  return {
    fileName: `artworks-${stamp}.${format}`,
    contentType: CONTENT_TYPES[format],
    bytes: await writeSheet(format, cells, false),
  };
}

/** A file download, never cached. */
export function spreadsheetResponse(file: SpreadsheetFile): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
    },
  });
}
