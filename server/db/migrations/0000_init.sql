CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"user_agent" text,
	"ip_address" text
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"template" text NOT NULL,
	"language" text NOT NULL,
	"transport" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "one_time_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"replaced_by_id" integer,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "roles_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"auth_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"billing_link" text,
	"has_paid_subscription" boolean DEFAULT false NOT NULL,
	"gender" text,
	"role_id" integer NOT NULL,
	"establishment_id" integer,
	"promoter_group_id" integer,
	"language" text DEFAULT 'en' NOT NULL,
	"password_hash" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_auth_id_unique" UNIQUE("auth_id"),
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "ambiances" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"label_en" text NOT NULL,
	"label_fr" text NOT NULL,
	"label_de" text NOT NULL,
	"label_it" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ambiances_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "environments" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"label_en" text NOT NULL,
	"label_fr" text NOT NULL,
	"label_de" text NOT NULL,
	"label_it" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "environments_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "establishment_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"label_en" text NOT NULL,
	"label_fr" text NOT NULL,
	"label_de" text NOT NULL,
	"label_it" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "establishment_types_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "event_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"label_en" text NOT NULL,
	"label_fr" text NOT NULL,
	"label_de" text NOT NULL,
	"label_it" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_types_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"label_en" text NOT NULL,
	"label_fr" text NOT NULL,
	"label_de" text NOT NULL,
	"label_it" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "musics" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"label_en" text NOT NULL,
	"label_fr" text NOT NULL,
	"label_de" text NOT NULL,
	"label_it" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "musics_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "offer_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"label_en" text NOT NULL,
	"label_fr" text NOT NULL,
	"label_de" text NOT NULL,
	"label_it" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_types_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "promoter_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"label_en" text NOT NULL,
	"label_fr" text NOT NULL,
	"label_de" text NOT NULL,
	"label_it" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promoter_types_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"label_en" text NOT NULL,
	"label_fr" text NOT NULL,
	"label_de" text NOT NULL,
	"label_it" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"preview_key" text,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"owner_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "uploads_size_check" CHECK ("uploads"."size_bytes" >= 0),
	CONSTRAINT "uploads_dimensions_check" CHECK (("uploads"."width" IS NULL OR "uploads"."width" > 0) AND ("uploads"."height" IS NULL OR "uploads"."height" > 0))
);
--> statement-breakpoint
CREATE TABLE "tag_translations" (
	"tag_id" integer NOT NULL,
	"language" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "tag_translations_tag_id_language_pk" PRIMARY KEY("tag_id","language"),
	CONSTRAINT "tag_translations_language_check" CHECK ("tag_translations"."language" IN ('en', 'fr', 'de', 'it'))
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag_name" text NOT NULL,
	"category" text NOT NULL,
	"sub_category" text,
	"description" text,
	"html_description" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "establishment_ambiances" (
	"establishment_id" integer NOT NULL,
	"ambiance_id" integer NOT NULL,
	CONSTRAINT "establishment_ambiances_establishment_id_ambiance_id_pk" PRIMARY KEY("establishment_id","ambiance_id")
);
--> statement-breakpoint
CREATE TABLE "establishment_happy_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"establishment_id" integer NOT NULL,
	"title" text NOT NULL,
	"days" text[] NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "establishment_happy_hours_start_check" CHECK ("establishment_happy_hours"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "establishment_happy_hours_end_check" CHECK ("establishment_happy_hours"."end_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "establishment_happy_hours_days_check" CHECK ("establishment_happy_hours"."days" <@ ARRAY['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']::text[] AND cardinality("establishment_happy_hours"."days") > 0)
);
--> statement-breakpoint
CREATE TABLE "establishment_media" (
	"establishment_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "establishment_media_establishment_id_upload_id_pk" PRIMARY KEY("establishment_id","upload_id"),
	CONSTRAINT "establishment_media_position_check" CHECK ("establishment_media"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "establishment_musics" (
	"establishment_id" integer NOT NULL,
	"music_id" integer NOT NULL,
	CONSTRAINT "establishment_musics_establishment_id_music_id_pk" PRIMARY KEY("establishment_id","music_id")
);
--> statement-breakpoint
CREATE TABLE "establishment_secondary_types" (
	"establishment_id" integer NOT NULL,
	"establishment_type_id" integer NOT NULL,
	CONSTRAINT "establishment_secondary_types_establishment_id_establishment_type_id_pk" PRIMARY KEY("establishment_id","establishment_type_id")
);
--> statement-breakpoint
CREATE TABLE "establishment_tags" (
	"establishment_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "establishment_tags_establishment_id_tag_id_pk" PRIMARY KEY("establishment_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "establishment_work_schedules" (
	"establishment_id" integer NOT NULL,
	"day_of_week" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"start_time" text,
	"end_time" text,
	CONSTRAINT "establishment_work_schedules_establishment_id_day_of_week_pk" PRIMARY KEY("establishment_id","day_of_week"),
	CONSTRAINT "establishment_work_schedules_day_check" CHECK ("establishment_work_schedules"."day_of_week" IN ('MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY')),
	CONSTRAINT "establishment_work_schedules_start_check" CHECK ("establishment_work_schedules"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "establishment_work_schedules_end_check" CHECK ("establishment_work_schedules"."end_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "establishment_work_schedules_active_check" CHECK (NOT "establishment_work_schedules"."is_active" OR ("establishment_work_schedules"."start_time" IS NOT NULL AND "establishment_work_schedules"."end_time" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "establishments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo_upload_id" integer,
	"establishment_type_id" integer,
	"localisation" text,
	"city" text,
	"lat" double precision,
	"lang" double precision,
	"place_id" text,
	"email" text,
	"phone" text,
	"url_billetterie" text,
	"url_site" text,
	"age_min" integer,
	"tarif_min" numeric(10, 2),
	"tarif_max" numeric(10, 2),
	"external_capacity" integer,
	"internal_capacity" integer,
	"description" text,
	"html_description" text,
	"visibility" text DEFAULT 'PUBLISHED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "establishments_visibility_check" CHECK ("establishments"."visibility" IN ('DRAFT', 'PUBLISHED')),
	CONSTRAINT "establishments_coordinates_check" CHECK (("establishments"."lat" BETWEEN -90 AND 90) AND ("establishments"."lang" BETWEEN -180 AND 180)),
	CONSTRAINT "establishments_tariffs_check" CHECK ("establishments"."tarif_min" >= 0 AND "establishments"."tarif_max" >= 0 AND ("establishments"."tarif_min" IS NULL OR "establishments"."tarif_max" IS NULL OR "establishments"."tarif_min" <= "establishments"."tarif_max")),
	CONSTRAINT "establishments_counts_check" CHECK (("establishments"."age_min" IS NULL OR "establishments"."age_min" BETWEEN 0 AND 99)
        AND ("establishments"."external_capacity" IS NULL OR "establishments"."external_capacity" >= 0)
        AND ("establishments"."internal_capacity" IS NULL OR "establishments"."internal_capacity" >= 0))
);
--> statement-breakpoint
CREATE TABLE "promoter_group_ambiances" (
	"promoter_group_id" integer NOT NULL,
	"ambiance_id" integer NOT NULL,
	CONSTRAINT "promoter_group_ambiances_promoter_group_id_ambiance_id_pk" PRIMARY KEY("promoter_group_id","ambiance_id")
);
--> statement-breakpoint
CREATE TABLE "promoter_group_event_types" (
	"promoter_group_id" integer NOT NULL,
	"event_type_id" integer NOT NULL,
	CONSTRAINT "promoter_group_event_types_promoter_group_id_event_type_id_pk" PRIMARY KEY("promoter_group_id","event_type_id")
);
--> statement-breakpoint
CREATE TABLE "promoter_group_media" (
	"promoter_group_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "promoter_group_media_promoter_group_id_upload_id_pk" PRIMARY KEY("promoter_group_id","upload_id"),
	CONSTRAINT "promoter_group_media_position_check" CHECK ("promoter_group_media"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promoter_group_musics" (
	"promoter_group_id" integer NOT NULL,
	"music_id" integer NOT NULL,
	CONSTRAINT "promoter_group_musics_promoter_group_id_music_id_pk" PRIMARY KEY("promoter_group_id","music_id")
);
--> statement-breakpoint
CREATE TABLE "promoter_group_promoter_types" (
	"promoter_group_id" integer NOT NULL,
	"promoter_type_id" integer NOT NULL,
	CONSTRAINT "promoter_group_promoter_types_promoter_group_id_promoter_type_id_pk" PRIMARY KEY("promoter_group_id","promoter_type_id")
);
--> statement-breakpoint
CREATE TABLE "promoter_group_tags" (
	"promoter_group_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "promoter_group_tags_promoter_group_id_tag_id_pk" PRIMARY KEY("promoter_group_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "promoter_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo_upload_id" integer,
	"email" text,
	"phone" text,
	"url_billetterie" text,
	"url_site" text,
	"description" text,
	"html_description" text,
	"visibility" text DEFAULT 'PUBLISHED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promoter_groups_visibility_check" CHECK ("promoter_groups"."visibility" IN ('DRAFT', 'PUBLISHED'))
);
--> statement-breakpoint
CREATE TABLE "event_environments" (
	"event_id" integer NOT NULL,
	"environment_id" integer NOT NULL,
	CONSTRAINT "event_environments_event_id_environment_id_pk" PRIMARY KEY("event_id","environment_id")
);
--> statement-breakpoint
CREATE TABLE "event_games" (
	"event_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	CONSTRAINT "event_games_event_id_game_id_pk" PRIMARY KEY("event_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "event_media" (
	"event_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "event_media_event_id_upload_id_pk" PRIMARY KEY("event_id","upload_id"),
	CONSTRAINT "event_media_position_check" CHECK ("event_media"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "event_musics" (
	"event_id" integer NOT NULL,
	"music_id" integer NOT NULL,
	CONSTRAINT "event_musics_event_id_music_id_pk" PRIMARY KEY("event_id","music_id")
);
--> statement-breakpoint
CREATE TABLE "event_out_of_schedule" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"original_starts_at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"title" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_out_of_schedule_occurrence_unique" UNIQUE("event_id","original_starts_at"),
	CONSTRAINT "event_out_of_schedule_action_check" CHECK ("event_out_of_schedule"."action" IN ('CREATE', 'SKIP', 'UPDATE')),
	CONSTRAINT "event_out_of_schedule_instants_check" CHECK ("event_out_of_schedule"."action" = 'SKIP' OR ("event_out_of_schedule"."starts_at" IS NOT NULL AND "event_out_of_schedule"."ends_at" IS NOT NULL AND "event_out_of_schedule"."ends_at" > "event_out_of_schedule"."starts_at"))
);
--> statement-breakpoint
CREATE TABLE "event_services" (
	"event_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	CONSTRAINT "event_services_event_id_service_id_pk" PRIMARY KEY("event_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "event_tags" (
	"event_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "event_tags_event_id_tag_id_pk" PRIMARY KEY("event_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"establishment_id" integer,
	"promoter_group_id" integer,
	"event_type_id" integer,
	"age_min" integer DEFAULT 0 NOT NULL,
	"tarif_min" numeric(10, 2),
	"tarif_max" numeric(10, 2),
	"url_billetterie" text,
	"promotable" boolean DEFAULT true NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"recurrence_pattern" text DEFAULT 'NONE' NOT NULL,
	"recurrence_days_of_week" text[] DEFAULT '{}'::text[] NOT NULL,
	"recurrence_end_type" text DEFAULT 'NEVER' NOT NULL,
	"max_occurrences" integer,
	"recurrence_end_date" date,
	"first_starts_at" timestamp with time zone NOT NULL,
	"last_ends_at" timestamp with time zone,
	"parent_event_id" integer,
	"segment_is_recurrence_tail" boolean DEFAULT false NOT NULL,
	"visibility" text DEFAULT 'PUBLISHED' NOT NULL,
	"approval_status" text,
	"approval_reason" text,
	"requested_by_user_id" integer,
	"reviewed_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"localisation" text,
	"city" text,
	"lat" double precision,
	"lang" double precision,
	"place_id" text,
	"event_capacity" integer,
	"url_carte" text,
	"file_carte_upload_id" integer,
	"description" text,
	"html_description" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_visibility_check" CHECK ("events"."visibility" IN ('DRAFT', 'PUBLISHED')),
	CONSTRAINT "events_recurrence_pattern_check" CHECK ("events"."recurrence_pattern" IN ('NONE', 'WEEKLY', 'MONTHLY', 'YEARLY')),
	CONSTRAINT "events_recurrence_end_type_check" CHECK ("events"."recurrence_end_type" IN ('NEVER', 'ON_DATE', 'AFTER_OCCURRENCES')),
	CONSTRAINT "events_approval_status_check" CHECK ("events"."approval_status" IN ('PENDING', 'APPROVED', 'REJECTED')),
	CONSTRAINT "events_recurrence_days_check" CHECK ("events"."recurrence_days_of_week" <@ ARRAY['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']::text[]),
	CONSTRAINT "events_start_time_check" CHECK ("events"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "events_end_time_check" CHECK ("events"."end_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "events_coordinates_check" CHECK (("events"."lat" BETWEEN -90 AND 90) AND ("events"."lang" BETWEEN -180 AND 180)),
	CONSTRAINT "events_tariffs_check" CHECK ("events"."tarif_min" >= 0 AND "events"."tarif_max" >= 0 AND ("events"."tarif_min" IS NULL OR "events"."tarif_max" IS NULL OR "events"."tarif_min" <= "events"."tarif_max")),
	CONSTRAINT "events_owner_check" CHECK ("events"."establishment_id" IS NOT NULL OR "events"."promoter_group_id" IS NOT NULL),
	CONSTRAINT "events_age_check" CHECK ("events"."age_min" BETWEEN 0 AND 99),
	CONSTRAINT "events_capacity_check" CHECK ("events"."event_capacity" IS NULL OR "events"."event_capacity" >= 0),
	CONSTRAINT "events_end_rule_check" CHECK (("events"."recurrence_end_type" <> 'AFTER_OCCURRENCES' OR "events"."max_occurrences" >= 1)
        AND ("events"."recurrence_end_type" <> 'ON_DATE' OR "events"."recurrence_end_date" IS NOT NULL)),
	CONSTRAINT "events_window_check" CHECK ("events"."last_ends_at" IS NULL OR "events"."last_ends_at" > "events"."first_starts_at")
);
--> statement-breakpoint
CREATE TABLE "offer_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"long_title" text NOT NULL,
	"short_title" text NOT NULL,
	"html_long_title" text,
	"html_short_title" text,
	"description" text,
	"html_description" text,
	"establishment_id" integer,
	"promoter_group_id" integer,
	"recurrence_pattern" text,
	"approval_status" text DEFAULT 'PENDING' NOT NULL,
	"approval_reason" text,
	"requested_by_user_id" integer,
	"visibility" text DEFAULT 'DRAFT' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_templates_kind_check" CHECK ("offer_templates"."kind" IN ('EXCLUSIVE', 'RECURRENT')),
	CONSTRAINT "offer_templates_recurrence_check" CHECK ("offer_templates"."recurrence_pattern" IN ('WEEKLY', 'MONTHLY', 'DAILY')),
	CONSTRAINT "offer_templates_approval_check" CHECK ("offer_templates"."approval_status" IN ('PENDING', 'APPROVED', 'REJECTED')),
	CONSTRAINT "offer_templates_visibility_check" CHECK ("offer_templates"."visibility" IN ('DRAFT', 'PUBLISHED')),
	CONSTRAINT "offer_templates_kind_fields_check" CHECK ("offer_templates"."kind" = 'RECURRENT' OR "offer_templates"."recurrence_pattern" IS NULL)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"establishment_id" integer,
	"promoter_group_id" integer,
	"event_id" integer,
	"offer_type_id" integer,
	"template_id" integer,
	"available_spots" integer,
	"start_date" date,
	"end_date" date,
	"start_time" text,
	"end_time" text,
	"is_activated" boolean DEFAULT false NOT NULL,
	"visibility" text DEFAULT 'DRAFT' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_kind_check" CHECK ("offers"."kind" IN ('EXCLUSIVE', 'RECURRENT')),
	CONSTRAINT "offers_visibility_check" CHECK ("offers"."visibility" IN ('DRAFT', 'PUBLISHED')),
	CONSTRAINT "offers_start_time_check" CHECK ("offers"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "offers_end_time_check" CHECK ("offers"."end_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "offers_owner_check" CHECK ("offers"."establishment_id" IS NOT NULL OR "offers"."promoter_group_id" IS NOT NULL),
	CONSTRAINT "offers_spots_check" CHECK ("offers"."available_spots" IS NULL OR "offers"."available_spots" >= 0),
	CONSTRAINT "offers_dates_check" CHECK ("offers"."start_date" IS NULL OR "offers"."end_date" IS NULL OR "offers"."start_date" <= "offers"."end_date")
);
--> statement-breakpoint
CREATE TABLE "promo_code_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"html_description" text,
	"discount_kind" text NOT NULL,
	"discount_value" numeric(10, 2),
	"valid_from" date,
	"valid_until" date,
	"establishment_id" integer,
	"promoter_group_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_code_templates_discount_kind_check" CHECK ("promo_code_templates"."discount_kind" IN ('PERCENTAGE', 'FIXED_AMOUNT', 'FREE_ENTRY')),
	CONSTRAINT "promo_code_templates_discount_value_check" CHECK (("promo_code_templates"."discount_kind" = 'FREE_ENTRY' AND "promo_code_templates"."discount_value" IS NULL)
        OR ("promo_code_templates"."discount_kind" = 'PERCENTAGE' AND "promo_code_templates"."discount_value" > 0 AND "promo_code_templates"."discount_value" <= 100)
        OR ("promo_code_templates"."discount_kind" = 'FIXED_AMOUNT' AND "promo_code_templates"."discount_value" > 0)),
	CONSTRAINT "promo_code_templates_validity_check" CHECK ("promo_code_templates"."valid_from" IS NULL OR "promo_code_templates"."valid_until" IS NULL OR "promo_code_templates"."valid_from" <= "promo_code_templates"."valid_until")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"max_usage_count" integer DEFAULT 1 NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"promo_code_template_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promo_codes_code_check" CHECK ("promo_codes"."code" = upper("promo_codes"."code") AND length("promo_codes"."code") BETWEEN 3 AND 64),
	CONSTRAINT "promo_codes_max_usage_check" CHECK ("promo_codes"."max_usage_count" >= 1),
	CONSTRAINT "promo_codes_usage_check" CHECK ("promo_codes"."usage_count" BETWEEN 0 AND "promo_codes"."max_usage_count")
);
--> statement-breakpoint
CREATE TABLE "widget_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"establishment_id" integer NOT NULL,
	"external_api_key" text NOT NULL,
	"font_family_name" text DEFAULT 'Inter' NOT NULL,
	"has_transparent_background" boolean DEFAULT false NOT NULL,
	"has_enabled_happy_hours" boolean DEFAULT false NOT NULL,
	"has_rounded_borders" boolean DEFAULT false NOT NULL,
	"has_enabled_calendar" boolean DEFAULT false NOT NULL,
	"has_enabled_pro_logo" boolean DEFAULT false NOT NULL,
	"happy_hours_title" text DEFAULT 'Default' NOT NULL,
	"happy_hours_icon_name" text DEFAULT 'HH_ICON_1' NOT NULL,
	"color_primary_text" text DEFAULT '#479A7C' NOT NULL,
	"color_secondary_text" text DEFAULT '#43A2B7' NOT NULL,
	"color_accent" text DEFAULT '#2F4C86' NOT NULL,
	"color_button_primary" text DEFAULT '#FFFFFF' NOT NULL,
	"color_happy_hours_icon" text DEFAULT '#F4C100' NOT NULL,
	"color_background_primary" text DEFAULT '#F8F9FA' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widget_settings_establishment_id_unique" UNIQUE("establishment_id"),
	CONSTRAINT "widget_settings_external_api_key_unique" UNIQUE("external_api_key"),
	CONSTRAINT "widget_settings_key_check" CHECK (length("widget_settings"."external_api_key") >= 22),
	CONSTRAINT "widget_settings_primary_text_check" CHECK ("widget_settings"."color_primary_text" ~ '^#[0-9A-Fa-f]{6}$'),
	CONSTRAINT "widget_settings_secondary_text_check" CHECK ("widget_settings"."color_secondary_text" ~ '^#[0-9A-Fa-f]{6}$'),
	CONSTRAINT "widget_settings_accent_check" CHECK ("widget_settings"."color_accent" ~ '^#[0-9A-Fa-f]{6}$'),
	CONSTRAINT "widget_settings_button_primary_check" CHECK ("widget_settings"."color_button_primary" ~ '^#[0-9A-Fa-f]{6}$'),
	CONSTRAINT "widget_settings_happy_hours_icon_check" CHECK ("widget_settings"."color_happy_hours_icon" ~ '^#[0-9A-Fa-f]{6}$'),
	CONSTRAINT "widget_settings_background_primary_check" CHECK ("widget_settings"."color_background_primary" ~ '^#[0-9A-Fa-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"actor_email" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"resource" text NOT NULL,
	"record_id" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" IN ('CREATE', 'UPDATE', 'DELETE'))
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_promoter_group_id_promoter_groups_id_fk" FOREIGN KEY ("promoter_group_id") REFERENCES "public"."promoter_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_translations" ADD CONSTRAINT "tag_translations_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_ambiances" ADD CONSTRAINT "establishment_ambiances_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_ambiances" ADD CONSTRAINT "establishment_ambiances_ambiance_id_ambiances_id_fk" FOREIGN KEY ("ambiance_id") REFERENCES "public"."ambiances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_happy_hours" ADD CONSTRAINT "establishment_happy_hours_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_media" ADD CONSTRAINT "establishment_media_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_media" ADD CONSTRAINT "establishment_media_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_musics" ADD CONSTRAINT "establishment_musics_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_musics" ADD CONSTRAINT "establishment_musics_music_id_musics_id_fk" FOREIGN KEY ("music_id") REFERENCES "public"."musics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_secondary_types" ADD CONSTRAINT "establishment_secondary_types_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_secondary_types" ADD CONSTRAINT "establishment_secondary_types_establishment_type_id_establishment_types_id_fk" FOREIGN KEY ("establishment_type_id") REFERENCES "public"."establishment_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_tags" ADD CONSTRAINT "establishment_tags_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_tags" ADD CONSTRAINT "establishment_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_work_schedules" ADD CONSTRAINT "establishment_work_schedules_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishments" ADD CONSTRAINT "establishments_logo_upload_id_uploads_id_fk" FOREIGN KEY ("logo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishments" ADD CONSTRAINT "establishments_establishment_type_id_establishment_types_id_fk" FOREIGN KEY ("establishment_type_id") REFERENCES "public"."establishment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_group_ambiances" ADD CONSTRAINT "promoter_group_ambiances_promoter_group_id_promoter_groups_id_fk" FOREIGN KEY ("promoter_group_id") REFERENCES "public"."promoter_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_group_ambiances" ADD CONSTRAINT "promoter_group_ambiances_ambiance_id_ambiances_id_fk" FOREIGN KEY ("ambiance_id") REFERENCES "public"."ambiances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_group_event_types" ADD CONSTRAINT "promoter_group_event_types_promoter_group_id_promoter_groups_id_fk" FOREIGN KEY ("promoter_group_id") REFERENCES "public"."promoter_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_group_event_types" ADD CONSTRAINT "promoter_group_event_types_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_group_media" ADD CONSTRAINT "promoter_group_media_promoter_group_id_promoter_groups_id_fk" FOREIGN KEY ("promoter_group_id") REFERENCES "public"."promoter_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_group_media" ADD CONSTRAINT "promoter_group_media_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_group_musics" ADD CONSTRAINT "promoter_group_musics_promoter_group_id_promoter_groups_id_fk" FOREIGN KEY ("promoter_group_id") REFERENCES "public"."promoter_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_group_musics" ADD CONSTRAINT "promoter_group_musics_music_id_musics_id_fk" FOREIGN KEY ("music_id") REFERENCES "public"."musics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_group_promoter_types" ADD CONSTRAINT "promoter_group_promoter_types_promoter_group_id_promoter_groups_id_fk" FOREIGN KEY ("promoter_group_id") REFERENCES "public"."promoter_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_group_promoter_types" ADD CONSTRAINT "promoter_group_promoter_types_promoter_type_id_promoter_types_id_fk" FOREIGN KEY ("promoter_type_id") REFERENCES "public"."promoter_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_group_tags" ADD CONSTRAINT "promoter_group_tags_promoter_group_id_promoter_groups_id_fk" FOREIGN KEY ("promoter_group_id") REFERENCES "public"."promoter_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_group_tags" ADD CONSTRAINT "promoter_group_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_groups" ADD CONSTRAINT "promoter_groups_logo_upload_id_uploads_id_fk" FOREIGN KEY ("logo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_environments" ADD CONSTRAINT "event_environments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_environments" ADD CONSTRAINT "event_environments_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_games" ADD CONSTRAINT "event_games_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_games" ADD CONSTRAINT "event_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_media" ADD CONSTRAINT "event_media_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_media" ADD CONSTRAINT "event_media_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_musics" ADD CONSTRAINT "event_musics_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_musics" ADD CONSTRAINT "event_musics_music_id_musics_id_fk" FOREIGN KEY ("music_id") REFERENCES "public"."musics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_out_of_schedule" ADD CONSTRAINT "event_out_of_schedule_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_services" ADD CONSTRAINT "event_services_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_services" ADD CONSTRAINT "event_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tags" ADD CONSTRAINT "event_tags_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tags" ADD CONSTRAINT "event_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_promoter_group_id_promoter_groups_id_fk" FOREIGN KEY ("promoter_group_id") REFERENCES "public"."promoter_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_parent_event_id_events_id_fk" FOREIGN KEY ("parent_event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_file_carte_upload_id_uploads_id_fk" FOREIGN KEY ("file_carte_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_templates" ADD CONSTRAINT "offer_templates_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_templates" ADD CONSTRAINT "offer_templates_promoter_group_id_promoter_groups_id_fk" FOREIGN KEY ("promoter_group_id") REFERENCES "public"."promoter_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_templates" ADD CONSTRAINT "offer_templates_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_promoter_group_id_promoter_groups_id_fk" FOREIGN KEY ("promoter_group_id") REFERENCES "public"."promoter_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_offer_type_id_offer_types_id_fk" FOREIGN KEY ("offer_type_id") REFERENCES "public"."offer_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_template_id_offer_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."offer_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_templates" ADD CONSTRAINT "promo_code_templates_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_templates" ADD CONSTRAINT "promo_code_templates_promoter_group_id_promoter_groups_id_fk" FOREIGN KEY ("promoter_group_id") REFERENCES "public"."promoter_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_promo_code_template_id_promo_code_templates_id_fk" FOREIGN KEY ("promo_code_template_id") REFERENCES "public"."promo_code_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_settings" ADD CONSTRAINT "widget_settings_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user_idx" ON "one_time_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "ambiances_position_idx" ON "ambiances" USING btree ("position");--> statement-breakpoint
CREATE INDEX "environments_position_idx" ON "environments" USING btree ("position");--> statement-breakpoint
CREATE INDEX "establishment_types_position_idx" ON "establishment_types" USING btree ("position");--> statement-breakpoint
CREATE INDEX "event_types_position_idx" ON "event_types" USING btree ("position");--> statement-breakpoint
CREATE INDEX "games_position_idx" ON "games" USING btree ("position");--> statement-breakpoint
CREATE INDEX "musics_position_idx" ON "musics" USING btree ("position");--> statement-breakpoint
CREATE INDEX "offer_types_position_idx" ON "offer_types" USING btree ("position");--> statement-breakpoint
CREATE INDEX "promoter_types_position_idx" ON "promoter_types" USING btree ("position");--> statement-breakpoint
CREATE INDEX "services_position_idx" ON "services" USING btree ("position");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_unique" ON "tags" USING btree (lower("tag_name"));--> statement-breakpoint
CREATE INDEX "tags_category_idx" ON "tags" USING btree ("category","sub_category");--> statement-breakpoint
CREATE INDEX "establishment_ambiances_ambiance_idx" ON "establishment_ambiances" USING btree ("ambiance_id");--> statement-breakpoint
CREATE INDEX "establishment_happy_hours_establishment_idx" ON "establishment_happy_hours" USING btree ("establishment_id");--> statement-breakpoint
CREATE INDEX "establishment_media_upload_idx" ON "establishment_media" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "establishment_musics_music_idx" ON "establishment_musics" USING btree ("music_id");--> statement-breakpoint
CREATE INDEX "establishment_secondary_types_type_idx" ON "establishment_secondary_types" USING btree ("establishment_type_id");--> statement-breakpoint
CREATE INDEX "establishment_tags_tag_idx" ON "establishment_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "establishments_city_idx" ON "establishments" USING btree ("city");--> statement-breakpoint
CREATE INDEX "establishments_type_idx" ON "establishments" USING btree ("establishment_type_id");--> statement-breakpoint
CREATE INDEX "establishments_visibility_idx" ON "establishments" USING btree ("visibility");--> statement-breakpoint
CREATE INDEX "establishments_name_idx" ON "establishments" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "promoter_group_ambiances_ambiance_idx" ON "promoter_group_ambiances" USING btree ("ambiance_id");--> statement-breakpoint
CREATE INDEX "promoter_group_event_types_type_idx" ON "promoter_group_event_types" USING btree ("event_type_id");--> statement-breakpoint
CREATE INDEX "promoter_group_media_upload_idx" ON "promoter_group_media" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "promoter_group_musics_music_idx" ON "promoter_group_musics" USING btree ("music_id");--> statement-breakpoint
CREATE INDEX "promoter_group_promoter_types_type_idx" ON "promoter_group_promoter_types" USING btree ("promoter_type_id");--> statement-breakpoint
CREATE INDEX "promoter_group_tags_tag_idx" ON "promoter_group_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "promoter_groups_visibility_idx" ON "promoter_groups" USING btree ("visibility");--> statement-breakpoint
CREATE INDEX "promoter_groups_name_idx" ON "promoter_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "event_environments_environment_idx" ON "event_environments" USING btree ("environment_id");--> statement-breakpoint
CREATE INDEX "event_games_game_idx" ON "event_games" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "event_media_upload_idx" ON "event_media" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "event_musics_music_idx" ON "event_musics" USING btree ("music_id");--> statement-breakpoint
CREATE INDEX "event_out_of_schedule_starts_idx" ON "event_out_of_schedule" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "event_services_service_idx" ON "event_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "event_tags_tag_idx" ON "event_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "events_window_start_idx" ON "events" USING btree ("first_starts_at");--> statement-breakpoint
CREATE INDEX "events_window_end_idx" ON "events" USING btree ("last_ends_at");--> statement-breakpoint
CREATE INDEX "events_establishment_idx" ON "events" USING btree ("establishment_id","first_starts_at");--> statement-breakpoint
CREATE INDEX "events_promoter_group_idx" ON "events" USING btree ("promoter_group_id","first_starts_at");--> statement-breakpoint
CREATE INDEX "events_event_type_idx" ON "events" USING btree ("event_type_id");--> statement-breakpoint
CREATE INDEX "events_city_idx" ON "events" USING btree ("city");--> statement-breakpoint
CREATE INDEX "events_parent_idx" ON "events" USING btree ("parent_event_id");--> statement-breakpoint
CREATE INDEX "events_approval_idx" ON "events" USING btree ("approval_status");--> statement-breakpoint
CREATE INDEX "events_title_idx" ON "events" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "offer_templates_establishment_idx" ON "offer_templates" USING btree ("establishment_id");--> statement-breakpoint
CREATE INDEX "offer_templates_promoter_group_idx" ON "offer_templates" USING btree ("promoter_group_id");--> statement-breakpoint
CREATE INDEX "offer_templates_approval_idx" ON "offer_templates" USING btree ("approval_status");--> statement-breakpoint
CREATE INDEX "offers_establishment_idx" ON "offers" USING btree ("establishment_id");--> statement-breakpoint
CREATE INDEX "offers_promoter_group_idx" ON "offers" USING btree ("promoter_group_id");--> statement-breakpoint
CREATE INDEX "offers_event_idx" ON "offers" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "offers_dates_idx" ON "offers" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "promo_codes_template_idx" ON "promo_codes" USING btree ("promo_code_template_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("resource","record_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","at");