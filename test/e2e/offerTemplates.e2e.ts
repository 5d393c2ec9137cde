import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, search, signIn } from './browser';

/**
 * Offer templates in Chromium: ROOT creates one; an ADMIN requests one for its establishment, which ROOT
 * approves from the requests queue; the ADMIN then sees it approved.
 */

/** Runs against a reused server (E2E_BASE_URL) too: titles are unique per run. */
const RUN = Date.now().toString(36);

const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) });
const rows = (page: Page) => page.locator('table tbody tr');

async function pick(page: Page, combobox: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${combobox}`) }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('offer templates and template requests', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('ROOT creates a recurrent template and finds it in the list', async () => {
    const page = await (await newContext(browser)).newPage();
    await signIn(page, 'root@demo.ch');
    await page.goto('/discount-template');
    await rows(page).first().waitFor();
    await page.getByRole('link', { name: 'New template' }).click();
    await page.waitForURL(/\/discount-template\/create$/);
    await pick(page, 'Offer type', 'Recurrent');
    await pick(page, 'Recurs', 'Every week');
    await field(page, 'Long title').fill(`Aperitivo on Wednesdays ${RUN}`);
    await field(page, 'Short title').fill('Aperitivo');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/discount-template(\?.*)?$/);
    await search(page, RUN);
    await expect.poll(() => rows(page).count()).toBe(1);
    const row = rows(page).first();
    await row.getByText('Recurrent · Every week').waitFor();
    await row.getByText('Approved').waitFor();
    await row.getByText('Draft').waitFor();
  });

  it('an ADMIN requests a template, ROOT approves it, the ADMIN sees it approved', async () => {
    const admin = await (await newContext(browser)).newPage();
    await signIn(admin, 'admin@demo.ch');
    await admin.goto('/request-discount-template');
    await admin.getByRole('button', { name: 'Request a template' }).first().click();
    await admin.waitForURL(/\/request-discount-template\/create$/);
    await admin.getByText(/The template will be for Gleis 7 Club\./).waitFor();
    await field(admin, 'Long title').fill(`Two for one on Fridays ${RUN}`);
    await field(admin, 'Short title').fill('2 for 1');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Request sent to the platform team.').waitFor();
    const request = admin.locator('tr', { hasText: `Two for one on Fridays ${RUN}` });
    await request.getByText('Pending').waitFor();

    const root = await (await newContext(browser, { colorScheme: 'dark' })).newPage();
    await signIn(root, 'root@demo.ch');
    await root.goto('/request-discount-template');
    const queued = root.locator('tr', { hasText: `Two for one on Fridays ${RUN}` });
    await queued.waitFor();
    await screenshot(root, 'template-requests-queue-en');
    await queued.getByRole('button', { name: 'Approve' }).click();
    await root.getByText('Request approved: the partner gets a mail.').waitFor();
    await expect.poll(() => queued.count()).toBe(0);

    await admin.reload();
    await request.getByText('Approved').waitFor();
    await request.getByText('Published').waitFor();
  });
});
