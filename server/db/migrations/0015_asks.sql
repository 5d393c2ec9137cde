CREATE TABLE "asks" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"requested_by_user_id" integer,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"establishment_id" integer,
	"promoter_group_id" integer,
	"title" text NOT NULL,
	"queue_key" bigint NOT NULL,
	CONSTRAINT "asks_kind_record_unique" UNIQUE("kind","record_id"),
	CONSTRAINT "asks_kind_check" CHECK ("asks"."kind" IN ('EVENT_REQUEST', 'TEMPLATE_REQUEST')),
	CONSTRAINT "asks_status_check" CHECK ("asks"."status" IN ('PENDING', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "approval_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "asks" ADD CONSTRAINT "asks_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asks" ADD CONSTRAINT "asks_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asks_queue_idx" ON "asks" USING btree ("queue_key","id");--> statement-breakpoint
CREATE INDEX "asks_status_idx" ON "asks" USING btree ("status","queue_key","id");--> statement-breakpoint
CREATE INDEX "asks_kind_idx" ON "asks" USING btree ("kind","queue_key","id");--> statement-breakpoint
CREATE INDEX "asks_establishment_idx" ON "asks" USING btree ("establishment_id","queue_key","id");--> statement-breakpoint
CREATE INDEX "asks_establishment_pending_idx" ON "asks" USING btree ("establishment_id","queue_key","id") WHERE "asks"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "asks_promoter_group_idx" ON "asks" USING btree ("promoter_group_id","queue_key","id");--> statement-breakpoint
CREATE INDEX "asks_requested_by_idx" ON "asks" USING btree ("requested_by_user_id","queue_key","id");--> statement-breakpoint
CREATE INDEX "asks_requested_at_idx" ON "asks" USING btree ("requested_at","id");--> statement-breakpoint
CREATE INDEX "asks_decided_at_idx" ON "asks" USING btree ("decided_at","id");--> statement-breakpoint
CREATE INDEX "asks_title_trgm_idx" ON "asks" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
-- The default sort of GET /asks (`pendingFirst`) through one index: a pending ask's key is its request time in
-- milliseconds (oldest first); a decided one's is 10^14 minus its decision time, larger than any pending key and
-- smaller the newer the decision (newest first).
CREATE FUNCTION "asks_queue_key"(status text, requested_at timestamptz, decided_at timestamptz) RETURNS bigint
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status = 'PENDING' THEN floor(extract(epoch FROM requested_at) * 1000)::bigint
    ELSE 100000000000000 - floor(extract(epoch FROM COALESCE(decided_at, requested_at)) * 1000)::bigint END
$$;--> statement-breakpoint
-- A promoter's event request is an ask while the event has an approval status; its request time is when it was
-- (re-)submitted, its decider and decision time are null while it is pending. An update reaches the asks only
-- through the rows whose copied columns changed: a bulk write of other columns reads its transition tables only.
CREATE FUNCTION "asks_from_events"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  requests text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM asks USING old_rows AS gone WHERE asks.kind = 'EVENT_REQUEST' AND asks.record_id = gone.id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    requests := 'SELECT n.* FROM new_rows AS n WHERE n.approval_status IS NOT NULL';
  ELSE
    DELETE FROM asks USING new_rows AS n, old_rows AS o
      WHERE o.id = n.id AND n.approval_status IS NULL AND o.approval_status IS NOT NULL
        AND asks.kind = 'EVENT_REQUEST' AND asks.record_id = n.id;
    requests := 'SELECT n.* FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
      WHERE n.approval_status IS NOT NULL
        AND (n.approval_status, n.approval_reason, n.requested_by_user_id, n.approval_requested_at,
          n.reviewed_by_user_id, n.reviewed_at, n.establishment_id, n.promoter_group_id, n.title, n.created_at)
        IS DISTINCT FROM (o.approval_status, o.approval_reason, o.requested_by_user_id, o.approval_requested_at,
          o.reviewed_by_user_id, o.reviewed_at, o.establishment_id, o.promoter_group_id, o.title, o.created_at)';
  END IF;
  EXECUTE format($sql$
    INSERT INTO asks AS kept (kind, record_id, status, reason, requested_by_user_id, requested_at,
        decided_by_user_id, decided_at, establishment_id, promoter_group_id, title, queue_key)
      SELECT 'EVENT_REQUEST', e.id, e.approval_status, e.approval_reason, e.requested_by_user_id, e.requested_at,
        CASE WHEN e.approval_status = 'PENDING' THEN NULL ELSE e.reviewed_by_user_id END, e.decided_at,
        e.establishment_id, e.promoter_group_id, e.title,
        asks_queue_key(e.approval_status, e.requested_at, e.decided_at)
      FROM (
        SELECT r.*, COALESCE(r.approval_requested_at, r.created_at) AS requested_at,
          CASE WHEN r.approval_status = 'PENDING' THEN NULL ELSE r.reviewed_at END AS decided_at
        FROM (%s) AS r
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
        EXCLUDED.title)
  $sql$, requests);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A partner's template request is an ask from its creation (requested_by_user_id set: the platform's own templates,
-- approved as they are made, never were); it stays one if its requester's account is deleted later.
CREATE FUNCTION "asks_from_offer_templates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM asks USING old_rows AS gone WHERE asks.kind = 'TEMPLATE_REQUEST' AND asks.record_id = gone.id;
    RETURN NULL;
  END IF;
  INSERT INTO asks AS kept (kind, record_id, status, reason, requested_by_user_id, requested_at, decided_by_user_id,
      decided_at, establishment_id, promoter_group_id, title, queue_key)
    SELECT 'TEMPLATE_REQUEST', t.id, t.approval_status, t.approval_reason, t.requested_by_user_id, t.created_at,
      CASE WHEN t.approval_status = 'PENDING' THEN NULL ELSE t.decided_by_user_id END, t.decided_at,
      t.establishment_id, t.promoter_group_id, t.short_title, asks_queue_key(t.approval_status, t.created_at, t.decided_at)
    FROM (
      SELECT n.id, n.approval_status, n.approval_reason, n.requested_by_user_id, n.created_at,
        n.decided_by_user_id, n.establishment_id, n.promoter_group_id, n.short_title,
        CASE WHEN n.approval_status = 'PENDING' THEN NULL ELSE n.decided_at END AS decided_at
      FROM new_rows AS n
      WHERE n.requested_by_user_id IS NOT NULL
        OR (TG_OP = 'UPDATE' AND EXISTS (
          SELECT 1 FROM asks AS known WHERE known.kind = 'TEMPLATE_REQUEST' AND known.record_id = n.id))
    ) AS t
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
$$;--> statement-breakpoint
-- Every change of an ask (made, decided, re-submitted, changed, gone) is told at commit on channel "asks_changed",
-- once per distinct owner and kind, so that the live stream tells the browsers whose scope it is in.
CREATE FUNCTION "notify_asks_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    FOR payload IN SELECT DISTINCT format('{"establishmentId":%s,"promoterGroupId":%s,"kind":"%s"}',
        COALESCE(establishment_id::text, 'null'), COALESCE(promoter_group_id::text, 'null'), kind) FROM new_rows LOOP
      PERFORM pg_notify('asks_changed', payload);
    END LOOP;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    FOR payload IN SELECT DISTINCT format('{"establishmentId":%s,"promoterGroupId":%s,"kind":"%s"}',
        COALESCE(establishment_id::text, 'null'), COALESCE(promoter_group_id::text, 'null'), kind) FROM old_rows LOOP
      PERFORM pg_notify('asks_changed', payload);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The existing requests (seeded or made before this migration): asked when the event was made.
