import { eq, sql, type SQL } from 'drizzle-orm';
import { OFFER_NEARLY_SOLD_OUT_SHARE } from '../../../domain/notification';
import type { Queryable } from '../../db/queryable';
import { offers, offerTemplates } from '../../db/schema/offers';
import { notify } from './create';
import { scopeStaffOf } from './scopeStaff';

/**
 * OFFER_NEARLY_SOLD_OUT and OFFER_SOLD_OUT (docs/notification-causes.md): the claim that takes an exclusive
 * offer's spots left below a tenth of its spots, or to none, tells the offer's staff, in the claim's
 * transaction. Only the claim that crosses does: the row lock serialises the claims of one offer, so each
 * count of claimed spots is reached by exactly one claim (a cancellation gives a spot back; the next claim
 * that crosses again tells again). Reaching none is SOLD_OUT alone, even when it also crosses the tenth
 * (an offer of fewer than twenty spots goes from above the tenth to none, or through one spot left).
 */

/** `left` spots of `spots` is below the tenth (exact numeric arithmetic, never binary floating point). */
const belowShare = (left: SQL, spots: SQL): SQL =>
  sql`(${left}) < (${spots}) * ${String(OFFER_NEARLY_SOLD_OUT_SHARE)}::numeric`;

/**
 * Whether taking one more spot of the offer row being updated crosses a threshold, on the columns as they are
 * before the update (`claimed_spots` not yet incremented). The claim's one-statement path refuses such a claim
 * and leaves it to a transaction that can write the notification (server/services/offers/claims.ts).
 */
export function takingASpotCrosses(claimed: SQL, spots: SQL): SQL {
  const leftAfter = sql`${spots} - ${claimed} - 1`;
  const leftBefore = sql`${spots} - ${claimed}`;
  return sql`(${leftAfter} = 0 OR (${belowShare(leftAfter, spots)} AND NOT ${belowShare(leftBefore, spots)}))`;
}

/** What a crossing claim reports: SOLD_OUT, NEARLY_SOLD_OUT, or null (no threshold crossed). */
export function crossingOf(claimed: SQL, spots: SQL): SQL<'SOLD_OUT' | 'NEARLY' | null> {
  const left = sql`${spots} - ${claimed}`;
  const leftBefore = sql`${spots} - ${claimed} + 1`;
  return sql<
    'SOLD_OUT' | 'NEARLY' | null
  >`(CASE WHEN ${left} = 0 THEN 'SOLD_OUT' WHEN ${belowShare(left, spots)} AND NOT ${belowShare(leftBefore, spots)} THEN 'NEARLY' END)`;
}

export type SpotsCrossing = 'SOLD_OUT' | 'NEARLY';

/** Tells the offer's staff that the claim just made crossed `crossing`, with the count after it. */
export async function noticeOfferSpots(
  tx: Queryable,
  args: { offerId: number; crossing: SpotsCrossing; claimedSpots: number; availableSpots: number },
): Promise<void> {
  const [offer] = await tx
    .select({
      establishmentId: offers.establishmentId,
      promoterGroupId: offers.promoterGroupId,
      shortTitle: offerTemplates.shortTitle,
    })
    .from(offers)
    .leftJoin(offerTemplates, eq(offerTemplates.id, offers.templateId))
    .where(eq(offers.id, args.offerId));
  if (!offer) return;
  const title = offer.shortTitle ?? `#${args.offerId}`;
  const spots = args.availableSpots;
  const kind = args.crossing === 'SOLD_OUT' ? ('OFFER_SOLD_OUT' as const) : ('OFFER_NEARLY_SOLD_OUT' as const);
  const recipients = await scopeStaffOf(tx, kind, offer);
  const common = { resource: 'offers' as const, recordId: args.offerId };
  await notify(
    tx,
    recipients.map((userId) =>
      kind === 'OFFER_SOLD_OUT'
        ? { ...common, userId, kind, params: { title, spots } }
        : { ...common, userId, kind, params: { title, spotsLeft: spots - args.claimedSpots, spots } },
    ),
  );
}
