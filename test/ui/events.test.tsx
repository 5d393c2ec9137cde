import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { eventDefaults, type Event } from '../../domain/event';
import type { ReferenceRecord } from '../../domain/reference';
import type { RecurrenceRule } from '../../domain/recurrence';
import type { SessionUser } from '../../domain/user';
import { createI18nProvider } from '../../providers/i18nProvider';
import { catalogues } from '../../src/i18n';
import { ruleInWords } from '../../resources/events/ruleInWords';
import { ana, apiUrl, filterOf, listAnswer, referenceRecord, server } from './msw';
import { eventRecord, venueAdmin, type EventSections } from './eventList.fixtures';
import { renderApp, startSignedIn } from './renderApp';

/** The steppers render every step at once; the test DOM is slow on a busy machine. */
// A walk-through took 13–61 s in one CI run with the CPU shared by other work (load ~12): keep a wide margin.
const SLOW = { timeout: 60_000 };
const TEST = { timeout: 180_000 };

const promoter: SessionUser = {
  ...ana,
  id: 14,
  roleId: 2,
  promoterGroupId: 9,
  userRoles: [{ role: { id: 2, key: 'PROMOTER' } }],
};

const REFERENCE_DATA: Record<string, ReferenceRecord[]> = {
  'event-types': [referenceRecord(1, 'PARTY', 'Party'), referenceRecord(2, 'CONCERT', 'Concert')],
  musics: [referenceRecord(11, 'TECHNO', 'Techno')],
};

const venue = {
  id: 3,
  establishmentId: 3,
  generalInfos: {
    establishmentName: 'Le Bourg',
    localisation: 'Rue du Bourg 51',
    city: 'Lausanne',
    lat: 46.52,
    lang: 6.63,
    placeId: 'place-bourg',
  },
  visibility: 'PUBLISHED',
};
const group = { id: 9, promoterId: 9, generalInfos: { promoterName: 'Night Owls' }, visibility: 'PUBLISHED' };

/** A weekly Saturday night series from Sat 30 Nov 2030, 22:00–04:00, ten times (far enough ahead to be upcoming). */
const series = (overrides: EventSections = {}): Event => ({
  ...eventRecord(7, 'Saturday Night', {
    // The form's defaults (minimum age 0, promotable, not free) rather than the list fixture's.
    generalInfos: {
      ...eventDefaults().generalInfos,
      establishmentId: 3,
      eventType: { id: 1, type: 'Party' },
      eventTitle: 'Saturday Night',
      ...overrides.generalInfos,
    },
    dateAndCalendar: {
      startDate: '2030-11-30',
      endDate: '2030-12-01',
      recurrencePattern: 'WEEKLY',
      recurrenceDaysOfWeek: ['SATURDAY'],
      recurrenceEndType: 'AFTER_OCCURRENCES',
      maxOccurrences: 10,
      totalOccurrencesNumber: 10,
      ...overrides.dateAndCalendar,
    },
    visibility: overrides.visibility,
  }),
  version: 4,
});

interface Recorded {
  method: string;
  url: URL;
  body: Record<string, unknown> | null;
}

