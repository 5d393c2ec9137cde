CREATE TABLE "daily_statistics" (
	"scope" text NOT NULL,
	"scope_id" integer NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_statistics_scope_scope_id_day_metric_pk" PRIMARY KEY("scope","scope_id","day","metric"),
	CONSTRAINT "daily_statistics_scope_check" CHECK ("daily_statistics"."scope" IN ('PLATFORM', 'ESTABLISHMENT', 'PROMOTER_GROUP', 'EVENT')),
	CONSTRAINT "daily_statistics_metric_check" CHECK ("daily_statistics"."metric" IN ('widgetViews', 'ticketClicks', 'websiteClicks', 'offerClaims', 'promoCodeRedemptions', 'eventsPublished', 'occurrencesPublished', 'requestsDecided', 'approvalSeconds'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "daily_statistics_day_idx" ON "daily_statistics" USING btree ("day");--> statement-breakpoint
-- The statistics' daily roll-up (server/db/schema/statistics.ts): each fact adds to the rows of its day for the
-- platform and for each scope it belongs to, in the statement that records it. Rows are added in key order,
-- so two transactions adding to the same rows lock them in the same order and never deadlock.
CREATE FUNCTION "add_daily_statistics"(
  fact_days date[], fact_establishments integer[], fact_promoter_groups integer[], fact_events integer[],
  fact_metrics text[], fact_deltas bigint[]
) RETURNS void LANGUAGE sql AS $$
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
  ON CONFLICT (scope, scope_id, day, metric) DO UPDATE SET value = kept.value + excluded.value
$$;
--> statement-breakpoint
CREATE FUNCTION "zurich_day"(instant timestamp with time zone) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (instant AT TIME ZONE 'Europe/Zurich')::date
$$;
--> statement-breakpoint
-- Widget views and clicks: the counts service adds to widget_daily_views / widget_daily_clicks (insert, or
-- update of the day's row); the difference is what was counted.
CREATE FUNCTION "widget_views_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_daily_statistics(array_agg(counted.day), array_agg(widget.establishment_id), array_agg(NULL::integer),
      array_agg(NULL::integer), array_agg('widgetViews'::text), array_agg(counted.views::bigint))
    FROM new_rows counted JOIN widget_settings widget ON widget.id = counted.widget_settings_id;
  ELSE
    PERFORM add_daily_statistics(array_agg(counted.day), array_agg(widget.establishment_id), array_agg(NULL::integer),
      array_agg(NULL::integer), array_agg('widgetViews'::text), array_agg((counted.views - before.views)::bigint))
    FROM new_rows counted
    JOIN old_rows before USING (widget_settings_id, day, embedding_origin)
    JOIN widget_settings widget ON widget.id = counted.widget_settings_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "widget_clicks_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_daily_statistics(array_agg(counted.day), array_agg(widget.establishment_id),
      array_agg(event.promoter_group_id), array_agg(event.id),
      array_agg(CASE counted.kind WHEN 'TICKET' THEN 'ticketClicks' ELSE 'websiteClicks' END),
      array_agg(counted.clicks::bigint))
    FROM new_rows counted
    JOIN widget_settings widget ON widget.id = counted.widget_settings_id
    LEFT JOIN events event ON event.id = counted.event_id;
  ELSE
    PERFORM add_daily_statistics(array_agg(counted.day), array_agg(widget.establishment_id),
      array_agg(event.promoter_group_id), array_agg(event.id),
      array_agg(CASE counted.kind WHEN 'TICKET' THEN 'ticketClicks' ELSE 'websiteClicks' END),
      array_agg((counted.clicks - before.clicks)::bigint))
    FROM new_rows counted
    JOIN old_rows before ON before.widget_settings_id = counted.widget_settings_id AND before.day = counted.day
      AND before.kind = counted.kind AND before.event_id IS NOT DISTINCT FROM counted.event_id
    JOIN widget_settings widget ON widget.id = counted.widget_settings_id
    LEFT JOIN events event ON event.id = counted.event_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Offer claims: a live claim counts on the day it was made; cancelling it takes it back from that day.
CREATE FUNCTION "offer_claims_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_daily_statistics(array_agg(zurich_day(claim.created_at)), array_agg(offer.establishment_id),
      array_agg(offer.promoter_group_id), array_agg(offer.event_id), array_agg('offerClaims'::text),
      array_agg(1::bigint))
    FROM new_rows claim JOIN offers offer ON offer.id = claim.offer_id
    WHERE claim.cancelled_at IS NULL;
  ELSE
    PERFORM add_daily_statistics(array_agg(zurich_day(claim.created_at)), array_agg(offer.establishment_id),
      array_agg(offer.promoter_group_id), array_agg(offer.event_id), array_agg('offerClaims'::text),
      array_agg(CASE WHEN claim.cancelled_at IS NULL THEN 1 ELSE -1 END::bigint))
    FROM new_rows claim
    JOIN old_rows before ON before.id = claim.id
    JOIN offers offer ON offer.id = claim.offer_id
    WHERE (claim.cancelled_at IS NULL) <> (before.cancelled_at IS NULL);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "promo_code_redemptions_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_daily_statistics(array_agg(zurich_day(redemption.created_at)), array_agg(template.establishment_id),
    array_agg(template.promoter_group_id), array_agg(NULL::integer), array_agg('promoCodeRedemptions'::text),
    array_agg(1::bigint))
  FROM new_rows redemption
  JOIN promo_codes code ON code.id = redemption.promo_code_id
  JOIN promo_code_templates template ON template.id = code.promo_code_template_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An event is published when the public may see it: PUBLISHED, and approved when it is a promoter's request.
