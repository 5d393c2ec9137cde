import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import {
  APPROVAL_STATUSES,
  EVENT_DEFAULTS,
  OUT_OF_SCHEDULE_ACTIONS,
  RECURRENCE_END_TYPES,
  RECURRENCE_PATTERNS,
  UPDATE_SCOPES,
  VISIBILITIES,
  WEEK_DAYS,
  type ApprovalStatus,
  type Visibility,
} from './enums';
import {
  COORDINATES_PAIR_PROBLEM,
  descriptionSchema,
  optionalCount,
  optionalLatitude,
  optionalLongitude,
  optionalTarif,
  optionalWebUrl,
  PARTNER_LIMITS,
  partnerVisibilitySchema,
  referenceIdsSchema,
  TARIF_ORDER_PROBLEM,
  tagTermIdsSchema,
  type TagTermsMap,
} from './partner';
import { idSchema, optionalId, optionalText, recordVersionSchema, requiredText } from './records';
import { timeOfDaySchema } from './schedule';
import { crossFieldChecks, type CrossFieldCheck, type IssueSink } from './validation';
import {
  mediaInputSchema,
  mediaListStateSchema,
  uploadReferenceSchema,
  type MediaListState,
  type Upload,
} from './upload';

/**
 * The Event record (establishment flow and promoter flow) as the API carries it,
 * and its input schema, shared by the steppers and the server. A row is a one-off event or a recurring
 * series stored as its rule; occurrences are expanded by domain/recurrence.ts.
 *
 * The specification's spellings are kept in the record (`originalReccurenceTouched`, `lang` = longitude);
 * everywhere else words are spelled right.
 */

export const EVENT_LIMITS = {
  title: 200,
  ageMin: 99,
  capacity: 1_000_000,
  /** AFTER_OCCURRENCES: the most occurrences one series may generate. */
  maxOccurrences: 1000,
  /** Out-of-schedule rows one series may carry. */
  outOfScheduleEvents: 500,
  /** A one-off event lasts at most this many days (a festival); a recurring occurrence at most one night. */
  oneOffSpanDays: 14,
  recurringSpanDays: 1,
  /** GET /occurrences: the longest window one request may ask for. */
  occurrenceWindowDays: 400,
  /**
   * Dates and instants lie in these years (instants in UTC). Outside them the zone's rules, the database's
   * timestamps and Temporal's own range give way (year 0, a 9999-12-31 series running into year 10000).
   */
  firstYear: 1900,
  lastYear: 2999,
} as const;

const inYears = (year: number) => year >= EVENT_LIMITS.firstYear && year <= EVENT_LIMITS.lastYear;

/** `YYYY-MM-DD`, a real calendar date (wall-clock, Europe/Zurich). */
export const localDateSchema = z.string().refine((value) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  try {
    const date = Temporal.PlainDate.from(value, { overflow: 'reject' });
    return date.toString() === value && inYears(date.year);
  } catch {
    return false;
  }
}, `A date such as 2026-11-28, in the years ${EVENT_LIMITS.firstYear} to ${EVENT_LIMITS.lastYear}`);
const optionalLocalDate = z.preprocess(
  (value) => (value === '' ? null : value),
  localDateSchema.nullable().default(null),
);

/** An instant, ISO 8601 in UTC (`2026-11-28T21:00:00Z`); any offset is accepted and normalised. */
export const instantSchema = z.string().transform((value, context) => {
  try {
    const instant = Temporal.Instant.from(value);
    if (inYears(instant.toZonedDateTimeISO('UTC').year)) return instant.toString();
  } catch {
    // refused below
  }
  context.addIssue({
    code: 'custom',
    message: `An instant such as 2026-11-28T21:00:00Z, in the years ${EVENT_LIMITS.firstYear} to ${EVENT_LIMITS.lastYear}`,
  });
  return z.NEVER;
});
const optionalInstant = z.preprocess((value) => (value === '' ? null : value), instantSchema.nullable().default(null));

// ---- Save actions and approval -----------------------------------------------------------------------------