UPDATE "events" SET "approval_requested_at" = "created_at" WHERE "approval_status" IS NOT NULL;--> statement-breakpoint
INSERT INTO "asks" ("kind", "record_id", "status", "reason", "requested_by_user_id", "requested_at",
    "decided_by_user_id", "decided_at", "establishment_id", "promoter_group_id", "title", "queue_key")
  SELECT 'EVENT_REQUEST', e.id, e.approval_status, e.approval_reason, e.requested_by_user_id, e.approval_requested_at,
    CASE WHEN e.approval_status = 'PENDING' THEN NULL ELSE e.reviewed_by_user_id END,
    CASE WHEN e.approval_status = 'PENDING' THEN NULL ELSE e.reviewed_at END,
    e.establishment_id, e.promoter_group_id, e.title,
    asks_queue_key(e.approval_status, e.approval_requested_at,
      CASE WHEN e.approval_status = 'PENDING' THEN NULL ELSE e.reviewed_at END)
  FROM "events" AS e WHERE e.approval_status IS NOT NULL;--> statement-breakpoint
INSERT INTO "asks" ("kind", "record_id", "status", "reason", "requested_by_user_id", "requested_at",
    "decided_by_user_id", "decided_at", "establishment_id", "promoter_group_id", "title", "queue_key")
  SELECT 'TEMPLATE_REQUEST', t.id, t.approval_status, t.approval_reason, t.requested_by_user_id, t.created_at,
    CASE WHEN t.approval_status = 'PENDING' THEN NULL ELSE t.decided_by_user_id END,
    CASE WHEN t.approval_status = 'PENDING' THEN NULL ELSE t.decided_at END,
    t.establishment_id, t.promoter_group_id, t.short_title,
    asks_queue_key(t.approval_status, t.created_at, CASE WHEN t.approval_status = 'PENDING' THEN NULL ELSE t.decided_at END)
  FROM "offer_templates" AS t WHERE t.requested_by_user_id IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER "events_asks_insert" AFTER INSERT ON "events"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asks_from_events();--> statement-breakpoint
CREATE TRIGGER "events_asks_update" AFTER UPDATE ON "events"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asks_from_events();--> statement-breakpoint
CREATE TRIGGER "events_asks_delete" AFTER DELETE ON "events"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION asks_from_events();--> statement-breakpoint
CREATE TRIGGER "offer_templates_asks_insert" AFTER INSERT ON "offer_templates"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asks_from_offer_templates();--> statement-breakpoint
CREATE TRIGGER "offer_templates_asks_update" AFTER UPDATE ON "offer_templates"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asks_from_offer_templates();--> statement-breakpoint
CREATE TRIGGER "offer_templates_asks_delete" AFTER DELETE ON "offer_templates"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION asks_from_offer_templates();--> statement-breakpoint
CREATE TRIGGER "asks_changed_insert" AFTER INSERT ON "asks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_asks_changed();--> statement-breakpoint
CREATE TRIGGER "asks_changed_update" AFTER UPDATE ON "asks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_asks_changed();--> statement-breakpoint
CREATE TRIGGER "asks_changed_delete" AFTER DELETE ON "asks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_asks_changed();--> statement-breakpoint
-- ROOT's unfiltered total is read, not counted (row_counts, migration 0006).
CREATE TRIGGER "asks_count_inserted" AFTER INSERT ON "asks" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "asks_count_deleted" AFTER DELETE ON "asks" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_deleted"();--> statement-breakpoint
INSERT INTO "row_counts" ("counter", "shard", "total") SELECT 'asks', 0, count(*) FROM "asks";
