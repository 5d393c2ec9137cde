import { useMemo } from 'react';
import { ROLE_SCOPES } from '../../domain/access';
import { eventDefaults, type EventFlow } from '../../domain/event';
import { isRoleKey } from '../../domain/roles';
import type { SessionUser } from '../../domain/user';
import { useSessionUser } from '../../providers/appContexts';

/**
 * Which stepper a viewer gets: a promoter requests events for its group (promoter flow); the
 * platform and a venue's staff write events for establishments (establishment flow). A user holding both
 * kinds of roles writes as staff, whose save actions include the promoter's outcome.
 */
export interface EventViewer {
  flow: EventFlow;
  /** The venue a venue-scoped role writes for (fixed in its form); null when any venue may be picked. */
  fixedEstablishmentId: number | null;
  /** A promoter's group: every request is for it. */
  promoterGroupId: number | null;
}

const scopesOf = (user: SessionUser | null) =>
  (user?.userRoles ?? [])
    .map(({ role }) => role.key)
    .filter(isRoleKey)
    .map((key) => ROLE_SCOPES[key]);

export const eventViewerOf = (user: SessionUser | null): EventViewer => {
  const scopes = scopesOf(user);
  const isStaff = scopes.includes('all') || scopes.includes('establishment');
  const flow: EventFlow = !isStaff && scopes.includes('promoterGroup') ? 'promoter' : 'establishment';
  const venueScoped = !scopes.includes('all') && scopes.includes('establishment');
  return {
    flow,
    fixedEstablishmentId: flow === 'establishment' && venueScoped ? (user?.establishmentId ?? null) : null,
    promoterGroupId: flow === 'promoter' ? (user?.promoterGroupId ?? null) : null,
  };
};

export const useEventViewer = (): EventViewer => {
  const user = useSessionUser();
  return useMemo(() => eventViewerOf(user), [user]);
};

/** A new event's form values (the defaults) for this viewer: its venue or its group filled in. */
export const newEventValues = (viewer: EventViewer) => {
  const defaults = eventDefaults();
  return {
    ...defaults,
    generalInfos: {
      ...defaults.generalInfos,
      // The type picker edits `eventType.id`; an object keeps its error on that field.
      eventType: { id: null as number | null },
      establishmentId: viewer.fixedEstablishmentId as number | null,
      promoterGroupId: viewer.promoterGroupId as number | null,
    },
    dateAndCalendar: { ...defaults.dateAndCalendar, outOfScheduleEvents: [] as unknown[] },
  };
};
export type EventFormValues = ReturnType<typeof newEventValues>;