/** Event actions: a partner venue's staff create and update; a promoter demands (requests). */
export const EVENT_ACTIONS = ['create', 'update', 'demand'] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

/** Save actions, sent as the input's `saveAction`. */
export const SAVE_ACTIONS = [
  'publish',
  'saveAsDraft',
  'updateDraft',
  'createPublished',
  'createDraft',
  'requestEvent',
] as const;
export type SaveAction = (typeof SAVE_ACTIONS)[number];

/**
 * The one mapping of save actions to event actions and states (README "Decisions", docs/server.md):
 *
 * | save action     | event action | allowed on | visibility | approvalStatus            |
 * |-----------------|--------------|------------|------------|---------------------------|
 * | createPublished | create       | POST       | PUBLISHED  | null (establishment flow) |
 * | createDraft     | create       | POST       | DRAFT      | null                      |
 * | publish         | update       | PUT        | PUBLISHED  | unchanged                 |
 * | saveAsDraft     | update       | PUT        | DRAFT      | unchanged                 |
 * | updateDraft     | update       | PUT        | DRAFT      | unchanged (edits a draft) |
 * | requestEvent    | demand       | POST, PUT  | DRAFT      | PENDING                   |
 *
 * Approving a request makes it APPROVED and PUBLISHED; rejecting makes it REJECTED (with a reason) and
 * keeps it a DRAFT. A PENDING or REJECTED request is published only by approving it: a venue's PUT that
 * would publish it is a 400 on `visibility` (APPROVE_THE_REQUEST_TO_PUBLISH_IT). A promoter's writes are
 * always requests: its POST and its PUT are `requestEvent` (a PUT re-submits a PENDING or REJECTED request;
 * an APPROVED event is the venue's to change). Without `saveAction` the input's `visibility` decides, as for
 * any record of the REST contract.
 */
export const SAVE_ACTION_OUTCOMES = {
  createPublished: { eventAction: 'create', on: ['create'], visibility: 'PUBLISHED', approvalStatus: null },
  createDraft: { eventAction: 'create', on: ['create'], visibility: 'DRAFT', approvalStatus: null },
  publish: { eventAction: 'update', on: ['update'], visibility: 'PUBLISHED', approvalStatus: 'unchanged' },
  saveAsDraft: { eventAction: 'update', on: ['update'], visibility: 'DRAFT', approvalStatus: 'unchanged' },
  updateDraft: { eventAction: 'update', on: ['update'], visibility: 'DRAFT', approvalStatus: 'unchanged' },
  requestEvent: { eventAction: 'demand', on: ['create', 'update'], visibility: 'DRAFT', approvalStatus: 'PENDING' },
} as const satisfies Record<
  SaveAction,
  {
    eventAction: EventAction;
    on: readonly ('create' | 'update')[];
    visibility: Visibility;
    approvalStatus: ApprovalStatus | null | 'unchanged';
  }
>;

/** After an establishment's decision on a request. */
export const APPROVAL_OUTCOMES = {
  approve: { approvalStatus: 'APPROVED', visibility: 'PUBLISHED' },
  reject: { approvalStatus: 'REJECTED', visibility: 'DRAFT' },
} as const satisfies Record<string, { approvalStatus: ApprovalStatus; visibility: Visibility }>;

/** `POST /events/:id/reject` body; `POST /events/:id/approve` takes `{}` (or an optional note). */
export const APPROVAL_REASON_MAX = 1000;
export const approvalDecisionSchema = z.object({ reason: optionalText(APPROVAL_REASON_MAX) });
export const rejectionSchema = z.object({ reason: requiredText(APPROVAL_REASON_MAX) });

