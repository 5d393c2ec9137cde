import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { Establishment } from '../../domain/establishment';
import type { Event, OccurrenceItem } from '../../domain/event';
import type { ReferenceRecord } from '../../domain/reference';
import type { SessionUser } from '../../domain/user';
import { AdminApp, CrashBoundary, createQueryClient } from '../../src/App';
import { ana, apiUrl, server } from './msw';

/** Records, users and API handlers the events list, calendar and approval tests share. */

type EventSections = {
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

export const occurrence = (eventId: number, eventTitle: string, startsAt: string, endsAt: string, extra: Partial<OccurrenceItem> = {}): OccurrenceItem => ({
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
export const venueAdmin: SessionUser = { ...ana, id: 12, roleId: 4, establishmentId: 3, userRoles: [{ role: { id: 4, key: 'ADMIN' } }] };
export const otherVenueAdmin: SessionUser = { ...ana, id: 13, roleId: 4, establishmentId: 4, userRoles: [{ role: { id: 4, key: 'ADMIN' } }] };
export const promoter: SessionUser = { ...ana, id: 14, roleId: 2, promoterGroupId: 8, userRoles: [{ role: { id: 2, key: 'PROMOTER' } }] };

const venue = (id: number, establishmentName: string) =>
  ({ id, establishmentId: id, generalInfos: { establishmentName, city: 'Zurich' }, visibility: 'PUBLISHED' }) as unknown as Establishment;
export const VENUES = [venue(3, 'Gleis 7 Club'), venue(4, 'Bar du Port')];

const reference = (id: number, key: string, en: string): ReferenceRecord => ({ id, key, label: { en, fr: en, de: en, it: en }, position: id, isActive: true, version: 1 });
const REFERENCE_DATA: Record<string, ReferenceRecord[]> = {
  'event-types': [reference(1, 'PARTY', 'Party'), reference(2, 'CONCERT', 'Concert')],
  musics: [reference(11, 'TECHNO', 'Techno'), reference(12, 'JAZZ', 'Jazz')],
};

export const listAnswer = (resource: string, records: unknown[], total = records.length) =>
  HttpResponse.json(records, {
    headers: { 'Content-Range': `${resource} 0-${Math.max(records.length - 1, 0)}/${total}`, 'Access-Control-Expose-Headers': 'Content-Range' },
  });

export const filterOf = (request: Request): Record<string, unknown> => JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}');

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
    http.get(apiUrl('/establishments/cities'), () => HttpResponse.json([{ id: 'Lausanne', name: 'Lausanne' }, { id: 'Zurich', name: 'Zurich' }])),
    http.get(apiUrl('/establishments'), ({ request }) => {
      const ids = filterOf(request).id;
      return listAnswer('establishments', Array.isArray(ids) ? VENUES.filter((venue) => ids.includes(venue.id)) : VENUES);
    }),
    http.get(apiUrl('/reference-data/:kind'), ({ request, params }) => {
      const values = REFERENCE_DATA[String(params.kind)] ?? [];
      const ids = filterOf(request).id;
      return listAnswer(`reference-data/${String(params.kind)}`, Array.isArray(ids) ? values.filter((value) => ids.includes(value.id)) : values);
    }),
    http.get(apiUrl('/tags'), () => listAnswer('tags', [])),
  );
  return {
    filters: () => listQueries.map((query) => JSON.parse(query.get('filter') ?? '{}') as Record<string, unknown>).filter((filter) => !('id' in filter)),
    sorts: () => listQueries.map((query) => query.get('sort')),
  };
};

/** Where the router is, path and query, so a test can read `?occurrence=`. */
const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

/** The whole app at `path` (as renderApp), with a probe that also shows the query string. */
export const renderAppWithQuery = (path: string) =>
  render(
    <CrashBoundary>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AdminApp queryClient={createQueryClient()} />
        <LocationProbe />
      </MemoryRouter>
    </CrashBoundary>,
  );
