-- When a subscriber's newest confirmation link was mailed, so the admin's list can say "Link expired" once none
-- works (docs/inquiries.md "Newsletter"). A sign-up waiting now takes the time of the newest confirmation mail
-- the outbox holds for its address since it began, else the time it began (its links were sent no earlier).
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
UPDATE "newsletter_subscribers" AS s SET "confirm_sent_at" = coalesce(
  (SELECT max(m."created_at") FROM "mail_outbox" AS m
    WHERE m."template" = 'newsletter-confirm' AND lower(m."to_address") = s."email"
      AND m."created_at" >= s."confirm_requested_at"),
  s."confirm_requested_at")
WHERE s."confirmed_at" IS NULL AND s."unsubscribed_at" IS NULL AND s."confirm_requested_at" IS NOT NULL;
