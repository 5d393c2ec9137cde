-- Events sorted by visibility read their page from an index, as every other sort of the list does; the index on
-- the raw city goes, unused since lists filter on the stored city key: an event write still updates as many indexes.
DROP INDEX "events_city_idx";--> statement-breakpoint
CREATE INDEX "events_visibility_sort_idx" ON "events" USING btree ("visibility","id");