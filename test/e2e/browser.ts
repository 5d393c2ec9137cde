import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { Language } from '../../domain/languages';
import { BROWSER_USER_AGENT } from '../support/userAgents';

/**
 * Debian's `chromium-headless-shell` where it is installed, else its full `chromium` in headless mode. The shell
 * is the same engine without the full browser's windowing and services: the suite ran in 0.79 of the time and 0.69
 * of the CPU (bench/results/test-suite.md, "End-to-end suite").
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-Backoffice-2026';
const SCREENSHOT_DIR = path.resolve('.tmp/screenshots');

/** The product this worker's files drive: the global set-up starts one per worker (VITEST_POOL_ID counts from 1). */
export function baseUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length];
}

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
      // V8's baseline compiler only, no optimising tiers: a test's page lives seconds, and most of the CPU its
      // optimising compilers spent was on code that never ran long enough to gain from it. Three files side by
      // side: 0.84 and 0.83 of their time (bench/results/test-suite.md, "V8's optimising tiers").
      '--js-flags=--max-opt=1',
    ],
  });

export const newContext = (
  browser: Browser,
  options: { colorScheme?: 'light' | 'dark'; timezoneId?: string } = {},
): Promise<BrowserContext> =>
  browser.newContext({
    baseURL: baseUrl(),
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: 1366, height: 860 },
    locale: 'en-GB',
    // A visitor's browser: the widget does not count headless Chromium's own user agent (a crawler's).
    userAgent: BROWSER_USER_AGENT,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });

/** Waits until the page's loading placeholders (MUI skeletons: a lazy chart, a card's figures) have given way. */
export async function waitForPlaceholdersToGo(page: Page): Promise<void> {
  await expect.poll(() => page.locator('main .MuiSkeleton-root').count(), { timeout: 15_000 }).toBe(0);
}

/** Screenshots land in .tmp/screenshots for people to look at; they are not compared. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Signs in through the sign-in screen. The app opens in the account's stored language, and the demo accounts are
 * stored in four languages: `language` (English unless told) is stored for the account first, through the API, as
 * its user would choose it in Settings, so the test reads the screens it expects. Null keeps the stored one.
 */
export async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  language: Language | null = 'en',
): Promise<void> {
  await page.goto('/auth');
  await submitSignIn(page, email, password, language);
  try {
    await page.waitForURL(/\/dashboard/);
  } catch (error) {
    // Say what the sign-in screen said instead (a refused password, too many attempts…).
    const alerts = await page.getByRole('alert').allInnerTexts();
    throw new Error(`${email} did not reach the dashboard; the page shows: ${alerts.join(' | ') || '(no alert)'}`, {
      cause: error,
    });
  }
}

/**
 * Fills in and submits the sign-in screen the page already shows (a private page may have sent the visitor there),
 * the account's language stored first as signIn does; where the app goes next is the caller's to check.
 */
export async function submitSignIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  language: Language | null = 'en',
): Promise<void> {
  if (language) await storeLanguageOf(email, password, language);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/**
 * A signed-in API client: `fetch` below `/api/v1` with the account's bearer token, for setting up data and
 * for checking what the browser stored (not for driving a test).
 */
export async function apiAs(email: string, password = DEMO_PASSWORD) {
  const api = `${baseUrl()}/api/v1`;
  const signedIn = await fetch(`${api}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { accessToken } = (await signedIn.json()) as { accessToken: string };
  return (path: string, init: RequestInit = {}) =>
    fetch(`${api}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${accessToken}` },
    });
}

async function storeLanguageOf(email: string, password: string, language: Language): Promise<void> {
  const asUser = await apiAs(email, password);
  const stored = await asUser('/auth/me', {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ language }),
  });
  if (stored.status !== 200)
    throw new Error(`storing ${language} for ${email} answered ${stored.status}: ${await stored.text()}`);
}

/**
 * Creates a customer through the API as root@demo.ch, for a test that changes an account (a password
 * reset) without touching the demo accounts the other tests sign in with.
 */
export async function createCustomerAsRoot(email: string, username: string): Promise<void> {
  const asRoot = await apiAs('root@demo.ch');
  const roles = (await (await asRoot('/roles')).json()) as Array<{ id: number; key: string }>;
  const customerRole = roles.find((role) => role.key === 'CUSTOMER');
  const created = await asRoot('/users', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Reto', lastName: 'Rüegg', username, email, roleId: customerRole?.id }),
  });
  if (created.status !== 201) throw new Error(`creating ${email} answered ${created.status}: ${await created.text()}`);
}

/**
 * Types into the list's search box and waits for the debounced filter to reach the URL. Clearing the box
 * waits for the previous text to leave the URL: a filter added before the debounce fires would otherwise
 * be dropped by it.
 */
export async function search(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Search' });
  const previous = await box.inputValue();
  await box.fill(text);
  if (text === '' && previous !== '') {
    await page.waitForURL((url) => !decodeURIComponent(url.search).includes(previous));
  } else {
    await page.waitForURL((url) => decodeURIComponent(url.search).includes(text));
  }
}
