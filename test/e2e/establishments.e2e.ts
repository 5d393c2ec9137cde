import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiAs, baseUrl, launchBrowser, newContext, screenshot, search, signIn } from './browser';

/**
 * ROOT creates an establishment with logo, gallery, opening hours across midnight,
 * happy hours and tags, saves it as draft, publishes it, finds it by search and filter; an ADMIN edits only
 * their own establishment (others at most readable when published, their drafts never appear); a PROMOTER
 * edits their own group.
 */

/** Runs against a reused server (E2E_BASE_URL) too: names are unique per run. */
const RUN = Date.now().toString(36);
const VENUE = `Testlokal ${RUN}`;
const CITY = 'Winterthur';
/** Each test drives several screens and uploads on a 2-core machine. */
const LONG = 180_000;

const picture = async (name: string, color: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 640, height: 400, channels: 3, background: color } })
    .png()
    .toBuffer(),
});

const rows = (page: Page) => page.locator('table tbody tr');
const textbox = (scope: Page | Locator, label: string) =>
  scope.getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) });
const numberBox = (page: Page, label: string) =>
  page.getByRole('spinbutton', { name: new RegExp(`^${label}( \\*)?$`) });
const fileInput = (page: Page, label: string) => page.locator(`input[type="file"][aria-label="${label}"]`);

async function openOnlyRow(page: Page, text: string): Promise<number> {
  await search(page, text);
  // The rows of the previous search stay until the new page arrives: wait for the one that matches.
  await expect.poll(async () => (await rows(page).allInnerTexts()).map((row) => row.includes(text))).toEqual([true]);
  await rows(page).first().click();
  await page.waitForURL(/\/(establishments|promoters)\/\d+(\?.*)?$/);
  return Number(/\/(\d+)(\?.*)?$/.exec(page.url())?.[1]);
}

