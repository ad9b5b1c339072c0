-- E-mail alerts (decision 028): subscriptions with their consent, what the watcher has seen,
-- and extra headers on outbox mail (List-Unsubscribe, RFC 8058).
CREATE TABLE "alert_seen" (
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"start_date" text,
	"end_date" text,
	"gone" boolean DEFAULT false NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_seen_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "alert_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"watch" text NOT NULL,
	"filter" text NOT NULL,
	"language" text NOT NULL,
	"nonce" text NOT NULL,
	"consent_version" text NOT NULL,
	"ip_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "alert_subscriptions_watch_check" CHECK (watch in ('flights', 'shows', 'flight', 'show'))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
CREATE INDEX "alert_subscriptions_email_lower_idx" ON "alert_subscriptions" USING btree (lower("email"));