/** The API around the steppers: vocabularies, venues, groups, one event; every write is recorded and answered. */
const serveApi = (event: Event | null = series(), writeAnswer?: () => Response) => {
  const writes: Recorded[] = [];
  const record = async (request: Request) => {
    const text = request.method === 'DELETE' ? '' : await request.text();
    writes.push({
      method: request.method,
      url: new URL(request.url),
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    });
  };
  server.use(
    http.get(apiUrl('/reference-data/:kind'), ({ params }) =>
      listAnswer(`reference-data/${String(params.kind)}`, REFERENCE_DATA[String(params.kind)] ?? []),
    ),
    http.get(apiUrl('/tags'), () => listAnswer('tags', [])),
    http.get(apiUrl('/establishments'), () => listAnswer('establishments', [venue])),
    http.get(apiUrl('/promoters'), () => listAnswer('promoters', [group])),
    http.get(apiUrl('/events'), ({ request }) =>
      listAnswer('events', Array.isArray(filterOf(request).id) && event ? [event] : []),
    ),
    http.get(apiUrl('/occurrences'), () => listAnswer('occurrences', [])),
    http.get(apiUrl('/events/:id'), () =>
      event ? HttpResponse.json(event) : HttpResponse.json({ message: 'NOT_FOUND' }, { status: 404 }),
    ),
    http.post(apiUrl('/events'), async ({ request }) => {
      await record(request);
      return writeAnswer?.() ?? HttpResponse.json({ ...series(), id: 8 });
    }),
    http.put(apiUrl('/events/:id'), async ({ request }) => {
      await record(request);
      return writeAnswer?.() ?? HttpResponse.json({ ...(event ?? series()), version: 5 });
    }),
    http.delete(apiUrl('/events/:id'), async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return writes;
};

/** A step's inputs are reachable (by role) only while it is the current step. */
const step = (name: string) => screen.getByRole('group', { name });
const visibleStep = async (name: string) => {
  return within(await screen.findByRole('group', { name }, SLOW));
};
const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false, selector: 'input' }), { target: { value } });
const chooseOption = async (actor: ReturnType<typeof userEvent.setup>, combobox: string, option: string) => {
  await actor.click(screen.getByRole('combobox', { name: new RegExp(`^${combobox}`) }));
  await actor.click(await screen.findByRole('option', { name: option }));
};
const preview = () => within(screen.getByRole('region', { name: 'Next occurrences' }));
/** Fills the first step of a new event (title and type) and moves on to the date step. */
const fillGeneralStep = async (actor: ReturnType<typeof userEvent.setup>) => {
  await actor.type(screen.getByRole('textbox', { name: /^Title/ }), 'Saturday Night');
  await chooseOption(actor, 'Event type', 'Party');
  await actor.click(screen.getByRole('button', { name: 'Next' }));
  return visibleStep('Date and calendar');
};

describe('the rule in words', () => {
  const weekly: RecurrenceRule = {
    startDate: '2026-11-28',
    endDate: null,
    startTime: '22:00',
    endTime: '04:00',
    recurrencePattern: 'WEEKLY',
    recurrenceDaysOfWeek: [],
    recurrenceEndType: 'AFTER_OCCURRENCES',
    maxOccurrences: 10,
    recurrenceEndDate: null,
  };
  const twiceAWeek: RecurrenceRule = {
    ...weekly,
    startTime: '19:30',
    endTime: '22:00',
    recurrenceDaysOfWeek: ['TUESDAY', 'THURSDAY'],
    recurrenceEndType: 'ON_DATE',
    maxOccurrences: null,
    recurrenceEndDate: '2026-12-31',
  };
  const monthly: RecurrenceRule = {
    ...weekly,
    startDate: '2026-01-15',
    startTime: '20:00',
    endTime: '23:00',
    recurrencePattern: 'MONTHLY',
    recurrenceEndType: 'NEVER',
    maxOccurrences: null,
  };
  const yearly: RecurrenceRule = { ...monthly, startDate: '2026-08-14', recurrencePattern: 'YEARLY' };
  const once: RecurrenceRule = {
    ...weekly,
    recurrencePattern: 'NONE',
    recurrenceEndType: 'NEVER',
    maxOccurrences: null,
  };

  it('says each pattern in English', () => {
    const { translate } = createI18nProvider({ catalogues });
    const say = (rule: RecurrenceRule) => ruleInWords(rule, translate, 'en');
    expect(say(weekly)).toBe('Every Saturday 22:00–04:00, 10 times');
    expect(say(twiceAWeek)).toBe('Every Tuesday and Thursday 19:30–22:00, until 31 Dec 2026');
    expect(say(monthly)).toBe('Every month on the 15th 20:00–23:00');
    expect(say(yearly)).toBe('Every year on 14 August 20:00–23:00');
    expect(say(once)).toBe('Once, Sat, 28 Nov 2026 22:00–04:00');
    expect(
      say({ ...monthly, startDate: '2026-01-01', recurrenceEndType: 'AFTER_OCCURRENCES', maxOccurrences: 1 }),
    ).toBe('Every month on the 1st 20:00–23:00, 1 time');
  });

  it('says them in German with German weekday and month names', async () => {
    const provider = createI18nProvider({ catalogues });
    await provider.changeLocale('de');
    const say = (rule: RecurrenceRule) => ruleInWords(rule, provider.translate, 'de');
    expect(say(weekly)).toBe('Jeden Samstag 22:00–04:00, 10-mal');
    expect(say(twiceAWeek)).toBe('Jeden Dienstag und Donnerstag 19:30–22:00, bis 31. Dez. 2026');
    expect(say(monthly)).toBe('Jeden Monat am 15. 20:00–23:00');
    expect(say(yearly)).toBe('Jedes Jahr am 14. August 20:00–23:00');
  });
});

