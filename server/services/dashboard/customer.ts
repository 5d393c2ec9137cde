import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DashboardCardData } from '../../../domain/dashboard';
import { offerWindowInstants } from '../../../domain/offer';
import { offerClaims, offers, offerTemplates } from '../../db/schema/offers';
import { promoCodeRedemptions, promoCodes } from '../../db/schema/promoCodes';
import { nextStarting } from './occurrences';
import type { CardContext } from './partner';

/** A customer's cards (docs/dashboard.md): what is on next, and its own claims and codes. */

/** How many items a customer's card lists. */
export const CUSTOMER_CARD_ITEMS = 5;

/** upcomingEvents: the next occurrences of published events, from now. */
export async function upcomingEventsCard({
  db,
  viewer,
  scope,
  clock,
}: CardContext): Promise<DashboardCardData['upcomingEvents']> {
  return { items: await nextStarting(db, viewer, scope, clock.now, CUSTOMER_CARD_ITEMS) };
}

/**
 * myClaims: the customer's live claims (not cancelled) of offers not over yet (the offer's window, its end date
 * and time in Zurich, ends after now), soonest offer first; the count is of them all.
 */
export async function myClaimsCard({ db, viewer, clock }: CardContext): Promise<DashboardCardData['myClaims']> {
  const rows = await db
    .select({
      claimId: offerClaims.id,
      offerId: offers.id,
      shortTitle: offerTemplates.shortTitle,
      startDate: offers.startDate,
      startTime: offers.startTime,
      endDate: offers.endDate,
      endTime: offers.endTime,
      claimedAt: offerClaims.createdAt,
    })
    .from(offerClaims)
    .innerJoin(offers, eq(offers.id, offerClaims.offerId))
    .leftJoin(offerTemplates, eq(offerTemplates.id, offers.templateId))
    .where(and(eq(offerClaims.userId, viewer.userId), isNull(offerClaims.cancelledAt)));
  const now = clock.now.getTime();
  const live = rows
    .filter((row) => {
      // A claim is of an exclusive offer, which has its window; one without is treated as still to come.
      if (!row.startDate || !row.endDate || !row.startTime || !row.endTime) return true;
      const { endsAt } = offerWindowInstants({
        startDate: row.startDate,
        startTime: row.startTime,
        endDate: row.endDate,
        endTime: row.endTime,
      });
      return Date.parse(endsAt) > now;
    })
    .sort((left, right) => (left.startDate ?? '').localeCompare(right.startDate ?? '') || left.claimId - right.claimId);
  return {
    count: live.length,
    items: live.slice(0, CUSTOMER_CARD_ITEMS).map((row) => ({
      claimId: row.claimId,
      offerId: row.offerId,
      title: row.shortTitle ?? `#${row.offerId}`,
      startDate: row.startDate,
      claimedAt: row.claimedAt.toISOString(),
    })),
  };
}

/** myCodes: the promo codes the customer redeemed, the latest first, and how many. */
export async function myCodesCard({ db, viewer }: CardContext): Promise<DashboardCardData['myCodes']> {
  const mine = eq(promoCodeRedemptions.userId, viewer.userId);
  const [[total], latest] = await Promise.all([
    db.select({ count: count() }).from(promoCodeRedemptions).where(mine),
    db
      .select({ promoCodeId: promoCodes.id, code: promoCodes.code, redeemedAt: promoCodeRedemptions.createdAt })
      .from(promoCodeRedemptions)
      .innerJoin(promoCodes, eq(promoCodes.id, promoCodeRedemptions.promoCodeId))
      .where(mine)
      .orderBy(desc(promoCodeRedemptions.createdAt), desc(promoCodeRedemptions.id))
      .limit(CUSTOMER_CARD_ITEMS),
  ]);
  return {
    count: Number(total.count),
    items: latest.map((row) => ({
      promoCodeId: row.promoCodeId,
      code: row.code,
      redeemedAt: row.redeemedAt.toISOString(),
    })),
  };
}
