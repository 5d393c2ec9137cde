import { and, eq, inArray, sql } from 'drizzle-orm';
import { ROLE_SCOPES } from '../../domain/access';
import type { ApprovalStatus } from '../../domain/enums';
import { ROLE_KEYS, type RoleKey } from '../../domain/roles';
import type { Queryable } from '../db/queryable';
import { roles, users } from '../db/schema/auth';
import { establishments } from '../db/schema/establishments';
import { events } from '../db/schema/events';
import { notify } from './notifications/create';

/**
 * Who is told of promoter requests (docs/server.md "Event requests", docs/asks.md): the venue's staff that a
 * request waits for them (ASK_AWAITING), the promoter who asked of the venue's decision
 * (EVENT_REQUEST_APPROVED / EVENT_REQUEST_REJECTED). Always inside the transaction of the request or the
 * decision (`tx`), so a rolled-back one tells nobody and a committed one never lacks its notifications; the
 * mails follow from the notifications (their `mail_mode`), each in the recipient's language.
 */

/** The roles whose scope is one establishment: its staff, who decide on requests for it. */
export const ESTABLISHMENT_STAFF_ROLES: readonly RoleKey[] = ROLE_KEYS.filter(
  (role) => ROLE_SCOPES[role] === 'establishment',
);

/** First and last name, as partners who cannot read other users see a person. */
export const fullNameOf = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** The active staff of a venue: users of an establishment-scoped role attached to it. */
export async function establishmentStaff(tx: Queryable, establishmentId: number): Promise<{ id: number }[]> {
  return tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.establishmentId, establishmentId),
        eq(users.isActive, true),
        inArray(roles.key, [...ESTABLISHMENT_STAFF_ROLES]),
      ),
    )
    .orderBy(users.id);
}

/** A user's name, or null when the account is gone. */
export async function nameOfUser(tx: Queryable, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await tx.select({ name: fullNameOf }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

async function requestFacts(tx: Queryable, eventId: number) {
  const [row] = await tx
    .select({
      title: events.title,
      establishmentId: events.establishmentId,
      venueName: establishments.name,
      requestedByUserId: events.requestedByUserId,
      approvalStatus: events.approvalStatus,
      approvalReason: events.approvalReason,
    })
    .from(events)
    .leftJoin(establishments, eq(establishments.id, events.establishmentId))
    .where(eq(events.id, eventId));
  return row;
}

/**
 * A request was made (a new one, or one submitted again after a decision): each active member of the venue's
 * staff but the one who asked is told that it waits for them.
 */
export async function tellVenueOfRequest(tx: Queryable, { eventId, by }: { eventId: number; by: number }) {
  const facts = await requestFacts(tx, eventId);
  if (!facts || facts.approvalStatus !== 'PENDING' || facts.establishmentId === null) return;
  const staff = (await establishmentStaff(tx, facts.establishmentId)).filter((user) => user.id !== by);
  if (staff.length === 0) return;
  const requesterName = await nameOfUser(tx, by);
  await notify(
    tx,
    staff.map((user) => ({
      userId: user.id,
      kind: 'ASK_AWAITING' as const,
      resource: 'events' as const,
      recordId: eventId,
      params: { askKind: 'EVENT_REQUEST' as const, title: facts.title, requesterName },
    })),
  );
}

/**
 * The venue decided: the promoter who asked (if the account is still active, and is not the decider) is told
 * the decision, with the venue's reason or note.
 */
export async function tellRequesterOfDecision(tx: Queryable, { eventId, by }: { eventId: number; by: number }) {
  const facts = await requestFacts(tx, eventId);
  if (!facts || facts.requestedByUserId === null || facts.requestedByUserId === by) return;
  const status = facts.approvalStatus as ApprovalStatus | null;
  if (status === 'APPROVED') {
    await notify(tx, [
      {
        userId: facts.requestedByUserId,
        kind: 'EVENT_REQUEST_APPROVED',
        resource: 'events',
        recordId: eventId,
        params: { title: facts.title, venueName: facts.venueName },
      },
    ]);
  } else if (status === 'REJECTED') {
    await notify(tx, [
      {
        userId: facts.requestedByUserId,
        kind: 'EVENT_REQUEST_REJECTED',
        resource: 'events',
        recordId: eventId,
        params: { title: facts.title, venueName: facts.venueName, reason: facts.approvalReason },
      },
    ]);
  }
}