/** Codes the server puts in field errors / messages for event writes; the browser translates them. */
export const EVENT_PROBLEMS = {
  endsBeforeStart: 'EVENT_ENDS_BEFORE_IT_STARTS',
  tooLong: 'EVENT_LASTS_TOO_LONG',
  onlyForRepeating: 'ONLY_FOR_A_REPEATING_EVENT',
  onlyForWeekly: 'ONLY_FOR_A_WEEKLY_EVENT',
  requiredForEndType: 'REQUIRED_FOR_THIS_END',
  onlyForEndType: 'ONLY_FOR_THIS_END',
  endBeforeStartDate: 'RECURRENCE_ENDS_BEFORE_IT_STARTS',
  freeWithPrice: 'A_FREE_EVENT_HAS_NO_PRICE',
  ownerRequired: 'ESTABLISHMENT_OR_PROMOTER_GROUP_REQUIRED',
  originalStartRequired: 'ORIGINAL_START_REQUIRED_FOR_THIS_SCOPE',
  notAnOccurrence: 'NOT_AN_OCCURRENCE_OF_THIS_EVENT',
  notRecurring: 'NOT_A_REPEATING_EVENT',
  saveActionNotHere: 'SAVE_ACTION_NOT_ALLOWED_HERE',
  promoterMustRequest: 'A_PROMOTER_REQUESTS_EVENTS',
  requestNeedsEstablishment: 'A_REQUEST_NEEDS_AN_ESTABLISHMENT',
  alreadyDecided: 'REQUEST_ALREADY_DECIDED',
  notARequest: 'NOT_A_REQUEST',
  approvedIsVenues: 'AN_APPROVED_EVENT_IS_THE_VENUES_TO_CHANGE',
  /** A venue's own event (never requested) naming the promoter's group: the promoter reads it, the venue changes it. */
  venuesOwnEvent: 'THE_VENUES_OWN_EVENT_IS_THE_VENUES_TO_CHANGE',
  approveToPublish: 'APPROVE_THE_REQUEST_TO_PUBLISH_IT',
} as const;

// ---- Input ---------------------------------------------------------------------------------------------

const eventTypeRefSchema = z.object({
  id: idSchema,
  /** Read-only: the type's label in the reader's language. Ignored on input. */
  type: z.string().optional(),
});

export const eventGeneralInfosSchema = z.object({
  /** The venue: required in the establishment flow and for a promoter's request. */
  establishmentId: optionalId,
  eventType: eventTypeRefSchema,
  eventTitle: requiredText(EVENT_LIMITS.title),
  ageMin: z.number().int().min(0).max(EVENT_LIMITS.ageMin).default(EVENT_DEFAULTS.ageMin),
  tarifMin: optionalTarif,
  tarifMax: optionalTarif,
  urlBilletterie: optionalWebUrl,
  musics: referenceIdsSchema,
  promotable: z.boolean().default(EVENT_DEFAULTS.promotable),
  isFree: z.boolean().default(EVENT_DEFAULTS.isFree),
  // Promoter flow (null in the establishment flow).
  promoterGroupId: optionalId,
  localisation: optionalText(PARTNER_LIMITS.localisation),
  lat: optionalLatitude,
  lang: optionalLongitude,
  city: optionalText(PARTNER_LIMITS.city),
  placeId: optionalText(PARTNER_LIMITS.placeId),
  /** Read-only: set by save actions and the venue's decision (SAVE_ACTION_OUTCOMES). Ignored on input. */
  approvalStatus: z.enum(APPROVAL_STATUSES).nullable().optional(),
});

/** One out-of-schedule row as the record carries it. */
export const outOfScheduleEventSchema = z.object({
  /** The row's id when it exists (read back); ignored on input, rows are keyed by `originalStartsAt`. */
  id: idSchema.optional(),
  action: z.enum(OUT_OF_SCHEDULE_ACTIONS),
  /** The occurrence's start by the rule: the row's key. For a CREATE, its own start. */
  originalStartsAt: instantSchema,
  /** UPDATE and CREATE: where the occurrence now is. Null for a SKIP. */
  startsAt: optionalInstant,
  endsAt: optionalInstant,
  /** UPDATE and CREATE: a title of its own (null keeps the series' title). */
  eventTitle: optionalText(EVENT_LIMITS.title),
});
export type OutOfScheduleEventInput = z.output<typeof outOfScheduleEventSchema>;

