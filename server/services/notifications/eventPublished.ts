import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';
import { events } from '../../db/schema/events';
import { promoterGroups } from '../../db/schema/promoterGroups';
import { notify } from './create';
import { scopeStaffOf } from './scopeStaff';

/** What decides whether a write published an event at a venue: its stored row's owner, visibility and title. */
export interface PublishedState {
  title: string;
  visibility: string;
  establishmentId: number | null;
  promoterGroupId: number | null;
}

/**
 * EVENT_PUBLISHED_AT_VENUE (docs/notification-causes.md): a promoter group's event at an establishment became
 * published there, in the transaction that published it. The venue's active staff hear of it, except the user
 * who published it. Called by every write that may publish an event (create, update, bulk visibility through
 * the update, an approval by someone outside the venue) with where it was published before.
 *
 * A writer that stored the whole row gives it as `written`; the row is then read only when someone is told
 * (for the group's name), not on every published save.
 */
export async function noticeEventPublished(
  tx: Queryable,
  args: {
    eventId: number;
    /** The establishment the event was published at before this write; null when it was not published. */
    publishedAtBefore: number | null;
    actorUserId: number;
    written?: PublishedState;
  },
): Promise<void> {
  const event = args.written ?? (await storedStateOf(tx, args.eventId));
  if (!event || event.visibility !== 'PUBLISHED') return;
  if (event.establishmentId === null || event.promoterGroupId === null) return; // not a promoter's event at a venue
  if (event.establishmentId === args.publishedAtBefore) return; // already published there
  const recipients = await scopeStaffOf(
    tx,
    'EVENT_PUBLISHED_AT_VENUE',
    { establishmentId: event.establishmentId, promoterGroupId: null },
    args.actorUserId,
  );
  if (recipients.length === 0) return;
  const [group] = await tx
    .select({ name: promoterGroups.name })
    .from(promoterGroups)
    .where(eq(promoterGroups.id, event.promoterGroupId));
  await notify(
    tx,
    recipients.map((userId) => ({
      userId,
      kind: 'EVENT_PUBLISHED_AT_VENUE' as const,
      resource: 'events' as const,
      recordId: args.eventId,
      params: { title: event.title, promoterGroupName: group?.name ?? null },
    })),
  );
}

async function storedStateOf(tx: Queryable, eventId: number): Promise<PublishedState | undefined> {
  const [event] = await tx
    .select({
      title: events.title,
      visibility: events.visibility,
      establishmentId: events.establishmentId,
      promoterGroupId: events.promoterGroupId,
    })
    .from(events)
    .where(eq(events.id, eventId));
  return event;
}
