CREATE TABLE "certificate_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "certificate_number_counters_last_check" CHECK ("certificate_number_counters"."last" > 0)
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"code" text NOT NULL,
	"artwork_id" uuid,
	"order_id" uuid,
	"piece" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"year_made" integer,
	"medium" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"edition" text NOT NULL,
	"image_hash" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "certificates_piece_check" CHECK ("certificates"."piece" > 0),
	CONSTRAINT "certificates_revoked_check" CHECK (("certificates"."revoked_at" is null) = ("certificates"."revoked_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_number_idx" ON "certificates" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_year_sequence_idx" ON "certificates" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_idx" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_live_order_piece_idx" ON "certificates" USING btree ("order_id","artwork_id","piece") WHERE "certificates"."revoked_at" is null and "certificates"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_live_on_demand_idx" ON "certificates" USING btree ("artwork_id") WHERE "certificates"."revoked_at" is null and "certificates"."order_id" is null;--> statement-breakpoint
CREATE INDEX "certificates_artwork_idx" ON "certificates" USING btree ("artwork_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "certificates_order_idx" ON "certificates" USING btree ("order_id");