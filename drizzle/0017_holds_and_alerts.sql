CREATE TABLE "holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artwork_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"hours" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"order_id" uuid,
	CONSTRAINT "holds_status_check" CHECK ("holds"."status" in ('requested', 'approved', 'declined', 'lapsed', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "work_alert_deliveries" (
	"event_key" text NOT NULL,
	"alert_id" uuid NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_alert_deliveries_event_key_alert_id_pk" PRIMARY KEY("event_key","alert_id")
);
--> statement-breakpoint
CREATE TABLE "work_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"artwork_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "work_alerts_email_artwork_key" UNIQUE NULLS NOT DISTINCT("email","artwork_id"),
	CONSTRAINT "work_alerts_kind_check" CHECK (("work_alerts"."kind" = 'new-works') = ("work_alerts"."artwork_id" is null))
);
--> statement-breakpoint
ALTER TABLE "artworks" DROP CONSTRAINT "artworks_availability_check";--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_alert_deliveries" ADD CONSTRAINT "work_alert_deliveries_alert_id_work_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."work_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_alerts" ADD CONSTRAINT "work_alerts_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holds_one_approved_idx" ON "holds" USING btree ("artwork_id") WHERE "holds"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "holds_status_created_idx" ON "holds" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "holds_created_idx" ON "holds" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "work_alerts_artwork_idx" ON "work_alerts" USING btree ("artwork_id");--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_availability_check" CHECK ("artworks"."availability" in ('available', 'reserved', 'on_hold', 'sold', 'not_for_sale'));