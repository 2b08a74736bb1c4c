CREATE TABLE "viewing_room_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"artwork_id" uuid,
	"order_id" uuid,
	CONSTRAINT "viewing_room_visits_kind_check" CHECK ("viewing_room_visits"."kind" in ('opened', 'inquired', 'ordered'))
);
--> statement-breakpoint
CREATE TABLE "viewing_room_works" (
	"room_id" uuid NOT NULL,
	"artwork_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"price_cents" integer,
	CONSTRAINT "viewing_room_works_room_id_artwork_id_pk" PRIMARY KEY("room_id","artwork_id"),
	CONSTRAINT "viewing_room_works_price_check" CHECK ("viewing_room_works"."price_cents" is null or "viewing_room_works"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "viewing_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recipient_name" text DEFAULT '' NOT NULL,
	"recipient_email" text DEFAULT '' NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "viewing_room_visits" ADD CONSTRAINT "viewing_room_visits_room_id_viewing_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."viewing_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_room_visits" ADD CONSTRAINT "viewing_room_visits_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_room_visits" ADD CONSTRAINT "viewing_room_visits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_room_works" ADD CONSTRAINT "viewing_room_works_room_id_viewing_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."viewing_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_room_works" ADD CONSTRAINT "viewing_room_works_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "viewing_room_visits_room_at_idx" ON "viewing_room_visits" USING btree ("room_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "viewing_room_works_artwork_idx" ON "viewing_room_works" USING btree ("artwork_id");--> statement-breakpoint
CREATE UNIQUE INDEX "viewing_rooms_token_idx" ON "viewing_rooms" USING btree ("token");--> statement-breakpoint
CREATE INDEX "viewing_rooms_created_idx" ON "viewing_rooms" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);