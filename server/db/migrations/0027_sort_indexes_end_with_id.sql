-- Every list sorts by its field and then by id: the indexes of the sorts that 0022 left (users, promoter groups,
-- tags, the other sorts of events and establishments, the audit log) end with id too, so that a page is read in
-- index order where many rows share the field (a role, a state, a day of imports) instead of sorting every tie.
DROP INDEX "users_role_idx";--> statement-breakpoint
DROP INDEX "users_last_name_idx";--> statement-breakpoint
DROP INDEX "users_first_name_idx";--> statement-breakpoint
DROP INDEX "users_created_idx";--> statement-breakpoint
DROP INDEX "tags_category_lower_idx";--> statement-breakpoint
DROP INDEX "tags_sub_category_idx";--> statement-breakpoint
DROP INDEX "establishments_visibility_idx";--> statement-breakpoint
DROP INDEX "establishments_created_idx";--> statement-breakpoint
DROP INDEX "establishments_updated_idx";--> statement-breakpoint
DROP INDEX "promoter_groups_visibility_idx";--> statement-breakpoint
DROP INDEX "promoter_groups_name_idx";--> statement-breakpoint
DROP INDEX "promoter_groups_created_idx";--> statement-breakpoint
DROP INDEX "promoter_groups_updated_idx";--> statement-breakpoint
DROP INDEX "events_title_idx";--> statement-breakpoint
DROP INDEX "events_created_idx";--> statement-breakpoint
DROP INDEX "events_updated_idx";--> statement-breakpoint
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
CREATE INDEX "users_paid_subscription_idx" ON "users" USING btree ("has_paid_subscription","id");--> statement-breakpoint
CREATE INDEX "users_active_idx" ON "users" USING btree ("is_active","id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id","id");--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" USING btree (lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_first_name_idx" ON "users" USING btree (lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tags_category_lower_idx" ON "tags" USING btree (lower("category"),"id");--> statement-breakpoint
CREATE INDEX "tags_sub_category_idx" ON "tags" USING btree (lower("sub_category"),"id");--> statement-breakpoint
CREATE INDEX "establishments_visibility_idx" ON "establishments" USING btree ("visibility","id");--> statement-breakpoint
CREATE INDEX "establishments_created_idx" ON "establishments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "establishments_updated_idx" ON "establishments" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "promoter_groups_visibility_idx" ON "promoter_groups" USING btree ("visibility","id");--> statement-breakpoint
CREATE INDEX "promoter_groups_name_idx" ON "promoter_groups" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "promoter_groups_created_idx" ON "promoter_groups" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "promoter_groups_updated_idx" ON "promoter_groups" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "events_title_idx" ON "events" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "events_updated_idx" ON "events" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");