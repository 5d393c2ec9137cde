import { eq, sql, type SQL } from 'drizzle-orm';
import { FIELD_PROBLEM_CODES } from '../../../domain/errors';
import { localDateOf, localTimeOf } from '../../../domain/recurrence';
import {
  exclusiveOfferStatus,
  OFFER_PROBLEMS,
  recurrentOfferStatus,
  type Offer,
  type OfferInput,
  type OfferStatus,
} from '../../../domain/offer';
import type { Visibility } from '../../../domain/enums';
import { ApiError, inUse, INVALID_INPUT } from '../../errors';
import { idIn, isoOf, qualified } from '../../db/conditions';
import type { Queryable } from '../../db/queryable';
import { events } from '../../db/schema/events';
import { offerTemplates, offers } from '../../db/schema/offers';

/**
 * Offers: one row of `offers` per record, both types in one table (`kind`), so that switching the type is a
 * plain update that keeps the id and the visibility. The resource (server/routes/offers.ts) reads and writes
 * through here; claims live in ./claims.ts.
 */

type OfferRow = typeof offers.$inferSelect;
interface SeriesColumns {
  firstStartsAt: Date | null;
  lastEndsAt: Date | null;
}

/** The record of a row, its status at `at` (the event's bounds give a recurrent offer's). */
export function offerOf(row: OfferRow, series: SeriesColumns, at: Date): Offer {
  const owner = {
    id: row.id,
    establishmentId: row.establishmentId,
    promoterGroupId: row.promoterGroupId,
    eventId: row.eventId,
    offerTypeId: row.offerTypeId,
    promotionId: row.templateId,
    visibility: row.visibility as Visibility,
    claimedSpots: row.claimedSpots,
    version: row.version,
  };
  const now = isoOf(at);
  if (row.kind === 'RECURRENT') {
    const bounds =
      row.eventId !== null && series.firstStartsAt
        ? { firstStartsAt: isoOf(series.firstStartsAt), lastEndsAt: series.lastEndsAt && isoOf(series.lastEndsAt) }
        : null;
    const status = recurrentOfferStatus({ ...owner, isActivated: row.isActivated, series: bounds }, now);
    return { offerType: 'RECURRENT', ...owner, isActivated: row.isActivated, status };
  }
  const exclusive = {
    availableSpots: row.availableSpots ?? 0,
    startDate: row.startDate ?? '',
    startTime: row.startTime ?? '',
    endDate: row.endDate ?? '',
    endTime: row.endTime ?? '',
  };
  const status: OfferStatus =
    exclusive.startDate && exclusive.endDate ? exclusiveOfferStatus({ ...owner, ...exclusive }, now) : 'draft';
  return { offerType: 'EXCLUSIVE', ...owner, ...exclusive, status };
}

export async function loadOffers(db: Queryable, ids: readonly number[], at = new Date()): Promise<Offer[]> {
  const rows = await db
    .select({ row: offers, firstStartsAt: events.firstStartsAt, lastEndsAt: events.lastEndsAt })
    .from(offers)
    .leftJoin(events, eq(events.id, offers.eventId))
    .where(idIn(offers.id, ids));
  return rows.map(({ row, ...series }) => offerOf(row, series, at));
}

/**
 * The stored columns of an input: the other type's fields go back to their defaults (switching the type
 * resets its data); the visibility stays as it is unless the input gives one.
 */
function columnsOf(input: OfferInput, visibility: Visibility) {
  const shared = {
    kind: input.offerType,
    establishmentId: input.establishmentId,
    promoterGroupId: input.promoterGroupId,
    eventId: input.eventId,
    offerTypeId: input.offerTypeId,
    templateId: input.promotionId,
    visibility,
  };
  if (input.offerType === 'RECURRENT') {
    return {
      ...shared,
      isActivated: input.isActivated,
      availableSpots: null,
      startDate: null,
      startTime: null,
      endDate: null,
      endTime: null,
    };
  }
  return {
    ...shared,
    isActivated: false,
    availableSpots: input.availableSpots,
    startDate: input.startDate,
    startTime: input.startTime,
    endDate: input.endDate,
    endTime: input.endTime,
  };
}

