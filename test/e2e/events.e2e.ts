import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import type { Browser, Page } from 'playwright-core';
import { apiAs, launchBrowser, newContext, screenshot, signIn } from './browser';
import { chooseOption, requestEventAsPromoter, textbox } from './eventRequest';

/** A `YYYY-MM-DD` date as the English interface shows it in a date field (31/12/2026). */
const shownDate = (isoDate: string) => isoDate.split('-').reverse().join('/');

/**
 * An ADMIN creates a weekly Saturday 22:00–04:00 series ending after 10 occurrences,
 * sees them in the calendar, skips one, moves another, changes "this and the next" from the fifth on to
 * 23:00, and the calendar shows exactly the expected instants; a PROMOTER requests an event, the
 * establishment's ADMIN approves it, and it appears published.
 *
 * The expected instants are computed here with Temporal's own zone rules (not with the app's engine), and
 * the browser runs in New York: the app must show and read Zurich wall-clock times whatever the browser's zone.
 */

const RUN = Date.now().toString(36);
const SERIES = `Samstagnacht ${RUN}`;
const REQUEST = `Nachtwerk Request ${RUN}`;
/** Each test drives several screens on a 2-core machine. */
const LONG = 240_000;
const ZURICH = 'Europe/Zurich';

/** A signed-in reader of the API: the status and the parsed body of a GET. */
async function readerAs(email: string) {
  const get = await apiAs(email);
  return async <T>(path: string): Promise<{ status: number; body: T }> => {
    const response = await get(path);
    return { status: response.status, body: (await response.json()) as T };
  };
}

interface EventSummary {
  id: number;
  visibility: string;
  generalInfos: { eventTitle: string; approvalStatus: string | null };
}
interface Occurrence {
  eventId: number;
  startsAt: string;
  endsAt: string;
}

/** The instant of a Zurich wall-clock time, by Temporal's rules. */
const zurich = (date: Temporal.PlainDate, time: string): string =>
  Temporal.PlainDateTime.from(`${date.toString()}T${time}`).toZonedDateTime(ZURICH).toInstant().toString();

/** The first Saturday at least a week away: the whole series lies in the future. */
const firstSaturday = (): Temporal.PlainDate => {
  const inAWeek = Temporal.Now.plainDateISO(ZURICH).add({ days: 7 });
  return inAWeek.add({ days: (6 - inAWeek.dayOfWeek + 7) % 7 });
};

const numberBox = (page: Page, label: string) =>
  page.getByRole('spinbutton', { name: new RegExp(`^${label}( \\*)?$`) });

const calendarItems = (page: Page, title: string) => page.locator('[data-starts-at]').filter({ hasText: title });

/** Opens the calendar view of the events page, starting at today's month. */
async function openCalendar(page: Page): Promise<void> {
  await page.goto('/events');
  await page.getByRole('button', { name: 'Calendar' }).click();
  await page.locator('.fc').waitFor();
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  // Today is disabled when the calendar already shows this month (it remembers the last one shown).
  const today = page.getByRole('button', { name: 'Today' });
  if (await today.isEnabled()) await today.click();
}

/** Waits until the calendar has fetched and drawn the occurrences of the month it shows. */
async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(300);
  await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 20_000 }).toBe(0);
}

/** The start instants of the series' occurrences shown in the calendar, from today's month over four months. */
async function shownStarts(page: Page, title: string): Promise<string[]> {
  await openCalendar(page);
  const starts = new Set<string>();
  for (let month = 0; month < 5; month += 1) {
    await settle(page);
    for (const start of await calendarItems(page, title).evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-starts-at')),
    )) {
      if (start) starts.add(start);
    }
    await page.locator('.fc-next-button').click();
  }
  return [...starts].sort();
}

/** Clicks the occurrence starting at `startsAt` in the month view, going forward from today's month. */
async function clickOccurrence(page: Page, title: string, startsAt: string): Promise<void> {
  await openCalendar(page);
  const item = calendarItems(page, title).and(page.locator(`[data-starts-at="${startsAt}"]`));
  for (let month = 0; month < 5; month += 1) {
    await settle(page);
    if ((await item.count()) > 0) {
      await item.first().click();
      await page.waitForURL(/\/events\/\d+\?occurrence=/);
      return;
    }
    await page.locator('.fc-next-button').click();
  }
  throw new Error(`the calendar never showed ${title} at ${startsAt}`);
}

async function openDateStep(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Date and calendar/ }).click();
  await page.getByLabel(/^Start time/).waitFor();
}

