import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Event } from '../../domain/event';
import { apiUrl, listAnswer, server } from './msw';
import { eventRecord, serveEvents, venueAdmin } from './eventList.fixtures';
import { renderApp, startSignedIn } from './renderApp';

/** The steppers render every step at once; the test DOM is slow on a busy machine. */
const SLOW = { timeout: 30_000 };
const TEST = { timeout: 60_000 };

type Row = Event['dateAndCalendar']['outOfScheduleEvents'][number];
const skip = (id: number, originalStartsAt: string): Row =>
  ({ id, action: 'SKIP', originalStartsAt, startsAt: null, endsAt: null, eventTitle: null, changes: {} }) as Row;

/**
 * Saturdays 22:00–04:00 from Saturday 30 November 2030, ten times: 30 Nov, 7, 14, 21, 28 Dec, 4, 11
 * (the 7th), 18, 25 Jan, 1 Feb 2031. The 2nd (7 Dec) and the 9th (25 Jan) are skipped.
 */
const saturdays = eventRecord(7, 'Saturday Night', {
  dateAndCalendar: {
    startDate: '2030-11-30',
    endDate: '2030-12-01',
    recurrencePattern: 'WEEKLY',
    recurrenceDaysOfWeek: ['SATURDAY'],
    recurrenceEndType: 'AFTER_OCCURRENCES',
    maxOccurrences: 10,
    totalOccurrencesNumber: 8,
    outOfScheduleEvents: [skip(51, '2030-12-07T21:00:00Z'), skip(52, '2031-01-25T21:00:00Z')],
  },
});

/** The edit page's API, with every PUT recorded. */
const serveSeries = () => {
  serveEvents([saturdays]);
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.get(apiUrl('/promoters'), () => listAnswer('promoters', [])),
    http.put(apiUrl('/events/:id'), async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ ...saturdays, version: 3 });
    }),
  );
  return bodies;
};

const openDateStep = async (path: string) => {
  renderApp(path);
  const actor = userEvent.setup();
  await screen.findByText(/^Occurrence of .* in a series$/, {}, SLOW);
  await actor.click(screen.getByRole('button', { name: 'Date and calendar' }));
  await screen.findByRole('group', { name: 'Date and calendar' }, SLOW);
  return actor;
};
/** One occurrence's repetition is folded away: it applies only to "this and the next occurrences". */
const openRepetition = async (actor: ReturnType<typeof userEvent.setup>) => {
  await actor.click(screen.getByRole('button', { name: /^Repetition from this occurrence on/ }));
  await waitFor(() => expect(screen.getByTestId('rule-in-words')).toBeVisible());
};
const preview = () => within(screen.getByRole('region', { name: 'Next occurrences' }));
const listed = () =>
  preview()
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false, selector: 'input' }), { target: { value } });

