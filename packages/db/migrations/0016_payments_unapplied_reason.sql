-- A payment can succeed at the provider without paying its invoice: the invoice's total
-- changed while the customer paid (its gross is no longer the amount charged), or another
-- payment paid it first. Such a payment is recorded as succeeded with its reason, so the
-- charges to refund can be found by query; the unique index now holds one payment that paid
-- the invoice (status succeeded, no reason), not one success.
ALTER TABLE "payments" ADD COLUMN "unapplied_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_applied_per_invoice" ON "payments" USING btree ("invoice_id") WHERE status = 'succeeded' and unapplied_reason is null;--> statement-breakpoint
DROP INDEX "payments_one_succeeded_per_invoice";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_unapplied_reason_check" CHECK (unapplied_reason is null or (status = 'succeeded' and unapplied_reason in ('amount-changed', 'invoice-paid')));
