import type { ApiErrorBody } from '../../domain/errors';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';

/**
 * Constraint violations are the caller's input or the records' state, never a 500 and never an internal
 * name in the answer. Every unique, primary-key, foreign-key and check constraint of
 * server/db/schema is named here with the field of the API record it guards (test/api/hardening.test.ts
 * fails when a constraint is added without its field); a violation answers on that field with a code that
 * the browser translates (src/i18n/<language>/resources.ts). A constraint unknown here (one made by a later
 * migration and forgotten) answers the same status on `_`, the record as a whole.
 */

/** Constraint name → the dot path of the field in the API record (the table's columns are not the API's). */
export const CONSTRAINT_FIELDS: Readonly<Record<string, string>> = {
  // ---- reference data (`/reference-data/<kind>`): a key per value --------------------------------------
  roles_key_unique: 'key',
  establishment_types_key_unique: 'key',
  event_types_key_unique: 'key',
  promoter_types_key_unique: 'key',
  musics_key_unique: 'key',
  ambiances_key_unique: 'key',
  services_key_unique: 'key',
  games_key_unique: 'key',
  environments_key_unique: 'key',
  offer_types_key_unique: 'key',

  // ---- users and sign-in ---------------------------------------------------------------------------------
  users_auth_id_unique: 'authId',
  users_email_lower_unique: 'email',
  users_username_lower_unique: 'username',
  users_role_id_roles_id_fk: 'roleId',
  users_establishment_id_establishments_id_fk: 'establishmentId',
  users_promoter_group_id_promoter_groups_id_fk: 'promoterGroupId',
  auth_sessions_user_id_users_id_fk: 'userId',
  refresh_tokens_session_id_auth_sessions_id_fk: 'sessionId',
  refresh_tokens_token_hash_unique: 'token',
  one_time_tokens_user_id_users_id_fk: 'userId',
  one_time_tokens_token_hash_unique: 'token',
  mail_outbox_user_id_users_id_fk: 'userId',
  audit_log_actor_user_id_users_id_fk: 'actorUserId',
  audit_log_action_check: 'action',
  // Written only by the database's own triggers (ON CONFLICT): never by a request.
  row_counts_counter_shard_pk: 'id',

  // ---- uploads -------------------------------------------------------------------------------------------
  uploads_storage_key_unique: 'file',
  uploads_owner_user_id_users_id_fk: 'ownerUserId',
  uploads_size_check: 'file',
  uploads_dimensions_check: 'file',

  // ---- tags ----------------------------------------------------------------------------------------------
  tags_name_unique: 'generalInfos.tagName',
  tag_translations_tag_id_tags_id_fk: 'id',
  tag_translations_tag_id_language_pk: 'translation',
  tag_translations_language_check: 'translation',

  // ---- establishments ------------------------------------------------------------------------------------
  establishments_logo_upload_id_uploads_id_fk: 'generalInfos.logo',
  establishments_establishment_type_id_establishment_types_id_fk: 'generalInfos.establishmentTypeId',
  establishments_visibility_check: 'visibility',
  establishments_coordinates_check: 'generalInfos.lat',
  establishments_tariffs_check: 'additionalInfos.tarifMax',
  establishments_counts_check: 'additionalInfos',
  establishment_work_schedules_establishment_id_establishments_id_fk: 'id',
  establishment_work_schedules_establishment_id_day_of_week_pk: 'generalInfos.workSchedules',
  establishment_work_schedules_day_check: 'generalInfos.workSchedules',
  establishment_work_schedules_start_check: 'generalInfos.workSchedules',
  establishment_work_schedules_end_check: 'generalInfos.workSchedules',
  establishment_work_schedules_active_check: 'generalInfos.workSchedules',
  establishment_happy_hours_establishment_id_establishments_id_fk: 'id',
  establishment_happy_hours_start_check: 'additionalInfos.happyHours',
  establishment_happy_hours_end_check: 'additionalInfos.happyHours',
  establishment_happy_hours_days_check: 'additionalInfos.happyHours',
  establishment_secondary_types_establishment_id_establishments_id_fk: 'id',
  establishment_secondary_types_establishment_type_id_establishment_types_id_fk:
    'generalInfos.establishmentSecondaryTypeIds',
  establishment_secondary_types_establishment_id_establishment_type_id_pk: 'generalInfos.establishmentSecondaryTypeIds',
  establishment_musics_establishment_id_establishments_id_fk: 'id',
  establishment_musics_music_id_musics_id_fk: 'specificInfos.musics',
  establishment_musics_establishment_id_music_id_pk: 'specificInfos.musics',
  establishment_ambiances_establishment_id_establishments_id_fk: 'id',
  establishment_ambiances_ambiance_id_ambiances_id_fk: 'specificInfos.ambiance',
  establishment_ambiances_establishment_id_ambiance_id_pk: 'specificInfos.ambiance',
  establishment_tags_establishment_id_establishments_id_fk: 'id',
  establishment_tags_tag_id_tags_id_fk: 'additionalInfos.tagTerms',
  establishment_tags_establishment_id_tag_id_pk: 'additionalInfos.tagTerms',
  establishment_media_establishment_id_establishments_id_fk: 'id',
  establishment_media_upload_id_uploads_id_fk: 'generalInfos.media',
  establishment_media_establishment_id_upload_id_pk: 'generalInfos.media',
  establishment_media_position_check: 'generalInfos.media',

  // ---- promoter groups (`/promoters`) --------------------------------------------------------------------
  promoter_groups_logo_upload_id_uploads_id_fk: 'generalInfos.logo',
  promoter_groups_visibility_check: 'visibility',
  promoter_group_promoter_types_promoter_group_id_promoter_groups_id_fk: 'id',
  promoter_group_promoter_types_promoter_type_id_promoter_types_id_fk: 'generalInfos.promoterTypesIds',
  promoter_group_promoter_types_promoter_group_id_promoter_type_id_pk: 'generalInfos.promoterTypesIds',
  promoter_group_event_types_promoter_group_id_promoter_groups_id_fk: 'id',
  promoter_group_event_types_event_type_id_event_types_id_fk: 'generalInfos.evenTypesIds',
  promoter_group_event_types_promoter_group_id_event_type_id_pk: 'generalInfos.evenTypesIds',
  promoter_group_musics_promoter_group_id_promoter_groups_id_fk: 'id',
  promoter_group_musics_music_id_musics_id_fk: 'specificInfos.musics',
  promoter_group_musics_promoter_group_id_music_id_pk: 'specificInfos.musics',
  promoter_group_ambiances_promoter_group_id_promoter_groups_id_fk: 'id',
  promoter_group_ambiances_ambiance_id_ambiances_id_fk: 'specificInfos.ambiance',
  promoter_group_ambiances_promoter_group_id_ambiance_id_pk: 'specificInfos.ambiance',
  promoter_group_tags_promoter_group_id_promoter_groups_id_fk: 'id',
  promoter_group_tags_tag_id_tags_id_fk: 'additionalInfos.tagTerms',
  promoter_group_tags_promoter_group_id_tag_id_pk: 'additionalInfos.tagTerms',
  promoter_group_media_promoter_group_id_promoter_groups_id_fk: 'id',
  promoter_group_media_upload_id_uploads_id_fk: 'generalInfos.media',
  promoter_group_media_promoter_group_id_upload_id_pk: 'generalInfos.media',
  promoter_group_media_position_check: 'generalInfos.media',

  // ---- events --------------------------------------------------------------------------------------------
  events_establishment_id_establishments_id_fk: 'generalInfos.establishmentId',
  events_promoter_group_id_promoter_groups_id_fk: 'generalInfos.promoterGroupId',
  events_event_type_id_event_types_id_fk: 'generalInfos.eventType',
  events_parent_event_id_events_id_fk: 'dateAndCalendar.parentEventId',
  events_requested_by_user_id_users_id_fk: 'id',
  events_reviewed_by_user_id_users_id_fk: 'id',
  events_file_carte_upload_id_uploads_id_fk: 'descriptionAndMedia.fileCarte',
  events_visibility_check: 'visibility',
  events_recurrence_pattern_check: 'dateAndCalendar.recurrencePattern',
  events_recurrence_end_type_check: 'dateAndCalendar.recurrenceEndType',
  events_approval_status_check: 'generalInfos.approvalStatus',
  events_recurrence_days_check: 'dateAndCalendar.recurrenceDaysOfWeek',
  events_start_time_check: 'dateAndCalendar.startTime',
  events_end_time_check: 'dateAndCalendar.endTime',
  events_coordinates_check: 'generalInfos.lat',
  events_tariffs_check: 'generalInfos.tarifMax',
  events_owner_check: 'generalInfos.establishmentId',
  events_age_check: 'generalInfos.ageMin',
  events_capacity_check: 'descriptionAndMedia.eventCapacity',
  events_end_rule_check: 'dateAndCalendar.recurrenceEndType',
  events_window_check: 'dateAndCalendar.endDate',
  event_out_of_schedule_event_id_events_id_fk: 'id',
  event_out_of_schedule_occurrence_unique: 'dateAndCalendar.outOfScheduleEvents',
  event_out_of_schedule_action_check: 'dateAndCalendar.outOfScheduleEvents',
  event_out_of_schedule_instants_check: 'dateAndCalendar.outOfScheduleEvents',
  event_musics_event_id_events_id_fk: 'id',
  event_musics_music_id_musics_id_fk: 'generalInfos.musics',
  event_musics_event_id_music_id_pk: 'generalInfos.musics',
  event_services_event_id_events_id_fk: 'id',
  event_services_service_id_services_id_fk: 'descriptionAndMedia.services',
  event_services_event_id_service_id_pk: 'descriptionAndMedia.services',
  event_games_event_id_events_id_fk: 'id',
  event_games_game_id_games_id_fk: 'descriptionAndMedia.games',
  event_games_event_id_game_id_pk: 'descriptionAndMedia.games',
  event_environments_event_id_events_id_fk: 'id',
  event_environments_environment_id_environments_id_fk: 'descriptionAndMedia.environments',
  event_environments_event_id_environment_id_pk: 'descriptionAndMedia.environments',
  event_tags_event_id_events_id_fk: 'id',
  event_tags_tag_id_tags_id_fk: 'descriptionAndMedia.tagTerms',
  event_tags_event_id_tag_id_pk: 'descriptionAndMedia.tagTerms',
  event_media_event_id_events_id_fk: 'id',
  event_media_upload_id_uploads_id_fk: 'descriptionAndMedia.media',
  event_media_event_id_upload_id_pk: 'descriptionAndMedia.media',
  event_media_position_check: 'descriptionAndMedia.media',

  // ---- offers and offer templates (the records' field names) ---------------------------------------------
  offer_templates_establishment_id_establishments_id_fk: 'establishmentId',
  offer_templates_promoter_group_id_promoter_groups_id_fk: 'promoterGroupId',
  offer_templates_requested_by_user_id_users_id_fk: 'id',
  offer_templates_kind_check: 'kind',
  offer_templates_recurrence_check: 'reccurrencePattern',
  offer_templates_approval_check: 'approvalStatus',
  offer_templates_visibility_check: 'visibility',
  offer_templates_kind_fields_check: 'reccurrencePattern',
  offer_templates_decided_by_user_id_users_id_fk: 'id',
  offers_establishment_id_establishments_id_fk: 'establishmentId',
  offers_promoter_group_id_promoter_groups_id_fk: 'promoterGroupId',
  offers_event_id_events_id_fk: 'eventId',
  offers_offer_type_id_offer_types_id_fk: 'offerTypeId',
  offers_template_id_offer_templates_id_fk: 'promotionId',
  offers_kind_check: 'kind',
  offers_visibility_check: 'visibility',
  offers_start_time_check: 'startTime',
  offers_end_time_check: 'endTime',
  offers_owner_check: 'establishmentId',
  offers_spots_check: 'availableSpots',
  offers_dates_check: 'endDate',
  offers_claimed_spots_check: 'availableSpots',
  // Claims are written by the claim endpoints only (server/services/offers), never from a record's fields.
  offer_claims_live_unique: 'offerId',
  offer_claims_offer_id_offers_id_fk: 'offerId',
  offer_claims_user_id_users_id_fk: 'userId',
  offer_claims_cancelled_by_user_id_users_id_fk: 'userId',

  // ---- notifications -------------------------------------------------------------------------------------
  // Written by notify() and the notifications routes (server/services/notifications), never from a record's fields.
  notifications_user_id_users_id_fk: 'userId',
  notifications_kind_check: 'kind',
  notifications_resource_check: 'resource',
  notifications_mail_mode_check: 'mailMode',
  notification_preferences_user_id_kind_pk: 'deliveries',
  notification_preferences_user_id_users_id_fk: 'userId',
  notification_preferences_kind_check: 'deliveries',
  notification_preferences_delivery_check: 'deliveries',
  scheduled_job_runs_job_run_on_pk: 'job',

  // ---- promo codes ---------------------------------------------------------------------------------------
  promo_code_templates_establishment_id_establishments_id_fk: 'establishmentId',
  promo_code_templates_promoter_group_id_promoter_groups_id_fk: 'promoterGroupId',
  promo_code_templates_discount_kind_check: 'discountKind',
  promo_code_templates_discount_value_check: 'discountValue',
  promo_code_templates_validity_check: 'validUntil',
  promo_codes_code_unique: 'code',
  promo_codes_code_check: 'code',
  promo_codes_max_usage_check: 'maxUsageCount',
  promo_codes_usage_check: 'maxUsageCount',
  promo_codes_promo_code_template_id_promo_code_templates_id_fk: 'promoCodeTemplateId',
  // Written by the redeem endpoint only.
  promo_code_redemptions_once_unique: 'code',
  promo_code_redemptions_promo_code_id_promo_codes_id_fk: 'code',
  promo_code_redemptions_user_id_users_id_fk: 'userId',

  // ---- widget settings -----------------------------------------------------------------------------------
  widget_settings_establishment_id_unique: 'establishmentId',
  widget_settings_establishment_id_establishments_id_fk: 'establishmentId',
  widget_settings_external_api_key_unique: 'externalApiKey',
  widget_settings_key_check: 'externalApiKey',
  widget_settings_primary_text_check: 'widgetTheme.colorPalette.primaryText',
  widget_settings_secondary_text_check: 'widgetTheme.colorPalette.secondaryText',
  widget_settings_accent_check: 'widgetTheme.colorPalette.accent',
  widget_settings_button_primary_check: 'widgetTheme.colorPalette.buttonPrimary',
  widget_settings_happy_hours_icon_check: 'widgetTheme.colorPalette.happyHoursIcon',
  widget_settings_background_primary_check: 'widgetTheme.colorPalette.backgroundPrimary',
  // Written by the server's counters only (server/services/widgetCounts), never from a request's fields.
  widget_daily_views_widget_settings_id_day_embedding_origin_pk: 'widgetSettingsId',
  widget_daily_views_widget_settings_id_widget_settings_id_fk: 'widgetSettingsId',
  widget_daily_clicks_unique: 'widgetSettingsId',
  widget_daily_clicks_widget_settings_id_widget_settings_id_fk: 'widgetSettingsId',
  widget_daily_clicks_kind_check: 'kind',

  // ---- asks (written by the triggers of migration 0015 only, never from a request's fields) -------------
  asks_kind_record_unique: 'recordId',
  asks_kind_check: 'kind',
  asks_status_check: 'status',
  asks_requested_by_user_id_users_id_fk: 'requestedBy',
  asks_decided_by_user_id_users_id_fk: 'decidedBy',

  // ---- statistics (written by the triggers of migration 0016 and the occurrences job only) --------------
  daily_statistics_scope_scope_id_day_metric_shard_pk: 'metric',
  daily_statistics_scope_check: 'scope',
  daily_statistics_metric_check: 'metric',

  // ---- billing (docs/billing.md): plans and subscriptions from their forms; invoices and payments from the
  // invoice actions and the camt.054 import, whose inputs name these fields ------------------------------------
  plans_interval_check: 'interval',
  plans_price_check: 'priceCentimes',
  plans_exclusive_offers_check: 'features.exclusiveOffersPerMonth',
  subscriptions_establishment_id_establishments_id_fk: 'partner.id',
  subscriptions_promoter_group_id_promoter_groups_id_fk: 'partner.id',
  subscriptions_plan_id_plans_id_fk: 'planId',
  subscriptions_next_plan_id_plans_id_fk: 'planId',
  subscriptions_partner_kind_check: 'partner.kind',
  subscriptions_status_check: 'status',
  subscriptions_language_check: 'language',
  subscriptions_partner_check: 'partner',
  subscriptions_period_check: 'startsOn',
  subscriptions_active_establishment_unique: 'partner',
  subscriptions_active_promoter_group_unique: 'partner',
  invoices_subscription_id_subscriptions_id_fk: 'subscriptionId',
  invoices_establishment_id_establishments_id_fk: 'subscriptionId',
  invoices_promoter_group_id_promoter_groups_id_fk: 'subscriptionId',
  invoices_credits_invoice_id_invoices_id_fk: 'creditsInvoiceId',
  invoices_kind_check: 'kind',
  invoices_status_check: 'status',
  invoices_partner_kind_check: 'subscriptionId',
  invoices_language_check: 'language',
  invoices_currency_check: 'currency',
  invoices_total_check: 'totalCentimes',
  invoices_credit_note_check: 'creditsInvoiceId',
  invoices_dates_check: 'dueOn',
  invoices_number_unique: 'number',
  invoices_year_sequence_unique: 'number',
  invoices_reference_unique: 'reference',
  invoices_period_unique: 'periodStart',
  invoices_credit_note_unique: 'creditsInvoiceId',
  invoice_payments_invoice_id_invoices_id_fk: 'invoiceId',
  invoice_payments_created_by_users_id_fk: 'createdBy',
  invoice_payments_source_check: 'source',
  invoice_payments_bank_entry_unique: 'file',
};

