import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ROLE_SCOPES } from '../../domain/access';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../domain/languages';
import { ROLE_KEYS, type RoleKey } from '../../domain/roles';
import type { Database } from '../db/client';
import { roles, users } from '../db/schema/auth';
import { establishments } from '../db/schema/establishments';
import { events } from '../db/schema/events';
import { promoterGroups } from '../db/schema/promoterGroups';
import type { EventRequestMailParams } from './mail';

/**
 * The mails of promoter requests (the `requestEvent` save action, docs/server.md "Event requests"): the venue's
 * staff are told that a request waits, the promoter who asked is told the venue's decision.
 *
 * Mails go out after the write has committed, as background work (`app.background`): the answer never
 * waits for SMTP, and a mail that fails is logged (and recorded `failed` in the outbox) without failing or
 * undoing the request. A rolled-back write sends nothing, because these are only called after the commit.
 */

/** What sending needs of the app (a FastifyInstance has all of it). */
export type EventMailServer = Pick<FastifyInstance, 'db' | 'mailer' | 'config' | 'background'>;

/** The roles whose scope is one establishment: its staff, who decide on requests for it. */
export const ESTABLISHMENT_STAFF_ROLES: readonly RoleKey[] = ROLE_KEYS.filter(
  (role) => ROLE_SCOPES[role] === 'establishment',
);

interface Recipient {
  id: number;
  email: string;
  firstName: string;
  language: Language;
}

/** What every request mail says about the event. */
interface RequestFacts {
  eventId: number;
  eventTitle: string;
  establishmentId: number | null;
  venueName: string;
  promoterGroupName: string | null;
  firstStartsAt: string;
  requestedByUserId: number | null;
  approvalReason: string | null;
}

const eventLink = (publicUrl: string, eventId: number) => `${publicUrl}/events/${eventId}`;

const recipientOf = (row: { id: number; email: string; firstName: string; language: string }): Recipient => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
});

async function requestFacts(db: Database, eventId: number): Promise<RequestFacts | undefined> {
  const [row] = await db
    .select({
      eventId: events.id,
      eventTitle: events.title,
      establishmentId: events.establishmentId,
      venueName: establishments.name,
      promoterGroupName: promoterGroups.name,
      firstStartsAt: events.firstStartsAt,
      requestedByUserId: events.requestedByUserId,
      approvalReason: events.approvalReason,
    })
    .from(events)
    .leftJoin(establishments, eq(establishments.id, events.establishmentId))
    .leftJoin(promoterGroups, eq(promoterGroups.id, events.promoterGroupId))
    .where(eq(events.id, eventId));
  if (!row) return undefined;
  // A request always names its venue (EVENT_PROBLEMS.requestNeedsEstablishment); the dash is for a venue since deleted.
  return { ...row, venueName: row.venueName ?? '—', firstStartsAt: row.firstStartsAt.toISOString() };
}

/** The active staff of a venue: users of an establishment-scoped role attached to it. */
export async function establishmentStaff(db: Database, establishmentId: number): Promise<Recipient[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
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
  return rows.map(recipientOf);
}

async function userRecipient(db: Database, userId: number): Promise<Recipient | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)));
  return row ? recipientOf(row) : undefined;
}

const paramsFor = (server: EventMailServer, facts: RequestFacts, recipient: Recipient): EventRequestMailParams => ({
  firstName: recipient.firstName,
  eventTitle: facts.eventTitle,
  venueName: facts.venueName,
  promoterGroupName: facts.promoterGroupName,
  firstStartsAt: facts.firstStartsAt,
  reason: facts.approvalReason,
  link: eventLink(server.config.publicUrl, facts.eventId),
});

/**
 * After a `requestEvent` write (POST, or a PUT that re-submits) has committed: mails the venue's staff that
 * a request waits, each in their language, with a link to the event. Returns at once; the mails follow.
 */
export function notifyEventRequested(server: EventMailServer, { eventId }: { eventId: number }): void {
  server.background.run('event-requested mail', async () => {
    const facts = await requestFacts(server.db, eventId);
    if (!facts || facts.establishmentId === null) return;
    for (const recipient of await establishmentStaff(server.db, facts.establishmentId)) {
      await server.mailer.send({
        to: recipient.email,
        userId: recipient.id,
        language: recipient.language,
        template: 'eventRequested',
        params: paramsFor(server, facts, recipient),
      });
    }
  });
}

/**
 * After an approval or rejection has committed: mails the promoter who asked (if the account still exists
 * and is active), in their language, with the venue's reason. Returns at once; the mail follows.
 */
export function notifyRequestDecided(
  server: EventMailServer,
  { eventId, decision }: { eventId: number; decision: 'approve' | 'reject' },
): void {
  server.background.run('event-request decision mail', async () => {
    const facts = await requestFacts(server.db, eventId);
    if (!facts || facts.requestedByUserId === null) return;
    const requester = await userRecipient(server.db, facts.requestedByUserId);
    if (!requester) return;
    await server.mailer.send({
      to: requester.email,
      userId: requester.id,
      language: requester.language,
      template: decision === 'approve' ? 'eventRequestApproved' : 'eventRequestRejected',
      params: paramsFor(server, facts, requester),
    });
  });
}
