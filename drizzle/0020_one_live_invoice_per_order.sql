-- A shop that already holds two live invoices for one order (two Create invoice clicks at once, before this
-- index) keeps the first paid one, else the oldest; the others are voided, keeping their numbers. Without this
-- the index could not be made and the server would not start.
UPDATE "invoices" SET "status" = 'void', "voided_at" = now(), "updated_at" = now()
WHERE "id" IN (
	SELECT "id" FROM (
		SELECT "id", row_number() OVER (
			PARTITION BY "order_id" ORDER BY ("status" = 'paid') DESC, "created_at", "id"
		) AS "n"
		FROM "invoices" WHERE "order_id" IS NOT NULL AND "status" <> 'void'
	) AS "live" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_live_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."status" <> 'void';
