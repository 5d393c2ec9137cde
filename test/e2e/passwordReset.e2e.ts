import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createCustomerAsRoot, DEMO_PASSWORD, launchBrowser, newContext, screenshot, signIn } from './browser';

/** Forgot password → follow the link from the Mail outbox → set a new password → sign in with it. */
describe('resetting a forgotten password through the Mail outbox', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function readResetLinkFromOutbox(page: Page, recipient: string): Promise<string> {
    await signIn(page, 'root@demo.ch');
    await page.getByRole('menuitem', { name: 'Mail outbox' }).click();
    await page.waitForURL(/\/outbox/);
    await screenshot(page, 'outbox-list-light-en');
    await page.getByRole('cell', { name: recipient }).first().click();
    await page.waitForURL(/\/outbox\/\d+\/show$/);
    const link = page.getByRole('link', { name: /\/reset-password\// }).first();
    await link.waitFor();
    await screenshot(page, 'outbox-show-light-en');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/\/reset-password\/[A-Za-z0-9_-]{20,}$/);
    return href as string;
  }

  it('mails a link that opens the reset form, and the new password signs in while another one does not', async () => {
    // An account of its own: the demo accounts keep their password for the other tests.
    const run = Date.now().toString(36);
    const recipient = `reto.${run}@example.ch`;
    await createCustomerAsRoot(recipient, `reto.${run}`);
    const newPassword = 'A-new-password-for-customer';
    const context = await newContext(browser);
    const page = await context.newPage();

    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByLabel(/email/i).fill(recipient);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText(/we have sent it a link to reset the password/).waitFor();
    await screenshot(page, 'forgot-password-sent-light-en');

    const resetLink = await readResetLinkFromOutbox(page, recipient);
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: /Logout/ }).click();
    await page.waitForURL(/\/auth$/);

    await page.goto(resetLink);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await screenshot(page, 'reset-password-light-en');
    await page.getByLabel('New password', { exact: false }).first().fill(newPassword);
    await page.getByLabel('Confirm the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.waitForURL(/\/auth$/);

    await page.getByLabel(/email/i).fill(recipient);
    await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.getByText('Wrong email or password.').waitFor();

    await page.getByLabel(/password/i).fill(newPassword);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: /^Hello,/ }).waitFor();

    // The link was used up: opening it again shows the not-found style screen with Refresh.
    await page.goto(resetLink);
    await page.getByText('Ooops, something went wrong :(').waitFor();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    await screenshot(page, 'reset-password-used-link-light-en');
    await context.close();
  });

  it('shows "Ooops, unAuthorized :(" with a Refresh button on /unauthorized', async () => {
    const context = await newContext(browser, { colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/unauthorized');
    await page.getByText('Ooops, unAuthorized :(').waitFor();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    await context.close();
  });
});
