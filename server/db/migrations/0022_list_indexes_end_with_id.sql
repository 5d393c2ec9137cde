-- Every list sorts by its field and then by id: indexes that end with id give a page in index order where many
-- rows share the field (a venue's events at one start, the venues of one city) instead of sorting every tie.
DROP INDEX "establishments_name_idx";--> statement-breakpoint
DROP INDEX "establishments_city_lower_idx";--> statement-breakpoint
DROP INDEX "events_window_start_idx";--> statement-breakpoint
DROP INDEX "events_establishment_idx";--> statement-breakpoint
DROP INDEX "events_promoter_group_idx";--> statement-breakpoint
DROP INDEX "events_city_key_idx";--> statement-breakpoint
DROP INDEX "events_visibility_idx";--> statement-breakpoint
CREATE INDEX "establishments_name_idx" ON "establishments" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "establishments_city_lower_idx" ON "establishments" USING btree (lower("city"),"id");--> statement-breakpoint
CREATE INDEX "events_window_start_idx" ON "events" USING btree ("first_starts_at","id");--> statement-breakpoint
CREATE INDEX "events_establishment_idx" ON "events" USING btree ("establishment_id","first_starts_at","id");--> statement-breakpoint
CREATE INDEX "events_promoter_group_idx" ON "events" USING btree ("promoter_group_id","first_starts_at","id");--> statement-breakpoint
CREATE INDEX "events_city_key_idx" ON "events" USING btree ("city_key","first_starts_at","id");--> statement-breakpoint
CREATE INDEX "events_visibility_idx" ON "events" USING btree ("visibility","first_starts_at","id");