import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { localDateOf } from '../../domain/recurrence';
import { apiAs, launchBrowser, newContext, screenshot, search, signIn } from './browser';

/**
 * Offers in Chromium: the venue's ADMIN creates an exclusive offer with 10 spots on one occurrence of its
 * weekly series (picked in the drawer) and a recurrent offer on the series, publishes both from the list; a
 * customer claims a spot through the API; the ADMIN reloads and sees 9 spots left.
 */

/** Runs against a reused server (E2E_BASE_URL) too: the templates' titles are unique per run. */
const RUN = Date.now().toString(36);
const SERIES = 'Gleis 7 Saturdays';

const rows = (page: Page) => page.locator('table tbody tr');
const json = { 'content-type': 'application/json' };

/** Platform templates for this run, published and (written by ROOT) approved, so every partner may use them. */
async function createTemplates(): Promise<void> {
  const asRoot = await apiAs('root@demo.ch');
  for (const body of [
    { offerType: 'EXCLUSIVE', longTitle: `Guest list for ten ${RUN}`, shortTitle: `Guest list ${RUN}` },
    {
      offerType: 'RECURRENT',
      longTitle: `Half-price drinks before 23:00 ${RUN}`,
      shortTitle: `Early drinks ${RUN}`,
      reccurrencePattern: 'WEEKLY',
    },
  ]) {
    const created = await asRoot('/offer-templates', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ...body, visibility: 'PUBLISHED' }),
    });
    if (created.status !== 201) throw new Error(`template: ${created.status} ${await created.text()}`);
  }
}

async function autocomplete(page: Page, label: string, text: string, option: string | RegExp): Promise<void> {
  const box = page.getByRole('combobox', { name: new RegExp(`^${label}`) });
  await box.click();
  await box.fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

async function choose(page: Page, label: string, option: string | RegExp): Promise<string> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  const choice = page.getByRole('option', { name: option }).first();
  const text = await choice.innerText();
  await choice.click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
  return text;
}

const textbox = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) });

async function openCreate(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Create' }).click();
  await page.waitForURL(/\/discount\/create$/);
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save' }).click();
  try {
    await page.waitForURL(/\/discount(\?.*)?$/, { timeout: 15_000 });
  } catch (error) {
    await screenshot(page, 'offer-not-saved');
    throw error;
  }
}

describe('offers', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await createTemplates();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an ADMIN offers spots on one occurrence of its series and the series itself; a claim leaves 9 of 10', async () => {
    const admin = await (await newContext(browser)).newPage();
    await signIn(admin, 'admin@demo.ch');
    await admin.goto('/discount');
    await rows(admin).first().waitFor();

    // The exclusive offer: one occurrence of the weekly series, picked, then open for claims from today on.
    await openCreate(admin);
    await admin.getByRole('radio', { name: 'Exclusive' }).check();
    await autocomplete(admin, 'Template', RUN, `Guest list for ten ${RUN}`);
    await autocomplete(admin, 'Event', 'Gleis 7', SERIES);
    await choose(admin, 'Kind of offer', 'Free entry');
    await admin.getByRole('spinbutton', { name: /^Spots/ }).fill('10');
    const picked = await choose(admin, 'Occurrence', /^Sat, /);
    expect(picked).toMatch(/^Sat, \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
    await expect.poll(() => textbox(admin, 'Start time').inputValue()).toMatch(/^\d{2}:\d{2}$/);
    const endTime = await textbox(admin, 'End time').inputValue();
    expect(endTime).toMatch(/^\d{2}:\d{2}$/);
    await screenshot(admin, 'offer-occurrence-picked-en');
    // Customers reserve before the night: the window opens today, it still ends with the occurrence.
    await textbox(admin, 'Start date').fill(localDateOf(new Date().toISOString()));
    await textbox(admin, 'Start date').press('Tab');
    await textbox(admin, 'Start time').fill('00:00');
    await textbox(admin, 'Start time').press('Tab');
    await save(admin);

    // The recurrent offer on the series.
    await openCreate(admin);
    await admin.getByRole('radio', { name: 'Recurrent' }).check();
    await autocomplete(admin, 'Template', RUN, `Half-price drinks before 23:00 ${RUN}`);
    await autocomplete(admin, 'Event', 'Gleis 7', SERIES);
    await choose(admin, 'Kind of offer', 'Free entry');
    await save(admin);

    // Both published from the list.
    await search(admin, RUN);
    await expect.poll(() => rows(admin).count()).toBe(2);
    await admin.getByRole('checkbox', { name: 'Select all' }).check();
    await admin.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => rows(admin).filter({ hasText: 'Published' }).count()).toBe(2);
    const exclusiveRow = rows(admin).filter({ hasText: `Guest list ${RUN}` });
    await exclusiveRow.getByText('10 of 10 left').waitFor();

    // A customer claims a spot through the API.
    const asAdmin = await apiAs('admin@demo.ch');
    const filter = encodeURIComponent(JSON.stringify({ q: RUN, offerType: 'EXCLUSIVE' }));
    const [offer] = (await (await asAdmin(`/offers?filter=${filter}`)).json()) as { id: number }[];
    const asCustomer = await apiAs('customer@demo.ch');
    const claimed = await asCustomer(`/offers/${offer!.id}/claims`, { method: 'POST' });
    expect(claimed.status, await claimed.clone().text()).toBe(201);

    await admin.reload();
    await exclusiveRow.getByText('9 of 10 left').waitFor();
    await screenshot(admin, 'offers-claimed-en');
  });
});
