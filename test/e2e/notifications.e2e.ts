import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import type { Browser, Page } from 'playwright-core';
import { apiAs, launchBrowser, newContext, screenshot, signIn } from './browser';
import { requestEventAsPromoter } from './eventRequest';

/**
 * Two browsers at once: a PROMOTER requests an event at Gleis 7 Club; without reloading, the venue ADMIN's bell
 * and Request inbox count go up within a second (the live stream); the ADMIN rejects it with a reason from
 * /asks; the promoter's bell shows the rejection live and leads to the event. The promoter chose the daily digest
 * for rejections: no mail goes out at once, and the next digest (run by ROOT through the API) lists it.
 */

const RUN = Date.now().toString(36);
const REQUEST = `Digest Night ${RUN}`;
const REASON = `Closed for a private party ${RUN}`;
const LONG = 240_000;

/** A Saturday five weeks on: a party night at Gleis 7 Club, far from the other tests' dates. */
const aSaturdayInFiveWeeks = (): Temporal.PlainDate => {
  const inFiveWeeks = Temporal.Now.plainDateISO('Europe/Zurich').add({ weeks: 5 });
  return inFiveWeeks.add({ days: (6 - inFiveWeeks.dayOfWeek + 7) % 7 });
};

type ApiClient = Awaited<ReturnType<typeof apiAs>>;

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The Content-Range total of a list asked for with `range=[0,0]`. */
async function totalOf(api: ApiClient, path: string): Promise<number> {
  const response = await api(path);
  expect(response.status).toBe(200);
  return Number(response.headers.get('content-range')?.split('/')[1]);
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, / }).first();
const requestInbox = (page: Page) =>
  page
    .locator('.RaSidebar-fixed, .MuiDrawer-root')
    .first()
    .getByRole('menuitem', { name: /^Request inbox/ });

interface OutboxMail {
  id: number;
  to: string;
  template: string;
  text?: string;
}

describe('asks and notifications, live in two browsers', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'a request reaches the venue live, its rejection reaches the promoter live and in the next digest',
    { timeout: LONG },
    async () => {
      const asPromoter = await apiAs('promoter@demo.ch');
      const asAdmin = await apiAs('admin@demo.ch');
      const asRoot = await apiAs('root@demo.ch');
      // Both start with nothing unread; the promoter wants rejections in the daily digest.
      expect((await asPromoter('/notifications/read-all', json({}))).status).toBe(200);
      expect((await asAdmin('/notifications/read-all', json({}))).status).toBe(200);
      const preferences = await asPromoter('/notification-preferences', {
        ...json({ deliveries: { EVENT_REQUEST_REJECTED: 'DIGEST' } }),
        method: 'PUT',
      });
      expect(preferences.status).toBe(200);
      const awaitingBefore = await totalOf(
        asAdmin,
        `/asks?filter=${encodeURIComponent('{"awaitsMe":true}')}&range=[0,0]`,
      );

      const adminContext = await newContext(browser, { colorScheme: 'dark' });
      const admin = await adminContext.newPage();
      await signIn(admin, 'admin@demo.ch');
      await admin.getByRole('button', { name: 'Notifications, none unread' }).waitFor();
      await requestInbox(admin).waitFor();

      const promoterContext = await newContext(browser);
      const promoter = await promoterContext.newPage();
      await signIn(promoter, 'promoter@demo.ch');
      await requestEventAsPromoter(promoter, REQUEST, aSaturdayInFiveWeeks());

      // The venue's admin hears of it without reloading: the bell and the inbox's count, within a second.
      const heardAt = Date.now();
      await admin.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 1_000 });
      await requestInbox(admin)
        .filter({ hasText: `${awaitingBefore + 1} pending request` })
        .waitFor({ timeout: Math.max(1, 1_000 - (Date.now() - heardAt)) });
      await bell(admin).click();
      await admin.getByRole('presentation').getByText(REQUEST).waitFor();
      await screenshot(admin, 'notifications-bell-dark-en');
      await admin.keyboard.press('Escape');

      // The admin rejects it from the Request inbox, with a reason; the decision is sent once Undo has passed.
      await requestInbox(admin).click();
      await admin.waitForURL(/\/asks/);
      const row = admin.locator('table tbody tr').filter({ hasText: REQUEST });
      await row.getByRole('button', { name: /^Reject/ }).click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /^Reason/ }).fill(REASON);
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await admin.getByText('Request rejected').waitFor();
      await screenshot(admin, 'asks-rejected-dark-en');

      // The promoter's bell shows the rejection live.
      await promoter.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 20_000 });

      // No mail at once (the digest was chosen); the next digest lists it.
      const outboxOfPromoter = async () =>
        (await (
          await asRoot(
            `/outbox?filter=${encodeURIComponent('{"to":"promoter@demo.ch"}')}&sort=["id","DESC"]&range=[0,9]`,
          )
        ).json()) as OutboxMail[];
      const before = await outboxOfPromoter();
      const mailedAtOnce = await Promise.all(
        before
          .filter((mail) => mail.template === 'notification')
          .map(async (mail) => (await asRoot(`/outbox/${mail.id}`)).json()),
      );
      expect(mailedAtOnce.map((mail) => (mail as OutboxMail).text ?? '').join('\n')).not.toContain(REQUEST);

      const digest = await asRoot('/notifications/digest', json({}));
      expect(digest.status).toBe(200);
      expect(((await digest.json()) as { mails: number }).mails).toBeGreaterThanOrEqual(1);
      const [digestMail] = (await outboxOfPromoter()).filter((mail) => mail.template === 'notificationDigest');
      expect(digestMail).toBeDefined();
      const body = (await (await asRoot(`/outbox/${digestMail?.id}`)).json()) as OutboxMail;
      expect(body.text).toContain(REQUEST);
      expect(body.text).toContain(REASON);

      // The notification leads to the event (and is read from then on).
      await bell(promoter).click();
      await promoter.getByRole('presentation').getByText(REASON, { exact: false }).waitFor();
      await promoter.getByRole('presentation').getByText(REQUEST, { exact: false }).first().click();
      await promoter.waitForURL(/\/events\/\d+/);
      const [event] = (await (
        await asPromoter(`/events?filter=${encodeURIComponent(JSON.stringify({ q: REQUEST }))}`)
      ).json()) as Array<{ id: number; generalInfos: { approvalStatus: string } }>;
      expect(event?.generalInfos.approvalStatus).toBe('REJECTED');
      expect(new URL(promoter.url()).pathname).toBe(`/events/${event?.id}`);

      await promoterContext.close();
      await adminContext.close();
    },
  );
});
