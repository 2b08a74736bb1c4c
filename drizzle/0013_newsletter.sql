CREATE TABLE "newsletter_deliveries" (
	"issue_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_deliveries_issue_id_subscriber_id_pk" PRIMARY KEY("issue_id","subscriber_id")
);
--> statement-breakpoint
CREATE TABLE "newsletter_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"markdown" text NOT NULL,
	"blog_post_id" uuid,
	"status" text DEFAULT 'sending' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "newsletter_issues_status_check" CHECK ("newsletter_issues"."status" in ('sending', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_pending_idx" ON "newsletter_deliveries" USING btree ("issue_id") WHERE "newsletter_deliveries"."mail_id" is null;--> statement-breakpoint
CREATE INDEX "newsletter_issues_created_idx" ON "newsletter_issues" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_created_idx" ON "newsletter_subscribers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Those who subscribed before the confirmation step existed asked for it through the form: they stay subscribed.
UPDATE "newsletter_subscribers" SET "confirmed_at" = "created_at" WHERE "unsubscribed_at" IS NULL;