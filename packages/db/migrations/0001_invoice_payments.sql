CREATE TABLE "sandbox_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_fils" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"description" text,
	"payment_method_id" text,
	"card_brand" text,
	"card_last4" text,
	"wallet" text,
	"billing_country" text,
	"last_error_code" text,
	"last_error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_intents_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_invoice" ON "payments" USING btree ("invoice_id") WHERE status in ('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_succeeded_per_invoice" ON "payments" USING btree ("invoice_id") WHERE status = 'succeeded';