/** Field error codes of a violation, translated by the browser (top-level keys of resources.ts, as ALREADY_TAKEN). */
export const CONSTRAINT_ERROR_CODES = {
  unique: RESOURCE_ERROR_CODES.alreadyTaken,
  /** The field names a record that does not exist. */
  foreignKey: 'UNKNOWN_RECORD',
  /** A value the database refused; the schemas of domain/ refuse these first. */
  invalid: 'INVALID_VALUE',
} as const;

/** The field of a violation that names no known constraint: the record as a whole (as zod's path-less issues). */
export const WHOLE_RECORD_FIELD = '_';

export interface DatabaseErrorAnswer {
  statusCode: number;
  body: ApiErrorBody;
}

/** Per-resource names that win over CONSTRAINT_FIELDS (a resource whose record names the field otherwise). */
export interface ConstraintFieldOverrides {
  uniqueFields?: Readonly<Record<string, string>>;
  foreignKeyFields?: Readonly<Record<string, string>>;
}

interface PostgresError {
  code: string;
  constraint?: string;
}

/** The driver's error (pg or PGlite), possibly wrapped by drizzle (`cause`). */
export function postgresErrorOf(error: unknown): PostgresError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as Partial<PostgresError> & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate as PostgresError;
    current = candidate.cause;
  }
  return undefined;
}

