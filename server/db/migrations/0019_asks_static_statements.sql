-- The event requests' asks kept by static statements, which PL/pgSQL prepares once per session, instead of one
-- built as text and planned again on every write of events (2.3-2.9 ms of each INSERT or UPDATE of an event at
-- 100,000 events, bench/results/mixed.md). The rows an update reaches are still only those whose copied columns
-- changed; a write that reaches none (every save of an event that is no request) ends after reading the transition
-- tables. The asks are read from the events table by id: after the statement, its rows are the new rows.
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
    DELETE FROM asks USING new_rows AS n, old_rows AS o
      WHERE o.id = n.id AND n.approval_status IS NULL AND o.approval_status IS NOT NULL
        AND asks.kind = 'EVENT_REQUEST' AND asks.record_id = n.id;
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