export const eventDateAndCalendarSchema = z.object({
  startDate: localDateSchema,
  /** The first occurrence's end date; null derives it (the next day when the end time is not after the start). */
  endDate: optionalLocalDate,
  startTime: timeOfDaySchema,
  endTime: timeOfDaySchema,
  recurrencePattern: z.enum(RECURRENCE_PATTERNS).default('NONE'),
  /** WEEKLY only; empty means the start date's weekday. */
  recurrenceDaysOfWeek: z
    .array(z.enum(WEEK_DAYS))
    .refine((days) => new Set(days).size === days.length, 'A day appears twice')
    .default([]),
  recurrenceEndType: z.enum(RECURRENCE_END_TYPES).default('NEVER'),
  maxOccurrences: z.preprocess(
    (value) => (value === '' ? null : value),
    z.number().int().min(1).max(EVENT_LIMITS.maxOccurrences).nullable().default(null),
  ),
  /** ON_DATE: the last local date an occurrence may start on (inclusive). */
  recurrenceEndDate: optionalLocalDate,
  /**
   * The series' out-of-schedule rows. A PUT without `updateScope` replaces them with this list (the
   * out-of-schedule editor); left out, they stay as stored. Ignored when `updateScope` is set.
   */
  outOfScheduleEvents: z.array(outOfScheduleEventSchema).max(EVENT_LIMITS.outOfScheduleEvents).optional(),
  /** Editing one occurrence (with the record's `originalStartsAt`): which ones the change applies to. */
  updateScope: z.enum(UPDATE_SCOPES).nullable().default(null),
  // Read-only, derived by the server, ignored on input: totalOccurrencesNumber, sourceEvent,
  // virtualParentEvent, recurrenceTouched, parentEventId, segmentIsRecurrenceTail, nested.
});

export const eventDescriptionAndMediaSchema = z
  .object({
    media: mediaInputSchema,
    mediaListState: mediaListStateSchema.nullable().default(null),
    tagTerms: tagTermIdsSchema,
    // Promoter flow.
    eventCapacity: optionalCount(EVENT_LIMITS.capacity),
    urlCarte: optionalWebUrl,
    /** The menu (carte) as a file: an image or a PDF. */
    fileCarte: uploadReferenceSchema.nullable().default(null),
    services: referenceIdsSchema,
    games: referenceIdsSchema,
    environments: referenceIdsSchema,
  })
  .default({
    media: [],
    mediaListState: null,
    tagTerms: [],
    eventCapacity: null,
    urlCarte: null,
    fileCarte: null,
    services: [],
    games: [],
    environments: [],
  });

/** The occurrence's span in days: a one-off may last days, a recurring occurrence at most into the next day. */
export const eventSpanDays = (startDate: string, endDate: string): number =>
  Temporal.PlainDate.from(startDate).until(Temporal.PlainDate.from(endDate), { largestUnit: 'days' }).days;

/** The first occurrence's end date when the input leaves it out. */
export const derivedEndDate = (startDate: string, startTime: string, endTime: string): string =>
  endTime <= startTime ? Temporal.PlainDate.from(startDate).add({ days: 1 }).toString() : startDate;

type Dates = z.output<typeof eventDateAndCalendarSchema>;
const datesAt = (field: string) => ['dateAndCalendar', field];
const datesRead = (...fields: string[]) => fields.map((field) => `dateAndCalendar.${field}`);

/** The first occurrence's end after its start, no longer than a one-off or a recurring occurrence may last. */
function checkSpan(dates: Dates, context: IssueSink): void {
  if (dates.endDate === null) return;
  const repeating = dates.recurrencePattern !== 'NONE';
  const span = eventSpanDays(dates.startDate, dates.endDate);
  if (span < 0 || (span === 0 && dates.endTime <= dates.startTime)) {
    context.addIssue({ code: 'custom', path: datesAt('endDate'), message: EVENT_PROBLEMS.endsBeforeStart });
  } else if (span > (repeating ? EVENT_LIMITS.recurringSpanDays : EVENT_LIMITS.oneOffSpanDays)) {
    context.addIssue({ code: 'custom', path: datesAt('endDate'), message: EVENT_PROBLEMS.tooLong });
  } else if (repeating && span === 1 && dates.endTime > dates.startTime) {
    context.addIssue({ code: 'custom', path: datesAt('endDate'), message: EVENT_PROBLEMS.tooLong });
  }
}

