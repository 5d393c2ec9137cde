import type { ApprovalStatus } from '../../../domain/enums';
import type { OccurrenceFilter, OccurrenceItem } from '../../../domain/event';
import type { InstantWindow } from '../../../domain/recurrence';

/**
 * The events page has one filter bar for both views. Its values (the `events` list's filter names) become
 * the `occurrences` filter for the visible window: the same names, lists kept as lists. GET /occurrences
 * has no approval filter, so the approval status is applied to the answered items.
 */
export type EventFilterValues = Record<string, unknown>;

const asList = <Value>(value: unknown): Value[] | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const list = (Array.isArray(value) ? value : [value]) as Value[];
  return list.length > 0 ? list : undefined;
};

const asId = (value: unknown): number | undefined =>
  value === undefined || value === null || value === '' ? undefined : Number(value);

const withoutUndefined = <Shape extends object>(shape: Shape): Shape =>
  Object.fromEntries(Object.entries(shape).filter(([, value]) => value !== undefined)) as Shape;

export const occurrenceFilterOf = (values: EventFilterValues, window: InstantWindow): OccurrenceFilter =>
  withoutUndefined({
    from: window.from,
    to: window.to,
    q: typeof values.q === 'string' && values.q.trim() !== '' ? values.q.trim() : undefined,
    establishmentId: asId(values.establishmentId),
    promoterGroupId: asId(values.promoterGroupId),
    eventTypeIds: asList<number>(values.eventTypeIds),
    musicIds: asList<number>(values.musicIds),
    cities: asList<string>(values.cities),
    visibility: values.visibility === 'DRAFT' || values.visibility === 'PUBLISHED' ? values.visibility : undefined,
  });

/** The approval status filter, applied on the browser side (see above). */
export const matchesApproval = (values: EventFilterValues) => {
  const wanted = values.approvalStatus as ApprovalStatus | undefined;
  return (item: OccurrenceItem): boolean => !wanted || item.approvalStatus === wanted;
};
