import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { OFFER_CLAIM_ERROR_CODES } from '../../../domain/errors';
import type { OfferClaim, OfferClaimListItem } from '../../../domain/offer';
import { localDateOf, localTimeOf } from '../../../domain/recurrence';
import type { Database } from '../../db/client';
import { isoOf, qualified } from '../../db/conditions';
import type { Queryable } from '../../db/queryable';
import { auditLog } from '../../db/schema/auditLog';
import { users } from '../../db/schema/auth';
import { events } from '../../db/schema/events';
import { offerClaims, offers } from '../../db/schema/offers';
import { ApiError } from '../../errors';
import { auditTrail, type AuditActor } from '../audit';
import { crossingOf, noticeOfferSpots, takingASpotCrosses, type SpotsCrossing } from '../notifications/offerSpots';

/**
 * Claims of an exclusive offer's spots. A claim is one statement: a conditional UPDATE that takes a spot
 * (`claimed_spots + 1` only while spots are left, the offer is published and open) and holds the offer's row
 * lock, and the INSERT of the claim row from it; the partial unique index `offer_claims_live_unique` refuses a
 * second live claim of the same customer, which fails the statement and so rolls the spot back. Every statement that changes `claimed_spots` locks the offer's
 * row first, so claims and cancellations never wait on each other in opposite orders.
 *
 * The claim that takes the offer below a tenth of its spots, or to none, also tells the offer's staff
 * (notifications/offerSpots.ts), which needs a transaction: the one statement spares that spot, and the claim
 * that wanted it runs the same statement again in a transaction with the notification. So only the (at most two)
 * crossing claims of each crossing, and refused claims, pay for a transaction.
 *
 * Both write the offer's audit row (resource `offers`, the offer's id, CLAIM or CANCEL_CLAIM) in the same
 * statement or transaction, so a refused claim leaves none and a taken spot always has one: the claim's id, the
 * customer and `claimedSpots` before and after.
 */

const offerAudit = auditTrail('offers');

const refused = (status: number, code: string) => new ApiError(status, code);

/** The window's end date: an end time before the start time on the start date ends the next day. */
const windowEndDate = sql`(CASE WHEN ${qualified(offers.endDate)} = ${qualified(offers.startDate)} AND ${qualified(offers.endTime)} < ${qualified(offers.startTime)} THEN ${qualified(offers.endDate)} + 1 ELSE ${qualified(offers.endDate)} END)`;

function openAt(at: Date) {
  const instant = isoOf(at);
  const now = sql`(${localDateOf(instant)}::date, ${localTimeOf(instant)}::text)`;
  return {
    started: sql`(${qualified(offers.startDate)}, ${qualified(offers.startTime)}) <= ${now}`,
    notEnded: sql`(${windowEndDate}, ${qualified(offers.endTime)}) > ${now}`,
  };
}

const eventPublished = sql`(${qualified(offers.eventId)} IS NULL OR EXISTS (SELECT 1 FROM ${events} WHERE ${qualified(events.id)} = ${qualified(offers.eventId)} AND ${qualified(events.visibility)} = 'PUBLISHED'))`;

/** Why the spot-taking UPDATE found no row: the first rule the offer breaks. */
async function refusalOf(tx: Queryable, offerId: number, at: Date): Promise<ApiError> {
  const { started, notEnded } = openAt(at);
  const [row] = await tx
    .select({
      kind: offers.kind,
      published: sql<boolean>`${qualified(offers.visibility)} = 'PUBLISHED' AND ${eventPublished}`,
      started: sql<boolean>`${started}`,
      notEnded: sql<boolean>`${notEnded}`,
    })
    .from(offers)
    .where(eq(offers.id, offerId));
  if (!row) return refused(404, OFFER_CLAIM_ERROR_CODES.notPublished);
  if (!row.published) return refused(404, OFFER_CLAIM_ERROR_CODES.notPublished);
  if (row.kind !== 'EXCLUSIVE') return refused(409, OFFER_CLAIM_ERROR_CODES.recurrent);
  if (!row.started) return refused(409, OFFER_CLAIM_ERROR_CODES.notStarted);
  if (!row.notEnded) return refused(409, OFFER_CLAIM_ERROR_CODES.ended);
  return refused(409, OFFER_CLAIM_ERROR_CODES.soldOut);
}

