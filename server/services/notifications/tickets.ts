import { and, eq, gt, lte } from 'drizzle-orm';
import { STREAM_TICKET_SECONDS } from '../../../domain/notificationApi';
import type { Queryable } from '../../db/queryable';
import { oneTimeTokens } from '../../db/schema/auth';
import { hashToken, randomToken } from '../tokens';

/**
 * Tickets of the live stream for EventSource clients, which cannot send an Authorization header
 * (docs/notifications.md "Tickets"): `POST /notifications/stream-ticket` (Bearer) answers one, and
 * `GET /notifications/stream?ticket=` redeems it once within a minute. Stored like the mailed one-time
 * tokens (table `one_time_tokens`, purpose `streamTicket`, as a SHA-256 digest), so any API process on the
 * database redeems it, exactly once: the redeeming DELETE … RETURNING takes the row. The ticket names the
 * session that asked for it, and the stream opens only while that session is still active. The access token
 * never appears in a URL (logs, proxies, history); the ticket does, and is worthless once used.
 */

export const STREAM_TICKET_PURPOSE = 'streamTicket';

export interface IssuedTicket {
  ticket: string;
  expiresAt: Date;
}

export async function issueStreamTicket(
  db: Queryable,
  identity: { userId: number; sessionId: string },
  now: Date,
): Promise<IssuedTicket> {
  const ticket = `${identity.sessionId}.${randomToken()}`;
  const expiresAt = new Date(now.getTime() + STREAM_TICKET_SECONDS * 1000);
  // The user's tickets that expired unused go now: nothing else sweeps them.
  await db
    .delete(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, identity.userId),
        eq(oneTimeTokens.purpose, STREAM_TICKET_PURPOSE),
        lte(oneTimeTokens.expiresAt, now),
      ),
    );
  await db.insert(oneTimeTokens).values({
    userId: identity.userId,
    purpose: STREAM_TICKET_PURPOSE,
    tokenHash: hashToken(ticket),
    createdAt: now,
    expiresAt,
  });
  return { ticket, expiresAt };
}

/** Takes the ticket (once): its user and session, or undefined when unknown, used or expired. */
export async function redeemStreamTicket(
  db: Queryable,
  ticket: string,
  now: Date,
): Promise<{ userId: number; sessionId: string } | undefined> {
  const sessionId = ticket.slice(0, ticket.indexOf('.'));
  if (sessionId === '') return undefined;
  const [row] = await db
    .delete(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(ticket)),
        eq(oneTimeTokens.purpose, STREAM_TICKET_PURPOSE),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row ? { userId: row.userId, sessionId } : undefined;
}
