import { and, eq, gte, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Temporal } from 'temporal-polyfill';
import type { Viewer } from '../../../domain/access';
import {
  ASK_RESOURCES,
  awaitsViewer,
  eventRequestsDecidedBy,
  type AskKind,
  type AskRecord,
  type AskStatus,
} from '../../../domain/ask';
import { decidesTemplates } from '../../../domain/offerTemplate';
import { idIn } from '../../db/conditions';
import type { Queryable } from '../../db/queryable';
import { asks, users } from '../../db/schema';

/**
 * Asks (docs/asks.md): the rows the database keeps beside each request (migration 0015), read as the API's
 * records; the per-viewer parts (`awaitsMe`, its filter, `mine`) and the Zurich-day filters.
 */

const requester = alias(users, 'ask_requester');
const decider = alias(users, 'ask_decider');
const nameOf = (person: typeof requester | typeof decider) =>
  sql<
    string | null
  >`CASE WHEN ${person.id} IS NULL THEN NULL ELSE ${person.firstName} || ' ' || ${person.lastName} END`;

const isoOrNull = (instant: Date | null): string | null => (instant ? instant.toISOString() : null);

/** The asks of these ids, with the names of who asked and who decided; `awaitsMe` is the reader's (asReadBy). */
export async function loadAsks(db: Queryable, ids: readonly number[]): Promise<AskRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ask: asks, requestedByName: nameOf(requester), decidedByName: nameOf(decider) })
    .from(asks)
    .leftJoin(requester, eq(requester.id, asks.requestedByUserId))
    .leftJoin(decider, eq(decider.id, asks.decidedByUserId))
    .where(idIn(asks.id, ids));
  return rows.map(({ ask, requestedByName, decidedByName }) => ({
    id: ask.id,
    kind: ask.kind as AskKind,
    resource: ASK_RESOURCES[ask.kind as AskKind],
    recordId: ask.recordId,
    status: ask.status as AskStatus,
    reason: ask.reason,
    requestedBy: ask.requestedByUserId,
    requestedAt: ask.requestedAt.toISOString(),
    decidedBy: ask.decidedByUserId,
    decidedAt: isoOrNull(ask.decidedAt),
    awaitsMe: false,
    title: ask.title,
    establishmentId: ask.establishmentId,
    promoterGroupId: ask.promoterGroupId,
    requestedByName,
    decidedByName,
  }));
}

/** The records as this viewer reads them: `awaitsMe` is whether the viewer may decide a pending one. */
export const asksAsReadBy = (viewer: Viewer, records: AskRecord[]): AskRecord[] =>
  records.map((record) => ({ ...record, awaitsMe: awaitsViewer(viewer, record) }));

/**
 * The asks pending for this viewer's decision, as SQL (domain/ask.ts `awaitsViewer`): event requests at a venue
 * the viewer decides for (every venue for a platform role), template requests for the platform's deciders.
 */
export function awaitingCondition(viewer: Viewer): SQL {
  const decidedEvents = eventRequestsDecidedBy(viewer);
  const kinds: SQL[] = [];
  if (decidedEvents === 'all') kinds.push(eq(asks.kind, 'EVENT_REQUEST'));
  else if (decidedEvents) {
    kinds.push(and(eq(asks.kind, 'EVENT_REQUEST'), eq(asks.establishmentId, decidedEvents.establishmentId))!);
  }
  if (decidesTemplates(viewer.roleKeys)) kinds.push(eq(asks.kind, 'TEMPLATE_REQUEST'));
  if (kinds.length === 0) return sql`false`;
  return and(eq(asks.status, 'PENDING'), or(...kinds))!;
}

/** `filter.awaitsMe`: true, the ones awaiting the viewer; false, every other one. */
export const awaitsMeCondition = (awaitsMe: boolean, viewer: Viewer): SQL =>
  awaitsMe ? awaitingCondition(viewer) : not(awaitingCondition(viewer));

/** `filter.mine`: true, asked by the viewer; false, asked by anybody else (or an account since deleted). */
export const mineCondition = (mine: boolean, viewer: Viewer): SQL =>
  mine ? eq(asks.requestedByUserId, viewer.userId) : sql`${asks.requestedByUserId} IS DISTINCT FROM ${viewer.userId}`;

const ZURICH = 'Europe/Zurich';
/** The first instant of a Zurich calendar day (`2026-03-29` starts at 23:00 UTC the day before). */
const startOfDay = (date: string) =>
  new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: ZURICH }).toInstant().epochMilliseconds);
const nextDay = (date: string) => Temporal.PlainDate.from(date).add({ days: 1 }).toString();

/** `filter.requestedFrom`: asked on this Zurich day or later. */
export const requestedFromCondition = (day: string): SQL => gte(asks.requestedAt, startOfDay(day));
/** `filter.requestedTo`: asked on this Zurich day or earlier (before the next day starts). */
export const requestedToCondition = (day: string): SQL => lt(asks.requestedAt, startOfDay(nextDay(day)));
