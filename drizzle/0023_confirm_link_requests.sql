-- Confirmation links carry the time they were sent and confirm only the sign-up waiting since
-- (docs/inquiries.md "Newsletter"). Rows already waiting are left with no time: the links mailed for them by an
-- older version, which carry none, open a page saying they expired, and a new sign-up mails one that works.
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_alerts" ADD COLUMN "confirm_requested_at" timestamp with time zone;
