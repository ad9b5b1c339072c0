-- Invoice links (architecture §3.8): the server keeps only the SHA-256 of a link token, so a
-- copy of the database opens no invoice. Links already sent keep working: their tokens
-- are hashed in place.
ALTER TABLE "invoices" RENAME COLUMN "link_token" TO "link_token_hash";--> statement-breakpoint
ALTER TABLE "invoices" RENAME CONSTRAINT "invoices_link_token_unique" TO "invoices_link_token_hash_unique";--> statement-breakpoint
UPDATE "invoices" SET "link_token_hash" = encode(sha256(convert_to("link_token_hash", 'UTF8')), 'hex');
