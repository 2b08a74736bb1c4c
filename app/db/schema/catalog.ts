// Catalog: the artist's works (spec §3 artworks) with slug, stock and full-text search.
import { sql } from "drizzle-orm";
import { boolean, check, customType, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, updatedAtColumn, oneOf } from "./columns";
import { AVAILABILITY_VALUES, type AvailabilityValue } from "~/lib/availability";
import { mediaAssets } from "./media";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const artworks = pgTable(
  "artworks",
  {
    id: idColumn(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    medium: text("medium").notNull().default(""),
    year: integer("year"),
    /** Free text with inch marks, as the artist writes it: 24" x 36". */
    size: text("size").notNull().default(""),
    /** Integer cents; null means price on request. */
    priceCents: integer("price_cents"),
    currency: text("currency").notNull().default("USD"),
    mainImageId: uuid("main_image_id").references(() => mediaAssets.id, { onDelete: "set null" }),
    /** Public URL of the main image's largest variant (spec field main_image_url). */
    mainImageUrl: text("main_image_url"),
    availability: text("availability").$type<AvailabilityValue>().notNull().default("available"),
    /** 1 for an original; more for editions. */
    quantity: integer("quantity").notNull().default(1),
    isFeatured: boolean("is_featured").notNull().default(false),
    sortOrder: integer("sort_order"),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(medium, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    /** Set instead of deleting a work that must stay on record (an order refers to it); hidden from the site. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (t) => [
    check("artworks_availability_check", oneOf(t.availability, AVAILABILITY_VALUES)),
    check("artworks_quantity_check", sql`${t.quantity} >= 0`),
    check("artworks_price_check", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    // Spec §7: sort_order ascending (nulls last), then created_at descending.
    index("artworks_display_order_idx").on(t.sortOrder.asc().nullsLast(), t.createdAt.desc(), t.id),
    index("artworks_featured_idx")
      .on(t.sortOrder.asc().nullsLast(), t.createdAt.desc())
      .where(sql`${t.isFeatured}`),
    index("artworks_available_idx").on(t.availability, t.createdAt.desc()),
    index("artworks_search_idx").using("gin", t.search),
    // The admin table's sort columns (Artwork Management sorts server-side).
    index("artworks_title_idx").on(sql`lower(${t.title})`, t.id),
    index("artworks_year_idx").on(t.year.desc().nullsLast(), t.id),
    index("artworks_price_idx").on(t.priceCents.desc().nullsLast(), t.id),
    index("artworks_updated_idx").on(t.updatedAt.desc(), t.id),
  ],
);
