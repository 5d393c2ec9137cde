-- Billing (docs/billing.md): plans, subscriptions, invoices with their gap-free yearly numbers, payments; mail
-- attachments in the outbox; the audit actions of billing and tag terms.
CREATE TABLE "invoice_number_sequences" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_centimes" integer NOT NULL,
	"paid_on" date NOT NULL,
	"source" text NOT NULL,
	"bank_entry_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "invoice_payments_source_check" CHECK ("invoice_payments"."source" IN ('MANUAL', 'CAMT054'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"kind" text DEFAULT 'INVOICE' NOT NULL,
	"subscription_id" integer,
	"partner_kind" text NOT NULL,
	"establishment_id" integer,
	"promoter_group_id" integer,
	"partner_name" text NOT NULL,
	"address_name" text NOT NULL,
	"street" text NOT NULL,
	"building_number" text,
	"postal_code" text NOT NULL,
	"town" text NOT NULL,
	"country" text DEFAULT 'CH' NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_centimes" integer NOT NULL,
	"vat_basis_points" integer NOT NULL,
	"vat_centimes" integer NOT NULL,
	"rounding_centimes" integer NOT NULL,
	"total_centimes" integer NOT NULL,
	"currency" text DEFAULT 'CHF' NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"period_start" date,
	"period_end" date,
	"reference" text NOT NULL,
	"language" text NOT NULL,
	"credits_invoice_id" integer,
	"paid_on" date,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminder_on" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" IN ('INVOICE', 'CREDIT_NOTE')),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" IN ('OPEN', 'PAID', 'CANCELLED')),
	CONSTRAINT "invoices_partner_kind_check" CHECK ("invoices"."partner_kind" IN ('ESTABLISHMENT', 'PROMOTER_GROUP')),
	CONSTRAINT "invoices_language_check" CHECK ("invoices"."language" IN ('en', 'fr', 'de', 'it')),
	CONSTRAINT "invoices_currency_check" CHECK ("invoices"."currency" = 'CHF'),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_centimes" = "invoices"."subtotal_centimes" + "invoices"."vat_centimes" + "invoices"."rounding_centimes"),
	CONSTRAINT "invoices_credit_note_check" CHECK (("invoices"."kind" = 'CREDIT_NOTE') = ("invoices"."credits_invoice_id" IS NOT NULL)),
	CONSTRAINT "invoices_dates_check" CHECK ("invoices"."issued_on" <= "invoices"."due_on")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"description" text,
	"price_centimes" integer NOT NULL,
	"interval" text NOT NULL,
	"pro_logo" boolean DEFAULT false NOT NULL,
	"exclusive_offers_per_month" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_interval_check" CHECK ("plans"."interval" IN ('MONTH', 'YEAR')),
	CONSTRAINT "plans_price_check" CHECK ("plans"."price_centimes" >= 0),
	CONSTRAINT "plans_exclusive_offers_check" CHECK ("plans"."exclusive_offers_per_month" IS NULL OR "plans"."exclusive_offers_per_month" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_kind" text NOT NULL,
	"establishment_id" integer,
	"promoter_group_id" integer,
	"plan_id" integer NOT NULL,
	"next_plan_id" integer,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"starts_on" date NOT NULL,
	"current_period_start" date NOT NULL,
	"current_period_end" date NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"ends_on" date,
	"address_name" text NOT NULL,
	"street" text NOT NULL,
	"building_number" text,
	"postal_code" text NOT NULL,
	"town" text NOT NULL,
	"country" text DEFAULT 'CH' NOT NULL,
	"invoice_email" text NOT NULL,
	"language" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_partner_kind_check" CHECK ("subscriptions"."partner_kind" IN ('ESTABLISHMENT', 'PROMOTER_GROUP')),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" IN ('ACTIVE', 'ENDED')),
	CONSTRAINT "subscriptions_language_check" CHECK ("subscriptions"."language" IN ('en', 'fr', 'de', 'it')),
	CONSTRAINT "subscriptions_partner_check" CHECK (("subscriptions"."partner_kind" = 'ESTABLISHMENT' AND "subscriptions"."establishment_id" IS NOT NULL AND "subscriptions"."promoter_group_id" IS NULL)
        OR ("subscriptions"."partner_kind" = 'PROMOTER_GROUP' AND "subscriptions"."promoter_group_id" IS NOT NULL AND "subscriptions"."establishment_id" IS NULL)),
	CONSTRAINT "subscriptions_period_check" CHECK ("subscriptions"."starts_on" <= "subscriptions"."current_period_start" AND "subscriptions"."current_period_start" <= "subscriptions"."current_period_end")
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_promoter_group_id_promoter_groups_id_fk" FOREIGN KEY ("promoter_group_id") REFERENCES "public"."promoter_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("credits_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_promoter_group_id_promoter_groups_id_fk" FOREIGN KEY ("promoter_group_id") REFERENCES "public"."promoter_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_next_plan_id_plans_id_fk" FOREIGN KEY ("next_plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_bank_entry_unique" ON "invoice_payments" USING btree ("bank_entry_reference");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence_unique" ON "invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_reference_unique" ON "invoices" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_period_unique" ON "invoices" USING btree ("subscription_id","period_start") WHERE "invoices"."kind" = 'INVOICE' AND "invoices"."status" <> 'CANCELLED';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credit_note_unique" ON "invoices" USING btree ("credits_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_establishment_idx" ON "invoices" USING btree ("establishment_id","issued_on");--> statement-breakpoint
CREATE INDEX "invoices_promoter_group_idx" ON "invoices" USING btree ("promoter_group_id","issued_on");--> statement-breakpoint
CREATE INDEX "invoices_status_due_idx" ON "invoices" USING btree ("status","due_on");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_on");--> statement-breakpoint
CREATE INDEX "invoices_subscription_idx" ON "invoices" USING btree ("subscription_id","issued_on");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_active_establishment_unique" ON "subscriptions" USING btree ("establishment_id") WHERE "subscriptions"."status" = 'ACTIVE' AND "subscriptions"."establishment_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_active_promoter_group_unique" ON "subscriptions" USING btree ("promoter_group_id") WHERE "subscriptions"."status" = 'ACTIVE' AND "subscriptions"."promoter_group_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_period_idx" ON "subscriptions" USING btree ("status","current_period_start");--> statement-breakpoint
CREATE INDEX "subscriptions_plan_idx" ON "subscriptions" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "subscriptions_next_plan_idx" ON "subscriptions" USING btree ("next_plan_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" IN ('CREATE', 'UPDATE', 'DELETE', 'SEND_ACCESS_LINK', 'CLAIM', 'CANCEL_CLAIM', 'MARK_PAID', 'CREDIT_NOTE', 'SEND_REMINDER', 'MERGE', 'ASSIGN_TAG', 'UNASSIGN_TAG'));