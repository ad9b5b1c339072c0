-- Hand-written (decision 014, architecture §3.7): codes asked before this migration were
-- unkeyed salted SHA-256 hashes next to the plain address; they cannot be converted and
-- would expire within 10 minutes anyway, so they are dropped (the owner asks again), with
-- the unsent mails carrying them. Rate-limit keys named addresses in clear: the counters
-- are short-lived and are reset once.
DELETE FROM "verification_codes";--> statement-breakpoint
DELETE FROM "outbox" WHERE "kind" = 'delete-account-code' AND "sent_at" IS NULL;--> statement-breakpoint
DELETE FROM "rate_limits";--> statement-breakpoint
CREATE TABLE "deletion_locks" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"locks" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_wrong_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "verification_codes_email_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "email_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "client_hash" text NOT NULL;--> statement-breakpoint
CREATE INDEX "deletion_locks_last_wrong_at_idx" ON "deletion_locks" USING btree ("last_wrong_at");--> statement-breakpoint
CREATE INDEX "outbox_to_lower_idx" ON "outbox" USING btree (lower("to"));--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "support_requests_email_lower_idx" ON "support_requests" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "verification_codes_email_hash_idx" ON "verification_codes" USING btree ("email_hash");--> statement-breakpoint
CREATE INDEX "verification_codes_expires_at_idx" ON "verification_codes" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "verification_codes" DROP COLUMN "email";