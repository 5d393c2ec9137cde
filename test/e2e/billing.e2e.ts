import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, Subscription } from '../../domain/billing';
import type { Tag } from '../../domain/tag';
import type { TagTerm } from '../../domain/tagTerms';
import type { WidgetSettings } from '../../domain/widget';
import { DEMO_BILLING_CREDITOR } from '../../server/config';
import { checkQrBillPayload, decodeQrBillOfPdf } from '../support/invoiceQr';
import { apiAs, launchBrowser, newContext, screenshot, signIn } from './browser';

/**
 * Billing and tag terms as their users drive them in Chromium. ROOT creates a plan with the pro logo, subscribes the
 * first venue (Gleis 7 Club, which the demo leaves without a subscription) and creates its invoice; the venue's
 * ADMIN downloads the PDF, whose QR-bill decodes to a valid Swiss payload with the invoice's amount, currency,
 * reference and creditor; ROOT marks it paid, after which the venue's widget may drop the platform's credit (the
 * pro logo). Then ROOT merges two tags and the records of the removed one carry the kept one.
 */

const LONG = 240_000;
const PLAN_NAME = `E2E Pro ${Date.now().toString(36)}`;

type ApiClient = Awaited<ReturnType<typeof apiAs>>;

async function json<T>(api: ApiClient, path: string, init?: RequestInit): Promise<T> {
  const response = await api(path, init);
  expect(response.status, `${path}: ${response.status}`).toBeLessThan(300);
  return (await response.json()) as T;
}

const jsonBody = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const filterParam = (filter: object) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;