/** The rule's fields only where the pattern uses them. */
function checkRuleFields(dates: Dates, context: IssueSink): void {
  if (dates.recurrencePattern === 'NONE') {
    if (dates.recurrenceDaysOfWeek.length > 0)
      context.addIssue({
        code: 'custom',
        path: datesAt('recurrenceDaysOfWeek'),
        message: EVENT_PROBLEMS.onlyForRepeating,
      });
    if (dates.recurrenceEndType !== 'NEVER')
      context.addIssue({
        code: 'custom',
        path: datesAt('recurrenceEndType'),
        message: EVENT_PROBLEMS.onlyForRepeating,
      });
    if (dates.outOfScheduleEvents?.length)
      context.addIssue({
        code: 'custom',
        path: datesAt('outOfScheduleEvents'),
        message: EVENT_PROBLEMS.onlyForRepeating,
      });
  } else if (dates.recurrencePattern !== 'WEEKLY' && dates.recurrenceDaysOfWeek.length > 0) {
    context.addIssue({ code: 'custom', path: datesAt('recurrenceDaysOfWeek'), message: EVENT_PROBLEMS.onlyForWeekly });
  }
}

/** AFTER_OCCURRENCES needs its count, ON_DATE its date (not before the start); neither is set otherwise. */
function checkRecurrenceEnd(dates: Dates, context: IssueSink): void {
  const afterOccurrences = dates.recurrenceEndType === 'AFTER_OCCURRENCES';
  if (afterOccurrences && dates.maxOccurrences === null)
    context.addIssue({ code: 'custom', path: datesAt('maxOccurrences'), message: EVENT_PROBLEMS.requiredForEndType });
  if (!afterOccurrences && dates.maxOccurrences !== null)
    context.addIssue({ code: 'custom', path: datesAt('maxOccurrences'), message: EVENT_PROBLEMS.onlyForEndType });
  const onDate = dates.recurrenceEndType === 'ON_DATE';
  if (onDate && dates.recurrenceEndDate === null)
    context.addIssue({
      code: 'custom',
      path: datesAt('recurrenceEndDate'),
      message: EVENT_PROBLEMS.requiredForEndType,
    });
  if (!onDate && dates.recurrenceEndDate !== null)
    context.addIssue({ code: 'custom', path: datesAt('recurrenceEndDate'), message: EVENT_PROBLEMS.onlyForEndType });
  if (onDate && dates.recurrenceEndDate !== null && dates.recurrenceEndDate < dates.startDate) {
    context.addIssue({
      code: 'custom',
      path: datesAt('recurrenceEndDate'),
      message: EVENT_PROBLEMS.endBeforeStartDate,
    });
  }
}

/** A moved or added occurrence has both instants, the end after the start. */
function checkOutOfScheduleRows(dates: Dates, context: IssueSink): void {
  dates.outOfScheduleEvents?.forEach((row, index) => {
    const rowPath = (field: string) => ['dateAndCalendar', 'outOfScheduleEvents', index, field];
    if (row.action === 'SKIP') return;
    if (row.startsAt === null)
      context.addIssue({ code: 'custom', path: rowPath('startsAt'), message: EVENT_PROBLEMS.requiredForEndType });
    if (row.endsAt === null)
      context.addIssue({ code: 'custom', path: rowPath('endsAt'), message: EVENT_PROBLEMS.requiredForEndType });
    if (row.startsAt !== null && row.endsAt !== null && row.endsAt <= row.startsAt) {
      context.addIssue({ code: 'custom', path: rowPath('endsAt'), message: EVENT_PROBLEMS.endsBeforeStart });
    }
  });
}

type EventInputFields = {
  generalInfos: z.output<typeof eventGeneralInfosSchema>;
  dateAndCalendar: Dates;
  saveAction?: SaveAction;
  originalStartsAt: string | null;
};
const general = (...fields: string[]) => fields.map((field) => `generalInfos.${field}`);

