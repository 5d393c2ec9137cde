import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signIn } from './browser';

/**
 * What only a real layout shows: where the Save bar of a drawer sits, whether a phone cuts titles or hides
 * tabs, and the dates and times a German user reads and types.
 */

const PHONE = { width: 390, height: 844 };

/** The interface language and theme as the Settings page stores them (react-admin's store), then a reload. */
async function choosePreferences(page: Page, lang: string, theme: 'light' | 'dark' = 'light'): Promise<void> {
  await page.evaluate(
    ([language, scheme]) => {
      localStorage.setItem('RaStoreBackoffice.lang', JSON.stringify(language));
      localStorage.setItem('RaStoreBackoffice.theme', JSON.stringify(scheme));
    },
    [lang, theme],
  );
  await page.reload();
}

async function signedIn(
  browser: Browser,
  { lang = 'en', theme = 'light', phone = false }: { lang?: string; theme?: 'light' | 'dark'; phone?: boolean } = {},
) {
  const context = await newContext(browser, { colorScheme: theme });
  const page = await context.newPage();
  if (phone) await page.setViewportSize(PHONE);
  await signIn(page, 'root@demo.ch');
  await choosePreferences(page, lang, theme);
  return { context, page };
}

const drawerPaper = (page: Page) => page.locator('.MuiDrawer-paper[role="dialog"]');

describe('layout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps the Save bar of short drawers at the drawer bottom, as in the establishment drawer', async () => {
    const { context, page } = await signedIn(browser);
    for (const path of ['/tags/create', '/users/create', '/reference-data/musics/create']) {
      await page.goto(path);
      const save = drawerPaper(page).getByRole('button', { name: 'Save' });
      await save.waitFor();
      const paper = await drawerPaper(page).boundingBox();
      const toolbar = await drawerPaper(page).locator('.RaToolbar-desktopToolbar').boundingBox();
      if (!paper || !toolbar) throw new Error(`no drawer or toolbar on ${path}`);
      expect(Math.abs(paper.y + paper.height - (toolbar.y + toolbar.height)), path).toBeLessThanOrEqual(2);
    }
    await context.close();
  });

  for (const lang of ['de', 'it']) {
    it(`shows a phone every establishment tab and the whole drawer title, in ${lang}`, async () => {
      const { context, page } = await signedIn(browser, { lang, phone: true });
      await page.goto('/establishments/1');
      const tabs = drawerPaper(page).getByRole('tab');
      await tabs.first().waitFor();
      expect(await tabs.count()).toBeGreaterThanOrEqual(5);
      await screenshot(page, `layout-establishment-drawer-phone-${lang}`);
      for (const tab of await tabs.all()) {
        const box = await tab.boundingBox();
        if (!box) throw new Error(`the tab ${await tab.innerText()} is not shown`);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
      const title = drawerPaper(page).getByRole('heading', { level: 2 });
      expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await screenshot(page, `layout-establishment-drawer-phone-${lang}`);
      await context.close();
    });
  }

  it('keeps a phone list’s status chips apart from the titles', async () => {
    const { context, page } = await signedIn(browser, { lang: 'de', phone: true, theme: 'dark' });
    await page.goto('/establishments');
    await page.locator('[data-visibility]').first().waitFor();
    const gaps = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.MuiListItemText-primary > div')).flatMap((line) => {
        const chip = line.querySelector('[data-visibility]');
        const text = Array.from(line.childNodes).find(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        );
        if (!chip || !text) return [];
        const range = document.createRange();
        range.selectNodeContents(text);
        const [textBox, chipBox] = [range.getBoundingClientRect(), chip.getBoundingClientRect()];
        const sameLine = chipBox.top < textBox.bottom && textBox.top < chipBox.bottom;
        return sameLine ? [chipBox.left - textBox.right] : [];
      }),
    );
    expect(gaps.length).toBeGreaterThan(0);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(6);
    await screenshot(page, 'layout-establishments-phone-de-dark');
    await context.close();
  });

  it('shows a German user dates and times the German way, and takes them typed so', async () => {
    const { context, page } = await signedIn(browser, { lang: 'de' });
    await page.goto('/audit-log');
    const when = page.locator('table tbody tr td').filter({ hasText: /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/ });
    await when.first().waitFor();
    expect(await page.locator('table').innerText()).not.toMatch(/\b(AM|PM)\b/);
    const from = page.getByLabel('Von');
    expect(await from.getAttribute('placeholder')).toBe('TT.MM.JJJJ');
    await from.fill('1.11.2026');
    await from.blur();
    expect(await from.inputValue()).toBe('01.11.2026');
    await expect.poll(() => new URL(page.url()).searchParams.get('filter') ?? '').toContain('"from":"2026-11-01"');
    await screenshot(page, 'layout-audit-log-de');
    await context.close();
  });
});
