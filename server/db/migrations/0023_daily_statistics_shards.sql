-- A figure of the daily roll-up is spread over up to eight rows by the writing connection, as row_counts is:
-- every published event's save added to the day's one PLATFORM row and held it until it committed, so concurrent
-- saves queued on it. A figure is the sum of its rows; the existing rows are shard 0.
ALTER TABLE "daily_statistics" ADD COLUMN "shard" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_statistics" DROP CONSTRAINT "daily_statistics_scope_scope_id_day_metric_pk";--> statement-breakpoint
ALTER TABLE "daily_statistics" ADD CONSTRAINT "daily_statistics_scope_scope_id_day_metric_shard_pk" PRIMARY KEY("scope","scope_id","day","metric","shard");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "add_daily_statistics"(
  fact_days date[], fact_establishments integer[], fact_promoter_groups integer[], fact_events integer[],
  fact_metrics text[], fact_deltas bigint[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF fact_days IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO daily_statistics AS kept (scope, scope_id, day, metric, shard, value)
  SELECT target.scope, target.scope_id, fact.day, fact.metric, pg_backend_pid() % 8, sum(fact.delta)
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
