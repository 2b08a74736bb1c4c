// Media: every stored image once, by content hash, with what the pipeline derived from it.
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, belongsTo } from "./columns";

export const mediaAssets = pgTable(
  "media_assets",
  {
    id: idColumn(),
    /** Content hash of the original bytes and the pipeline version: the public URL's cache key. */
    hash: text("hash").notNull().unique(),
    originalKey: text("original_key").notNull(),
    mime: text("mime").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Widths of the AVIF/WebP variants, ascending. */
    widths: integer("widths").array().notNull(),
    /** A tiny blurred WebP as a data: URI, painted before the image arrives. */
    placeholder: text("placeholder").notNull(),
    /** The file name it was uploaded with (bulk import matches images by it); null when not known. */
    originalName: text("original_name"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // The media library, newest first, and finding an upload by its file name (case-insensitive).
    index("media_assets_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("media_assets_original_name_idx").on(sql`lower(${t.originalName})`),
  ],
);

/** Spec §3 file_uploads: photos of the artist and the studio, under a storage folder. */
export const fileUploads = pgTable(
  "file_uploads",
  {
    id: idColumn(),
    filePath: text("file_path").notNull().unique(),
    mediaAssetId: belongsTo("media_asset_id", () => mediaAssets.id, "restrict"),
    altText: text("alt_text").notNull().default(""),
    caption: text("caption"),
    displayOrder: integer("display_order").notNull().default(0),
    isFeaturedHomepage: boolean("is_featured_homepage").notNull().default(false),
    isFeaturedAbout: boolean("is_featured_about").notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [index("file_uploads_path_order_idx").on(sql`${t.filePath} text_pattern_ops`, t.displayOrder)],
);
