CREATE TABLE "commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"description" text NOT NULL,
	"medium" text,
	"size" text,
	"budget_min" integer,
	"budget_max" integer,
	"timeline" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stage" text DEFAULT 'requested' NOT NULL,
	"submission_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commissions_submission_key_unique" UNIQUE("submission_key"),
	CONSTRAINT "commissions_stage_check" CHECK ("commissions"."stage" in ('requested', 'in_discussion', 'quoted', 'accepted', 'in_progress', 'completed', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_type" text DEFAULT 'general' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"artwork_id" uuid,
	"artwork_title" text,
	"status" text DEFAULT 'new' NOT NULL,
	"submission_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "messages_submission_key_unique" UNIQUE("submission_key"),
	CONSTRAINT "messages_inquiry_type_check" CHECK ("messages"."inquiry_type" in ('general', 'artwork', 'commission', 'exhibition', 'press', 'other')),
	CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('new', 'read', 'replied', 'archived'))
);
--> statement-breakpoint
CREATE INDEX "commissions_stage_idx" ON "commissions" USING btree ("stage","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("created_at" DESC NULLS LAST) WHERE "messages"."status" = 'new';