ALTER TABLE "invoices" DROP CONSTRAINT "invoices_status_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft', 'sent', 'paid', 'void', 'refunded'));--> statement-breakpoint
-- Invoices made before they followed their order (docs/shop.md "An order's invoice"): a refunded order's Paid
-- invoice is Refunded, when the order was; a cancelled or refunded order's Draft or Sent invoice, which still
-- asks for money the order no longer asks, is Void (keeping its number). A Paid invoice on an order cancelled or
-- still awaiting payment is left as it is: only the artist knows whether that money went back, and the invoice's
-- page asks (Record refund).
UPDATE "invoices" SET "status" = 'refunded', "refunded_at" = coalesce("orders"."refunded_at", now()), "updated_at" = now()
FROM "orders"
WHERE "invoices"."order_id" = "orders"."id" AND "invoices"."status" = 'paid' AND "orders"."status" = 'refunded';--> statement-breakpoint
UPDATE "invoices" SET "status" = 'void', "voided_at" = now(), "updated_at" = now()
FROM "orders"
WHERE "invoices"."order_id" = "orders"."id" AND "invoices"."status" IN ('draft', 'sent')
	AND "orders"."status" IN ('cancelled', 'refunded');
