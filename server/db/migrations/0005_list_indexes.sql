-- Free-text search (ILIKE '%…%') is served by trigram indexes; pg_trgm ships with PostgreSQL and PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "city_key" text;--> statement-breakpoint
-- An event's city for the city filter: its own, else its venue's, lower-cased, kept by the database itself so
-- that no write path can leave it stale: set on every write of an event's city or venue, and rewritten on the
-- venue's events when the venue's city changes (in the same statement, so in the same transaction).
CREATE FUNCTION "events_set_city_key"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.city_key := lower(coalesce(NEW.city, (SELECT e.city FROM establishments e WHERE e.id = NEW.establishment_id)));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_city_key" BEFORE INSERT OR UPDATE OF "city", "establishment_id", "city_key" ON "events"
  FOR EACH ROW EXECUTE FUNCTION "events_set_city_key"();--> statement-breakpoint
CREATE FUNCTION "establishments_city_to_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE events SET city_key = lower(NEW.city) WHERE establishment_id = NEW.id AND city IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "establishments_city_to_events" AFTER UPDATE OF "city" ON "establishments"
  FOR EACH ROW WHEN (OLD.city IS DISTINCT FROM NEW.city) EXECUTE FUNCTION "establishments_city_to_events"();--> statement-breakpoint
UPDATE "events" SET "city_key" = NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_template_idx" ON "mail_outbox" USING btree ("template","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_subject_trgm_idx" ON "mail_outbox" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mail_outbox_to_address_trgm_idx" ON "mail_outbox" USING gin ("to_address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" USING btree (lower("last_name"));--> statement-breakpoint
CREATE INDEX "users_first_name_idx" ON "users" USING btree (lower("first_name"));--> statement-breakpoint
CREATE INDEX "users_establishment_idx" ON "users" USING btree ("establishment_id");--> statement-breakpoint
CREATE INDEX "users_promoter_group_idx" ON "users" USING btree ("promoter_group_id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm_idx" ON "users" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_number_trgm_idx" ON "users" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tag_translations_label_trgm_idx" ON "tag_translations" USING gin ("label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_category_lower_idx" ON "tags" USING btree (lower("category"));--> statement-breakpoint
CREATE INDEX "tags_sub_category_idx" ON "tags" USING btree (lower("sub_category"));--> statement-breakpoint
CREATE INDEX "tags_name_trgm_idx" ON "tags" USING gin ("tag_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_category_trgm_idx" ON "tags" USING gin ("category" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_sub_category_trgm_idx" ON "tags" USING gin ("sub_category" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "establishments_city_lower_idx" ON "establishments" USING btree (lower("city"));--> statement-breakpoint
CREATE INDEX "establishments_created_idx" ON "establishments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "establishments_updated_idx" ON "establishments" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "establishments_name_trgm_idx" ON "establishments" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "establishments_city_trgm_idx" ON "establishments" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "establishments_localisation_trgm_idx" ON "establishments" USING gin ("localisation" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "establishments_email_trgm_idx" ON "establishments" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "promoter_groups_created_idx" ON "promoter_groups" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "promoter_groups_updated_idx" ON "promoter_groups" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "promoter_groups_name_trgm_idx" ON "promoter_groups" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "promoter_groups_email_trgm_idx" ON "promoter_groups" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_city_key_idx" ON "events" USING btree ("city_key","first_starts_at");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "events_updated_idx" ON "events" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "events_visibility_idx" ON "events" USING btree ("visibility","first_starts_at");--> statement-breakpoint
CREATE INDEX "events_title_trgm_idx" ON "events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_trgm_idx" ON "audit_log" USING gin ("actor_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_record_id_trgm_idx" ON "audit_log" USING gin ("record_id" gin_trgm_ops);