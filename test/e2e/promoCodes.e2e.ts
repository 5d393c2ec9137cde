import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signIn } from './browser';

/**
 * Promo codes in Chromium: ROOT creates 50 codes in bulk with a prefix of this run, sees them in the list, and
 * exports the list as CSV, which holds every one of them.
 */

/** Runs against a reused server (E2E_BASE_URL) too: the prefix is unique per run. */
const PREFIX = `E2E${Date.now().toString(36).toUpperCase().slice(-5)}-`;

describe('promo codes', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('ROOT creates 50 codes in bulk and exports them as CSV', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'root@demo.ch');
    await page.goto('/promo-code');
    await page.locator('table tbody tr').first().waitFor();

    await page.getByRole('button', { name: 'Create in bulk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create promo codes in bulk' });
    await dialog.getByRole('spinbutton', { name: /^Number of codes/ }).fill('50');
    await dialog.getByRole('textbox', { name: /^Prefix/ }).fill(PREFIX);
    const template = dialog.getByRole('combobox', { name: /^Template/ });
    await template.click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('button', { name: 'Create codes' }).click();

    await expect.poll(() => dialog.getByText('50 codes created.').isVisible()).toBe(true);
    const shown = (await dialog.getByLabel('Created codes').innerText()).split('\n').filter(Boolean);
    expect(shown).toHaveLength(50);
    expect(new Set(shown).size).toBe(50);
    for (const code of shown) expect(code).toMatch(new RegExp(`^${PREFIX}[A-HJKMNP-Z2-9]{8}$`));
    await screenshot(page, 'promo-codes-bulk');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('textbox', { name: 'Search' }).fill(PREFIX);
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 15_000 }).toBe(25);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    for (const code of shown) expect(csv).toContain(code);
    await context.close();
  });
});
