CREATE TABLE "commission_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"commission_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"note" text DEFAULT '' NOT NULL,
	"actor_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_events_kind_check" CHECK ("commission_events"."kind" in ('stage', 'note', 'quote', 'payment'))
);
--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "quote_cents" integer;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "quote_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "deposit_percent" integer;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "commission_events" ADD CONSTRAINT "commission_events_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_events_commission_idx" ON "commission_events" USING btree ("commission_id","created_at" DESC NULLS LAST);