-- Every write of an event fires the statement triggers of events, and most of them found nothing to do at a
-- high price (pg_stat_statements on one PUT /events/:id, bench/results/mixed.md): the statistics' SQL function
-- was planned again at each call, even with no fact to add (1.5 ms a statement); the event requests' cleanup
-- deleted from asks with nothing to delete, which still fired the statement triggers of asks; and the widgets'
-- change notices built their query as text and planned it at each statement. Same results, static statements
-- that PL/pgSQL prepares once per session, and no call where there is nothing to do.

-- PL/pgSQL keeps the INSERT's plan for the session (a SQL function plans its body at every call), and no facts
-- (every argument NULL: array_agg over no row) end the call before any statement.
CREATE OR REPLACE FUNCTION "add_daily_statistics"(
  fact_days date[], fact_establishments integer[], fact_promoter_groups integer[], fact_events integer[],
  fact_metrics text[], fact_deltas bigint[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF fact_days IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO daily_statistics AS kept (scope, scope_id, day, metric, value)
  SELECT target.scope, target.scope_id, fact.day, fact.metric, sum(fact.delta)
  FROM unnest(fact_days, fact_establishments, fact_promoter_groups, fact_events, fact_metrics, fact_deltas)
         AS fact(day, establishment_id, promoter_group_id, event_id, metric, delta)
  CROSS JOIN LATERAL (VALUES ('PLATFORM', 0), ('ESTABLISHMENT', fact.establishment_id),
                             ('PROMOTER_GROUP', fact.promoter_group_id), ('EVENT', fact.event_id))
         AS target(scope, scope_id)
  WHERE target.scope_id IS NOT NULL AND fact.day IS NOT NULL
  GROUP BY target.scope, target.scope_id, fact.day, fact.metric
  HAVING sum(fact.delta) <> 0
  ORDER BY target.scope, target.scope_id, fact.day, fact.metric
  ON CONFLICT (scope, scope_id, day, metric) DO UPDATE SET value = kept.value + excluded.value;
END
$$;
--> statement-breakpoint
-- An update deletes the asks of requests that stopped being requests only when there is one: an empty DELETE
-- still fires the statement triggers of asks (its count and its live notice).
CREATE OR REPLACE FUNCTION "asks_from_events"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  requests integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM asks USING old_rows AS gone WHERE asks.kind = 'EVENT_REQUEST' AND asks.record_id = gone.id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    requests := ARRAY(SELECT n.id FROM new_rows AS n WHERE n.approval_status IS NOT NULL);
  ELSE
    IF EXISTS (SELECT 1 FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
        WHERE n.approval_status IS NULL AND o.approval_status IS NOT NULL) THEN
      DELETE FROM asks USING new_rows AS n, old_rows AS o
        WHERE o.id = n.id AND n.approval_status IS NULL AND o.approval_status IS NOT NULL
          AND asks.kind = 'EVENT_REQUEST' AND asks.record_id = n.id;
    END IF;
    requests := ARRAY(SELECT n.id FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
      WHERE n.approval_status IS NOT NULL
        AND (n.approval_status, n.approval_reason, n.requested_by_user_id, n.approval_requested_at,
          n.reviewed_by_user_id, n.reviewed_at, n.establishment_id, n.promoter_group_id, n.title, n.created_at)
        IS DISTINCT FROM (o.approval_status, o.approval_reason, o.requested_by_user_id, o.approval_requested_at,
          o.reviewed_by_user_id, o.reviewed_at, o.establishment_id, o.promoter_group_id, o.title, o.created_at));
  END IF;
  IF cardinality(requests) = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO asks AS kept (kind, record_id, status, reason, requested_by_user_id, requested_at,
      decided_by_user_id, decided_at, establishment_id, promoter_group_id, title, queue_key)
    SELECT 'EVENT_REQUEST', e.id, e.approval_status, e.approval_reason, e.requested_by_user_id, e.requested_at,
      CASE WHEN e.approval_status = 'PENDING' THEN NULL ELSE e.reviewed_by_user_id END, e.decided_at,
      e.establishment_id, e.promoter_group_id, e.title,
      asks_queue_key(e.approval_status, e.requested_at, e.decided_at)
    FROM (
      SELECT r.id, r.approval_status, r.approval_reason, r.requested_by_user_id, r.reviewed_by_user_id,
        r.establishment_id, r.promoter_group_id, r.title,
        COALESCE(r.approval_requested_at, r.created_at) AS requested_at,
        CASE WHEN r.approval_status = 'PENDING' THEN NULL ELSE r.reviewed_at END AS decided_at
      FROM events AS r
      WHERE r.id = ANY(requests)
    ) AS e
  ON CONFLICT (kind, record_id) DO UPDATE SET
    status = EXCLUDED.status, reason = EXCLUDED.reason, requested_by_user_id = EXCLUDED.requested_by_user_id,
    requested_at = EXCLUDED.requested_at, decided_by_user_id = EXCLUDED.decided_by_user_id,
    decided_at = EXCLUDED.decided_at, establishment_id = EXCLUDED.establishment_id,
    promoter_group_id = EXCLUDED.promoter_group_id, title = EXCLUDED.title, queue_key = EXCLUDED.queue_key
  WHERE (kept.status, kept.reason, kept.requested_by_user_id, kept.requested_at, kept.decided_by_user_id,
      kept.decided_at, kept.establishment_id, kept.promoter_group_id, kept.title)
    IS DISTINCT FROM (EXCLUDED.status, EXCLUDED.reason, EXCLUDED.requested_by_user_id, EXCLUDED.requested_at,
      EXCLUDED.decided_by_user_id, EXCLUDED.decided_at, EXCLUDED.establishment_id, EXCLUDED.promoter_group_id,
      EXCLUDED.title);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The widgets' change notices of the tables whose rows name their establishment, and of those whose rows name
-- their event, as static statements (notify_widget_changes stays for establishments and offers).
CREATE FUNCTION "notify_widget_changes_by_establishment"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_establishment integer;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    FOR changed_establishment IN
      SELECT DISTINCT establishment_id FROM new_rows WHERE establishment_id IS NOT NULL
    LOOP
      PERFORM pg_notify('widget_changes', changed_establishment::text);
    END LOOP;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    FOR changed_establishment IN
      SELECT DISTINCT establishment_id FROM old_rows WHERE establishment_id IS NOT NULL
    LOOP
      PERFORM pg_notify('widget_changes', changed_establishment::text);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_widget_changes_by_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_establishment integer;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    FOR changed_establishment IN
      SELECT DISTINCT events.establishment_id FROM new_rows AS changed JOIN events ON events.id = changed.event_id
        WHERE events.establishment_id IS NOT NULL
    LOOP
      PERFORM pg_notify('widget_changes', changed_establishment::text);
    END LOOP;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    FOR changed_establishment IN
      SELECT DISTINCT events.establishment_id FROM old_rows AS changed JOIN events ON events.id = changed.event_id
        WHERE events.establishment_id IS NOT NULL
    LOOP
      PERFORM pg_notify('widget_changes', changed_establishment::text);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "events_widget_changes_insert" AFTER INSERT ON "events"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_establishment();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "events_widget_changes_update" AFTER UPDATE ON "events"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_establishment();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "events_widget_changes_delete" AFTER DELETE ON "events"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_establishment();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "establishment_happy_hours_widget_changes_insert" AFTER INSERT ON "establishment_happy_hours"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_establishment();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "establishment_happy_hours_widget_changes_update" AFTER UPDATE ON "establishment_happy_hours"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_establishment();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "establishment_happy_hours_widget_changes_delete" AFTER DELETE ON "establishment_happy_hours"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_establishment();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "widget_settings_widget_changes_insert" AFTER INSERT ON "widget_settings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_establishment();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "widget_settings_widget_changes_update" AFTER UPDATE ON "widget_settings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_establishment();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "widget_settings_widget_changes_delete" AFTER DELETE ON "widget_settings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_establishment();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "event_out_of_schedule_widget_changes_insert" AFTER INSERT ON "event_out_of_schedule"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_event();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "event_out_of_schedule_widget_changes_update" AFTER UPDATE ON "event_out_of_schedule"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_event();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "event_out_of_schedule_widget_changes_delete" AFTER DELETE ON "event_out_of_schedule"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_event();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "event_musics_widget_changes_insert" AFTER INSERT ON "event_musics"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_event();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "event_musics_widget_changes_update" AFTER UPDATE ON "event_musics"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_event();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "event_musics_widget_changes_delete" AFTER DELETE ON "event_musics"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_event();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "event_media_widget_changes_insert" AFTER INSERT ON "event_media"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_event();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "event_media_widget_changes_update" AFTER UPDATE ON "event_media"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_event();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "event_media_widget_changes_delete" AFTER DELETE ON "event_media"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_widget_changes_by_event();
