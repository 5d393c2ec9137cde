import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_DEFAULTS, type WidgetSettings } from '../../domain/widget';
import { apiAs, baseUrl, launchBrowser, newContext, screenshot, signIn } from './browser';

/**
 * The widget from both ends in Chromium: ROOT shapes the first establishment's widget, watching the live preview
 * follow each unsaved change; after saving, a plain page on another local port pastes the snippet and shows the
 * widget with those settings, its frame grown to its content; an ADMIN reaches only its own widget; a rotated
 * key's old address answers 404.
 */

const LONG = 180_000;
const ACCENT = '#8B1E3F';

let browser: Browser;
let hostPage: Server | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (hostPage ? hostPage.close(resolve) : resolve(undefined)));
});

interface FirstEstablishment {
  id: number;
  name: string;
}

async function firstEstablishment(): Promise<FirstEstablishment> {
  const asRoot = await apiAs('root@demo.ch');
  const answer = await asRoot(`/establishments?sort=${encodeURIComponent('["id","ASC"]')}&range=[0,0]`);
  const [record] = (await answer.json()) as { id: number; generalInfos: { establishmentName: string } }[];
  return { id: record.id, name: record.generalInfos.establishmentName };
}

async function widgetOf(establishmentId: number): Promise<WidgetSettings> {
  const asRoot = await apiAs('root@demo.ch');
  const answer = await asRoot(`/widget-settings?filter=${encodeURIComponent(JSON.stringify({ establishmentId }))}`);
  return ((await answer.json()) as WidgetSettings[])[0];
}

/** The preview's frame once the widget page in it has loaded. */
async function previewFrame(page: Page): Promise<Frame> {
  const handle = await page.getByTitle('Preview of the widget').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('the preview has no frame');
  await frame.waitForSelector('#w-root');
  return frame;
}

const rootStyle = (frame: Frame, property: string) =>
  frame.$eval('#w-root', (root, name) => (root as HTMLElement).style.getPropertyValue(name), property);
const rootSwitch = (frame: Frame, name: string) =>
  frame.$eval('#w-root', (root, attribute) => root.getAttribute(attribute), `data-${name}`);

