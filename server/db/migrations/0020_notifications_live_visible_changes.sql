-- A user's streams hear of an update of their notifications only when something they show changed: read,
-- archived, or what the title and text are rendered from. The mail dispatcher's claim (`mailed_at`) is
-- nobody's news: it woke every stream of the recipient (three queries each, and a refetch in each browser) and
-- ran the dispatcher again for nothing, right when the live stream has the most to deliver. One function for
-- both triggers: every inserted row is news, an updated one only when those columns changed.
CREATE OR REPLACE FUNCTION "notify_notification_recipients"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recipient integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR recipient IN SELECT DISTINCT user_id FROM new_rows LOOP
      PERFORM pg_notify('notifications', recipient::text);
    END LOOP;
    RETURN NULL;
  END IF;
  FOR recipient IN
    SELECT DISTINCT n.user_id FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
      WHERE (n.user_id, n.kind, n.resource, n.record_id, n.params, n.read_at, n.archived_at)
        IS DISTINCT FROM (o.user_id, o.kind, o.resource, o.record_id, o.params, o.read_at, o.archived_at)
  LOOP
    PERFORM pg_notify('notifications', recipient::text);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "notifications_live_update" ON "notifications";--> statement-breakpoint
CREATE TRIGGER "notifications_live_update" AFTER UPDATE ON "notifications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_notification_recipients();
