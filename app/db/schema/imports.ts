// Bulk import: an uploaded spreadsheet (and ZIP of images) waiting between upload, mapping, preview and import.
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, oneOf } from "./columns";

export const IMPORT_STATUSES = ["uploaded", "imported"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const catalogImports = pgTable(
  "catalog_imports",
  {
    id: idColumn(),
    fileName: text("file_name").notNull(),
    format: text("format").$type<"csv" | "xlsx">().notNull(),
    /** Storage key of the uploaded spreadsheet. */
    sourceKey: text("source_key").notNull(),
    /** Storage key of the uploaded ZIP of images, if any. */
    imagesKey: text("images_key"),
    imagesName: text("images_name"),
    /** The image files in that ZIP (paths as stored in it), listed once at upload. */
    imageNames: text("image_names")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Field -> column header chosen by the admin; null until changed (automatic matches apply). */
    mapping: jsonb("mapping").$type<Record<string, string>>(),
    status: text("status").$type<ImportStatus>().notNull().default("uploaded"),
    rowCount: integer("row_count").notNull().default(0),
    createdCount: integer("created_count").notNull().default(0),
    updatedCount: integer("updated_count").notNull().default(0),
    createdBy: text("created_by"),
    createdAt: createdAtColumn(),
    importedAt: timestamp("imported_at", { withTimezone: true }),
  },
  (t) => [
    check("catalog_imports_status_check", oneOf(t.status, IMPORT_STATUSES)),
    check("catalog_imports_format_check", sql`${t.format} in ('csv', 'xlsx')`),
    index("catalog_imports_created_idx").on(t.createdAt.desc()),
  ],
);
