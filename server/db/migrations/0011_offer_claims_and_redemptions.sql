-- Claims of offers' spots and redemptions of promo codes, each a row (statistics count them), with the live
-- counters beside the offer and the code (offers.claimed_spots, promo_codes.usage_count) that the claim and redeem
-- statements change under the row's lock, so concurrent requests can never give out more than there is.
CREATE TABLE "offer_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "promo_code_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_templates" ADD COLUMN "decided_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "offer_templates" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "claimed_spots" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "is_disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_claims_live_unique" ON "offer_claims" USING btree ("offer_id","user_id") WHERE "offer_claims"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "offer_claims_offer_idx" ON "offer_claims" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_claims_user_idx" ON "offer_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "offer_claims_created_idx" ON "offer_claims" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_redemptions_once_unique" ON "promo_code_redemptions" USING btree ("promo_code_id","user_id");--> statement-breakpoint
CREATE INDEX "promo_code_redemptions_code_idx" ON "promo_code_redemptions" USING btree ("promo_code_id");--> statement-breakpoint
CREATE INDEX "promo_code_redemptions_created_idx" ON "promo_code_redemptions" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "offer_templates" ADD CONSTRAINT "offer_templates_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_claimed_spots_check" CHECK ("offers"."claimed_spots" >= 0 AND ("offers"."available_spots" IS NULL OR "offers"."claimed_spots" <= "offers"."available_spots"));