import { useCanAccess } from 'react-admin';
import { DECIDE_ACTION } from '../../../domain/access';
import type { Event } from '../../../domain/event';

/**
 * May the signed-in user approve or reject this request? react-admin's canAccess with the record and the
 * `decide` action, answered by the rule the server decides by (domain/access.ts canDecideRequest): EVENT
 * update through a role whose scope reaches the event's venue, never a promoter. Only a pending request is
 * decided. Only decides what the screen offers: the server checks again.
 */
export const useCanDecideRequest = (record: (Pick<Event, 'generalInfos'> & { id?: unknown }) | undefined): boolean => {
  const isPending = record?.generalInfos.approvalStatus === 'PENDING';
  const { canAccess } = useCanAccess({
    resource: 'events',
    action: DECIDE_ACTION,
    record,
    enabled: isPending,
  });
  return isPending && canAccess === true;
};