-- Its first publication is kept (never cleared) and counted once; a segment split from a series is the same
-- event to its audience and takes its parent's.
CREATE FUNCTION "events_published_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.published_at IS NULL AND TG_OP = 'INSERT' AND NEW.parent_event_id IS NOT NULL THEN
    SELECT parent.published_at INTO NEW.published_at FROM events parent WHERE parent.id = NEW.parent_event_id;
  END IF;
  IF NEW.published_at IS NULL AND NEW.visibility = 'PUBLISHED'
     AND (NEW.approval_status IS NULL OR NEW.approval_status = 'APPROVED') THEN
    NEW.published_at := now();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "events_published_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_daily_statistics(array_agg(zurich_day(event.published_at)), array_agg(event.establishment_id),
      array_agg(event.promoter_group_id), array_agg(event.id), array_agg('eventsPublished'::text),
      array_agg(1::bigint))
    FROM new_rows event
    WHERE event.published_at IS NOT NULL AND event.parent_event_id IS NULL;
  ELSE
    PERFORM add_daily_statistics(array_agg(zurich_day(event.published_at)), array_agg(event.establishment_id),
      array_agg(event.promoter_group_id), array_agg(event.id), array_agg('eventsPublished'::text),
      array_agg(1::bigint))
    FROM new_rows event JOIN old_rows before ON before.id = event.id
    WHERE before.published_at IS NULL AND event.published_at IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Requests decided, and how long each waited from its (latest) request to its decision.
CREATE FUNCTION "asks_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_daily_statistics(array_agg(zurich_day(decided.decided_at)), array_agg(decided.establishment_id),
      array_agg(decided.promoter_group_id), array_agg(decided.event_id), array_agg(decided.metric),
      array_agg(decided.delta))
    FROM (SELECT ask.*, CASE WHEN ask.kind = 'EVENT_REQUEST' THEN ask.record_id END AS event_id FROM new_rows ask
          WHERE ask.decided_at IS NOT NULL) AS decided_ask
    CROSS JOIN LATERAL (SELECT decided_ask.decided_at, decided_ask.establishment_id, decided_ask.promoter_group_id,
                               decided_ask.event_id, figure.metric, figure.delta
                        FROM (VALUES ('requestsDecided', 1::bigint),
                                     ('approvalSeconds', greatest(0, floor(extract(epoch FROM decided_ask.decided_at - decided_ask.requested_at)))::bigint))
                             AS figure(metric, delta)) AS decided;
  ELSE
    PERFORM add_daily_statistics(array_agg(zurich_day(decided.decided_at)), array_agg(decided.establishment_id),
      array_agg(decided.promoter_group_id), array_agg(decided.event_id), array_agg(decided.metric),
      array_agg(decided.delta))
    FROM (SELECT ask.*, CASE WHEN ask.kind = 'EVENT_REQUEST' THEN ask.record_id END AS event_id
          FROM new_rows ask JOIN old_rows before ON before.id = ask.id
          WHERE ask.decided_at IS NOT NULL AND before.decided_at IS DISTINCT FROM ask.decided_at) AS decided_ask
    CROSS JOIN LATERAL (SELECT decided_ask.decided_at, decided_ask.establishment_id, decided_ask.promoter_group_id,
                               decided_ask.event_id, figure.metric, figure.delta
                        FROM (VALUES ('requestsDecided', 1::bigint),
                                     ('approvalSeconds', greatest(0, floor(extract(epoch FROM decided_ask.decided_at - decided_ask.requested_at)))::bigint))
                             AS figure(metric, delta)) AS decided;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- What was recorded before this migration, once: views and clicks, live claims, redemptions, the events public
-- now (first published when their request was approved, or else when they were created), decided requests.
UPDATE "events" SET "published_at" = coalesce("reviewed_at", "created_at")
WHERE "visibility" = 'PUBLISHED' AND ("approval_status" IS NULL OR "approval_status" = 'APPROVED');
--> statement-breakpoint
SELECT add_daily_statistics(array_agg(counted.day), array_agg(widget.establishment_id), array_agg(NULL::integer),
  array_agg(NULL::integer), array_agg('widgetViews'::text), array_agg(counted.views::bigint))
