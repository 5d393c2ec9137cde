import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, launchBrowser, newContext, screenshot, signIn, submitSignIn, waitForPlaceholdersToGo } from './browser';

/** Sign in as root, see the dashboard, switch to dark and French, reload, keep both, sign out. */
describe('signing in, preferences and signing out', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const backgroundOf = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  /** Relative luminance of an `rgb(r, g, b)` colour: below 0.2 reads as a dark scheme. */
  const luminance = (rgb: string) => {
    const [r, g, b] = (rgb.match(/\d+/g) ?? ['255', '255', '255']).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  };

  it('sends a visitor to /auth, signs root in to the dashboard greeting, keeps dark mode and French over a reload, signs out', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();

    await page.goto('/');
    await page.waitForURL(/\/auth$/);
    await screenshot(page, 'sign-in-light-en');

    await signIn(page, 'root@demo.ch');
    await expect(page.getByRole('heading', { name: /^Hello, Rosa/ })).toBeTruthy();
    await page.getByRole('heading', { name: /^Hello, Rosa/ }).waitFor();
    expect(luminance(await backgroundOf(page))).toBeGreaterThan(0.8);
    await screenshot(page, 'dashboard-light-en');

    await page.getByRole('button', { name: 'Colour scheme' }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(async () => luminance(await backgroundOf(page))).toBeLessThan(0.2);

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await page.getByRole('heading', { name: /^Bonjour, Rosa/ }).waitFor();

    // An explicit choice is stored with the account: root's next mails come in French.
    const asRoot = await apiAs('root@demo.ch');
    await expect
      .poll(async () => ((await (await asRoot('/auth/me')).json()) as { language: string }).language)
      .toBe('fr');

    await page.reload();
    await page.getByRole('heading', { name: /^Bonjour, Rosa/ }).waitFor();
    expect(luminance(await backgroundOf(page))).toBeLessThan(0.2);
    expect(page.url()).toMatch(/\/dashboard$/);
    await waitForPlaceholdersToGo(page);
    await screenshot(page, 'dashboard-dark-fr');

    await page.getByRole('menuitem', { name: 'Paramètres' }).click();
    await page.waitForURL(/\/settings$/);
    await page.getByText('Préférences').first().waitFor();
    await screenshot(page, 'settings-dark-fr');

    await page.getByRole('button', { name: 'Profil' }).click();
    await page.getByRole('menuitem', { name: /Déconnexion/ }).click();
    await page.waitForURL(/\/auth$/);
    // The preferences outlive the session: the sign-in screen stays dark and French.
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    expect(luminance(await backgroundOf(page))).toBeLessThan(0.2);
    await screenshot(page, 'sign-in-dark-fr');

    // Signed out for real: a private page sends the visitor back to /auth.
    await page.goto('/settings');
    await page.waitForURL(/\/auth$/);
    await context.close();
  });

  it('shows a wrong password in place and does not sign in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByLabel(/email/i).fill('root@demo.ch');
    await page.getByLabel(/password/i).fill('not-the-password');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.getByText('Wrong email or password.').waitFor();
    expect(page.url()).toMatch(/\/auth$/);
    await context.close();
  });

  it('after a sign-in, opens the private page that sent the visitor to /auth', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/events');
    await page.waitForURL(/\/auth$/);

    await submitSignIn(page, 'root@demo.ch');
    // The list itself, not only its URL: a refused page passes through /events on its way to /unauthorized.
    await page.getByRole('button', { name: 'Calendar' }).waitFor();
    await page.locator('table tbody tr').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/events');
    await context.close();
  });

  it('after a sign-in, a page the role may not open goes where it goes when signed in: /unauthorized', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/users');
    await page.waitForURL(/\/auth$/);

    await submitSignIn(page, 'customer@demo.ch');
    await page.waitForURL(/\/unauthorized$/);
    await page.getByText('Ooops, unAuthorized :(').waitFor();
    await context.close();
  });

  it('follows a sign-out in another tab', async () => {
    const context = await newContext(browser);
    const first = await context.newPage();
    await signIn(first, 'admin@demo.ch');
    const second = await context.newPage();
    await second.goto('/dashboard');
    await second.getByRole('heading', { name: /^Hello,/ }).waitFor();

    await first.getByRole('button', { name: 'Profile' }).click();
    await first.getByRole('menuitem', { name: /Logout/ }).click();
    await first.waitForURL(/\/auth$/);
    await second.waitForURL(/\/auth$/);
    await context.close();
  });
});