async function chooseOption(page: Page, label: RegExp | string, option: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('billing and tag terms in Chromium', () => {
  let browser: Browser;
  let root: ApiClient;
  let gleis7Id: number;
  beforeAll(async () => {
    browser = await launchBrowser();
    root = await apiAs('root@demo.ch');
    const venues = await json<Array<{ id: number; generalInfos: { establishmentName: string } }>>(
      root,
      `/establishments?${filterParam({ q: 'Gleis 7' })}`,
    );
    gleis7Id = venues.find((venue) => venue.generalInfos.establishmentName === 'Gleis 7 Club')!.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'ROOT subscribes the first venue and invoices it; its ADMIN downloads a PDF whose QR-bill pays it; paid, its widget may drop the credit',
    { timeout: LONG },
    async () => {
      const admin = await apiAs('admin@demo.ch');
      const settingsBefore = (
        await json<WidgetSettings[]>(admin, `/widget-settings?${filterParam({ establishmentId: gleis7Id })}`)
      )[0];
      expect(settingsBefore.proLogoIncluded).toBe(false);

      const rootContext = await newContext(browser);
      const rootPage = await rootContext.newPage();
      await signIn(rootPage, 'root@demo.ch');

      // A plan with the pro logo, its names in the four languages, priced in francs.
      await rootPage.goto('/billing/plans/create');
      await rootPage.getByLabel('Name (English)').fill(PLAN_NAME);
      await rootPage.getByLabel('Name (French)').fill(`${PLAN_NAME} (fr)`);
      await rootPage.getByLabel('Name (German)').fill(`${PLAN_NAME} (de)`);
      await rootPage.getByLabel('Name (Italian)').fill(`${PLAN_NAME} (it)`);
      await rootPage.getByRole('textbox', { name: 'Price (CHF)' }).fill('49.90');
      await rootPage.getByLabel('“Pro” logo in the widget').check();
      await rootPage.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(
          async () =>
            (await json<Array<{ name: { en: string } }>>(root, `/plans?${filterParam({ q: PLAN_NAME })}`)).length,
        )
        .toBe(1);
      const [plan] = await json<Array<{ id: number; priceCentimes: number; features: { proLogo: boolean } }>>(
        root,
        `/plans?${filterParam({ q: PLAN_NAME })}`,
      );
      expect(plan).toMatchObject({ priceCentimes: 4990, features: { proLogo: true } });

      // The first venue subscribes: partner picked by name, its address filled in, the new plan.
      await rootPage.goto('/billing/subscriptions/create');
      await rootPage.getByRole('radio', { name: 'Establishment' }).check();
      await chooseOption(rootPage, /^Establishment/, 'Gleis 7 Club');
      await expect.poll(() => rootPage.getByLabel('Name on the invoice').inputValue()).toBe('Gleis 7 Club');
      await rootPage.getByRole('combobox', { name: /^Plan/ }).click();
      await rootPage
        .getByRole('option', { name: new RegExp(PLAN_NAME) })
        .first()
        .click();
      await rootPage.getByLabel('Street').fill('Hardstrasse');
      await rootPage.getByLabel('Number', { exact: true }).fill('219');
      await rootPage.getByLabel('Postal code').fill('8005');
      await rootPage.getByLabel('Town').fill('Zürich');
      await rootPage.getByLabel('Invoice e-mail').fill('booking@gleis7.example.ch');
      await rootPage.getByRole('button', { name: 'Save' }).click();
      let subscription: Subscription | undefined;
      await expect
        .poll(async () => {
          [subscription] = await json<Subscription[]>(
            root,
            `/subscriptions?${filterParam({ establishmentId: gleis7Id, status: 'ACTIVE' })}`,
          );
          return subscription?.planId;
        })
        .toBe(plan.id);
      expect(subscription!.billingAddress).toMatchObject({
        street: 'Hardstrasse',
        buildingNumber: '219',
        postalCode: '8005',
      });

      // Its invoice, created from its row.
      await rootPage.goto('/billing/subscriptions');
      const row = rootPage.getByRole('row').filter({ hasText: 'Gleis 7 Club' });
      await row.getByRole('button', { name: 'Create invoice' }).click();
      await rootPage.getByText(/Invoice \d{4}-\d{5} created and mailed\./).waitFor();
      const [invoice] = await json<Invoice[]>(root, `/invoices?${filterParam({ subscriptionId: subscription!.id })}`);
      expect(invoice).toMatchObject({ status: 'OPEN', subtotalCentimes: 4990, vatRate: 8.1, currency: 'CHF' });
      // 49.90 + 8.1 % (4.04) = 53.94, payable as 53.95.
      expect(invoice).toMatchObject({ vatCentimes: 404, totalCentimes: 5395, roundingCentimes: 1 });
      await screenshot(rootPage, 'billing-root-subscriptions');

      // The venue's ADMIN downloads it from the billing page.
      const adminContext = await newContext(browser);
      const adminPage = await adminContext.newPage();
      await signIn(adminPage, 'admin@demo.ch');
      await adminPage.goto('/billing');
      await adminPage.getByText(PLAN_NAME).first().waitFor();
      const download = adminPage.waitForEvent('download');
      await adminPage.getByRole('button', { name: `Download PDF ${invoice.number}` }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`invoice-${invoice.number}.pdf`);
      const pdf = readFileSync((await file.path())!);
      await screenshot(adminPage, 'billing-admin');

      const payload = checkQrBillPayload(await decodeQrBillOfPdf(pdf));
      expect(payload).toMatchObject({
        amount: '53.95',
        currency: 'CHF',
        referenceType: 'QRR',
        reference: invoice.reference,
        iban: DEMO_BILLING_CREDITOR.iban,
        creditor: { name: DEMO_BILLING_CREDITOR.name, postalCode: DEMO_BILLING_CREDITOR.postalCode },
        debtor: { name: 'Gleis 7 Club', street: 'Hardstrasse', buildingNumber: '219', postalCode: '8005' },
      });

      // ROOT marks it paid; the venue's subscription is then paid and its plan's pro logo included.
      await rootPage.goto(`/billing/invoices/${invoice.id}`);
      await rootPage.getByRole('button', { name: 'Mark paid' }).first().click();
      await rootPage.getByRole('dialog').getByRole('button', { name: 'Mark paid' }).click();
      await rootPage.getByText(`Invoice ${invoice.number} is paid.`).waitFor();
      expect((await json<Invoice>(root, `/invoices/${invoice.id}`)).status).toBe('PAID');
      const settingsAfter = (
        await json<WidgetSettings[]>(admin, `/widget-settings?${filterParam({ establishmentId: gleis7Id })}`)
      )[0];
      expect(settingsAfter.proLogoIncluded).toBe(true);
      expect((await json<{ hasPaidSubscription: boolean }>(admin, '/auth/me')).hasPaidSubscription).toBe(true);

      // The ADMIN switches the pro logo on; the public widget then shows no platform credit.
      await adminPage.goto('/iframe');
      await adminPage.getByLabel('“Pro” logo').check();
      await adminPage.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(
          async () =>
            (await json<WidgetSettings[]>(admin, `/widget-settings?${filterParam({ establishmentId: gleis7Id })}`))[0]
              .widgetTheme.hasEnabledProLogo,
        )
        .toBe(true);
      const widgetPage = await adminContext.newPage();
      await widgetPage.goto(`/external/widgets/${settingsAfter.externalApiKey}`);
      await widgetPage.locator('.w-header').waitFor();
      expect(await widgetPage.locator('.w-credit').count()).toBe(0);

      // Leave the venue's widget as the other tests know it.
      const current = (
        await json<WidgetSettings[]>(admin, `/widget-settings?${filterParam({ establishmentId: gleis7Id })}`)
      )[0];
      const restored = await admin(`/widget-settings/${current.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...current, widgetTheme: { ...current.widgetTheme, hasEnabledProLogo: false } }),
      });
      expect(restored.status).toBe(200);
      await rootContext.close();
      await adminContext.close();
    },
  );

  it('ROOT merges two tags, and the records of the removed one carry the kept one', { timeout: LONG }, async () => {
    const stamp = Date.now().toString(36);
    const createTag = (name: string) =>
      json<Tag>(root, '/tags', jsonBody({ generalInfos: { tagName: name, category: 'E2E merge' }, translation: {} }));
    const kept = await createTag(`Kept ${stamp}`);
    const removed = await createTag(`Removed ${stamp}`);
    const events = await json<Array<{ id: number }>>(root, `/events?range=${encodeURIComponent('[0,2]')}`);
    const venues = await json<Array<{ id: number }>>(root, `/establishments?range=${encodeURIComponent('[0,1]')}`);
    await json(
      root,
      `/tags/${removed.id}/assign`,
      jsonBody({ resource: 'events', ids: events.map((event) => event.id) }),
    );
    await json(
      root,
      `/tags/${removed.id}/assign`,
      jsonBody({ resource: 'establishments', ids: venues.map((venue) => venue.id) }),
    );
    // One venue carries both: it keeps one link.
    await json(root, `/tags/${kept.id}/assign`, jsonBody({ resource: 'establishments', ids: [venues[0].id] }));

    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'root@demo.ch');
    await page.goto(`/tag-terms?${filterParam({ q: stamp })}`);
    await page.getByRole('button', { name: `Merge ${removed.generalInfos.tagName} into…` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /^Tag/ }).fill(kept.generalInfos.tagName);
    await page
      .getByRole('option', { name: new RegExp(kept.generalInfos.tagName) })
      .first()
      .click();
    await dialog.getByText(/events will carry/).waitFor();
    await screenshot(page, 'tag-terms-merge');
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await page.getByText(/links? moved to/).waitFor();

    expect((await root(`/tags/${removed.id}`)).status).toBe(404);
    const term = await json<TagTerm>(root, `/tag-terms/${kept.id}`);
    expect(term).toMatchObject({ events: events.length, establishments: venues.length });
    const carrying = await json<Array<{ id: number }>>(root, `/events?${filterParam({ tagIds: [kept.id] })}`);
    expect(carrying.map((event) => event.id).sort()).toEqual(events.map((event) => event.id).sort());
    await context.close();
  });
});