/** A unique violation of the one-live-claim index (pg or PGlite, possibly wrapped by drizzle). */
function isSecondLiveClaim(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return candidate.constraint === 'offer_claims_live_unique';
    current = candidate.cause;
  }
  return false;
}

const claimOf = (row: { id: number; offerId: number; userId: number; createdAt: Date }): OfferClaim => ({
  id: row.id,
  offerId: row.offerId,
  userId: row.userId,
  createdAt: isoOf(row.createdAt),
});

/**
 * The claim's one statement: a conditional UPDATE that takes a spot (and holds the offer's row lock), the claim
 * row and the audit row from it; it answers the claim with the offer's count after it and the threshold the
 * claim crossed (offerSpots.ts `crossingOf`). `sparingThresholds`: the UPDATE also refuses the spot whose
 * taking crosses a threshold, which the transaction of `claimOffer` then takes with its notification.
 */
function claimStatement(offerId: number, customer: AuditActor, at: Date, sparingThresholds: boolean) {
  const userId = customer.userId;
  const { started, notEnded } = openAt(at);
  const claimed = qualified(offers.claimedSpots);
  const spots = qualified(offers.availableSpots);
  return sql`
      WITH taken AS (
        UPDATE ${offers} SET ${sql.identifier(offers.claimedSpots.name)} = ${claimed} + 1
        WHERE ${qualified(offers.id)} = ${offerId}
          AND ${qualified(offers.kind)} = 'EXCLUSIVE'
          AND ${qualified(offers.visibility)} = 'PUBLISHED'
          AND ${claimed} < ${spots}
          AND ${started} AND ${notEnded} AND ${eventPublished}
          ${sparingThresholds ? sql`AND NOT ${takingASpotCrosses(claimed, spots)}` : sql``}
        RETURNING ${qualified(offers.id)} AS offer_id, ${claimed} AS claimed_spots, ${spots} AS available_spots
      ),
      claimed AS (
        INSERT INTO ${offerClaims} (${sql.identifier(offerClaims.offerId.name)}, ${sql.identifier(offerClaims.userId.name)})
        SELECT offer_id, ${userId} FROM taken
        RETURNING ${sql.identifier(offerClaims.id.name)} AS id, ${sql.identifier(offerClaims.createdAt.name)} AS created_at
      ),
      audited AS (
        INSERT INTO ${auditLog} (${sql.join(
          [
            auditLog.actorUserId,
            auditLog.actorEmail,
            auditLog.resource,
            auditLog.recordId,
            auditLog.action,
            auditLog.changes,
          ].map((column) => sql.identifier(column.name)),
          sql`, `,
        )})
        SELECT ${userId}, ${customer.email}, 'offers', taken.offer_id::text, 'CLAIM', jsonb_build_object(
          'claimId', jsonb_build_object('after', claimed.id),
          'userId', jsonb_build_object('after', ${userId}::integer),
          'claimedSpots', jsonb_build_object('before', taken.claimed_spots - 1, 'after', taken.claimed_spots))
        FROM taken, claimed
      )
      SELECT claimed.id, claimed.created_at, taken.claimed_spots, taken.available_spots,
        ${crossingOf(sql`taken.claimed_spots`, sql`taken.available_spots`)} AS crossing
      FROM claimed, taken`;
}

async function runClaim(tx: Queryable, statement: SQL): Promise<ClaimRow | undefined> {
  try {
    const result = await tx.execute(statement);
    return (result as unknown as { rows: ClaimRow[] }).rows[0];
  } catch (error) {
    if (isSecondLiveClaim(error)) throw refused(409, OFFER_CLAIM_ERROR_CODES.alreadyClaimed);
    throw error;
  }
}

