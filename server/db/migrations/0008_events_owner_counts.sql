-- Events are also counted per establishment and per promoter group (`events:establishment_id:12`,
-- `events:promoter_group_id:3`): a venue's staff and a promoter group's members read their own events, which on a
-- platform with years of them are tens of thousands; their list answers its exact total from these instead of
-- counting them. The same statement triggers as migration 0006: inserts and deletes add their counts, an update
-- that moves an event to another establishment or group moves them.
CREATE FUNCTION "events_owner_counts_add"(direction int, owner_column text, owner_id int, rows_count bigint)
  RETURNS void LANGUAGE sql AS $$
  SELECT row_counts_add('events:' || owner_column || ':' || owner_id, direction * rows_count)
$$;--> statement-breakpoint
CREATE FUNCTION "events_owner_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM events_owner_counts_add(1, 'establishment_id', establishment_id, count(*))
  FROM inserted_rows WHERE establishment_id IS NOT NULL GROUP BY establishment_id;
  PERFORM events_owner_counts_add(1, 'promoter_group_id', promoter_group_id, count(*))
  FROM inserted_rows WHERE promoter_group_id IS NOT NULL GROUP BY promoter_group_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "events_owner_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM events_owner_counts_add(-1, 'establishment_id', establishment_id, count(*))
  FROM deleted_rows WHERE establishment_id IS NOT NULL GROUP BY establishment_id;
  PERFORM events_owner_counts_add(-1, 'promoter_group_id', promoter_group_id, count(*))
  FROM deleted_rows WHERE promoter_group_id IS NOT NULL GROUP BY promoter_group_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "events_owner_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM events_owner_counts_add(1, 'establishment_id', establishment_id, sum(delta)::bigint)
  FROM (
    SELECT establishment_id, 1 AS delta FROM updated_rows WHERE establishment_id IS NOT NULL
    UNION ALL
    SELECT establishment_id, -1 FROM previous_rows WHERE establishment_id IS NOT NULL
  ) AS moves
  GROUP BY establishment_id;
  PERFORM events_owner_counts_add(1, 'promoter_group_id', promoter_group_id, sum(delta)::bigint)
  FROM (
    SELECT promoter_group_id, 1 AS delta FROM updated_rows WHERE promoter_group_id IS NOT NULL
    UNION ALL
    SELECT promoter_group_id, -1 FROM previous_rows WHERE promoter_group_id IS NOT NULL
  ) AS moves
  GROUP BY promoter_group_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_owner_counts_inserted" AFTER INSERT ON "events" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "events_owner_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "events_owner_counts_deleted" AFTER DELETE ON "events" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "events_owner_counts_deleted"();--> statement-breakpoint
CREATE TRIGGER "events_owner_counts_updated" AFTER UPDATE ON "events"
  REFERENCING OLD TABLE AS previous_rows NEW TABLE AS updated_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "events_owner_counts_updated"();--> statement-breakpoint
INSERT INTO "row_counts" ("counter", "shard", "total")
  SELECT 'events:establishment_id:' || establishment_id, 0, count(*) FROM "events"
  WHERE establishment_id IS NOT NULL GROUP BY establishment_id;--> statement-breakpoint
INSERT INTO "row_counts" ("counter", "shard", "total")
  SELECT 'events:promoter_group_id:' || promoter_group_id, 0, count(*) FROM "events"
  WHERE promoter_group_id IS NOT NULL GROUP BY promoter_group_id;
