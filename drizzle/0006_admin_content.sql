CREATE TABLE "artwork_terms" (
	"artwork_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	CONSTRAINT "artwork_terms_artwork_id_term_id_pk" PRIMARY KEY("artwork_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_kind_check" CHECK ("terms"."kind" in ('category', 'series', 'tag'))
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cover_image_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "blog_posts_status_check" CHECK ("blog_posts"."status" in ('draft', 'scheduled', 'published')),
	CONSTRAINT "blog_posts_publish_at_check" CHECK ("blog_posts"."status" = 'draft' or "blog_posts"."publish_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "catalog_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"source_key" text NOT NULL,
	"images_key" text,
	"images_name" text,
	"image_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"mapping" jsonb,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_at" timestamp with time zone,
	CONSTRAINT "catalog_imports_status_check" CHECK ("catalog_imports"."status" in ('uploaded', 'imported')),
	CONSTRAINT "catalog_imports_format_check" CHECK ("catalog_imports"."format" in ('csv', 'xlsx'))
);
--> statement-breakpoint
ALTER TABLE "homepage_sections" ADD COLUMN "draft_content" jsonb;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "original_name" text;--> statement-breakpoint
ALTER TABLE "artwork_terms" ADD CONSTRAINT "artwork_terms_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_terms" ADD CONSTRAINT "artwork_terms_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_cover_image_id_media_assets_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artwork_terms_term_idx" ON "artwork_terms" USING btree ("term_id","artwork_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_kind_slug_key" ON "terms" USING btree ("kind","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_kind_name_key" ON "terms" USING btree ("kind",lower("name"));--> statement-breakpoint
CREATE INDEX "blog_posts_public_idx" ON "blog_posts" USING btree ("publish_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "blog_posts"."status" <> 'draft';--> statement-breakpoint
CREATE INDEX "blog_posts_updated_idx" ON "blog_posts" USING btree ("updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalog_imports_created_idx" ON "catalog_imports" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_assets_created_idx" ON "media_assets" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_assets_original_name_idx" ON "media_assets" USING btree (lower("original_name"));