/** The event's rules across fields, each with the fields it reads (domain/validation.ts crossFieldChecks). */
const EVENT_CROSS_FIELD_CHECKS: readonly CrossFieldCheck<EventInputFields>[] = [
  {
    reads: general('establishmentId', 'promoterGroupId'),
    check: ({ generalInfos }, context) => {
      if (generalInfos.establishmentId === null && generalInfos.promoterGroupId === null) {
        context.addIssue({
          code: 'custom',
          path: ['generalInfos', 'establishmentId'],
          message: EVENT_PROBLEMS.ownerRequired,
        });
      }
    },
  },
  {
    reads: general('tarifMin', 'tarifMax'),
    check: ({ generalInfos: { tarifMin, tarifMax } }, context) => {
      if (tarifMin !== null && tarifMax !== null && tarifMin > tarifMax) {
        context.addIssue({ code: 'custom', path: ['generalInfos', 'tarifMax'], message: TARIF_ORDER_PROBLEM });
      }
    },
  },
  {
    reads: general('isFree', 'tarifMin', 'tarifMax'),
    check: ({ generalInfos: { isFree, tarifMin, tarifMax } }, context) => {
      if (isFree && ((tarifMin ?? 0) > 0 || (tarifMax ?? 0) > 0)) {
        context.addIssue({ code: 'custom', path: ['generalInfos', 'isFree'], message: EVENT_PROBLEMS.freeWithPrice });
      }
    },
  },
  {
    reads: general('lat', 'lang'),
    check: ({ generalInfos: { lat, lang } }, context) => {
      if ((lat === null) !== (lang === null)) {
        context.addIssue({
          code: 'custom',
          path: ['generalInfos', lat === null ? 'lat' : 'lang'],
          message: COORDINATES_PAIR_PROBLEM,
        });
      }
    },
  },
  {
    reads: ['dateAndCalendar.updateScope', 'originalStartsAt'],
    check: ({ dateAndCalendar, originalStartsAt }, context) => {
      if (dateAndCalendar.updateScope !== null && originalStartsAt === null) {
        context.addIssue({ code: 'custom', path: ['originalStartsAt'], message: EVENT_PROBLEMS.originalStartRequired });
      }
    },
  },
  {
    reads: ['saveAction', ...general('establishmentId')],
    check: ({ saveAction, generalInfos }, context) => {
      if (saveAction === 'requestEvent' && generalInfos.establishmentId === null) {
        context.addIssue({
          code: 'custom',
          path: ['generalInfos', 'establishmentId'],
          message: EVENT_PROBLEMS.requestNeedsEstablishment,
        });
      }
    },
  },
  {
    reads: datesRead('startDate', 'endDate', 'startTime', 'endTime', 'recurrencePattern'),
    check: ({ dateAndCalendar }, context) => checkSpan(dateAndCalendar, context),
  },
  {
    reads: datesRead('recurrencePattern', 'recurrenceDaysOfWeek', 'recurrenceEndType', 'outOfScheduleEvents'),
    check: ({ dateAndCalendar }, context) => checkRuleFields(dateAndCalendar, context),
  },
  {
    reads: datesRead('recurrenceEndType', 'maxOccurrences', 'recurrenceEndDate', 'startDate'),
    check: ({ dateAndCalendar }, context) => checkRecurrenceEnd(dateAndCalendar, context),
  },
  {
    reads: datesRead('outOfScheduleEvents'),
    check: ({ dateAndCalendar }, context) => checkOutOfScheduleRows(dateAndCalendar, context),
  },
];

