-- Events are also counted per visibility and stored city (`events:city:PUBLISHED:zürich`, the city as
-- `city_key` holds it), so that a list filtered by city answers its exact total without counting a city's tens
-- of thousands of events. The same statement triggers as migration 0006: inserts and deletes add their counts,
-- updates that change a visibility or a city (an event's own, or its venue's, which the city triggers carry
-- into `city_key`) move them. Events without any city are not counted here.
CREATE FUNCTION "events_city_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM row_counts_add('events:city:' || visibility || ':' || city_key, count(*))
  FROM inserted_rows WHERE city_key IS NOT NULL GROUP BY visibility, city_key;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "events_city_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM row_counts_add('events:city:' || visibility || ':' || city_key, -count(*))
  FROM deleted_rows WHERE city_key IS NOT NULL GROUP BY visibility, city_key;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "events_city_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM row_counts_add('events:city:' || visibility || ':' || city_key, sum(delta)::bigint)
  FROM (
    SELECT visibility, city_key, 1 AS delta FROM updated_rows WHERE city_key IS NOT NULL
    UNION ALL
    SELECT visibility, city_key, -1 FROM previous_rows WHERE city_key IS NOT NULL
  ) AS moves
  GROUP BY visibility, city_key;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_city_counts_inserted" AFTER INSERT ON "events" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "events_city_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "events_city_counts_deleted" AFTER DELETE ON "events" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "events_city_counts_deleted"();--> statement-breakpoint
CREATE TRIGGER "events_city_counts_updated" AFTER UPDATE ON "events"
  REFERENCING OLD TABLE AS previous_rows NEW TABLE AS updated_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "events_city_counts_updated"();--> statement-breakpoint
INSERT INTO "row_counts" ("counter", "shard", "total")
  SELECT 'events:city:' || visibility || ':' || city_key, 0, count(*) FROM "events"
  WHERE city_key IS NOT NULL GROUP BY visibility, city_key;
