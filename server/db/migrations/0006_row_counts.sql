CREATE TABLE "row_counts" (
	"table_name" text NOT NULL,
	"shard" integer NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "row_counts_table_name_shard_pk" PRIMARY KEY("table_name","shard")
);--> statement-breakpoint
-- Every statement that inserts or deletes rows of a counted table adds its count to the writing connection's
-- shard of that table, in the same transaction; cascaded deletes fire these triggers too.
CREATE FUNCTION "row_counts_add"(counted text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO row_counts (table_name, shard, total) VALUES (counted, pg_backend_pid() % 16, delta)
  ON CONFLICT (table_name, shard) DO UPDATE SET total = row_counts.total + EXCLUDED.total
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
CREATE TRIGGER "events_count_inserted" AFTER INSERT ON "events" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "events_count_deleted" AFTER DELETE ON "events" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "shard", "total") SELECT 'events', 0, count(*) FROM "events";--> statement-breakpoint
CREATE TRIGGER "establishments_count_inserted" AFTER INSERT ON "establishments" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "establishments_count_deleted" AFTER DELETE ON "establishments" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "shard", "total") SELECT 'establishments', 0, count(*) FROM "establishments";--> statement-breakpoint
CREATE TRIGGER "promoter_groups_count_inserted" AFTER INSERT ON "promoter_groups" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "promoter_groups_count_deleted" AFTER DELETE ON "promoter_groups" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "shard", "total") SELECT 'promoter_groups', 0, count(*) FROM "promoter_groups";--> statement-breakpoint
CREATE TRIGGER "users_count_inserted" AFTER INSERT ON "users" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "users_count_deleted" AFTER DELETE ON "users" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "shard", "total") SELECT 'users', 0, count(*) FROM "users";--> statement-breakpoint
CREATE TRIGGER "tags_count_inserted" AFTER INSERT ON "tags" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "tags_count_deleted" AFTER DELETE ON "tags" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "shard", "total") SELECT 'tags', 0, count(*) FROM "tags";--> statement-breakpoint
CREATE TRIGGER "audit_log_count_inserted" AFTER INSERT ON "audit_log" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "audit_log_count_deleted" AFTER DELETE ON "audit_log" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "shard", "total") SELECT 'audit_log', 0, count(*) FROM "audit_log";--> statement-breakpoint
CREATE TRIGGER "mail_outbox_count_inserted" AFTER INSERT ON "mail_outbox" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "mail_outbox_count_deleted" AFTER DELETE ON "mail_outbox" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "shard", "total") SELECT 'mail_outbox', 0, count(*) FROM "mail_outbox";