/** POST and PUT body (PUT: the whole record with the `version` it was read at). */
export const eventInputSchema = z
  .object({
    generalInfos: eventGeneralInfosSchema,
    dateAndCalendar: eventDateAndCalendarSchema,
    descriptionAndMedia: eventDescriptionAndMediaSchema,
    description: descriptionSchema,
    visibility: partnerVisibilitySchema,
    /** The save action; decides visibility and approval (SAVE_ACTION_OUTCOMES). */
    saveAction: z.enum(SAVE_ACTIONS).optional(),
    /** With `dateAndCalendar.updateScope`: the original start of the occurrence being edited (or deleted). */
    originalStartsAt: optionalInstant,
    version: recordVersionSchema.optional(),
    // Read-only, ignored on input: eventId, isVirtual, outOfScheduleEventId, originalEndsAt,
    // originalUpdateScope, originalReccurenceTouched, tagTerms (the display map).
  })
  .superRefine(crossFieldChecks(EVENT_CROSS_FIELD_CHECKS));
export type EventInput = z.output<typeof eventInputSchema>;

/** The sections of the record, in the order the steppers show them (one step each, validated before the next). */
export const EVENT_SECTIONS = ['generalInfos', 'dateAndCalendar', 'descriptionAndMedia', 'description'] as const;
export type EventSection = (typeof EVENT_SECTIONS)[number];

/** The two stepper variants: chosen by who writes (a promoter requests for its group). */
export const EVENT_FLOWS = ['establishment', 'promoter'] as const;
export type EventFlow = (typeof EVENT_FLOWS)[number];

/** Fields only the promoter flow shows. */
export const PROMOTER_FLOW_FIELDS = {
  generalInfos: ['promoterGroupId', 'localisation', 'lat', 'lang', 'city', 'approvalStatus', 'placeId'],
  descriptionAndMedia: ['eventCapacity', 'urlCarte', 'fileCarte', 'services', 'games', 'environments'],
} as const;

// ---- The record as the API answers it ------------------------------------------------------------------

/** `sourceEvent` / `virtualParentEvent`: a segment's relatives. */
export interface EventReference {
  id: number;
  name: string;
  /** The referenced series' first occurrence start, and its last occurrence end (null: never ends). */
  startsAt: string;
  endsAt: string | null;
}

export interface OutOfScheduleEvent {
  id: number;
  action: (typeof OUT_OF_SCHEDULE_ACTIONS)[number];
  originalStartsAt: string;
  startsAt: string | null;
  endsAt: string | null;
  eventTitle: string | null;
  /**
   * Read-only (the input schema drops it): the occurrence's own values of other fields, by record path
   * (`generalInfos.tarifMax` → 35), as a THIS_OCCURRENCE_ONLY edit stores them. A whole-record save keeps
   * them on the rows it keeps.
   */
  changes: Record<string, unknown>;
}