/**
 * Takes a spot of the offer for the customer, or refuses with the code of domain/errors.ts. Most claims are
 * one statement, atomic on its own and one round trip: the offer's row is locked from the UPDATE to the commit
 * only, which is what bounds the claims per second of one hot offer (bench/results/claims.md). That statement
 * spares the spot whose taking crosses a notification threshold (a tenth left, none left: offerSpots.ts); such
 * a claim, and any the statement refused, is tried again in a transaction that writes the staff's
 * notification beside the claim when it crossed, so a notification exists exactly when its claim does.
 */
export async function claimOffer(
  db: Database,
  offerId: number,
  customer: AuditActor,
  at = new Date(),
): Promise<OfferClaim> {
  const userId = customer.userId;
  const quick = await runClaim(db, claimStatement(offerId, customer, at, true));
  const row =
    quick ??
    (await db.transaction(async (tx) => {
      const taken = await runClaim(tx, claimStatement(offerId, customer, at, false));
      if (!taken) throw await refusalOf(tx, offerId, at);
      if (taken.crossing !== null) {
        await noticeOfferSpots(tx, {
          offerId,
          crossing: taken.crossing,
          claimedSpots: Number(taken.claimed_spots),
          availableSpots: Number(taken.available_spots),
        });
      }
      return taken;
    }));
  return claimOf({ id: Number(row.id), offerId, userId, createdAt: new Date(row.created_at) });
}

interface ClaimRow {
  id: number | string;
  created_at: Date | string;
  claimed_spots: number | string;
  available_spots: number | string;
  crossing: SpotsCrossing | null;
}

/**
 * Cancels a live claim of the offer (only the customer's own when `ownerUserId` is given) and gives the spot
 * back. A claim already cancelled, another's or another offer's is a 404: of parallel cancellations one wins.
 */
export async function cancelClaim(
  db: Database,
  args: { offerId: number; claimId: number; by: AuditActor; ownerUserId: number | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    // The offer's row first, as a claim takes it: claims and cancellations lock in one order.
    await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, args.offerId)).for('update');
    const cancelled = await tx
      .update(offerClaims)
      .set({ cancelledAt: sql`now()`, cancelledByUserId: args.by.userId })
      .where(
        and(
          eq(offerClaims.id, args.claimId),
          eq(offerClaims.offerId, args.offerId),
          isNull(offerClaims.cancelledAt),
          args.ownerUserId === null ? undefined : eq(offerClaims.userId, args.ownerUserId),
        ),
      )
      .returning({ id: offerClaims.id, userId: offerClaims.userId });
    const [claim] = cancelled;
    if (!claim) throw refused(404, OFFER_CLAIM_ERROR_CODES.claimNotFound);
    const [offer] = await tx
      .update(offers)
      .set({ claimedSpots: sql`${offers.claimedSpots} - 1` })
      .where(eq(offers.id, args.offerId))
      .returning({ claimedSpots: offers.claimedSpots });
    await offerAudit(tx, {
      actor: args.by,
      action: 'CANCEL_CLAIM',
      recordId: args.offerId,
      before: { claimId: claim.id, userId: claim.userId, claimedSpots: (offer?.claimedSpots ?? 0) + 1 },
      after: { claimedSpots: offer?.claimedSpots ?? 0 },
    });
  });
}

/** The offer's claims, newest first, with each customer's name and email (null once the account is gone). */
export async function listClaims(db: Queryable, offerId: number): Promise<OfferClaimListItem[]> {
  const rows = await db
    .select({
      id: offerClaims.id,
      offerId: offerClaims.offerId,
      userId: offerClaims.userId,
      createdAt: offerClaims.createdAt,
      cancelledAt: offerClaims.cancelledAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(offerClaims)
    .leftJoin(users, eq(users.id, offerClaims.userId))
    .where(eq(offerClaims.offerId, offerId))
    .orderBy(desc(offerClaims.createdAt), desc(offerClaims.id));
  return rows.map((row) => ({
    ...claimOf(row),
    cancelledAt: row.cancelledAt && isoOf(row.cancelledAt),
    customer:
      row.email === null ? null : { firstName: row.firstName ?? '', lastName: row.lastName ?? '', email: row.email },
  }));
}
