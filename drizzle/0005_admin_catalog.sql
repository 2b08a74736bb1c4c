CREATE TABLE "artwork_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artwork_id" uuid,
	"artwork_title" text NOT NULL,
	"kind" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artwork_events_kind_check" CHECK ("artwork_events"."kind" in ('availability', 'featured', 'archived', 'restored', 'deleted'))
);
--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "artwork_events" ADD CONSTRAINT "artwork_events_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_events" ADD CONSTRAINT "artwork_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artwork_events_created_idx" ON "artwork_events" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "artwork_events_artwork_idx" ON "artwork_events" USING btree ("artwork_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "artworks_title_idx" ON "artworks" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "artworks_year_idx" ON "artworks" USING btree ("year" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "artworks_price_idx" ON "artworks" USING btree ("price_cents" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "artworks_updated_idx" ON "artworks" USING btree ("updated_at" DESC NULLS LAST,"id");