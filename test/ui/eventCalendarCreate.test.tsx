import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../domain/user';
import { authProvider } from '../../src/providers';
import { dataProvider } from '../../src/providers';
import { i18nProvider } from '../../src/providers';
import { preferencesStore } from '../../src/providers';
import { EventCalendar } from '../../resources/events/EventCalendar';
import { newEventPath, prefillOfSlot } from '../../resources/events/calendar/newEventLink';
import { EVENTS_VIEW_STORE_KEY } from '../../resources/events/EventList';
import { ana, apiUrl, listAnswer, server } from './msw';
import { occurrence, serveEvents, venueAdmin } from './eventList.fixtures';
import { renderAppWithQuery, startSignedIn } from './renderApp';
import { ShownStyles } from './styles';

/** The steppers render every step at once, and the calendar loads lazily: the test DOM is slow on a busy machine. */
const SLOW = { timeout: 30_000 };
const TEST = { timeout: 60_000 };

const customer: SessionUser = { ...ana, id: 15, roleId: 3, userRoles: [{ role: { id: 3, key: 'CUSTOMER' } }] };
const saturdayNight = occurrence(21, 'Saturday Night', '2026-11-28T21:00:00Z', '2026-11-29T03:00:00Z');

const serveOccurrences = () =>
  server.use(http.get(apiUrl('/occurrences'), () => listAnswer('occurrences', [saturdayNight])));

const showCalendarAt = (date: string, view: string) => {
  preferencesStore.setItem(EVENTS_VIEW_STORE_KEY, 'calendar');
  preferencesStore.setItem('events.calendar.date', date);
  preferencesStore.setItem('events.calendar.view', view);
};
const calendar = () => screen.findByRole('region', { name: 'Occurrence calendar' }, SLOW);
const location = () => screen.getByTestId('location').textContent ?? '';
/** The stepper's date step is mounted (hidden) from the start: its inputs hold the prefilled values. */
const dateInput = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });

describe('a new event from the occurrence calendar', () => {
  it('starts the stepper with the clicked day as its start date', TEST, async () => {
    serveEvents([]);
    serveOccurrences();
    startSignedIn(venueAdmin);
    showCalendarAt('2026-11-01', 'dayGridMonth');
    renderAppWithQuery('/events');
    const actor = userEvent.setup();

    const month = await calendar();
    await within(month).findByRole('link', { name: 'Saturday Night 22:00–04:00' });
    await actor.click(within(month).getByTitle('New event on 18 November 2026'));

    await waitFor(() => expect(location()).toBe(newEventPath({ startDate: '2026-11-18' })));
    expect(await screen.findByRole('group', { name: 'General information' }, SLOW)).toBeVisible();
    await waitFor(() => expect(dateInput('Start date')).toHaveValue('18/11/2026'));
    expect(dateInput('Start time')).toHaveValue('');
  });

  it('is reached with the keyboard too, from a day of the week', TEST, async () => {
    serveEvents([]);
    serveOccurrences();
    startSignedIn(venueAdmin);
    showCalendarAt('2026-11-23', 'timeGridWeek');
    renderAppWithQuery('/events');
    const actor = userEvent.setup();

    const week = await calendar();
    const friday = await within(week).findByTitle('New event on 27 November 2026');
    friday.focus();
    await actor.keyboard('{Enter}');

    await waitFor(() => expect(location()).toBe(newEventPath({ startDate: '2026-11-27' })));
    await screen.findByRole('group', { name: 'General information' }, SLOW);
    await waitFor(() => expect(dateInput('Start date')).toHaveValue('27/11/2026'));
  });

  it('takes the day, and in the week the time, of the clicked slot in Zurich wall-clock', () => {
    // FullCalendar's UTC mode: the Date's UTC fields are the Zurich day and time shown.
    expect(prefillOfSlot(new Date('2026-11-18T00:00:00Z'), true)).toEqual({ startDate: '2026-11-18' });
    expect(prefillOfSlot(new Date('2026-11-27T20:30:00Z'), false)).toEqual({
      startDate: '2026-11-27',
      startTime: '20:30',
    });
    expect(newEventPath({ startDate: '2026-11-27', startTime: '20:30' })).toBe(
      '/events/create?source=%7B%22dateAndCalendar%22%3A%7B%22startDate%22%3A%222026-11-27%22%2C%22startTime%22%3A%2220%3A30%22%7D%7D',
    );
  });

  it('prefills the date and time of a time slot in the create page', TEST, async () => {
    serveEvents([]);
    startSignedIn(venueAdmin);
    renderAppWithQuery(newEventPath({ startDate: '2026-11-27', startTime: '20:30' }));

    await screen.findByRole('group', { name: 'General information' }, SLOW);
    await waitFor(() => expect(dateInput('Start date')).toHaveValue('27/11/2026'));
    expect(dateInput('Start time')).toHaveValue('20:30');
  });
});

/** Where the router is, beside the calendar alone (a customer has no events page to hold it). */
const LocationProbe = () => {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
};

/** The calendar alone, in react-admin's context (a customer has no events page to hold it); GET /auth/me counted. */
const renderCalendarAlone = (user: SessionUser) => {
  const roleQueries: string[] = [];
  server.use(
    http.get(apiUrl('/auth/me'), () => {
      roleQueries.push('me');
      return HttpResponse.json(user);
    }),
  );
  startSignedIn(user);
  render(
    <MemoryRouter initialEntries={['/calendar']}>
      <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <EventCalendar />
      </AdminContext>
      <LocationProbe />
    </MemoryRouter>,
    { wrapper: ShownStyles },
  );
  return roleQueries;
};

describe('the calendar of someone who may not create events', () => {
  it('offers no new event: days are no links and a click on one stays put', TEST, async () => {
    serveOccurrences();
    showCalendarAt('2026-11-01', 'dayGridMonth');
    const roleQueries = renderCalendarAlone(customer);
    const actor = userEvent.setup();

    const month = await calendar();
    await within(month).findByRole('link', { name: 'Saturday Night 22:00–04:00' });
    // The access check has its answer (the roles the server gives) before the calendar is judged.
    await waitFor(() => expect(roleQueries.length).toBeGreaterThan(0));
    await new Promise((settled) => setTimeout(settled, 300));
    const day = month.querySelector<HTMLElement>('td[data-date="2026-11-18"]')!;
    expect(within(month).queryByTitle(/^New event on/)).not.toBeInTheDocument();
    expect(day.querySelector('[data-navlink]')).toBeNull();

    await actor.click(within(day).getByText('18'));
    expect(location()).toBe('/calendar');
  });

  it('does offer it to venue staff in the same setting (the check above is not merely pending)', TEST, async () => {
    serveOccurrences();
    showCalendarAt('2026-11-01', 'dayGridMonth');
    renderCalendarAlone(venueAdmin);
    const actor = userEvent.setup();

    const month = await calendar();
    await actor.click(await within(month).findByTitle('New event on 18 November 2026', {}, SLOW));
    await waitFor(() => expect(location()).toBe(newEventPath({ startDate: '2026-11-18' })));
  });
});