describe('events in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'an ADMIN creates a weekly series, sees it in the calendar, skips, moves and changes this and the next occurrences',
    { timeout: LONG },
    async () => {
      const context = await newContext(browser, { timezoneId: 'America/New_York' });
      const page = await context.newPage();
      await signIn(page, 'admin@demo.ch');

      // Create: Saturdays 22:00–04:00, ten times.
      const start = firstSaturday();
      await page.goto('/events/create');
      await textbox(page, 'Title').fill(SERIES);
      await chooseOption(page, page.getByRole('combobox', { name: /^Event type/ }), 'Party');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel(/^Start date/).fill(start.toString());
      await page.getByLabel(/^Start time/).fill('22:00');
      await page.getByLabel(/^End time/).fill('04:00');
      await chooseOption(page, page.getByRole('combobox', { name: /^Repeats/ }), 'Weekly');
      await page.getByRole('button', { name: 'Saturday' }).click();
      await chooseOption(page, page.getByRole('combobox', { name: /^Ends/ }), 'After a number of occurrences');
      await numberBox(page, 'Occurrences').fill('10');
      await page.getByText(/Every Saturday 22:00.04:00, 10 times/).waitFor();
      await screenshot(page, 'events-date-step-light-en');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/create'));

      const asAdmin = await readerAs('admin@demo.ch');
      const filter = encodeURIComponent(JSON.stringify({ q: SERIES }));
      const created = await asAdmin<EventSummary[]>(`/events?filter=${filter}`);
      expect(created.body.map((event) => event.generalInfos.eventTitle)).toEqual([SERIES]);

      const nth = (index: number) => start.add({ weeks: index - 1 });
      const planned = Array.from({ length: 10 }, (_, index) => zurich(nth(index + 1), '22:00'));
      expect(await shownStarts(page, SERIES)).toEqual(planned);
      await screenshot(page, 'events-calendar-light-en');

      // Skip the second occurrence.
      await clickOccurrence(page, SERIES, planned[1] as string);
      await page.getByText(/Occurrence of .* in a series/).waitFor();
      await page.getByRole('button', { name: 'Delete this occurrence' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete this occurrence' }).click();
      await page.waitForURL((url) => !url.search.includes('occurrence='));

      // Move the third to 23:30, this occurrence only.
      await clickOccurrence(page, SERIES, planned[2] as string);
      await openDateStep(page);
      await page.getByLabel(/^Start time/).fill('23:30');
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('button', { name: 'This occurrence only' }).click();
      await page.waitForURL((url) => !url.search.includes('occurrence='));

      // From the fifth on: 23:00.
      await clickOccurrence(page, SERIES, planned[4] as string);
      await openDateStep(page);
      await page.getByLabel(/^Start time/).fill('23:00');
      await screenshot(page, 'events-occurrence-edit-light-en');
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('button', { name: 'This and the next occurrences' }).click();
      await page.waitForURL((url) => !url.search.includes('occurrence='));

      const expected = [
        zurich(nth(1), '22:00'),
        zurich(nth(3), '23:30'),
        zurich(nth(4), '22:00'),
        ...[5, 6, 7, 8, 9, 10].map((index) => zurich(nth(index), '23:00')),
      ].sort();
      expect(await shownStarts(page, SERIES)).toEqual(expected);

      // The API agrees, ends included: every night ends at 04:00 the next morning.
      const window = encodeURIComponent(JSON.stringify({ from: start.toString(), to: nth(11).toString(), q: SERIES }));
      const occurrences = await asAdmin<Occurrence[]>(`/occurrences?filter=${window}&range=[0,99]`);
      expect(occurrences.body.map((occurrence) => occurrence.startsAt)).toEqual(expected);
      expect(occurrences.body.map((occurrence) => occurrence.endsAt)).toEqual(
        [1, 3, 4, 5, 6, 7, 8, 9, 10].map((index) => zurich(nth(index).add({ days: 1 }), '04:00')),
      );
      // Head and tail: the fifth on is a segment of its own.
      expect(new Set(occurrences.body.map((occurrence) => occurrence.eventId)).size).toBe(2);
      await context.close();
    },
  );

  it(
    'an ADMIN starts a new event from an empty day of the month and from a time slot of the week',
    { timeout: LONG },
    async () => {
      const context = await newContext(browser, { timezoneId: 'America/New_York' });
      const page = await context.newPage();
      await signIn(page, 'admin@demo.ch');
      // A day of the month shown, away from its edges; the browser is in New York, the calendar in Zurich.
      const day = Temporal.Now.plainDateISO(ZURICH).with({ day: 15 });

      await openCalendar(page);
      await settle(page);
      const cell = page.locator(`td.fc-daygrid-day[data-date="${day.toString()}"]`);
      const box = await cell.boundingBox();
      if (!box) throw new Error(`no cell for ${day.toString()}`);
      // The bottom-right corner: below the day's occurrences, away from the day number (a link of its own).
      await page.mouse.click(box.x + box.width - 6, box.y + box.height - 4);
      await page.waitForURL(/\/events\/create/);
      await textbox(page, 'Title').fill(`From the calendar ${RUN}`);
      await chooseOption(page, page.getByRole('combobox', { name: /^Event type/ }), 'Party');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => page.getByLabel(/^Start date/).inputValue()).toBe(shownDate(day.toString()));

      // The week view: a click in the 20:00 slot of a day's column gives the day and the time.
      await openCalendar(page);
      await page.getByRole('button', { name: 'Week', exact: true }).click();
      // The week opens in the evening: 18:00 is in sight without scrolling, midnight has scrolled out of its grid.
      const inSight = (time: string) =>
        page.locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`).evaluate((lane) => {
          const box = lane.getBoundingClientRect();
          const grid = (lane.closest('.fc-scroller') as HTMLElement).getBoundingClientRect();
          return box.top >= grid.top && box.bottom <= Math.min(grid.bottom, window.innerHeight);
        });
      await expect.poll(() => inSight('18:00:00')).toBe(true);
      expect(await inSight('00:00:00')).toBe(false);
      const column = page.locator('td.fc-timegrid-col[data-date]').nth(3);
      const weekDay = await column.getAttribute('data-date');
      const slot = page.locator('td.fc-timegrid-slot-lane[data-time="20:00:00"]');
      await slot.scrollIntoViewIfNeeded();
      const [columnBox, slotBox] = [await column.boundingBox(), await slot.boundingBox()];
      if (!columnBox || !slotBox) throw new Error('no week column or 20:00 slot');
      await page.mouse.click(columnBox.x + columnBox.width - 6, slotBox.y + slotBox.height / 2);
      await page.waitForURL(/\/events\/create/);
      await textbox(page, 'Title').fill(`From the week ${RUN}`);
      await chooseOption(page, page.getByRole('combobox', { name: /^Event type/ }), 'Party');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => page.getByLabel(/^Start date/).inputValue()).toBe(shownDate(weekDay ?? ''));
      await expect.poll(() => page.getByLabel(/^Start time/).inputValue()).toBe('20:00');
      await context.close();
    },
  );

  it(
    'a PROMOTER requests an event at a venue; the venue ADMIN approves it and it is published',
    { timeout: LONG },
    async () => {
      const promoterContext = await newContext(browser);
      const promoter = await promoterContext.newPage();
      await signIn(promoter, 'promoter@demo.ch');
      const date = firstSaturday().add({ weeks: 2 });

      await requestEventAsPromoter(promoter, REQUEST, date);

      const filter = encodeURIComponent(JSON.stringify({ q: REQUEST }));
      const asPromoter = await readerAs('promoter@demo.ch');
      const [requested] = (await asPromoter<EventSummary[]>(`/events?filter=${filter}`)).body;
      expect(requested).toMatchObject({ visibility: 'DRAFT', generalInfos: { approvalStatus: 'PENDING' } });
      const asCustomer = await readerAs('customer@demo.ch');
      expect((await asCustomer(`/events/${requested?.id}`)).status).toBe(404);

      // The venue's administrator finds it among the requests and approves it.
      const adminContext = await newContext(browser, { colorScheme: 'dark' });
      const admin = await adminContext.newPage();
      await signIn(admin, 'admin@demo.ch');
      await admin.goto('/events');
      await admin.getByRole('link', { name: /^Requests waiting for a decision/ }).click();
      await admin.waitForURL(/\/asks/);
      const row = admin.locator('table tbody tr').filter({ hasText: REQUEST });
      await row.waitFor();
      await screenshot(admin, 'events-requests-dark-en');
      await row.getByRole('button', { name: /^Approve/ }).click();
      // Undoable: the decision is sent once its notice has gone.
      await admin.getByText('Request approved').waitFor();

      await expect
        .poll(async () => (await asPromoter<EventSummary>(`/events/${requested?.id}`)).body, { timeout: 20_000 })
        .toMatchObject({ visibility: 'PUBLISHED', generalInfos: { approvalStatus: 'APPROVED' } });
      expect((await asCustomer(`/events/${requested?.id}`)).status).toBe(200);

      // The promoter sees it approved.
      await promoter.goto('/events');
      await promoter.locator('table tbody tr').filter({ hasText: REQUEST }).getByText('Approved').waitFor();
      await promoterContext.close();
      await adminContext.close();
    },
  );
});
