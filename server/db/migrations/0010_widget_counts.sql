-- Counts of the public widget's views and clicks per day (no visitor data), and the change feed of the widget
-- pages: every write that changes what a widget shows notifies channel "widget_changes" with its establishment's
-- id ('*' when every widget may change), delivered at commit to each API process, which drops its cached pages.
-- Statement triggers over the transition tables: one notification per establishment and statement, and
-- PostgreSQL folds repeats within a transaction.
CREATE TABLE "widget_daily_clicks" (
	"widget_settings_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"event_id" integer,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "widget_daily_clicks_unique" UNIQUE NULLS NOT DISTINCT("widget_settings_id","day","kind","event_id"),
	CONSTRAINT "widget_daily_clicks_kind_check" CHECK ("widget_daily_clicks"."kind" IN ('TICKET', 'WEBSITE'))
);
--> statement-breakpoint
CREATE TABLE "widget_daily_views" (
	"widget_settings_id" integer NOT NULL,
	"day" date NOT NULL,
	"embedding_origin" text DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "widget_daily_views_widget_settings_id_day_embedding_origin_pk" PRIMARY KEY("widget_settings_id","day","embedding_origin")
);
--> statement-breakpoint
ALTER TABLE "widget_daily_clicks" ADD CONSTRAINT "widget_daily_clicks_widget_settings_id_widget_settings_id_fk" FOREIGN KEY ("widget_settings_id") REFERENCES "public"."widget_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_daily_views" ADD CONSTRAINT "widget_daily_views_widget_settings_id_widget_settings_id_fk" FOREIGN KEY ("widget_settings_id") REFERENCES "public"."widget_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widget_daily_clicks_day_idx" ON "widget_daily_clicks" USING btree ("day");--> statement-breakpoint
CREATE INDEX "widget_daily_clicks_event_idx" ON "widget_daily_clicks" USING btree ("event_id","day");--> statement-breakpoint
CREATE INDEX "widget_daily_views_day_idx" ON "widget_daily_views" USING btree ("day");
--> statement-breakpoint
CREATE FUNCTION "notify_widget_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- TG_ARGV[0]: a query of the establishment ids of the rows in the transition table named by %I.
  changed_establishment integer;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    FOR changed_establishment IN EXECUTE format(TG_ARGV[0], 'new_rows') LOOP
      PERFORM pg_notify('widget_changes', changed_establishment::text);
    END LOOP;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    FOR changed_establishment IN EXECUTE format(TG_ARGV[0], 'old_rows') LOOP
      PERFORM pg_notify('widget_changes', changed_establishment::text);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_every_widget_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('widget_changes', '*');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_widget_changes_insert" AFTER INSERT ON "events"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT establishment_id FROM %I WHERE establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "events_widget_changes_update" AFTER UPDATE ON "events"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT establishment_id FROM %I WHERE establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "events_widget_changes_delete" AFTER DELETE ON "events"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT establishment_id FROM %I WHERE establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "event_out_of_schedule_widget_changes_insert" AFTER INSERT ON "event_out_of_schedule"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT events.establishment_id FROM %I AS changed JOIN events ON events.id = changed.event_id WHERE events.establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "event_out_of_schedule_widget_changes_update" AFTER UPDATE ON "event_out_of_schedule"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT events.establishment_id FROM %I AS changed JOIN events ON events.id = changed.event_id WHERE events.establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "event_out_of_schedule_widget_changes_delete" AFTER DELETE ON "event_out_of_schedule"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT events.establishment_id FROM %I AS changed JOIN events ON events.id = changed.event_id WHERE events.establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "event_musics_widget_changes_insert" AFTER INSERT ON "event_musics"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT events.establishment_id FROM %I AS changed JOIN events ON events.id = changed.event_id WHERE events.establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "event_musics_widget_changes_update" AFTER UPDATE ON "event_musics"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT events.establishment_id FROM %I AS changed JOIN events ON events.id = changed.event_id WHERE events.establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "event_musics_widget_changes_delete" AFTER DELETE ON "event_musics"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT events.establishment_id FROM %I AS changed JOIN events ON events.id = changed.event_id WHERE events.establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "event_media_widget_changes_insert" AFTER INSERT ON "event_media"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT events.establishment_id FROM %I AS changed JOIN events ON events.id = changed.event_id WHERE events.establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "event_media_widget_changes_update" AFTER UPDATE ON "event_media"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT events.establishment_id FROM %I AS changed JOIN events ON events.id = changed.event_id WHERE events.establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "event_media_widget_changes_delete" AFTER DELETE ON "event_media"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT events.establishment_id FROM %I AS changed JOIN events ON events.id = changed.event_id WHERE events.establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "establishments_widget_changes_insert" AFTER INSERT ON "establishments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT id FROM %I');--> statement-breakpoint
CREATE TRIGGER "establishments_widget_changes_update" AFTER UPDATE ON "establishments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT id FROM %I');--> statement-breakpoint
CREATE TRIGGER "establishments_widget_changes_delete" AFTER DELETE ON "establishments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT id FROM %I');--> statement-breakpoint
CREATE TRIGGER "establishment_happy_hours_widget_changes_insert" AFTER INSERT ON "establishment_happy_hours"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT establishment_id FROM %I WHERE establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "establishment_happy_hours_widget_changes_update" AFTER UPDATE ON "establishment_happy_hours"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT establishment_id FROM %I WHERE establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "establishment_happy_hours_widget_changes_delete" AFTER DELETE ON "establishment_happy_hours"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT establishment_id FROM %I WHERE establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "widget_settings_widget_changes_insert" AFTER INSERT ON "widget_settings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT establishment_id FROM %I WHERE establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "widget_settings_widget_changes_update" AFTER UPDATE ON "widget_settings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT establishment_id FROM %I WHERE establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "widget_settings_widget_changes_delete" AFTER DELETE ON "widget_settings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes('SELECT DISTINCT establishment_id FROM %I WHERE establishment_id IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "event_types_widget_changes" AFTER INSERT OR UPDATE OR DELETE ON "event_types"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_widget_change();--> statement-breakpoint
CREATE TRIGGER "musics_widget_changes" AFTER INSERT OR UPDATE OR DELETE ON "musics"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_widget_change();
