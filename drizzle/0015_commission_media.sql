CREATE TABLE "commission_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"commission_id" uuid NOT NULL,
	"media_asset_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_images_kind_check" CHECK ("commission_images"."kind" in ('reference', 'progress'))
);
--> statement-breakpoint
ALTER TABLE "commission_events" DROP CONSTRAINT "commission_events_kind_check";--> statement-breakpoint
ALTER TABLE "commission_images" ADD CONSTRAINT "commission_images_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_images" ADD CONSTRAINT "commission_images_media_asset_id_media_assets_id_fk" FOREIGN KEY ("media_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_images_commission_idx" ON "commission_images" USING btree ("commission_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "commission_images_asset_idx" ON "commission_images" USING btree ("media_asset_id");--> statement-breakpoint
ALTER TABLE "commission_events" ADD CONSTRAINT "commission_events_kind_check" CHECK ("commission_events"."kind" in ('stage', 'note', 'quote', 'payment', 'photo'));