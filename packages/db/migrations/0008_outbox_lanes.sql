-- Mail lanes (architecture §3.6): time-limited mails (codes) are claimed before anything
-- else, the support team's bulk mail last, so a backlog never delays a code.
ALTER TABLE "outbox" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE "outbox" SET "priority" = 0 WHERE "expires_at" IS NOT NULL AND "sent_at" IS NULL;--> statement-breakpoint
UPDATE "outbox" SET "priority" = 2 WHERE "kind" IN ('support-notification', 'support-confirmation') AND "sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "outbox_lane_idx" ON "outbox" USING btree ("priority","id") WHERE "outbox"."sent_at" is null;
