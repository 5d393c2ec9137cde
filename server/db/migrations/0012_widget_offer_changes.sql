-- The public widget shows each occurrence's published offers, so a write of an offer (its claims move its
-- claimed_spots, so claiming and cancelling are offer writes too) or of a template (its short title) changes
-- what widgets show. Same statement triggers as migration 0010 on channel "widget_changes": an offer names its
-- establishment, else the venue of its event (a promoter group's offer), else '*' (a promoter group's offer
-- without an event holds for its events at any venue); a template may be used by any venue's offers: '*'.
CREATE FUNCTION "notify_widget_change_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- TG_ARGV[0]: a query of the payloads (an establishment id as text, or '*') of the rows in the transition
  -- table named by %I.
  changed_key text;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    FOR changed_key IN EXECUTE format(TG_ARGV[0], 'new_rows') LOOP
      PERFORM pg_notify('widget_changes', changed_key);
    END LOOP;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    FOR changed_key IN EXECUTE format(TG_ARGV[0], 'old_rows') LOOP
      PERFORM pg_notify('widget_changes', changed_key);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "offers_widget_changes_insert" AFTER INSERT ON "offers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_change_keys('SELECT DISTINCT COALESCE(changed.establishment_id::text, events.establishment_id::text, ''*'') FROM %I AS changed LEFT JOIN events ON events.id = changed.event_id');--> statement-breakpoint
CREATE TRIGGER "offers_widget_changes_update" AFTER UPDATE ON "offers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_change_keys('SELECT DISTINCT COALESCE(changed.establishment_id::text, events.establishment_id::text, ''*'') FROM %I AS changed LEFT JOIN events ON events.id = changed.event_id');--> statement-breakpoint
CREATE TRIGGER "offers_widget_changes_delete" AFTER DELETE ON "offers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_change_keys('SELECT DISTINCT COALESCE(changed.establishment_id::text, events.establishment_id::text, ''*'') FROM %I AS changed LEFT JOIN events ON events.id = changed.event_id');--> statement-breakpoint
CREATE TRIGGER "offer_templates_widget_changes" AFTER INSERT OR UPDATE OR DELETE ON "offer_templates"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_widget_change();