describe('the establishment stepper', () => {
  it('blocks Next while the step has problems, showing them on their fields', TEST, async () => {
    serveApi(null);
    startSignedIn(venueAdmin);
    renderApp('/events/create');
    const actor = userEvent.setup();
    const general = await visibleStep('General information');

    await actor.click(screen.getByRole('button', { name: 'Next' }));
    expect(step('General information')).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Date and calendar' })).not.toBeInTheDocument();
    await waitFor(() => expect(general.getAllByText('Required').length).toBeGreaterThanOrEqual(2));

    await actor.type(general.getByRole('textbox', { name: /^Title/ }), 'Saturday Night');
    await chooseOption(actor, 'Event type', 'Party');
    await actor.click(screen.getByRole('button', { name: 'Next' }));
    const dates = await visibleStep('Date and calendar');

    // The date step checks the rules across its fields too: an end date before the start.
    typeInto('Start date', '2030-11-30');
    typeInto('Start time', '22:00');
    typeInto('End time', '23:00');
    typeInto('End date', '2030-11-29');
    await actor.click(screen.getByRole('button', { name: 'Next' }));
    expect(await dates.findByText('The event must end after it starts.')).toBeInTheDocument();
    expect(step('Date and calendar')).toBeVisible();
    // Only the last step saves a new event.
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it(
    'shows the rule in words and the next occurrences as the user types, and resets the recurrence with "Does not repeat"',
    TEST,
    async () => {
      serveApi(null);
      startSignedIn(venueAdmin);
      renderApp('/events/create');
      const actor = userEvent.setup();
      await visibleStep('General information');
      await actor.click(screen.getByRole('button', { name: 'Date and calendar' }));
      // Moving on needs a valid first step: fill it.
      await fillGeneralStep(actor);
      expect(preview().getByText('To list the occurrences:')).toBeInTheDocument();
      expect(preview().getByText('Start date: Required')).toBeInTheDocument();

      typeInto('Start date', '2030-11-30');
      typeInto('Start time', '22:00');
      typeInto('End time', '04:00');
      expect(await screen.findByText('Ends the next day')).toBeInTheDocument();
      expect(await screen.findByText('Once, Sat, 30 Nov 2030 22:00–04:00')).toBeInTheDocument();
      expect(preview().getAllByRole('listitem')).toHaveLength(1);

      await chooseOption(actor, 'Repeats', 'Weekly');
      expect(await screen.findByText('Every Saturday 22:00–04:00')).toBeInTheDocument();
      await waitFor(() => expect(preview().getAllByRole('listitem')).toHaveLength(5));
      expect(preview().getAllByRole('listitem')[1]).toHaveTextContent('Sat, 7 Dec 2030, 22:00–04:00');

      await actor.click(screen.getByRole('button', { name: 'Tuesday' }));
      await actor.click(screen.getByRole('button', { name: 'Saturday' }));
      expect(await screen.findByText('Every Tuesday and Saturday 22:00–04:00')).toBeInTheDocument();
      expect(preview().getAllByRole('listitem')[0]).toHaveTextContent('Sat, 30 Nov 2030, 22:00–04:00');
      expect(preview().getAllByRole('listitem')[1]).toHaveTextContent('Tue, 3 Dec 2030, 22:00–04:00');

      await chooseOption(actor, 'Ends', 'After a number of occurrences');
      typeInto('Occurrences', '3');
      expect(await screen.findByText('Every Tuesday and Saturday 22:00–04:00, 3 times')).toBeInTheDocument();
      expect(preview().getAllByRole('listitem')).toHaveLength(3);

      await chooseOption(actor, 'Repeats', 'Does not repeat');
      expect(await screen.findByText('Once, Sat, 30 Nov 2030 22:00–04:00')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Tuesday' })).not.toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: /^Ends/ })).not.toBeInTheDocument();
      // Repeating again starts from scratch: no days, no end.
      await chooseOption(actor, 'Repeats', 'Weekly');
      expect(await screen.findByText('Every Saturday 22:00–04:00')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Tuesday' })).toHaveAttribute('aria-pressed', 'false');
    },
  );

  it(
    'creates with the save action of the button, and a server field error opens the step that holds it',
    TEST,
    async () => {
      let refuse = true;
      const writes = serveApi(null, () =>
        refuse
          ? HttpResponse.json(
              { message: 'INVALID_INPUT', errors: { 'dateAndCalendar.endTime': 'EVENT_LASTS_TOO_LONG' } },
              { status: 400 },
            )
          : HttpResponse.json({ ...series(), id: 8 }),
      );
      startSignedIn(venueAdmin);
      renderApp('/events/create');
      const actor = userEvent.setup();
      await visibleStep('General information');
      await fillGeneralStep(actor);
      typeInto('Start date', '2030-11-30');
      typeInto('Start time', '22:00');
      typeInto('End time', '04:00');
      await actor.click(screen.getByRole('button', { name: 'Next' }));
      await visibleStep('Media and tags');
      await actor.click(screen.getByRole('button', { name: 'Next' }));
      await visibleStep('Description');

      await actor.click(screen.getByRole('button', { name: 'Save as draft' }));
      await waitFor(() => expect(writes).toHaveLength(1));
      expect(writes[0]!.body).toMatchObject({
        saveAction: 'createDraft',
        generalInfos: {
          eventTitle: 'Saturday Night',
          establishmentId: 3,
          eventType: { id: 1 },
          ageMin: 0,
          promotable: true,
          isFree: false,
        },
        dateAndCalendar: {
          startDate: '2030-11-30',
          startTime: '22:00',
          endTime: '04:00',
          recurrencePattern: 'NONE',
          updateScope: null,
        },
      });
      const dates = await visibleStep('Date and calendar');
      expect(await dates.findByText('The event lasts too long.')).toBeInTheDocument();

      refuse = false;
      await actor.click(screen.getByRole('button', { name: 'Next' }));
      await actor.click(screen.getByRole('button', { name: 'Next' }));
      await actor.click(await screen.findByRole('button', { name: 'Publish' }));
      await waitFor(() => expect(writes).toHaveLength(2));
      expect(writes[1]!.body).toMatchObject({ saveAction: 'createPublished' });
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/events$/));
    },
  );

  it('resets to the defaults on close: a new form starts empty on its first step', TEST, async () => {
    serveApi(null);
    startSignedIn(venueAdmin);
    renderApp('/events/create');
    const actor = userEvent.setup();
    await visibleStep('General information');
    await fillGeneralStep(actor);

    await actor.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/events$/));
    await actor.click(await screen.findByRole('link', { name: 'Create' }, SLOW));
    const general = await visibleStep('General information');
    expect(general.getByRole('textbox', { name: /^Title/ })).toHaveValue('');
    expect(general.getByRole('spinbutton', { name: 'Minimum age' })).toHaveValue(0);
    expect(general.getByRole('switch', { name: 'Promotable' })).toBeChecked();
    expect(general.getByRole('switch', { name: 'Free entry' })).not.toBeChecked();
  });
});