describe('the date step of one occurrence of a series', () => {
  it(
    'shows first the occurrence being edited, its date and times, with the repetition of the rest folded away',
    TEST,
    async () => {
      serveSeries();
      startSignedIn(venueAdmin);
      const actor = await openDateStep('/events/7?occurrence=2031-01-11T21:00:00Z');

      const edited = within(screen.getByRole('region', { name: 'This occurrence' }));
      expect(edited.getByTestId('occurrence-span')).toHaveTextContent('Sat, 11 Jan 2031, 22:00–04:00');
      const repetition = screen.getByRole('button', { name: /^Repetition from this occurrence on/ });
      expect(repetition).toHaveAttribute('aria-expanded', 'false');
      expect(repetition).toHaveTextContent('Applies only when you save for “This and the next occurrences”.');
      expect(screen.getByTestId('rule-in-words')).not.toBeVisible();

      typeInto('Start time', '23:00');
      await waitFor(() =>
        expect(edited.getByTestId('occurrence-span')).toHaveTextContent('Sat, 11 Jan 2031, 23:00–04:00'),
      );
      expect(edited.getByText('Instead of Sat, 11 Jan 2031, 22:00–04:00')).toBeInTheDocument();

      await openRepetition(actor);
      expect(screen.getByTestId('rule-in-words')).toHaveTextContent('Every Saturday 23:00–04:00, 4 times');
    },
  );

  it('says and lists what remains from that occurrence on, not the whole series', TEST, async () => {
    const bodies = serveSeries();
    startSignedIn(venueAdmin);
    const actor = await openDateStep('/events/7?occurrence=2031-01-11T21:00:00Z');
    await openRepetition(actor);

    // From the 7th of 10 on, 4 remain (the skipped 25 Jan counts, as the server counts a split).
    expect(await screen.findByTestId('rule-in-words')).toHaveTextContent('Every Saturday 22:00–04:00, 4 times');
    expect(screen.getByRole('spinbutton', { name: /^Occurrences/ })).toHaveValue(4);
    expect(listed()).toEqual([
      'Sat, 11 Jan 2031, 22:00–04:00',
      'Sat, 18 Jan 2031, 22:00–04:00',
      'Sat, 1 Feb 2031, 22:00–04:00',
    ]);

    typeInto('Start time', '23:00');
    await waitFor(() =>
      expect(screen.getByTestId('rule-in-words')).toHaveTextContent('Every Saturday 23:00–04:00, 4 times'),
    );
    expect(listed()).toEqual([
      'Sat, 11 Jan 2031, 23:00–04:00',
      'Sat, 18 Jan 2031, 23:00–04:00',
      'Sat, 1 Feb 2031, 23:00–04:00',
    ]);

    typeInto('Occurrences', '2');
    await waitFor(() =>
      expect(screen.getByTestId('rule-in-words')).toHaveTextContent('Every Saturday 23:00–04:00, 2 times'),
    );
    expect(listed()).toEqual(['Sat, 11 Jan 2031, 23:00–04:00', 'Sat, 18 Jan 2031, 23:00–04:00']);

    // Saved as "this and the next", the tail gets the count the preview said.
    await actor.click(screen.getByRole('button', { name: 'Publish' }));
    await actor.click(await screen.findByRole('button', { name: 'This and the next occurrences' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      originalStartsAt: '2031-01-11T21:00:00Z',
      dateAndCalendar: {
        updateScope: 'THIS_AND_NEXT_OCCURRENCES',
        startDate: '2031-01-11',
        startTime: '23:00',
        maxOccurrences: 2,
      },
    });
  });

  it('keeps the whole count on the first occurrence, where the edit is the series', TEST, async () => {
    serveSeries();
    startSignedIn(venueAdmin);
    await openRepetition(await openDateStep('/events/7?occurrence=2030-11-30T21:00:00Z'));

    expect(await screen.findByTestId('rule-in-words')).toHaveTextContent('Every Saturday 22:00–04:00, 10 times');
    expect(screen.getByRole('spinbutton', { name: /^Occurrences/ })).toHaveValue(10);
    // Listed from that occurrence on, the skipped 7 Dec left out.
    expect(listed()).toEqual([
      'Sat, 30 Nov 2030, 22:00–04:00',
      'Sat, 14 Dec 2030, 22:00–04:00',
      'Sat, 21 Dec 2030, 22:00–04:00',
      'Sat, 28 Dec 2030, 22:00–04:00',
      'Sat, 4 Jan 2031, 22:00–04:00',
    ]);
  });
});

describe('the date step of a whole series', () => {
  const openSeriesDateStep = async () => {
    serveSeries();
    startSignedIn(venueAdmin);
    renderApp('/events/7');
    const actor = userEvent.setup();
    await screen.findByRole('group', { name: 'General information' }, SLOW);
    await actor.click(screen.getByRole('button', { name: 'Date and calendar' }));
    await screen.findByRole('group', { name: 'Date and calendar' }, SLOW);
    await screen.findByTestId('rule-in-words', {}, SLOW);
    return actor;
  };
  const problems = () =>
    within(preview().getByRole('list', { name: 'To list the occurrences:' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);

  it(
    'says what keeps it from listing occurrences, field by field, instead of a generic hint or a wrong time',
    TEST,
    async () => {
      const actor = await openSeriesDateStep();

      typeInto('Occurrences', '');
      await waitFor(() => expect(problems()).toEqual(['Occurrences: Required for this choice.']));
      expect(preview().queryByText(/Enter a start date/)).not.toBeInTheDocument();

      // A one-off ending on its start day before its start time: a problem, not "22:00–22:00".
      await actor.click(screen.getByRole('combobox', { name: /^Repeats/ }));
      await actor.click(await screen.findByRole('option', { name: 'Does not repeat' }));
      typeInto('End date', '2030-11-30');
      typeInto('End time', '20:00');
      await waitFor(() => expect(problems()).toEqual(['End date: The event must end after it starts.']));
      expect(preview().queryByRole('list', { name: 'Next occurrences' })).not.toBeInTheDocument();
    },
  );

  it('warns, without blocking, about a start date set more than a year back', TEST, async () => {
    await openSeriesDateStep();
    const warning = 'This date is more than a year ago: check the year.';
    expect(screen.queryByText(warning)).not.toBeInTheDocument();

    typeInto('Start date', '2020-11-28');
    expect(await screen.findByText(warning)).toBeInTheDocument();
    // Still a valid date: the preview goes on, and Next is not blocked by it.
    await waitFor(() =>
      expect(screen.getByTestId('rule-in-words')).toHaveTextContent('Every Saturday 22:00–04:00, 10 times'),
    );

    typeInto('Start date', '2030-11-30');
    await waitFor(() => expect(screen.queryByText(warning)).not.toBeInTheDocument());
  });

  it('writes the end date when the end time alone would mislead: 24 hours, not "22:00–22:00"', TEST, async () => {
    await openSeriesDateStep();
    typeInto('End time', '22:00');
    await waitFor(() => expect(listed()[0]).toBe('Sat, 30 Nov 2030, 22:00 – Sun, 1 Dec 2030, 22:00'));
    typeInto('End time', '04:00');
    await waitFor(() => expect(listed()[0]).toBe('Sat, 30 Nov 2030, 22:00–04:00'));
  });
});
