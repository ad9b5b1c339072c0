-- Support requests are anonymised two years after they were sent (architecture §3.7,
-- Retention): the purge finds those not yet anonymised through this index.
CREATE INDEX "support_requests_unerased_created_at_idx" ON "support_requests" USING btree ("created_at") WHERE "support_requests"."erased_at" is null;