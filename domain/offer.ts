import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { OFFER_KINDS, VISIBILITIES, type OfferKind, type Visibility } from './enums';
import { localDateSchema } from './event';
import { idSchema, optionalId, recordVersionSchema } from './records';
import { expandOccurrences, zonedInstant, type ExpandedOccurrence, type InstantWindow } from './recurrence';
import type { OutOfScheduleRow, RecurrenceRule } from './recurrence';
import { timeOfDaySchema } from './schedule';
import { crossFieldChecks } from './validation';

/**
 * Offers (`/api/v1/offers`): an approved offer template applied to an establishment's or a promoter group's
 * event, exclusive (a number of spots in a validity window, claimed by customers) or recurrent (valid on every
 * occurrence of a series while activated). One record shape per type, told apart by `offerType`; both carry
 * the template (`promotionId`), whose texts they show, and the server's read-only `claimedSpots` and `status`.
 */

export const OFFER_LIMITS = { maxSpots: 100_000 } as const;

/** What an offer is at an instant (the list's chips); `paused`: a recurrent offer that is not activated. */
export const OFFER_STATUSES = ['draft', 'upcoming', 'running', 'ended', 'soldOut', 'paused'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Problems on an offer's fields (`errors[path]`), translated by the browser. */
export const OFFER_PROBLEMS = {
  endBeforeStart: 'OFFER_END_BEFORE_START',
  endDateBeforeStartDate: 'OFFER_END_DATE_BEFORE_START_DATE',
  spotsBelowClaimed: 'OFFER_SPOTS_BELOW_CLAIMED',
  templateNotApproved: 'OFFER_TEMPLATE_NOT_APPROVED',
  templateNotVisible: 'OFFER_TEMPLATE_NOT_VISIBLE',
  templateKindMismatch: 'OFFER_TEMPLATE_KIND_MISMATCH',
  eventNotOwned: 'OFFER_EVENT_NOT_OWNED',
  ownerRequired: 'OFFER_OWNER_REQUIRED',
  switchWithClaims: 'OFFER_SWITCH_WITH_CLAIMS',
} as const;

const ownerFields = {
  establishmentId: optionalId,
  promoterGroupId: optionalId,
  offerTypeId: idSchema,
  promotionId: idSchema,
  /** Left out: DRAFT on create, unchanged on a PUT (switching the type keeps the visibility). */
  visibility: z.enum(VISIBILITIES).optional(),
  version: recordVersionSchema.optional(),
};

/** The input fields of an exclusive offer's window, for the end-after-start check. */
interface OfferWindow {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

const nextDay = (date: string): string => Temporal.PlainDate.from(date).add({ days: 1 }).toString();

/**
 * The window's end as a local date: an end time before the start time on the start date ends the next day
 * (22:00–02:00), as an event's does.
 */
export const windowEndDate = (window: OfferWindow): string =>
  window.endDate === window.startDate && window.endTime < window.startTime ? nextDay(window.endDate) : window.endDate;

/** The window as instants (Europe/Zurich wall clock → UTC). */
export function offerWindowInstants(window: OfferWindow): { startsAt: string; endsAt: string } {
  return {
    startsAt: zonedInstant(window.startDate, window.startTime),
    endsAt: zonedInstant(windowEndDate(window), window.endTime),
  };
}

const exclusiveFields = z
  .object({
    offerType: z.literal('EXCLUSIVE'),
    ...ownerFields,
    eventId: idSchema,
    availableSpots: z.number().int().min(1).max(OFFER_LIMITS.maxSpots),
    startDate: localDateSchema,
    startTime: timeOfDaySchema,
    endDate: localDateSchema,
    endTime: timeOfDaySchema,
  })
  .superRefine(
    crossFieldChecks<OfferWindow>([
      {
        reads: ['startDate', 'startTime', 'endDate', 'endTime'],
        check: (window, context) => {
          if (window.endDate < window.startDate) {
            context.addIssue({ code: 'custom', path: ['endDate'], message: OFFER_PROBLEMS.endDateBeforeStartDate });
            return;
          }
          const { startsAt, endsAt } = offerWindowInstants(window);
          if (Date.parse(endsAt) <= Date.parse(startsAt))
            context.addIssue({ code: 'custom', path: ['endTime'], message: OFFER_PROBLEMS.endBeforeStart });
        },
      },
    ]),
  );

const recurrentFields = z.object({
  offerType: z.literal('RECURRENT'),
  ...ownerFields,
  /** The series the offer applies to; null: every event of its owner. */
  eventId: optionalId,
  isActivated: z.boolean().default(false),
});

const ownedBySomeone = (input: { establishmentId: number | null; promoterGroupId: number | null }) =>
  input.establishmentId !== null || input.promoterGroupId !== null;

/** POST and PUT bodies: the whole record of one type (fields of the other type are dropped). */
export const offerInputSchema = z
  .discriminatedUnion('offerType', [exclusiveFields, recurrentFields])
  .refine(ownedBySomeone, { path: ['establishmentId'], message: OFFER_PROBLEMS.ownerRequired });
export type OfferInput = z.output<typeof offerInputSchema>;
export type ExclusiveOfferInput = Extract<OfferInput, { offerType: 'EXCLUSIVE' }>;
export type RecurrentOfferInput = Extract<OfferInput, { offerType: 'RECURRENT' }>;

const readOnlyFields = {
  id: idSchema,
  visibility: z.enum(VISIBILITIES),
  version: recordVersionSchema,
  /** Live claims (cancelled ones gave their spot back); always 0 on a recurrent offer. */
  claimedSpots: z.number().int().min(0),
  /** At the moment the server answered. */
  status: z.enum(OFFER_STATUSES),
};

export const exclusiveOfferSchema = z.object({
  offerType: z.literal('EXCLUSIVE'),
  establishmentId: idSchema.nullable(),
  promoterGroupId: idSchema.nullable(),
  eventId: idSchema.nullable(),
  offerTypeId: idSchema.nullable(),
  promotionId: idSchema.nullable(),
  availableSpots: z.number().int().min(0),
  startDate: z.string(),
  startTime: z.string(),
  endDate: z.string(),
  endTime: z.string(),
  ...readOnlyFields,
});
export const recurrentOfferSchema = z.object({
  offerType: z.literal('RECURRENT'),
  establishmentId: idSchema.nullable(),
  promoterGroupId: idSchema.nullable(),
  eventId: idSchema.nullable(),
  offerTypeId: idSchema.nullable(),
  promotionId: idSchema.nullable(),
  isActivated: z.boolean(),
  ...readOnlyFields,
});
export const offerSchema = z.discriminatedUnion('offerType', [exclusiveOfferSchema, recurrentOfferSchema]);
export type ExclusiveOffer = z.output<typeof exclusiveOfferSchema>;
export type RecurrentOffer = z.output<typeof recurrentOfferSchema>;
export type Offer = z.output<typeof offerSchema>;

export const isOfferKind = (value: unknown): value is OfferKind =>
  typeof value === 'string' && (OFFER_KINDS as readonly string[]).includes(value);

// ---- status ------------------------------------------------------------------------------------------

/** What the status of an exclusive offer reads. */
export type ExclusiveStatusInput = OfferWindow & {
  visibility: Visibility;
  availableSpots: number;
  claimedSpots: number;
};

/** The first start and last end of a recurrent offer's series (null end: it never ends; null: no event). */
export interface SeriesBounds {
  firstStartsAt: string;
  lastEndsAt: string | null;
}

export type RecurrentStatusInput = { visibility: Visibility; isActivated: boolean; series: SeriesBounds | null };

/**
 * An exclusive offer's status at an instant: a draft; then ended once its window closed; sold out when every
 * spot is claimed; upcoming before its window opens; else running (customers may claim).
 */
export function exclusiveOfferStatus(offer: ExclusiveStatusInput, at: string): OfferStatus {
  if (offer.visibility === 'DRAFT') return 'draft';
  const now = Date.parse(at);
  const { startsAt, endsAt } = offerWindowInstants(offer);
  if (now >= Date.parse(endsAt)) return 'ended';
  if (offer.claimedSpots >= offer.availableSpots) return 'soldOut';
  return now < Date.parse(startsAt) ? 'upcoming' : 'running';
}

/**
 * A recurrent offer's status at an instant: a draft; paused when not activated; else by its series' bounds:
 * upcoming before the first occurrence, ended after the last, running in between (and always without an event,
 * which makes it hold for every event of its owner).
 */
export function recurrentOfferStatus(offer: RecurrentStatusInput, at: string): OfferStatus {
  if (offer.visibility === 'DRAFT') return 'draft';
  if (!offer.isActivated) return 'paused';
  if (!offer.series) return 'running';
  const now = Date.parse(at);
  if (now < Date.parse(offer.series.firstStartsAt)) return 'upcoming';
  if (offer.series.lastEndsAt !== null && now >= Date.parse(offer.series.lastEndsAt)) return 'ended';
  return 'running';
}

/**
 * The occurrences of its series a recurrent offer applies to in a window: every one, from the recurrence
 * engine, while it is activated; none when it is not.
 */
export function recurrentOfferOccurrences(
  offer: { isActivated: boolean },
  rule: RecurrenceRule,
  rows: readonly OutOfScheduleRow[],
  window: InstantWindow,
): ExpandedOccurrence[] {
  return offer.isActivated ? expandOccurrences(rule, rows, window) : [];
}

/** Spots a customer may still claim. */
export const spotsLeft = (offer: { availableSpots: number; claimedSpots: number }): number =>
  Math.max(0, offer.availableSpots - offer.claimedSpots);

// ---- claims ------------------------------------------------------------------------------------------

/** `POST /offers/:id/claims` answers the claim. */
export const offerClaimSchema = z.object({
  id: idSchema,
  offerId: idSchema,
  userId: idSchema,
  createdAt: z.string(),
});
export type OfferClaim = z.output<typeof offerClaimSchema>;

/** `GET /offers/:id/claims`: the offer's claims, live and cancelled, with the customer, for its staff. */
export const offerClaimListItemSchema = offerClaimSchema.extend({
  cancelledAt: z.string().nullable(),
  customer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
});
export type OfferClaimListItem = z.output<typeof offerClaimListItemSchema>;
