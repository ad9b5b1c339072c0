-- An invoice's total lies in 1 … 2,000,000,000 fils (contract money.ts MAX_INVOICE_TOTAL_FILS):
-- a negative one made the invoice page fail, a zero one charged the card fee alone, and a
-- larger one has a gross (total + card fee) that overflows the payments' integer columns.
-- NOT VALID: every insert and update is checked from now on, but a live database holding an
-- older row outside the range still migrates (its start-up would otherwise stop here).
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_total_fils_check" CHECK (total_fils between 1 and 2000000000) NOT VALID;
