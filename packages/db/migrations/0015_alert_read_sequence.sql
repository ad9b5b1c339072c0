-- The alerts watcher orders its reads by a sequence instead of the database's clock: after
-- the clock was stepped back, every run looked older than the last one recorded (the
-- baseline row's seen_at) and alerts stopped in silence (decision 028). The baseline row
-- keeps the number of the last read recorded; one recorded before has none, and any read
-- is newer.
CREATE SEQUENCE "public"."alert_read_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "alert_seen" ADD COLUMN "read_seq" bigint;