export interface Event {
  id: number;
  eventId: number;
  generalInfos: Omit<EventInput['generalInfos'], 'eventType' | 'approvalStatus'> & {
    eventType: { id: number; type: string };
    approvalStatus: ApprovalStatus | null;
    /** Our addition beside approvalStatus: the venue's reason when it rejected (or noted on approval). */
    approvalReason: string | null;
  };
  dateAndCalendar: Omit<EventInput['dateAndCalendar'], 'outOfScheduleEvents' | 'endDate'> & {
    endDate: string;
    outOfScheduleEvents: OutOfScheduleEvent[];
    /** The series' occurrences after exclusions; null when it never ends. 1 for a one-off event. */
    totalOccurrencesNumber: number | null;
    /** A segment: the series it was split from, and the first series of its chain. */
    sourceEvent: EventReference | null;
    virtualParentEvent: EventReference | null;
    /** The series has out-of-schedule rows or was split. */
    recurrenceTouched: boolean;
    parentEventId: number | null;
    segmentIsRecurrenceTail: boolean;
    /** The series is part of a chain of segments (it was split, or split from another). */
    nested: boolean;
  };
  descriptionAndMedia: Omit<EventInput['descriptionAndMedia'], 'media' | 'mediaListState' | 'fileCarte'> & {
    media: Upload[];
    mediaListState: MediaListState;
    fileCarte: Upload | null;
  };
  description: EventInput['description'];
  visibility: Visibility;
  /** The record itself is never an occurrence: false / null here; GET /occurrences items carry them. */
  isVirtual: boolean;
  outOfScheduleEventId: number | null;
  originalStartsAt: string | null;
  originalEndsAt: string | null;
  originalUpdateScope: (typeof UPDATE_SCOPES)[number] | null;
  originalReccurenceTouched: boolean;
  tagTerms: TagTermsMap;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A new event's form values: the defaults (ageMin 0, promotable, not free), PUBLISHED. */
export const eventDefaults = () => ({
  generalInfos: {
    establishmentId: null,
    eventType: null as { id: number } | null,
    eventTitle: '',
    ageMin: EVENT_DEFAULTS.ageMin,
    tarifMin: null,
    tarifMax: null,
    urlBilletterie: null,
    musics: [] as number[],
    promotable: EVENT_DEFAULTS.promotable,
    isFree: EVENT_DEFAULTS.isFree,
    promoterGroupId: null,
    localisation: null,
    lat: null,
    lang: null,
    city: null,
    placeId: null,
  },
  dateAndCalendar: {
    startDate: '',
    endDate: null,
    startTime: '',
    endTime: '',
    recurrencePattern: 'NONE' as const,
    recurrenceDaysOfWeek: [] as string[],
    recurrenceEndType: 'NEVER' as const,
    maxOccurrences: null,
    recurrenceEndDate: null,
    updateScope: null,
  },
  descriptionAndMedia: {
    media: [],
    mediaListState: null,
    tagTerms: [] as number[],
    eventCapacity: null,
    urlCarte: null,
    fileCarte: null,
    services: [] as number[],
    games: [] as number[],
    environments: [] as number[],
  },
  description: { description: null, htmlDescription: null },
  visibility: 'PUBLISHED' as (typeof VISIBILITIES)[number],
});

// ---- Occurrences (GET /occurrences) --------------------------------------------------------------------

/** `GET /occurrences?filter=…`: the window (required), the filters on musics, cities and event types, and ours. */
export const occurrenceFilterSchema = z.object({
  /** ISO instants, or `YYYY-MM-DD` (local midnight in Europe/Zurich; `to` as a date includes that day). */
  from: z.string(),
  to: z.string(),
  establishmentId: idSchema.optional(),
  promoterGroupId: idSchema.optional(),
  eventTypeIds: z.array(idSchema).max(100).optional(),
  musicIds: z.array(idSchema).max(100).optional(),
  cities: z.array(z.string().trim().min(1).max(PARTNER_LIMITS.city)).max(100).optional(),
  visibility: z.enum(VISIBILITIES).optional(),
  eventId: idSchema.optional(),
  q: z.string().trim().max(200).optional(),
});
export type OccurrenceFilter = z.output<typeof occurrenceFilterSchema>;

/** One item of `GET /occurrences` with what a calendar shows. */
export interface OccurrenceItem {
  /** `${eventId}@${originalStartsAt}`: stable across moves (react-admin needs an id). */
  id: string;
  eventId: number;
  startsAt: string;
  endsAt: string;
  originalStartsAt: string;
  /** Expanded from a repeating series' rule (not a stored one-off event). */
  isVirtual: boolean;
  /** The UPDATE or CREATE row that places this occurrence; null when the rule alone does. */
  outOfScheduleEventId: number | null;
  eventTitle: string;
  establishmentId: number | null;
  establishmentName: string | null;
  promoterGroupId: number | null;
  promoterGroupName: string | null;
  city: string | null;
  eventTypeId: number;
  recurrencePattern: (typeof RECURRENCE_PATTERNS)[number];
  visibility: Visibility;
  approvalStatus: ApprovalStatus | null;
}

export const occurrenceId = (eventId: number, originalStartsAt: string): string => `${eventId}@${originalStartsAt}`;

/** Field errors of `GET /occurrences` on `filter.from` / `filter.to`; the browser translates them. */
export const OCCURRENCE_WINDOW_PROBLEMS = {
  notADateOrInstant: 'A_DATE_OR_AN_INSTANT',
  endsBeforeStart: 'WINDOW_ENDS_BEFORE_IT_STARTS',
  tooLong: 'WINDOW_TOO_LONG',
} as const;
