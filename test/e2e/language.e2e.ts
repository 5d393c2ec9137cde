import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, DEMO_PASSWORD, launchBrowser, newContext, screenshot } from './browser';

/**
 * Signing in never changes the language stored with an account (the one its mails come in): the app opens in
 * it, whatever language the browser or the sign-in screen was in.
 */
describe("the account's stored language over a sign-in", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const json = async <T>(response: Response): Promise<T> => {
    if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };

  /** Creates a customer stored in German as root, mails them an access link and returns its path. */
  async function germanCustomerWithAccessLink(email: string): Promise<{ id: number; link: string }> {
    const asRoot = await apiAs('root@demo.ch');
    const roles = await json<Array<{ id: number; key: string }>>(await asRoot('/roles'));
    const customer = roles.find((role) => role.key === 'CUSTOMER');
    const headers = { 'content-type': 'application/json' };
    const body = JSON.stringify({
      firstName: 'Urs',
      lastName: 'Brunner',
      username: email.split('@')[0],
      email,
      roleId: customer?.id,
      language: 'de',
    });
    const { id } = await json<{ id: number }>(await asRoot('/users', { method: 'POST', headers, body }));
    expect((await asRoot(`/users/${id}/send-access-link`, { method: 'POST' })).status).toBeLessThan(300);
    const filter = encodeURIComponent(JSON.stringify({ to: email }));
    const [mail] = await json<Array<{ id: number; language: string }>>(await asRoot(`/outbox?filter=${filter}`));
    expect(mail.language).toBe('de');
    const { text } = await json<{ text: string }>(await asRoot(`/outbox/${mail.id}`));
    const link = /\/auth\/sign_in\?authId=[^\s"<]+/.exec(text)?.[0];
    if (!link) throw new Error(`no access link in the mail: ${text}`);
    return { id, link };
  }

  const storedLanguageOf = async (userId: number) =>
    (await json<{ language: string }>(await (await apiAs('root@demo.ch'))(`/users/${userId}`))).language;

  async function signInOnScreen(page: Page, email: string) {
    await page.goto('/auth');
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard/);
  }

  it('opens German screens for a German account that follows its access link in an English browser, and keeps it German', async () => {
    const email = `urs.${Date.now().toString(36)}@example.ch`;
    const { id, link } = await germanCustomerWithAccessLink(email);
    const context = await newContext(browser);
    const page = await context.newPage();

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Wählen Sie Ihr Passwort' }).waitFor();
    await screenshot(page, 'access-link-german-account');

    // Time for a request the app would send after the sign-in.
    await page.waitForTimeout(1000);
    expect(await storedLanguageOf(id)).toBe('de');
    await context.close();
  });

  it('opens French screens for promoter@demo.ch (stored French) signing in from an English screen, and keeps French', async () => {
    // Other suites sign in as this account with English stored first: store its demo language again.
    const asPromoter = await apiAs('promoter@demo.ch');
    const headers = { 'content-type': 'application/json' };
    await json(await asPromoter('/auth/me', { method: 'PATCH', headers, body: JSON.stringify({ language: 'fr' }) }));
    const context = await newContext(browser);
    const page = await context.newPage();

    await signInOnScreen(page, 'promoter@demo.ch');
    await page.getByRole('heading', { name: /^Bonjour, / }).waitFor();
    await page.waitForTimeout(1000);
    expect((await json<{ language: string }>(await asPromoter('/auth/me'))).language).toBe('fr');
    await context.close();
  });

  it('opens the English dashboard for root@demo.ch (stored English) signing in from a German screen', async () => {
    const asRoot = await apiAs('root@demo.ch');
    const headers = { 'content-type': 'application/json' };
    await json(await asRoot('/auth/me', { method: 'PATCH', headers, body: JSON.stringify({ language: 'en' }) }));
    const context = await newContext(browser);
    const page = await context.newPage();

    await page.goto('/auth');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.getByLabel(/e-mail/i).fill('root@demo.ch');
    await page.getByLabel(/passwort/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(/\/dashboard/);
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    // Time for the signed-in app to settle: it stays on the dashboard.
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await context.close();
  });
});
