-- Most saves of an event change none of what is counted (its visibility, city, venue or promoter group) and are
-- no request for approval, yet each fired the counting triggers at full price: every group of moved rows called
-- row_counts_add with a delta of zero, a SQL function whose INSERT is planned again at each call, and the asks'
-- trigger joined the old and new rows twice to find no request. Measured with pgbench on the 100,000-event
-- database (10 clients, an UPDATE of one event's minimum age in a transaction): the triggers cost about as much
-- as the UPDATE itself. Same counts, same asks; a group whose rows only moved within it is not written.

-- PL/pgSQL keeps the INSERT's plan for the session; no delta ends the call before any statement.
CREATE OR REPLACE FUNCTION "row_counts_add"(counted text, delta bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF COALESCE(delta, 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO row_counts (counter, shard, total) VALUES (counted, write_shard(16), delta)
  ON CONFLICT (counter, shard) DO UPDATE SET total = row_counts.total + EXCLUDED.total;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "row_counts_visibility_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM row_counts_add(TG_TABLE_NAME || ':' || visibility, sum(delta)::bigint)
  FROM (
    SELECT visibility, 1 AS delta FROM updated_rows
    UNION ALL
    SELECT visibility, -1 FROM previous_rows
  ) AS moves
  GROUP BY visibility
  HAVING sum(delta) <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "events_city_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM row_counts_add('events:city:' || visibility || ':' || city_key, sum(delta)::bigint)
  FROM (
    SELECT visibility, city_key, 1 AS delta FROM updated_rows WHERE city_key IS NOT NULL
    UNION ALL
    SELECT visibility, city_key, -1 FROM previous_rows WHERE city_key IS NOT NULL
  ) AS moves
  GROUP BY visibility, city_key
  HAVING sum(delta) <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "events_owner_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM events_owner_counts_add(1, 'establishment_id', establishment_id, sum(delta)::bigint)
  FROM (
    SELECT establishment_id, 1 AS delta FROM updated_rows WHERE establishment_id IS NOT NULL
    UNION ALL
    SELECT establishment_id, -1 FROM previous_rows WHERE establishment_id IS NOT NULL
  ) AS moves
  GROUP BY establishment_id
  HAVING sum(delta) <> 0;
  PERFORM events_owner_counts_add(1, 'promoter_group_id', promoter_group_id, sum(delta)::bigint)
  FROM (
    SELECT promoter_group_id, 1 AS delta FROM updated_rows WHERE promoter_group_id IS NOT NULL
    UNION ALL
    SELECT promoter_group_id, -1 FROM previous_rows WHERE promoter_group_id IS NOT NULL
  ) AS moves
  GROUP BY promoter_group_id
  HAVING sum(delta) <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An update where no row was or is a request for approval ends before the joins of old and new rows.
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
    IF NOT EXISTS (SELECT 1 FROM old_rows WHERE approval_status IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM new_rows WHERE approval_status IS NOT NULL) THEN
      RETURN NULL;
    END IF;
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
