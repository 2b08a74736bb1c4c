CREATE TABLE "artworks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"medium" text DEFAULT '' NOT NULL,
	"year" integer,
	"size" text DEFAULT '' NOT NULL,
	"price_cents" integer,
	"currency" text DEFAULT 'USD' NOT NULL,
	"main_image_id" uuid,
	"main_image_url" text,
	"availability" text DEFAULT 'available' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"sort_order" integer,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(medium, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artworks_slug_unique" UNIQUE("slug"),
	CONSTRAINT "artworks_availability_check" CHECK ("artworks"."availability" in ('available', 'reserved', 'sold', 'not_for_sale')),
	CONSTRAINT "artworks_quantity_check" CHECK ("artworks"."quantity" >= 0),
	CONSTRAINT "artworks_price_check" CHECK ("artworks"."price_cents" is null or "artworks"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "homepage_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_type" text NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"section_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homepage_sections_type_check" CHECK ("homepage_sections"."section_type" in ('hero', 'featured_artworks', 'artist_statement', 'process'))
);
--> statement-breakpoint
CREATE TABLE "page_content" (
	"key" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_path" text NOT NULL,
	"media_asset_id" uuid NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	"caption" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_featured_homepage" boolean DEFAULT false NOT NULL,
	"is_featured_about" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_uploads_file_path_unique" UNIQUE("file_path")
);
--> statement-breakpoint
CREATE TABLE "media_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hash" text NOT NULL,
	"original_key" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" integer[] NOT NULL,
	"placeholder" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_assets_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"source" text DEFAULT 'footer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_main_image_id_media_assets_id_fk" FOREIGN KEY ("main_image_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_media_asset_id_media_assets_id_fk" FOREIGN KEY ("media_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artworks_display_order_idx" ON "artworks" USING btree ("sort_order","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "artworks_featured_idx" ON "artworks" USING btree ("sort_order","created_at" DESC NULLS LAST) WHERE "artworks"."is_featured";--> statement-breakpoint
CREATE INDEX "artworks_available_idx" ON "artworks" USING btree ("availability","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "artworks_search_idx" ON "artworks" USING gin ("search");--> statement-breakpoint
CREATE INDEX "homepage_sections_visible_idx" ON "homepage_sections" USING btree ("section_order") WHERE "homepage_sections"."is_published" and "homepage_sections"."is_active";--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_pending_dedupe_idx" ON "jobs" USING btree ("dedupe_key") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "file_uploads_path_order_idx" ON "file_uploads" USING btree ("file_path" text_pattern_ops,"display_order");