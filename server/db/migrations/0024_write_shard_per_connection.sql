-- The shard a write adds to (row_counts, daily_statistics) was its connection's process id modulo the shard
-- count: the server's ten pooled connections always shared some shards, and concurrent saves on two of them queued
-- on one row. The server's connections now name their own (`backoffice.write_shard`, server/db/writeShards.ts);
-- any other connection falls back to its process id. Both tables take sixteen shards: one per pooled connection.
CREATE FUNCTION "write_shard"(shards integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT COALESCE(NULLIF(current_setting('backoffice.write_shard', true), '')::integer, pg_backend_pid()) % shards
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "row_counts_add"(counted text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO row_counts (counter, shard, total) SELECT counted, write_shard(16), delta WHERE delta <> 0
  ON CONFLICT (counter, shard) DO UPDATE SET total = row_counts.total + EXCLUDED.total
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "add_daily_statistics"(
  fact_days date[], fact_establishments integer[], fact_promoter_groups integer[], fact_events integer[],
  fact_metrics text[], fact_deltas bigint[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF fact_days IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO daily_statistics AS kept (scope, scope_id, day, metric, shard, value)
  SELECT target.scope, target.scope_id, fact.day, fact.metric, write_shard(16), sum(fact.delta)
  FROM unnest(fact_days, fact_establishments, fact_promoter_groups, fact_events, fact_metrics, fact_deltas)
         AS fact(day, establishment_id, promoter_group_id, event_id, metric, delta)
  CROSS JOIN LATERAL (VALUES ('PLATFORM', 0), ('ESTABLISHMENT', fact.establishment_id),
                             ('PROMOTER_GROUP', fact.promoter_group_id), ('EVENT', fact.event_id))
         AS target(scope, scope_id)
  WHERE target.scope_id IS NOT NULL AND fact.day IS NOT NULL
  GROUP BY target.scope, target.scope_id, fact.day, fact.metric
  HAVING sum(fact.delta) <> 0
  ORDER BY target.scope, target.scope_id, fact.day, fact.metric
  ON CONFLICT (scope, scope_id, day, metric, shard) DO UPDATE SET value = kept.value + excluded.value;
END
$$;
