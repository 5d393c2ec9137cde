CREATE TABLE "row_counts" (
	"counter" text NOT NULL,
	"shard" integer NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "row_counts_counter_shard_pk" PRIMARY KEY("counter","shard")
);--> statement-breakpoint
-- Every statement that inserts or deletes rows of a counted table adds its count to the writing connection's
-- shard of the table's counter, in the same transaction; cascaded deletes fire these triggers too. Tables with a
-- visibility also keep a counter per visibility (`events:PUBLISHED`), moved by updates that change it.
CREATE FUNCTION "row_counts_add"(counted text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO row_counts (counter, shard, total) SELECT counted, pg_backend_pid() % 16, delta WHERE delta <> 0
  ON CONFLICT (counter, shard) DO UPDATE SET total = row_counts.total + EXCLUDED.total
$$;--> statement-breakpoint
CREATE FUNCTION "row_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM row_counts_add(TG_TABLE_NAME, (SELECT count(*) FROM inserted_rows));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "row_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM row_counts_add(TG_TABLE_NAME, -(SELECT count(*) FROM deleted_rows));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "row_counts_visibility_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM row_counts_add(TG_TABLE_NAME || ':' || visibility, count(*)) FROM inserted_rows GROUP BY visibility;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "row_counts_visibility_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM row_counts_add(TG_TABLE_NAME || ':' || visibility, -count(*)) FROM deleted_rows GROUP BY visibility;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "row_counts_visibility_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM row_counts_add(TG_TABLE_NAME || ':' || visibility, sum(delta)::bigint)
  FROM (
    SELECT visibility, 1 AS delta FROM updated_rows
    UNION ALL
    SELECT visibility, -1 FROM previous_rows
  ) AS moves
  GROUP BY visibility;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_count_inserted" AFTER INSERT ON "events" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "events_count_deleted" AFTER DELETE ON "events" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();--> statement-breakpoint
INSERT INTO "row_counts" ("counter", "shard", "total") SELECT 'events', 0, count(*) FROM "events";--> statement-breakpoint
CREATE TRIGGER "events_count_visibility_inserted" AFTER INSERT ON "events" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_visibility_inserted"();--> statement-breakpoint
CREATE TRIGGER "events_count_visibility_deleted" AFTER DELETE ON "events" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_visibility_deleted"();--> statement-breakpoint
CREATE TRIGGER "events_count_visibility_updated" AFTER UPDATE ON "events"
  REFERENCING OLD TABLE AS previous_rows NEW TABLE AS updated_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_visibility_updated"();--> statement-breakpoint
INSERT INTO "row_counts" ("counter", "shard", "total")
  SELECT 'events:' || v.visibility, 0, count(e.visibility) FROM (VALUES ('DRAFT'), ('PUBLISHED')) AS v(visibility)
  LEFT JOIN "events" e ON e.visibility = v.visibility GROUP BY v.visibility;--> statement-breakpoint
CREATE TRIGGER "establishments_count_inserted" AFTER INSERT ON "establishments" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "establishments_count_deleted" AFTER DELETE ON "establishments" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();--> statement-breakpoint
INSERT INTO "row_counts" ("counter", "shard", "total") SELECT 'establishments', 0, count(*) FROM "establishments";--> statement-breakpoint
CREATE TRIGGER "establishments_count_visibility_inserted" AFTER INSERT ON "establishments" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_visibility_inserted"();--> statement-breakpoint
CREATE TRIGGER "establishments_count_visibility_deleted" AFTER DELETE ON "establishments" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_visibility_deleted"();--> statement-breakpoint
CREATE TRIGGER "establishments_count_visibility_updated" AFTER UPDATE ON "establishments"
  REFERENCING OLD TABLE AS previous_rows NEW TABLE AS updated_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_visibility_updated"();--> statement-breakpoint
INSERT INTO "row_counts" ("counter", "shard", "total")
  SELECT 'establishments:' || v.visibility, 0, count(e.visibility) FROM (VALUES ('DRAFT'), ('PUBLISHED')) AS v(visibility)
  LEFT JOIN "establishments" e ON e.visibility = v.visibility GROUP BY v.visibility;--> statement-breakpoint
CREATE TRIGGER "promoter_groups_count_inserted" AFTER INSERT ON "promoter_groups" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "promoter_groups_count_deleted" AFTER DELETE ON "promoter_groups" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();--> statement-breakpoint
INSERT INTO "row_counts" ("counter", "shard", "total") SELECT 'promoter_groups', 0, count(*) FROM "promoter_groups";--> statement-breakpoint
CREATE TRIGGER "promoter_groups_count_visibility_inserted" AFTER INSERT ON "promoter_groups" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_visibility_inserted"();--> statement-breakpoint
CREATE TRIGGER "promoter_groups_count_visibility_deleted" AFTER DELETE ON "promoter_groups" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_visibility_deleted"();--> statement-breakpoint
CREATE TRIGGER "promoter_groups_count_visibility_updated" AFTER UPDATE ON "promoter_groups"
  REFERENCING OLD TABLE AS previous_rows NEW TABLE AS updated_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_visibility_updated"();--> statement-breakpoint
INSERT INTO "row_counts" ("counter", "shard", "total")
  SELECT 'promoter_groups:' || v.visibility, 0, count(e.visibility) FROM (VALUES ('DRAFT'), ('PUBLISHED')) AS v(visibility)
  LEFT JOIN "promoter_groups" e ON e.visibility = v.visibility GROUP BY v.visibility;--> statement-breakpoint
CREATE TRIGGER "users_count_inserted" AFTER INSERT ON "users" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "users_count_deleted" AFTER DELETE ON "users" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();--> statement-breakpoint
INSERT INTO "row_counts" ("counter", "shard", "total") SELECT 'users', 0, count(*) FROM "users";--> statement-breakpoint
CREATE TRIGGER "tags_count_inserted" AFTER INSERT ON "tags" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "tags_count_deleted" AFTER DELETE ON "tags" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();--> statement-breakpoint
INSERT INTO "row_counts" ("counter", "shard", "total") SELECT 'tags', 0, count(*) FROM "tags";--> statement-breakpoint
CREATE TRIGGER "audit_log_count_inserted" AFTER INSERT ON "audit_log" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "audit_log_count_deleted" AFTER DELETE ON "audit_log" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();--> statement-breakpoint
INSERT INTO "row_counts" ("counter", "shard", "total") SELECT 'audit_log', 0, count(*) FROM "audit_log";--> statement-breakpoint
CREATE TRIGGER "mail_outbox_count_inserted" AFTER INSERT ON "mail_outbox" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "mail_outbox_count_deleted" AFTER DELETE ON "mail_outbox" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();--> statement-breakpoint
INSERT INTO "row_counts" ("counter", "shard", "total") SELECT 'mail_outbox', 0, count(*) FROM "mail_outbox";