describe('editing a series', () => {
  it(
    'edits one occurrence: its date and own price in the form, a banner, and the scope asked on save',
    TEST,
    async () => {
      // The occurrence already has a price of its own (a THIS_OCCURRENCE_ONLY edit): the form shows it, not
      // the series'.
      const ownPrice = {
        id: 40,
        action: 'UPDATE' as const,
        originalStartsAt: '2030-12-07T21:00:00Z',
        startsAt: '2030-12-07T21:00:00Z',
        endsAt: '2030-12-08T03:00:00Z',
        eventTitle: null,
        changes: { 'generalInfos.tarifMax': 35 },
      };
      const writes = serveApi(
        series({ generalInfos: { tarifMax: 20 }, dateAndCalendar: { outOfScheduleEvents: [ownPrice] } }),
      );
      startSignedIn(venueAdmin);
      renderApp('/events/7?occurrence=2030-12-07T21:00:00.000Z');
      const actor = userEvent.setup();
      expect(await screen.findByText('Occurrence of Sat, 7 Dec 2030, 22:00 in a series', {}, SLOW)).toBeInTheDocument();
      expect(
        (await visibleStep('General information')).getByRole('spinbutton', { name: 'Maximum price (CHF)' }),
      ).toHaveValue(35);
      await actor.click(screen.getByRole('button', { name: 'Date and calendar' }));
      await visibleStep('Date and calendar');
      expect(screen.getByLabelText('Start date', { exact: false, selector: 'input' })).toHaveValue('07/12/2030');
      typeInto('Start time', '23:00');

      await actor.click(screen.getByRole('button', { name: 'Publish' }));
      const dialog = within(await screen.findByRole('dialog'));
      await actor.click(dialog.getByRole('button', { name: 'This occurrence only' }));
      await waitFor(() => expect(writes).toHaveLength(1));
      const body = writes[0]!.body!;
      expect(writes[0]!.url.pathname).toBe('/api/v1/events/7');
      expect(body).toMatchObject({
        saveAction: 'publish',
        originalStartsAt: '2030-12-07T21:00:00Z',
        version: 4,
        generalInfos: { tarifMax: 35 },
        dateAndCalendar: {
          updateScope: 'THIS_OCCURRENCE_ONLY',
          startDate: '2030-12-07',
          startTime: '23:00',
          endTime: '04:00',
          recurrencePattern: 'WEEKLY',
        },
      });
      expect(body.dateAndCalendar).not.toHaveProperty('outOfScheduleEvents');
    },
  );

  it(
    'sends "this and the next occurrences" as the scope, and deletes one occurrence as a SKIP after confirming',
    TEST,
    async () => {
      const writes = serveApi(series({ visibility: 'DRAFT' }));
      startSignedIn(venueAdmin);
      renderApp('/events/7?occurrence=2030-12-14T21:00:00Z');
      const actor = userEvent.setup();
      await screen.findByText('Occurrence of Sat, 14 Dec 2030, 22:00 in a series', {}, SLOW);

      await actor.click(screen.getByRole('button', { name: 'Save as draft' }));
      await actor.click(await screen.findByRole('button', { name: 'This and the next occurrences' }));
      await waitFor(() => expect(writes).toHaveLength(1));
      expect(writes[0]!.body).toMatchObject({
        saveAction: 'updateDraft',
        originalStartsAt: '2030-12-14T21:00:00Z',
        dateAndCalendar: { updateScope: 'THIS_AND_NEXT_OCCURRENCES', startDate: '2030-12-14' },
      });

      renderApp('/events/7?occurrence=2030-12-14T21:00:00Z');
      await actor.click((await screen.findAllByRole('button', { name: 'Delete this occurrence' }, SLOW)).at(-1)!);
      const confirm = within(await screen.findByRole('dialog'));
      expect(confirm.getByText(/The occurrence of Sat, 14 Dec 2030, 22:00 will be skipped/)).toBeInTheDocument();
      await actor.click(confirm.getByRole('button', { name: 'Delete this occurrence' }));
      await waitFor(() => expect(writes).toHaveLength(2));
      expect(writes[1]!.method).toBe('DELETE');
      expect(writes[1]!.url.pathname).toBe('/api/v1/events/7');
      expect(writes[1]!.url.searchParams.get('originalStartsAt')).toBe('2030-12-14T21:00:00Z');
    },
  );

  it(
    'edits the out-of-schedule dates: restores a skipped one, moves a moved one again, adds one, and PUTs the list',
    TEST,
    async () => {
      const writes = serveApi(
        series({
          dateAndCalendar: {
            outOfScheduleEvents: [
              {
                id: 31,
                action: 'SKIP',
                originalStartsAt: '2030-12-14T21:00:00Z',
                startsAt: null,
                endsAt: null,
                eventTitle: null,
                changes: {},
              },
              {
                id: 32,
                action: 'UPDATE',
                originalStartsAt: '2030-12-21T21:00:00Z',
                startsAt: '2030-12-22T19:00:00Z',
                endsAt: '2030-12-22T22:00:00Z',
                eventTitle: null,
                changes: {},
              },
            ],
          },
        }),
      );
      startSignedIn(venueAdmin);
      renderApp('/events/7');
      const actor = userEvent.setup();
      await visibleStep('General information');
      await actor.click(screen.getByRole('button', { name: 'Date and calendar' }));
      const dates = await visibleStep('Date and calendar');
      const editor = within(dates.getByRole('region', { name: 'Out-of-schedule dates' }));

      const skipped = editor.getByRole('listitem', { name: 'Skipped: Sat, 14 Dec 2030, 22:00' });
      const moved = editor.getByRole('listitem', { name: 'Moved: Sun, 22 Dec 2030, 20:00–23:00' });
      expect(within(moved).getByText('Instead of Sat, 21 Dec 2030, 22:00')).toBeInTheDocument();
      // The preview applies the rows: the skipped Saturday is not among the next occurrences.
      expect(preview().queryByText(/14 Dec 2030/)).not.toBeInTheDocument();

      await actor.click(within(skipped).getByRole('button', { name: 'Restore' }));
      expect(editor.queryByRole('listitem', { name: /^Skipped/ })).not.toBeInTheDocument();
      await waitFor(() => expect(preview().getByText(/Sat, 14 Dec 2030, 22:00–04:00/)).toBeInTheDocument());

      fireEvent.change(within(editor.getByRole('listitem', { name: /^Moved/ })).getByLabelText('From'), {
        target: { value: '21:00' },
      });
      expect(await editor.findByRole('listitem', { name: 'Moved: Sun, 22 Dec 2030, 21:00–23:00' })).toBeInTheDocument();

      const newDate = editor.getAllByLabelText('Date').at(-1)!;
      fireEvent.change(newDate, { target: { value: '2031-01-08' } });
      await actor.click(editor.getByRole('button', { name: 'Add a date' }));
      expect(await editor.findByRole('listitem', { name: 'Added: Wed, 8 Jan 2031, 22:00–04:00' })).toBeInTheDocument();

      await actor.click(screen.getByRole('button', { name: 'Publish' }));
      await waitFor(() => expect(writes).toHaveLength(1));
      expect(screen.queryByRole('button', { name: 'This occurrence only' })).not.toBeInTheDocument();
      const dateAndCalendar = writes[0]!.body!.dateAndCalendar as Record<string, unknown>;
      expect(dateAndCalendar.updateScope).toBeNull();
      // A repeating series' end date follows from its times: left to the server.
      expect(dateAndCalendar.endDate).toBeNull();
      expect(dateAndCalendar.outOfScheduleEvents).toEqual([
        expect.objectContaining({
          id: 32,
          action: 'UPDATE',
          originalStartsAt: '2030-12-21T21:00:00Z',
          startsAt: '2030-12-22T20:00:00Z',
          endsAt: '2030-12-22T22:00:00Z',
        }),
        {
          action: 'CREATE',
          originalStartsAt: '2031-01-08T21:00:00Z',
          startsAt: '2031-01-08T21:00:00Z',
          endsAt: '2031-01-09T03:00:00Z',
        },
      ]);
    },
  );
});

