CREATE TABLE "exhibition_artworks" (
	"exhibition_id" uuid NOT NULL,
	"artwork_id" uuid NOT NULL,
	CONSTRAINT "exhibition_artworks_exhibition_id_artwork_id_pk" PRIMARY KEY("exhibition_id","artwork_id")
);
--> statement-breakpoint
CREATE TABLE "exhibitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"venue" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"link" text,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exhibitions_type_check" CHECK ("exhibitions"."type" in ('solo', 'group', 'fair', 'online')),
	CONSTRAINT "exhibitions_dates_check" CHECK ("exhibitions"."end_date" >= "exhibitions"."start_date")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	CONSTRAINT "invoice_lines_quantity_check" CHECK ("invoice_lines"."quantity" > 0),
	CONSTRAINT "invoice_lines_price_check" CHECK ("invoice_lines"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_number_counters_last_check" CHECK ("invoice_number_counters"."last" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"commission_id" uuid,
	"commission_stage" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_address" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"tax_label" text DEFAULT 'Tax' NOT NULL,
	"total_cents" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft', 'sent', 'paid', 'void')),
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('order', 'commission')),
	CONSTRAINT "invoices_commission_stage_check" CHECK ("invoices"."commission_stage" is null or "invoices"."commission_stage" in ('deposit', 'final')),
	CONSTRAINT "invoices_totals_check" CHECK ("invoices"."subtotal_cents" >= 0 and "invoices"."shipping_cents" >= 0 and "invoices"."tax_cents" >= 0 and "invoices"."total_cents" = "invoices"."subtotal_cents" + "invoices"."shipping_cents" + "invoices"."tax_cents"),
	CONSTRAINT "invoices_dates_check" CHECK ("invoices"."due_date" >= "invoices"."issue_date")
);
--> statement-breakpoint
CREATE TABLE "page_view_counts" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"artwork_key" text,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_view_counts_day_path_referrer_host_pk" PRIMARY KEY("day","path","referrer_host")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "exhibition_artworks" ADD CONSTRAINT "exhibition_artworks_exhibition_id_exhibitions_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_artworks" ADD CONSTRAINT "exhibition_artworks_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exhibition_artworks_artwork_idx" ON "exhibition_artworks" USING btree ("artwork_id");--> statement-breakpoint
CREATE INDEX "exhibitions_start_idx" ON "exhibitions" USING btree ("start_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "exhibitions_published_start_idx" ON "exhibitions" USING btree ("start_date" DESC NULLS LAST) WHERE "exhibitions"."published";--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_invoice_position_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence_idx" ON "invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "invoices_status_created_idx" ON "invoices" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_commission_idx" ON "invoices" USING btree ("commission_id");--> statement-breakpoint
CREATE INDEX "invoices_buyer_email_idx" ON "invoices" USING btree ("buyer_email");--> statement-breakpoint
CREATE INDEX "page_view_counts_artwork_idx" ON "page_view_counts" USING btree ("artwork_key","day");--> statement-breakpoint
CREATE INDEX "commissions_created_idx" ON "commissions" USING btree ("created_at" DESC NULLS LAST);