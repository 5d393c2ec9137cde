-- The dashboard's cards (docs/dashboard.md) through indexes: the published offers running today platform-wide,
-- and a customer's redemptions, latest first.
CREATE INDEX "offers_running_idx" ON "offers" USING btree ("kind","end_date") WHERE "offers"."visibility" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "promo_code_redemptions_user_idx" ON "promo_code_redemptions" USING btree ("user_id","created_at");