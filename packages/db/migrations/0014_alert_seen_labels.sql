-- The alerts watcher keeps the name it last saw of each show and flight (a flight's route),
-- in English and, while an Arabic subscriber is confirmed, in Arabic: a mail about one that
-- left the schedule names it instead of giving its number (decision 028). Rows seen before
-- get their names on the watcher's next run.
ALTER TABLE "alert_seen" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "alert_seen" ADD COLUMN "label_ar" text;