export async function insertOffer(tx: Queryable, input: OfferInput): Promise<number> {
  const [row] = await tx
    .insert(offers)
    .values(columnsOf(input, input.visibility ?? 'DRAFT'))
    .returning({ id: offers.id });
  return row.id;
}

/** `storedVisibility` stays when the input gives none. */
export async function updateOffer(
  tx: Queryable,
  id: number,
  input: OfferInput,
  storedVisibility: Visibility,
): Promise<void> {
  await tx
    .update(offers)
    .set(columnsOf(input, input.visibility ?? storedVisibility))
    .where(eq(offers.id, id));
}

/** An offer with live claims is not deleted: cancel its claims first (their customers hold a spot). */
export async function removeOffer(tx: Queryable, id: number): Promise<void> {
  const [row] = await tx.select({ claimed: offers.claimedSpots }).from(offers).where(eq(offers.id, id));
  if (row && row.claimed > 0) throw inUse();
  await tx.delete(offers).where(eq(offers.id, id));
}

// ---- the rules beyond the schema ---------------------------------------------------------------------

const fieldError = (field: string, problem: string) => new ApiError(400, INVALID_INPUT, { [field]: problem });

const sameOwner = (
  record: { establishmentId: number | null; promoterGroupId: number | null },
  input: OfferInput,
): boolean =>
  (record.establishmentId !== null && record.establishmentId === input.establishmentId) ||
  (record.promoterGroupId !== null && record.promoterGroupId === input.promoterGroupId);

/**
 * The template (`promotionId`) must exist, be approved, be of the offer's type and be the platform's (no
 * owner) or the offer owner's own.
 */
async function checkTemplate(tx: Queryable, input: OfferInput): Promise<void> {
  const [template] = await tx
    .select({
      kind: offerTemplates.kind,
      approvalStatus: offerTemplates.approvalStatus,
      establishmentId: offerTemplates.establishmentId,
      promoterGroupId: offerTemplates.promoterGroupId,
    })
    .from(offerTemplates)
    .where(eq(offerTemplates.id, input.promotionId));
  if (!template) throw fieldError('promotionId', FIELD_PROBLEM_CODES.unknownReference);
  const platformWide = template.establishmentId === null && template.promoterGroupId === null;
  if (!platformWide && !sameOwner(template, input)) throw fieldError('promotionId', OFFER_PROBLEMS.templateNotVisible);
  if (template.approvalStatus !== 'APPROVED') throw fieldError('promotionId', OFFER_PROBLEMS.templateNotApproved);
  if (template.kind !== input.offerType) throw fieldError('promotionId', OFFER_PROBLEMS.templateKindMismatch);
}

/** The event must be the offer owner's: the venue's or the promoter group's. */
async function checkEvent(tx: Queryable, input: OfferInput): Promise<void> {
  if (input.eventId === null) return;
  const [event] = await tx
    .select({ establishmentId: events.establishmentId, promoterGroupId: events.promoterGroupId })
    .from(events)
    .where(eq(events.id, input.eventId));
  if (!event) throw fieldError('eventId', FIELD_PROBLEM_CODES.unknownReference);
  if (!sameOwner(event, input)) throw fieldError('eventId', OFFER_PROBLEMS.eventNotOwned);
}

/**
 * A change may not take spots already claimed: fewer spots than live claims, or a switch of an exclusive offer
 * with live claims to a recurrent one. `current` was read under the row lock the write holds, so no claim
 * slips in between.
 */
function checkClaims(input: OfferInput, current: Offer | null): void {
  if (!current || current.claimedSpots === 0) return;
  if (input.offerType !== current.offerType) throw fieldError('offerType', OFFER_PROBLEMS.switchWithClaims);
  if (input.offerType === 'EXCLUSIVE' && input.availableSpots < current.claimedSpots)
    throw fieldError('availableSpots', OFFER_PROBLEMS.spotsBelowClaimed);
}

export async function checkOfferWrite(tx: Queryable, input: OfferInput | null, current: Offer | null): Promise<void> {
  if (!input) return;
  checkClaims(input, current);
  await checkTemplate(tx, input);
  await checkEvent(tx, input);
}