FROM widget_daily_views counted JOIN widget_settings widget ON widget.id = counted.widget_settings_id;
--> statement-breakpoint
SELECT add_daily_statistics(array_agg(counted.day), array_agg(widget.establishment_id),
  array_agg(event.promoter_group_id), array_agg(event.id),
  array_agg(CASE counted.kind WHEN 'TICKET' THEN 'ticketClicks' ELSE 'websiteClicks' END),
  array_agg(counted.clicks::bigint))
FROM widget_daily_clicks counted
JOIN widget_settings widget ON widget.id = counted.widget_settings_id
LEFT JOIN events event ON event.id = counted.event_id;
--> statement-breakpoint
SELECT add_daily_statistics(array_agg(zurich_day(claim.created_at)), array_agg(offer.establishment_id),
  array_agg(offer.promoter_group_id), array_agg(offer.event_id), array_agg('offerClaims'::text), array_agg(1::bigint))
FROM offer_claims claim JOIN offers offer ON offer.id = claim.offer_id
WHERE claim.cancelled_at IS NULL;
--> statement-breakpoint
SELECT add_daily_statistics(array_agg(zurich_day(redemption.created_at)), array_agg(template.establishment_id),
  array_agg(template.promoter_group_id), array_agg(NULL::integer), array_agg('promoCodeRedemptions'::text),
  array_agg(1::bigint))
FROM promo_code_redemptions redemption
JOIN promo_codes code ON code.id = redemption.promo_code_id
JOIN promo_code_templates template ON template.id = code.promo_code_template_id;
--> statement-breakpoint
SELECT add_daily_statistics(array_agg(zurich_day(event.published_at)), array_agg(event.establishment_id),
  array_agg(event.promoter_group_id), array_agg(event.id), array_agg('eventsPublished'::text), array_agg(1::bigint))
FROM events event
WHERE event.published_at IS NOT NULL AND event.parent_event_id IS NULL;
--> statement-breakpoint
SELECT add_daily_statistics(array_agg(zurich_day(ask.decided_at)), array_agg(ask.establishment_id),
  array_agg(ask.promoter_group_id), array_agg(CASE WHEN ask.kind = 'EVENT_REQUEST' THEN ask.record_id END),
  array_agg(figure.metric), array_agg(figure.delta))
FROM asks ask
CROSS JOIN LATERAL (VALUES ('requestsDecided', 1::bigint),
                           ('approvalSeconds', greatest(0, floor(extract(epoch FROM ask.decided_at - ask.requested_at)))::bigint))
     AS figure(metric, delta)
WHERE ask.decided_at IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "events_published_at" BEFORE INSERT OR UPDATE OF "visibility", "approval_status" ON "events"
  FOR EACH ROW EXECUTE FUNCTION events_published_at();
--> statement-breakpoint
CREATE TRIGGER "events_published_statistics_insert" AFTER INSERT ON "events"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION events_published_statistics();
--> statement-breakpoint
CREATE TRIGGER "events_published_statistics_update" AFTER UPDATE ON "events"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION events_published_statistics();
--> statement-breakpoint
CREATE TRIGGER "widget_daily_views_statistics_insert" AFTER INSERT ON "widget_daily_views"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION widget_views_statistics();
--> statement-breakpoint
CREATE TRIGGER "widget_daily_views_statistics_update" AFTER UPDATE ON "widget_daily_views"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION widget_views_statistics();
--> statement-breakpoint
CREATE TRIGGER "widget_daily_clicks_statistics_insert" AFTER INSERT ON "widget_daily_clicks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION widget_clicks_statistics();
--> statement-breakpoint
CREATE TRIGGER "widget_daily_clicks_statistics_update" AFTER UPDATE ON "widget_daily_clicks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION widget_clicks_statistics();
--> statement-breakpoint
CREATE TRIGGER "offer_claims_statistics_insert" AFTER INSERT ON "offer_claims"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION offer_claims_statistics();
--> statement-breakpoint
CREATE TRIGGER "offer_claims_statistics_update" AFTER UPDATE ON "offer_claims"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION offer_claims_statistics();
--> statement-breakpoint
CREATE TRIGGER "promo_code_redemptions_statistics" AFTER INSERT ON "promo_code_redemptions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION promo_code_redemptions_statistics();
--> statement-breakpoint
CREATE TRIGGER "asks_statistics_insert" AFTER INSERT ON "asks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asks_statistics();
--> statement-breakpoint
CREATE TRIGGER "asks_statistics_update" AFTER UPDATE ON "asks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asks_statistics();
