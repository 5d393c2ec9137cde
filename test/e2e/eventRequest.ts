import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Temporal } from 'temporal-polyfill';

/** Form steps the end-to-end tests share: picking from a combobox, a labelled text box, a promoter's request. */

export const textbox = (page: Page, label: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) });

export async function chooseOption(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * A signed-in PROMOTER requests a one-off party at Gleis 7 Club (the first establishment) on `date`, 23:00–05:00,
 * through the create form: a promoter cannot publish there, only send the request.
 */
export async function requestEventAsPromoter(page: Page, title: string, date: Temporal.PlainDate): Promise<void> {
  await page.goto('/events/create');
  await chooseOption(page, page.getByRole('combobox', { name: /^Establishment/ }), 'Gleis 7 Club');
  await textbox(page, 'Title').fill(title);
  await chooseOption(page, page.getByRole('combobox', { name: /^Event type/ }), 'Party');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(/^Start date/).fill(date.toString());
  await page.getByLabel(/^Start time/).fill('23:00');
  await page.getByLabel(/^End time/).fill('05:00');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Publish' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Send request' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/create'));
}
