/**
 * The closed value sets of the records and their states, shared by the zod schemas, the forms and the database's
 * check constraints. Reference vocabularies that users manage (musics, event types…) are tables, not here.
 */

const includes =
  <Values extends readonly string[]>(values: Values) =>
  (value: unknown): value is Values[number] =>
    typeof value === 'string' && (values as readonly string[]).includes(value);

/** Week days, Monday first (Swiss usage). */
export const WEEK_DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
export const isWeekDay = includes(WEEK_DAYS);

/** Events, establishments and promoters start PUBLISHED; offers and offer templates start DRAFT. */
export const VISIBILITIES = ['DRAFT', 'PUBLISHED'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const isVisibility = includes(VISIBILITIES);

/** Promoter event requests and requested offer templates (the specification leaves the values open; these are ours). */
export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const RECURRENCE_PATTERNS = ['NONE', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RecurrencePattern = (typeof RECURRENCE_PATTERNS)[number];

export const RECURRENCE_END_TYPES = ['NEVER', 'ON_DATE', 'AFTER_OCCURRENCES'] as const;
export type RecurrenceEndType = (typeof RECURRENCE_END_TYPES)[number];

export const OUT_OF_SCHEDULE_ACTIONS = ['CREATE', 'SKIP', 'UPDATE'] as const;
export type OutOfScheduleAction = (typeof OUT_OF_SCHEDULE_ACTIONS)[number];

export const UPDATE_SCOPES = ['THIS_OCCURRENCE_ONLY', 'THIS_AND_NEXT_OCCURRENCES'] as const;
export type UpdateScope = (typeof UPDATE_SCOPES)[number];

/** One offers table holds both kinds, so switching the kind keeps the id. */
export const OFFER_KINDS = ['EXCLUSIVE', 'RECURRENT'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** Offer template `reccurrencePattern` (the specification's spelling in the record). */
export const OFFER_RECURRENCE_PATTERNS = ['WEEKLY', 'MONTHLY', 'DAILY'] as const;
export type OfferRecurrencePattern = (typeof OFFER_RECURRENCE_PATTERNS)[number];

/** What a promo code template grants; the specification shows none, these cover Swiss nightlife practice. */
export const PROMO_DISCOUNT_KINDS = ['PERCENTAGE', 'FIXED_AMOUNT', 'FREE_ENTRY'] as const;
export type PromoDiscountKind = (typeof PROMO_DISCOUNT_KINDS)[number];

/**
 * What an audit row records: a record's create, update or delete, and SEND_ACCESS_LINK, a user mailed a
 * sign-in link by ROOT (it grants access as surely as a changed record does). CLAIM and CANCEL_CLAIM are an
 * offer's spot taken by a customer and given back: they change what the offer still gives out.
 */
export const AUDIT_ACTIONS = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'SEND_ACCESS_LINK',
  'CLAIM',
  'CANCEL_CLAIM',
  'MARK_PAID',
  'CREDIT_NOTE',
  'SEND_REMINDER',
  'MERGE',
  'ASSIGN_TAG',
  'UNASSIGN_TAG',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Wall-clock time as the API and the database carry it. */
export const TIME_OF_DAY_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** Defaults of new records. */
export const EVENT_DEFAULTS = { ageMin: 0, promotable: true, isFree: false } as const;
export const PROMO_CODE_DEFAULT_MAX_USAGE_COUNT = 1;

/** What became of a recorded mail (the outbox's `status`): kept without a mail server, being sent, sent, failed for good. */
export const MAIL_STATUSES = ['stored', 'pending', 'sent', 'failed'] as const;
export type MailStatusKey = (typeof MAIL_STATUSES)[number];