// ---- list conditions ---------------------------------------------------------------------------------

/** The local (Europe/Zurich) date and time of an instant, as the offers' window columns hold them. */
function wallClockOf(at: Date): { date: string; time: string } {
  const instant = isoOf(at);
  return { date: localDateOf(instant), time: localTimeOf(instant) };
}

/** The window's end date: an end time before the start time on the start date ends the next day. */
const windowEndDate = sql`(CASE WHEN ${offers.endDate} = ${offers.startDate} AND ${offers.endTime} < ${offers.startTime} THEN ${offers.endDate} + 1 ELSE ${offers.endDate} END)`;

/**
 * The status of domain/offer.ts as a condition, at `at`. Exclusive windows compare wall-clock (date, time) pairs
 * in Europe/Zurich, as they are stored; recurrent offers compare their event's series bounds.
 */
export function statusCondition(status: OfferStatus, at: Date): SQL {
  const { date, time } = wallClockOf(at);
  const now = sql`(${date}::date, ${time}::text)`;
  const started = sql`(${offers.startDate}, ${offers.startTime}::text) <= ${now}`;
  const ended = sql`(${windowEndDate}, ${offers.endTime}::text) <= ${now}`;
  const soldOut = sql`${offers.claimedSpots} >= ${offers.availableSpots}`;
  const exclusive = (condition: SQL) =>
    sql`(${offers.kind} = 'EXCLUSIVE' AND ${offers.visibility} = 'PUBLISHED' AND ${condition})`;
  const seriesOf = (condition: SQL) =>
    sql`EXISTS (SELECT 1 FROM ${events} WHERE ${qualified(events.id)} = ${qualified(offers.eventId)} AND ${condition})`;
  const instant = at.toISOString();
  const seriesStarted = seriesOf(sql`${qualified(events.firstStartsAt)} <= ${instant}::timestamptz`);
  const seriesEnded = seriesOf(sql`${qualified(events.lastEndsAt)} <= ${instant}::timestamptz`);
  const recurrent = (condition: SQL) =>
    sql`(${offers.kind} = 'RECURRENT' AND ${offers.visibility} = 'PUBLISHED' AND ${offers.isActivated} AND ${condition})`;
  switch (status) {
    case 'draft':
      return eq(offers.visibility, 'DRAFT');
    case 'paused':
      return sql`(${offers.kind} = 'RECURRENT' AND ${offers.visibility} = 'PUBLISHED' AND NOT ${offers.isActivated})`;
    case 'ended':
      return sql`(${exclusive(ended)} OR ${recurrent(seriesEnded)})`;
    case 'soldOut':
      return exclusive(sql`NOT ${ended} AND ${soldOut}`);
    case 'upcoming':
      return sql`(${exclusive(sql`NOT ${started} AND NOT ${soldOut}`)} OR ${recurrent(sql`${offers.eventId} IS NOT NULL AND NOT ${seriesStarted}`)})`;
    case 'running':
      return sql`(${exclusive(sql`${started} AND NOT ${ended} AND NOT ${soldOut}`)} OR ${recurrent(
        sql`(${offers.eventId} IS NULL OR (${seriesStarted} AND NOT ${seriesEnded}))`,
      )})`;
  }
}

/** `q`: the template's long or short title. */
export const templateTitleMatches = (pattern: string): SQL =>
  sql`EXISTS (SELECT 1 FROM ${offerTemplates} WHERE ${qualified(offerTemplates.id)} = ${qualified(offers.templateId)} AND (${qualified(offerTemplates.longTitle)} ILIKE ${pattern} OR ${qualified(offerTemplates.shortTitle)} ILIKE ${pattern}))`;

/**
 * What a reader outside an offer's owners may read: a published offer whose event, when it has one, is
 * published too (a customer never learns of an offer on an event that is not out).
 */
export const publishedOfferCondition: SQL = sql`(${qualified(offers.visibility)} = 'PUBLISHED' AND (${qualified(offers.eventId)} IS NULL OR EXISTS (SELECT 1 FROM ${events} WHERE ${qualified(events.id)} = ${qualified(offers.eventId)} AND ${qualified(events.visibility)} = 'PUBLISHED')))`;
