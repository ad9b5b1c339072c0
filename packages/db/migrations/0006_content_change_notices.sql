-- Every instance keeps public pages and public API answers in memory for a while (decisions
-- 012 and 017). A change to what those pages show, made through any connection (the API, an
-- admin tool, a script), is announced on the `content_changed` channel, so that every
-- instance listening forgets what it kept at once instead of at the end of its minute.
CREATE OR REPLACE FUNCTION notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER events_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();--> statement-breakpoint
CREATE TRIGGER selective_services_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "selective_services"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();--> statement-breakpoint
CREATE TRIGGER blogs_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blogs"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();--> statement-breakpoint
CREATE TRIGGER legal_documents_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "legal_documents"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();--> statement-breakpoint
CREATE TRIGGER release_notes_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "release_notes"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();--> statement-breakpoint
CREATE TRIGGER release_logs_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "release_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
