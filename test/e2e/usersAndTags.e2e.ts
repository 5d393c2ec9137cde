import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, search, signIn } from './browser';

/**
 * A ROOT user creates, edits, searches and deletes a user and a tag; a second browser
 * editing the same tag gets the conflict message.
 */

/** Runs against a reused server (E2E_BASE_URL) too: names are unique per run. */
const RUN = Date.now().toString(36);

const CONFLICT_MESSAGE = 'Someone else changed this record since you opened it.';

/** A form field by its label (a required one ends with " *"); list headers carry labels too, so look for text boxes. */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) });

const rows = (page: Page) => page.locator('table tbody tr');

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save' }).click();
}

describe('ROOT manages users and tags', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates, searches, edits, sends an access link to, and deletes a user', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'root@demo.ch');
    await page.goto('/users');
    await rows(page).first().waitFor();

    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL(/\/users\/create$/);
    await field(page, 'First name').fill('Anna');
    await field(page, 'Last name').fill(`Zimmermann${RUN}`);
    await field(page, 'Username').fill(`anna.zimmermann.${RUN}`);
    await field(page, 'Email').fill(`Anna.Zimmermann.${RUN}@Example.ch`);
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Customer' }).click();
    await save(page);
    await page.waitForURL(/\/users(\?.*)?$/);

    await search(page, `Zimmermann${RUN}`);
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).first().getByText(`anna.zimmermann.${RUN}@example.ch`).waitFor();
    await screenshot(page, 'users-search-light-en');

    await rows(page).first().click();
    await page.waitForURL(/\/users\/\d+(\?.*)?$/);
    await field(page, 'Phone number').fill('+41 31 555 77 88');
    await save(page);
    await page.waitForURL(/\/users(\?.*)?$/);
    await rows(page).first().click();
    await expect.poll(() => field(page, 'Phone number').inputValue()).toBe('+41 31 555 77 88');

    await page.getByRole('button', { name: 'Send access link' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`An access link was sent to anna.zimmermann.${RUN}@example.ch.`).waitFor();

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/users(\?.*)?$/);
    await search(page, `Zimmermann${RUN}`);
    await expect.poll(() => rows(page).count()).toBe(0);
    await context.close();
  });

  it('creates, searches, edits and deletes a tag; a second browser editing it gets the conflict message', async () => {
    const first = await newContext(browser);
    const second = await newContext(browser);
    const page = await first.newPage();
    const other = await second.newPage();
    await signIn(page, 'root@demo.ch');
    await signIn(other, 'coordinator-full@demo.ch');

    await page.goto('/tags/create');
    await field(page, 'Name').fill(`Rooftop bar ${RUN}`);
    await field(page, 'Category').fill('Practical');
    await page.getByRole('tab', { name: /Translation/ }).click();
    await field(page, 'French').fill('Bar sur le toit');
    await save(page);
    await page.waitForURL(/\/tags(\?.*)?$/);

    await search(page, `Rooftop bar ${RUN}`);
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).first().getByText(`Rooftop bar ${RUN}`).waitFor();
    await rows(page).first().click();
    await page.waitForURL(/\/tags\/\d+(\?.*)?$/);
    const tagPath = new URL(page.url()).pathname;

    // Both browsers open the same version of the tag.
    await other.goto(tagPath);
    await field(other, 'Name').waitFor();
    await expect.poll(() => field(other, 'Name').inputValue()).toBe(`Rooftop bar ${RUN}`);

    await page.getByRole('tab', { name: /Translation/ }).click();
    await field(page, 'German').fill('Dachterrassen-Bar');
    await save(page);
    await page.waitForURL(/\/tags(\?.*)?$/);

    await field(other, 'Subcategory').fill('Outdoor');
    await save(other);
    await other.getByText(CONFLICT_MESSAGE).waitFor();
    expect(new URL(other.url()).pathname).toBe(tagPath);
    await screenshot(other, 'tag-conflict-light-en');
    // Reloading shows the first browser's change; saving again then works.
    await other.getByRole('button', { name: 'Reload' }).click();
    await other.getByText(CONFLICT_MESSAGE).waitFor({ state: 'detached' });
    await other.getByRole('tab', { name: /Translation/ }).click();
    await expect.poll(() => field(other, 'German').inputValue()).toBe('Dachterrassen-Bar');
    await other.getByRole('tab', { name: /General/ }).click();
    await field(other, 'Subcategory').fill('Outdoor');
    await expect.poll(() => field(other, 'Subcategory').inputValue()).toBe('Outdoor');
    await save(other);
    await other.waitForURL(/\/tags(\?.*)?$/);
    await other.getByRole('row', { name: new RegExp(`Rooftop bar ${RUN}.*Outdoor`) }).waitFor();

    await page.goto(tagPath);
    await expect.poll(() => field(page, 'Subcategory').inputValue()).toBe('Outdoor');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/tags(\?.*)?$/);
    await search(page, `Rooftop bar ${RUN}`);
    await expect.poll(() => rows(page).count()).toBe(0);
    await first.close();
    await second.close();
  });
});
