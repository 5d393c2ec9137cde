import { http, HttpResponse } from 'msw';
import type { Establishment } from '../../domain/establishment';
import type { Event, OccurrenceItem } from '../../domain/event';
import type { ReferenceRecord } from '../../domain/reference';
import type { SessionUser } from '../../domain/user';
import { ana, apiUrl, filterOf, listAnswer, referenceRecord, server } from './msw';

/** Records, users and API handlers the events list, calendar and approval tests share. */

export type EventSections = {
  generalInfos?: Partial<Event['generalInfos']>;
  dateAndCalendar?: Partial<Event['dateAndCalendar']>;
  visibility?: Event['visibility'];
};

export const eventRecord = (id: number, eventTitle: string, sections: EventSections = {}): Event => ({
  id,
  eventId: id,
  generalInfos: {
    establishmentId: 3,
    eventType: { id: 1, type: 'Party' },
    eventTitle,
    ageMin: 18,
    tarifMin: null,
    tarifMax: null,
    urlBilletterie: null,
    musics: [],
    promotable: true,
    isFree: false,
    promoterGroupId: null,
    localisation: null,
    lat: null,
    lang: null,
    city: null,
    placeId: null,
    approvalStatus: null,
    approvalReason: null,
    ...sections.generalInfos,
  },
  dateAndCalendar: {
    startDate: '2026-11-28',
    endDate: '2026-11-29',
    startTime: '22:00',
    endTime: '04:00',
    recurrencePattern: 'NONE',
    recurrenceDaysOfWeek: [],
    recurrenceEndType: 'NEVER',
    maxOccurrences: null,
    recurrenceEndDate: null,
    updateScope: null,
    outOfScheduleEvents: [],
    totalOccurrencesNumber: 1,
    sourceEvent: null,
    virtualParentEvent: null,
    recurrenceTouched: false,
    parentEventId: null,
    segmentIsRecurrenceTail: false,
    nested: false,
    ...sections.dateAndCalendar,
  },
  descriptionAndMedia: {
    media: [],
    mediaListState: { order: [], added: [], removed: [] },
    tagTerms: [],
    eventCapacity: null,
    urlCarte: null,
    fileCarte: null,
    services: [],
    games: [],
    environments: [],
  },
  description: { description: null, htmlDescription: null },
  visibility: sections.visibility ?? 'PUBLISHED',
  isVirtual: false,
  outOfScheduleEventId: null,
  originalStartsAt: null,
  originalEndsAt: null,
  originalUpdateScope: null,
  originalReccurenceTouched: false,
  tagTerms: {},
  version: 2,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-02-01T18:30:00.000Z',
});

export const occurrence = (
  eventId: number,
  eventTitle: string,
  startsAt: string,
  endsAt: string,
  extra: Partial<OccurrenceItem> = {},
): OccurrenceItem => ({
  id: `${eventId}@${extra.originalStartsAt ?? startsAt}`,
  eventId,
  startsAt,
  endsAt,
  originalStartsAt: startsAt,
  isVirtual: true,
  outOfScheduleEventId: null,
  eventTitle,
  establishmentId: 3,
  establishmentName: 'Gleis 7 Club',
  promoterGroupId: null,
  promoterGroupName: null,
  city: 'Zurich',
  eventTypeId: 1,
  recurrencePattern: 'WEEKLY',
  visibility: 'PUBLISHED',
  approvalStatus: null,
  ...extra,
});

/** The staff of venue 3 (Gleis 7 Club), of venue 4, and a promoter of group 8. */
export const venueAdmin: SessionUser = {
  ...ana,
  id: 12,
  roleId: 4,
  establishmentId: 3,
  userRoles: [{ role: { id: 4, key: 'ADMIN' } }],
};
export const otherVenueAdmin: SessionUser = {
  ...ana,
  id: 13,
  roleId: 4,
  establishmentId: 4,
  userRoles: [{ role: { id: 4, key: 'ADMIN' } }],
};
export const promoter: SessionUser = {
  ...ana,
  id: 14,
  roleId: 2,
  promoterGroupId: 8,
  userRoles: [{ role: { id: 2, key: 'PROMOTER' } }],
};

const venue = (id: number, establishmentName: string) =>
  ({
    id,
    establishmentId: id,
    generalInfos: { establishmentName, city: 'Zurich' },
    visibility: 'PUBLISHED',
  }) as unknown as Establishment;
export const VENUES = [venue(3, 'Gleis 7 Club'), venue(4, 'Bar du Port')];

const REFERENCE_DATA: Record<string, ReferenceRecord[]> = {
  'event-types': [referenceRecord(1, 'PARTY', 'Party'), referenceRecord(2, 'CONCERT', 'Concert')],
  musics: [referenceRecord(11, 'TECHNO', 'Techno'), referenceRecord(12, 'JAZZ', 'Jazz')],
};

/**
 * GET /events (the page's list, recorded; the pending-request count answers from the same records),
 * GET /events/:id, venues, reference data and cities.
 */
export const serveEvents = (records: Event[]) => {
  const listQueries: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('/events'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const filter = filterOf(request);
      if (filter.approvalStatus === 'PENDING' && query.get('range') === '[0,0]') {
        const pending = records.filter((record) => record.generalInfos.approvalStatus === 'PENDING');
        return listAnswer('events', pending.slice(0, 1), pending.length);
      }
      listQueries.push(query);
      return listAnswer('events', records);
    }),
    http.get(apiUrl('/events/:id'), ({ params }) => {
      const found = records.find((record) => String(record.id) === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Not found' }, { status: 404 });
    }),
    http.get(apiUrl('/establishments/cities'), () =>
      HttpResponse.json([
        { id: 'Lausanne', name: 'Lausanne' },
        { id: 'Zurich', name: 'Zurich' },
      ]),
    ),
    http.get(apiUrl('/establishments'), ({ request }) => {
      const ids = filterOf(request).id;
      return listAnswer(
        'establishments',
        Array.isArray(ids) ? VENUES.filter((venue) => ids.includes(venue.id)) : VENUES,
      );
    }),
    http.get(apiUrl('/reference-data/:kind'), ({ request, params }) => {
      const values = REFERENCE_DATA[String(params.kind)] ?? [];
      const ids = filterOf(request).id;
      return listAnswer(
        `reference-data/${String(params.kind)}`,
        Array.isArray(ids) ? values.filter((value) => ids.includes(value.id)) : values,
      );
    }),
    http.get(apiUrl('/tags'), () => listAnswer('tags', [])),
  );
  return {
    filters: () =>
      listQueries
        .map((query) => JSON.parse(query.get('filter') ?? '{}') as Record<string, unknown>)
        .filter((filter) => !('id' in filter)),
    sorts: () => listQueries.map((query) => query.get('sort')),
  };
};