/** Serves one HTML page on another local port: a venue's own website. */
async function serveHostPage(html: string): Promise<string> {
  hostPage = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => hostPage!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(hostPage.address() as AddressInfo).port}/`;
}

describe('the widget', () => {
  it(
    'is shaped by ROOT with a live preview, and shows as saved on a venue’s page that pastes the snippet',
    async () => {
      const establishment = await firstEstablishment();
      const context = await newContext(browser);
      const page = await context.newPage();
      await signIn(page, 'root@demo.ch');
      await page.goto('/iframe');
      const choice = page.getByRole('combobox', { name: 'Establishment' });
      await choice.fill(establishment.name);
      await page.getByRole('option', { name: new RegExp(`^${establishment.name}`) }).click();
      await page.waitForURL(/\/iframe\/\d+$/);

      const frame = await previewFrame(page);
      await expect.poll(() => rootStyle(frame, '--w-font')).toMatch(/Inter|Playfair|Oswald|"/);

      await page.getByRole('combobox', { name: 'Font' }).click();
      await page.getByRole('option', { name: 'Oswald' }).click();
      await expect.poll(() => rootStyle(frame, '--w-font')).toMatch(/^"Oswald"/);

      const accent = page.getByRole('group', { name: 'Accent' }).getByRole('textbox', { name: 'Accent', exact: true });
      await accent.fill(ACCENT);
      await expect.poll(() => rootStyle(frame, '--w-accent')).toBe(ACCENT);

      for (const [label, name] of [
        ['Month calendar', 'calendar'],
        ['Happy hours', 'happy-hours'],
      ] as const) {
        const toggle = page.getByRole('switch', { name: label, exact: true });
        if (await toggle.isChecked()) await toggle.uncheck();
        await toggle.check();
        await expect.poll(() => rootSwitch(frame, name)).toBe('on');
      }
      // The preview shows the unsaved look: nothing is stored yet.
      expect((await widgetOf(establishment.id)).widgetTheme.fontFamilyName).not.toBe('Oswald');
      await screenshot(page, 'widget-settings-root');

      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(async () => (await widgetOf(establishment.id)).widgetTheme, { timeout: 10_000 })
        .toMatchObject({
          fontFamilyName: 'Oswald',
          hasEnabledCalendar: true,
          hasEnabledHappyHours: true,
          colorPalette: expect.objectContaining({ accent: ACCENT }),
        });

      const snippet = await page.getByRole('textbox', { name: 'Code to paste into your website' }).inputValue();
      const saved = await widgetOf(establishment.id);
      expect(snippet).toContain(`${baseUrl()}/external/widgets/${saved.externalApiKey}`);
      const venueSite = await serveHostPage(
        `<!doctype html><html lang="de"><head><title>Our venue</title></head><body><h1>Programm</h1>${snippet}<p id="after">Footer</p></body></html>`,
      );
      const venuePage = await context.newPage();
      await venuePage.goto(venueSite);
      const embedded = venuePage.locator('iframe');
      const widgetFrame = await (await embedded.elementHandle())!.contentFrame();
      await widgetFrame!.waitForSelector('#w-root');
      expect(await rootStyle(widgetFrame!, '--w-font')).toMatch(/^"Oswald"/);
      expect(await rootStyle(widgetFrame!, '--w-accent')).toBe(ACCENT);
      expect(await rootSwitch(widgetFrame!, 'calendar')).toBe('on');
      // The embed script grows the frame from the browser's default 150 px to the widget's own height.
      const contentHeight = await widgetFrame!.$eval('#w-root', (root) => root.getBoundingClientRect().height);
      await expect
        .poll(async () => (await embedded.boundingBox())?.height ?? 0)
        .toBeGreaterThan(Math.min(contentHeight, 400) - 2);
      expect(contentHeight).toBeGreaterThan(150);
      await screenshot(venuePage, 'widget-on-venue-site');

      // Rotating the key: the old address stops answering at once.
      const oldAddress = `${baseUrl()}/external/widgets/${saved.externalApiKey}`;
      expect((await fetch(oldAddress)).status).toBe(200);
      await page.getByRole('button', { name: 'Rotate key' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Rotate key' }).click();
      await expect.poll(async () => (await widgetOf(establishment.id)).externalApiKey).not.toBe(saved.externalApiKey);
      expect((await fetch(oldAddress)).status).toBe(404);
      // The preview loads the widget at its new address (a new frame) and is fed the look again.
      const rotated = (await widgetOf(establishment.id)).externalApiKey;
      await expect
        .poll(async () => {
          const preview = page.getByTitle('Preview of the widget');
          if (!(await preview.getAttribute('src'))?.includes(rotated)) return 'old address';
          const rotatedFrame = await (await preview.elementHandle())?.contentFrame();
          return rotatedFrame ? await rootStyle(rotatedFrame, '--w-font').catch(() => 'loading') : 'no frame';
        })
        .toMatch(/^"Oswald"/);
      await context.close();
    },
    LONG,
  );

  it(
    'opens for an ADMIN on its own establishment’s widget only',
    async () => {
      const asAdmin = await apiAs('admin@demo.ch');
      const own = (await (await asAdmin('/widget-settings')).json()) as WidgetSettings[];
      expect(own).toHaveLength(1);
      const context = await newContext(browser, { colorScheme: 'dark' });
      const page = await context.newPage();
      await signIn(page, 'admin@demo.ch');
      await page.goto('/iframe');
      await page.waitForURL(new RegExp(`/iframe/${own[0].id}$`));
      await previewFrame(page);
      await screenshot(page, 'widget-settings-admin-dark');

      const others = (await (await (await apiAs('root@demo.ch'))('/widget-settings')).json()) as WidgetSettings[];
      const another = others.find((record) => record.id !== own[0].id)!;
      // Another venue's widget is not found for it (the server answers 404): the page goes back to its own.
      await page.goto(`/iframe/${another.id}`);
      await page.getByRole('alert').first().waitFor();
      await page.waitForURL(new RegExp(`/iframe/${own[0].id}$`));
      expect((await asAdmin(`/widget-settings/${another.id}`)).status).toBe(404);
      await context.close();
    },
    LONG,
  );

  it(
    'passes axe’s WCAG 2.1 AA checks on the list and on the calendar, with the defaults and with each venue’s look',
    async () => {
      const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
      // The widget's CSP admits only its own script: the checker is let in by the test browser alone.
      const context = await browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 800 } });
      const asRoot = await apiAs('root@demo.ch');
      const widgets = (await (await asRoot('/widget-settings')).json()) as WidgetSettings[];
      // Every look the demo data (and the test above) gives a widget, and one with the defaults.
      const isDefault = (record: WidgetSettings) =>
        JSON.stringify(record.widgetTheme) === JSON.stringify(WIDGET_DEFAULTS);
      const looks = [widgets.find(isDefault), ...widgets.filter((record) => !isDefault(record))];
      expect(looks.length).toBeGreaterThan(2);
      for (const widget of looks) {
        if (!widget) throw new Error('the demo data has a widget with the defaults');
        const page = await context.newPage();
        await page.goto(`${baseUrl()}/external/widgets/${widget.externalApiKey}?lang=de`);
        await page.addScriptTag({ content: axeSource });
        const views = widget.widgetTheme.hasEnabledCalendar ? ['list', 'calendar'] : ['list'];
        for (const view of views) {
          if (view === 'calendar') await page.getByRole('tab', { name: 'Kalender' }).click();
          const { violations, passed } = await page.evaluate(async () => {
            const axe = (
              window as unknown as {
                axe: {
                  run: (...args: unknown[]) => Promise<{
                    violations: { id: string; nodes: { target: unknown }[] }[];
                    passes: unknown[];
                  }>;
                };
              }
            ).axe;
            const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
            return {
              violations: result.violations.map(
                (violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
              ),
              passed: result.passes.length,
            };
          });
          expect(violations, `${widget.id} ${view}`).toEqual([]);
          // The rules ran on the page (contrast, names, landmarks…), rather than on nothing.
          expect(passed).toBeGreaterThan(10);
        }
        await page.close();
      }
      await context.close();
    },
    LONG,
  );
});