describe('the promoter stepper', () => {
  it(
    'asks for the venue among published ones, fills the address from it, fixes the group, and only sends requests',
    TEST,
    async () => {
      const writes = serveApi(null);
      startSignedIn(promoter);
      renderApp('/events/create');
      const actor = userEvent.setup();
      const general = await visibleStep('General information');
      expect(screen.getByRole('heading', { name: 'Request an event', level: 1 })).toBeInTheDocument();
      expect(general.getByText(/Not sent yet/)).toBeInTheDocument();
      await waitFor(() => expect(general.getByRole('combobox', { name: 'Promoter group' })).toHaveValue('Night Owls'));
      expect(general.getByRole('combobox', { name: 'Promoter group' })).toBeDisabled();

      await actor.type(general.getByRole('textbox', { name: /^Title/ }), 'Owls at the Bourg');
      await chooseOption(actor, 'Event type', 'Concert');
      await actor.click(general.getByRole('combobox', { name: /^Establishment/ }));
      await actor.click(await screen.findByRole('option', { name: 'Le Bourg' }));
      await waitFor(() => expect(general.getByRole('textbox', { name: /^City/ })).toHaveValue('Lausanne'));
      expect(general.getByRole('textbox', { name: /Address|Street/ })).toHaveValue('Rue du Bourg 51');

      await actor.click(screen.getByRole('button', { name: 'Next' }));
      await visibleStep('Date and calendar');
      typeInto('Start date', '2030-11-30');
      typeInto('Start time', '22:00');
      typeInto('End time', '04:00');
      await actor.click(screen.getByRole('button', { name: 'Next' }));
      const media = await visibleStep('Media and tags');
      expect(media.getByRole('spinbutton', { name: 'Capacity' })).toBeInTheDocument();
      expect(media.getByRole('textbox', { name: 'Menu link' })).toBeInTheDocument();
      expect(media.getByText('Menu (image or PDF)')).toBeInTheDocument();
      await actor.click(screen.getByRole('button', { name: 'Next' }));
      await visibleStep('Description');

      expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save as draft' })).not.toBeInTheDocument();
      await actor.click(screen.getByRole('button', { name: 'Send request' }));
      await waitFor(() => expect(writes).toHaveLength(1));
      expect(writes[0]!.body).toMatchObject({
        saveAction: 'requestEvent',
        generalInfos: {
          promoterGroupId: 9,
          establishmentId: 3,
          city: 'Lausanne',
          localisation: 'Rue du Bourg 51',
          lat: 46.52,
          lang: 6.63,
          placeId: 'place-bourg',
        },
      });
    },
  );

  it('shows a rejected request with its reason, and re-sends it as a request', TEST, async () => {
    const writes = serveApi(
      series({
        visibility: 'DRAFT',
        generalInfos: { promoterGroupId: 9, approvalStatus: 'REJECTED', approvalReason: 'We are closed that week' },
      }),
    );
    startSignedIn(promoter);
    renderApp('/events/7');
    const actor = userEvent.setup();
    expect(await screen.findByText(/We are closed that week/, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toMatchObject({ saveAction: 'requestEvent', id: 7, version: 4 });
  });
});

describe('the event’s offers', () => {
  it(
    'lists the event’s offers below its form, each opening it, and creates one for this event and its venue',
    TEST,
    async () => {
      serveApi();
      const filters: Record<string, unknown>[] = [];
      server.use(
        http.get(apiUrl('/offers'), ({ request }) => {
          filters.push(filterOf(request));
          return listAnswer('offers', [
            {
              id: 81,
              offerType: 'EXCLUSIVE',
              establishmentId: 3,
              promoterGroupId: null,
              eventId: 7,
              offerTypeId: 1,
              promotionId: 61,
              availableSpots: 20,
              claimedSpots: 5,
              startDate: '2030-11-30',
              startTime: '22:00',
              endDate: '2030-12-01',
              endTime: '02:00',
              visibility: 'PUBLISHED',
              status: 'upcoming',
              version: 1,
            },
          ]);
        }),
        http.get(apiUrl('/offer-templates'), () =>
          listAnswer('offer-templates', [{ id: 61, shortTitle: 'Free before 00:00' }]),
        ),
      );
      // The platform's staff have no venue of their own: a new offer is the event's venue's.
      startSignedIn(ana);
      renderApp('/events/7');
      const offers = await screen.findByRole('region', { name: 'Offers' }, SLOW);
      const [item] = within(await within(offers).findByRole('list', { name: 'Offers' })).getAllByRole('link');
      expect(item?.getAttribute('href')).toBe('/discount/81');
      expect(await within(item as HTMLElement).findByText('Free before 00:00')).toBeInTheDocument();
      expect(within(item as HTMLElement).getByText('Exclusive · 15 of 20 left')).toBeInTheDocument();
      expect(within(item as HTMLElement).getByText('Upcoming')).toBeInTheDocument();
      expect(filters[0]).toMatchObject({ eventId: 7 });
      const target = new URL(
        within(offers).getByRole('link', { name: 'New offer' }).getAttribute('href') ?? '',
        'http://app.test',
      );
      expect(target.pathname).toBe('/discount/create');
      expect(JSON.parse(target.searchParams.get('source') ?? '')).toEqual({
        eventId: 7,
        establishmentId: 3,
        promoterGroupId: null,
      });
    },
  );
});
