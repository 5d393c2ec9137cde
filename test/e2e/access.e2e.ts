import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, signIn } from './browser';

/**
 * As each demo account, in Chromium, the menu shows exactly its role's areas, and typing a
 * forbidden URL lands on /unauthorized. The expected menus are written out here from the specification's table and the
 * extensions of README "Access", independently of the table's code.
 */

const EVERYONE = ['Dashboard', 'Notifications', 'Settings'];
const PARTNER = [...EVERYONE, 'Statistics', 'Request inbox'];

const EXPECTED_MENUS: Record<string, string[]> = {
  'root@demo.ch': [
    ...PARTNER,
    'Establishments',
    'Promoters',
    'Events',
    'Offers',
    'Offer templates',
    'Template requests',
    'Promo codes',
    'Tags',
    'Tag terms',
    'Widget',
    'Users',
    'Audit log',
    'Mail outbox',
    'Reference data',
    'Billing',
  ],
  'promoter@demo.ch': [...PARTNER, 'Promoters', 'Events', 'Offers', 'Template requests', 'Billing'],
  'customer@demo.ch': EVERYONE,
  'admin@demo.ch': [...PARTNER, 'Establishments', 'Events', 'Offers', 'Template requests', 'Widget', 'Billing'],
  'coordinator@demo.ch': [...PARTNER, 'Establishments', 'Events', 'Offers', 'Template requests'],
  'coordinator-limited@demo.ch': [...PARTNER, 'Establishments', 'Promoters', 'Events'],
  'coordinator-full@demo.ch': [
    ...PARTNER,
    'Establishments',
    'Promoters',
    'Events',
    'Offers',
    'Offer templates',
    'Template requests',
    'Promo codes',
    'Tags',
    'Tag terms',
    'Widget',
    'Users',
  ],
  'promoter2@demo.ch': [...PARTNER, 'Promoters', 'Events', 'Offers', 'Template requests', 'Billing'],
  'admin2@demo.ch': [...PARTNER, 'Establishments', 'Events', 'Offers', 'Template requests', 'Widget', 'Billing'],
};

/** URLs each account must not open (ROOT opens every area). */
const FORBIDDEN_URLS: Record<string, string[]> = {
  'root@demo.ch': [],
  'promoter@demo.ch': ['/tags', '/discount-template', '/users/1', '/establishments'],
  'customer@demo.ch': ['/events', '/users', '/settings/../tags'],
  'admin@demo.ch': ['/tags/1', '/promoters', '/users', '/audit-log'],
  'coordinator@demo.ch': ['/iframe', '/billing', '/users'],
  'coordinator-limited@demo.ch': ['/discount', '/tags'],
  'coordinator-full@demo.ch': ['/audit-log', '/billing', '/outbox', '/reference-data/musics'],
  'promoter2@demo.ch': ['/users', '/iframe'],
  'admin2@demo.ch': ['/discount-template', '/tag-terms'],
};

async function menuEntries(page: Page): Promise<string[]> {
  const menu = page.locator('.RaSidebar-fixed, .MuiDrawer-root').first();
  await menu.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
  // An entry's count (the Request inbox's badge and its words for screen readers) is not part of its label.
  const labels = await menu.getByRole('menuitem').evaluateAll((items) =>
    items.map((item) => {
      const copy = item.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[data-menu-count]').forEach((count) => count.remove());
      return copy.textContent ?? '';
    }),
  );
  return labels.map((label) => label.trim()).filter(Boolean);
}

describe('each demo account sees exactly its areas', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [email, expectedMenu] of Object.entries(EXPECTED_MENUS)) {
    it(`${email}: the menu, and forbidden URLs land on /unauthorized`, async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await signIn(page, email);

      expect((await menuEntries(page)).sort()).toEqual([...expectedMenu].sort());

      for (const url of FORBIDDEN_URLS[email]) {
        await page.goto(url);
        await page.waitForURL(/\/unauthorized$/);
        await page.getByText('Ooops, unAuthorized :(').waitFor();
      }
      // An allowed area still opens after a refusal.
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: /^Hello,/ }).waitFor();
      await context.close();
    });
  }
});

/** The lists of records each account reads; every row opens, read only where the account may not change it. */
const READABLE_LISTS: Record<string, { list: string; readOnly: boolean }[]> = {
  'root@demo.ch': [
    { list: '/establishments', readOnly: false },
    { list: '/users', readOnly: false },
  ],
  'coordinator@demo.ch': [{ list: '/establishments', readOnly: true }],
  'coordinator-limited@demo.ch': [
    { list: '/establishments', readOnly: true },
    { list: '/promoters', readOnly: true },
  ],
  'coordinator-full@demo.ch': [
    { list: '/establishments', readOnly: true },
    { list: '/promoters', readOnly: true },
    { list: '/users', readOnly: true },
  ],
};

describe('a row an account may read opens, read only where it may not change it', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [email, lists] of Object.entries(READABLE_LISTS)) {
    it(email, async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await signIn(page, email);
      for (const { list, readOnly } of lists) {
        await page.goto(list);
        // The first loaded row's last cell (the loading skeleton's rows are not clickable): never a
        // checkbox, so the click is the row's.
        await page.locator('tbody tr.RaDataTable-clickableRow').first().locator('td').last().click();
        const drawer = page.getByRole('dialog');
        await drawer.waitFor();
        expect(page.url(), `${email} ${list}`).not.toMatch(/unauthorized/);
        expect(page.url()).toMatch(readOnly ? /\/\d+\/show$/ : /\/\d+$/);
        const saveButtons = await drawer.getByRole('button', { name: /Publish|Save/ }).count();
        if (readOnly) expect(saveButtons, `${email} ${list}`).toBe(0);
        else expect(saveButtons, `${email} ${list}`).toBeGreaterThan(0);
        await drawer.getByRole('button', { name: 'Close' }).click();
        await drawer.waitFor({ state: 'detached' });
      }
      await context.close();
    });
  }
});
