CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"delivery" text NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_preferences_kind_check" CHECK ("notification_preferences"."kind" IN ('ASK_AWAITING', 'EVENT_REQUEST_APPROVED', 'EVENT_REQUEST_REJECTED', 'TEMPLATE_REQUEST_APPROVED', 'TEMPLATE_REQUEST_REJECTED', 'EVENT_PUBLISHED_AT_VENUE', 'OFFER_NEARLY_SOLD_OUT', 'OFFER_SOLD_OUT', 'PASSWORD_CHANGED', 'ACCESS_LINK_SENT', 'ACCOUNT_ACCESS_CHANGED')),
	CONSTRAINT "notification_preferences_delivery_check" CHECK ("notification_preferences"."delivery" IN ('IN_APP', 'MAIL', 'DIGEST'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"resource" text,
	"record_id" integer,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"mail_mode" text DEFAULT 'NONE' NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" IN ('ASK_AWAITING', 'EVENT_REQUEST_APPROVED', 'EVENT_REQUEST_REJECTED', 'TEMPLATE_REQUEST_APPROVED', 'TEMPLATE_REQUEST_REJECTED', 'EVENT_PUBLISHED_AT_VENUE', 'OFFER_NEARLY_SOLD_OUT', 'OFFER_SOLD_OUT', 'PASSWORD_CHANGED', 'ACCESS_LINK_SENT', 'ACCOUNT_ACCESS_CHANGED')),
	CONSTRAINT "notifications_resource_check" CHECK ("notifications"."resource" IN ('events', 'offer-templates', 'offers', 'users', 'asks')),
	CONSTRAINT "notifications_mail_mode_check" CHECK ("notifications"."mail_mode" IN ('NONE', 'NOW', 'DIGEST'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_job_runs" (
	"job" text NOT NULL,
	"run_on" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_job_runs_job_run_on_pk" PRIMARY KEY("job","run_on")
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","id") WHERE "notifications"."read_at" IS NULL AND "notifications"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_mail_due_idx" ON "notifications" USING btree ("mail_mode","user_id","id") WHERE "notifications"."mail_mode" <> 'NONE' AND "notifications"."mailed_at" IS NULL;--> statement-breakpoint
-- The live stream (server/services/notifications/live.ts) hears of a user's new, read or archived notifications
-- at commit, in every API process: one NOTIFY per recipient and statement on channel "notifications", the
-- payload the user's id. A rolled-back transaction notifies nobody.
CREATE FUNCTION "notify_notification_recipients"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recipient integer;
BEGIN
  FOR recipient IN SELECT DISTINCT user_id FROM new_rows LOOP
    PERFORM pg_notify('notifications', recipient::text);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notifications_live_insert" AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_notification_recipients();--> statement-breakpoint
CREATE TRIGGER "notifications_live_update" AFTER UPDATE ON "notifications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_notification_recipients();