async function chooseOption(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillOpeningHours(page: Page, day: string, opens: string, closes: string): Promise<void> {
  const row = page.getByRole('group', { name: day });
  await row.getByRole('switch').check();
  await row.getByLabel('Opens').fill(opens);
  await row.getByLabel('Closes').fill(closes);
}

describe('establishments and promoter groups in the browser', () => {
  let browser: Browser;
  let venueId = 0;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'ROOT creates a complete establishment as a draft, which the other venue staff never see',
    { timeout: LONG },
    async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await signIn(page, 'root@demo.ch');
      await page.goto('/establishments');
      await rows(page).first().waitFor();
      await page.getByRole('link', { name: 'Create' }).click();
      await page.waitForURL(/\/establishments\/create$/);

      await textbox(page, 'Name').fill(VENUE);
      await fileInput(page, 'Logo').setInputFiles(await picture('logo.png', '#2f4c86'));
      await page.getByRole('group', { name: 'Logo' }).getByRole('button', { name: 'Remove' }).waitFor();
      await chooseOption(page, page.getByRole('combobox', { name: /^Type/ }), 'Club');
      await textbox(page, 'Address').fill('Lagerplatz 6, 8400 Winterthur');
      await textbox(page, 'City').fill(CITY);
      await numberBox(page, 'Latitude').fill('47.4979');
      await numberBox(page, 'Longitude').fill('8.7185');
      await textbox(page, 'Email').fill('hallo@testlokal.example.ch');
      await fillOpeningHours(page, 'Friday', '22:00', '04:00');
      await page.getByText('Closes the next day (Sat 04:00)').waitFor();
      await fillOpeningHours(page, 'Saturday', '22:00', '05:00');
      await fileInput(page, 'Gallery').setInputFiles([
        await picture('bar.png', '#59b090'),
        await picture('stage.png', '#fe555c'),
      ]);
      await expect.poll(() => page.getByRole('listitem', { name: /picture \d of 2/ }).count()).toBe(2);
      // The second picture first: the order is the gallery's, kept by the server.
      await page.getByRole('button', { name: 'Move stage.png earlier' }).click();

      await page.getByRole('tab', { name: /Additional information/ }).click();
      await numberBox(page, 'Minimum price \\(CHF\\)').fill('10');
      await numberBox(page, 'Maximum price \\(CHF\\)').fill('25');
      await page.getByRole('button', { name: 'Add happy hour' }).click();
      await textbox(page, 'Title').fill('Early bird');
      await page.getByRole('combobox', { name: /^Days/ }).click();
      await page.getByRole('option', { name: 'Friday' }).click();
      await page.getByRole('option', { name: 'Saturday' }).click();
      await page.keyboard.press('Escape');
      await page.getByLabel(/^From/).fill('23:00');
      await page.getByLabel(/^Until/).fill('00:30');
      await page.getByRole('combobox', { name: 'Tags' }).fill('Open la');
      await page.getByRole('option', { name: 'Open late' }).click();
      await screenshot(page, 'establishment-create-additional-light-en');

      await page.getByRole('button', { name: 'Save as draft' }).click();
      await page.waitForURL(/\/establishments(\?.*)?$/);
      venueId = await openOnlyRow(page, VENUE);
      await page.getByText('Draft', { exact: true }).first().waitFor();

      const asRoot = await apiAs('root@demo.ch');
      const stored = (await (await asRoot(`/establishments/${venueId}`)).json()) as {
        visibility: string;
        generalInfos: {
          logo: { mimeType: string; previewUrl: string } | null;
          media: Array<{ originalName: string }>;
          workSchedules: Record<string, { isActive: boolean; startTime: string | null; endTime: string | null }>;
          city: string;
        };
        additionalInfos: { happyHours: unknown[]; tagTerms: number[]; tarifMin: number; tarifMax: number };
        tagTerms: Record<string, string>;
      };
      expect(stored.visibility).toBe('DRAFT');
      expect(stored.generalInfos.logo?.mimeType).toBe('image/png');
      expect(stored.generalInfos.media.map((item) => item.originalName)).toEqual(['stage.png', 'bar.png']);
      expect(stored.generalInfos.workSchedules.FRIDAY).toEqual({
        isActive: true,
        startTime: '22:00',
        endTime: '04:00',
      });
      expect(stored.generalInfos.workSchedules.MONDAY.isActive).toBe(false);
      expect(stored.additionalInfos.happyHours).toEqual([
        { title: 'Early bird', days: ['FRIDAY', 'SATURDAY'], startTime: '23:00', endTime: '00:30' },
      ]);
      expect(Object.values(stored.tagTerms)).toEqual(['Open late']);
      expect([stored.additionalInfos.tarifMin, stored.additionalInfos.tarifMax]).toEqual([10, 25]);
      const logo = await fetch(`${baseUrl()}${stored.generalInfos.logo?.previewUrl}`);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('x-content-type-options')).toBe('nosniff');

      // A venue administrator never sees someone else's draft: not in the list, not by its address.
      const admin = await (await newContext(browser)).newPage();
      await signIn(admin, 'admin@demo.ch');
      await admin.goto('/establishments');
      await rows(admin).first().waitFor();
      await search(admin, VENUE);
      await expect.poll(() => rows(admin).count()).toBe(0);
      expect((await (await apiAs('admin@demo.ch'))(`/establishments/${venueId}`)).status).toBe(404);
      await context.close();
      await admin.context().close();
    },
  );

  it(
    'ROOT publishes the draft and finds it by search and by the city filter; an ADMIN then only reads it',
    { timeout: LONG },
    async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await signIn(page, 'root@demo.ch');
      await page.goto(`/establishments/${venueId}`);
      await expect.poll(() => textbox(page, 'Name').inputValue()).toBe(VENUE);
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.waitForURL(/\/establishments(\?.*)?$/);

      await search(page, VENUE);
      await expect.poll(() => rows(page).count()).toBe(1);
      await rows(page).first().getByText('Published').waitFor();
      await search(page, '');
      await page.getByRole('button', { name: 'Add filter' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'City' }).click();
      await chooseOption(page, page.getByRole('combobox', { name: 'City' }), CITY);
      await page.waitForURL((url) => decodeURIComponent(url.search).includes(CITY));
      await rows(page).getByText(VENUE).waitFor();
      await expect.poll(async () => (await rows(page).allInnerTexts()).every((row) => row.includes(CITY))).toBe(true);
      await screenshot(page, 'establishments-filtered-light-en');

      const admin = await (await newContext(browser, { colorScheme: 'dark' })).newPage();
      await signIn(admin, 'admin@demo.ch');
      await admin.goto('/establishments');
      await rows(admin).first().waitFor();
      await openOnlyRow(admin, VENUE);
      await admin.getByText('Read only').waitFor();
      await expect.poll(() => admin.getByRole('button', { name: 'Publish' }).count()).toBe(0);
      expect(await textbox(admin, 'Name').isDisabled()).toBe(true);
      await context.close();
      await admin.context().close();
    },
  );

  it('an ADMIN edits their own establishment', { timeout: LONG }, async () => {
    const page = await (await newContext(browser)).newPage();
    await signIn(page, 'admin@demo.ch');
    await page.goto('/establishments');
    await rows(page).first().waitFor();
    const ownId = await openOnlyRow(page, 'Gleis 7 Club');
    const phone = `+41 44 555 ${RUN.slice(-2).replace(/\D/g, '7').padStart(2, '7')} 70`;
    await textbox(page, 'Phone').fill(phone);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/establishments(\?.*)?$/);
    const stored = (await (await (await apiAs('admin@demo.ch'))(`/establishments/${ownId}`)).json()) as {
      generalInfos: { phone: string };
    };
    expect(stored.generalInfos.phone).toBe(phone);
    await page.context().close();
  });

  it('a PROMOTER edits their own promoter group and only reads another', { timeout: LONG }, async () => {
    const page = await (await newContext(browser)).newPage();
    await signIn(page, 'promoter@demo.ch');
    await page.goto('/promoters');
    await rows(page).first().waitFor();
    const ownId = await openOnlyRow(page, 'Nachtwerk Kollektiv');
    const email = `booking-${RUN}@nachtwerk.example.ch`;
    await textbox(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/promoters(\?.*)?$/);
    const stored = (await (await (await apiAs('promoter@demo.ch'))(`/promoters/${ownId}`)).json()) as {
      generalInfos: { email: string };
    };
    expect(stored.generalInfos.email).toBe(email);

    await openOnlyRow(page, 'Léman Sound System');
    await page.getByText('Read only').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Save as draft' }).count()).toBe(0);
    await screenshot(page, 'promoter-read-only-light-en');
    await page.context().close();
  });
});