const answer = (statusCode: number, message: string, field: string, code: string): DatabaseErrorAnswer => ({
  statusCode,
  body: { message, errors: { [field]: code } },
});

/** What a write does: deleting a record that is still referenced is the records' state, not bad input. */
export type WriteKind = 'create' | 'update' | 'delete';

/**
 * The answer to a database error caused by the request, or undefined for any other error (a real 500).
 * - unique or primary key (23505): 409 ALREADY_TAKEN on the field;
 * - foreign key (23503, or 23001 for ON DELETE RESTRICT): while deleting, 409 IN_USE without fields (a delete has no form); else 400
 *   UNKNOWN_RECORD on the field that references;
 * - check, not-null, too long, out of range, bad text (23514, 23502, 22001, 22003, 22P02, 22021, 22P05):
 *   400 INVALID_VALUE on the field (the domain schemas refuse these first: this is the safety net).
 */
export function databaseErrorAnswer(
  error: unknown,
  kind: WriteKind,
  overrides: ConstraintFieldOverrides = {},
): DatabaseErrorAnswer | undefined {
  const postgresError = postgresErrorOf(error);
  if (!postgresError) return undefined;
  const constraint = postgresError.constraint ?? '';
  const fieldOf = (resourceFields: Readonly<Record<string, string>> | undefined) =>
    (resourceFields && Object.hasOwn(resourceFields, constraint) ? resourceFields[constraint] : undefined) ??
    (Object.hasOwn(CONSTRAINT_FIELDS, constraint) ? CONSTRAINT_FIELDS[constraint] : WHOLE_RECORD_FIELD);
  switch (postgresError.code) {
    case '23505':
      return answer(
        409,
        RESOURCE_ERROR_CODES.alreadyTaken,
        fieldOf(overrides.uniqueFields),
        CONSTRAINT_ERROR_CODES.unique,
      );
    // ON DELETE RESTRICT answers restrict_violation (23001) where NO ACTION answers 23503: both say "in use".
    case '23001':
    case '23503':
      if (kind === 'delete') return { statusCode: 409, body: { message: RESOURCE_ERROR_CODES.inUse } };
      return answer(
        400,
        RESOURCE_ERROR_CODES.invalidInput,
        fieldOf(overrides.foreignKeyFields),
        CONSTRAINT_ERROR_CODES.foreignKey,
      );
    case '23514':
    case '23502':
    case '22001':
    case '22003':
    case '22P02':
    case '22021':
    case '22P05':
      return answer(400, RESOURCE_ERROR_CODES.invalidInput, fieldOf(undefined), CONSTRAINT_ERROR_CODES.invalid);
    default:
      return undefined;
  }
}
