import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_DEFAULTS, type WidgetSettings } from '../../domain/widget';
import { auditLog, establishments, widgetSettings } from '../../server/db/schema';
import {
  expectedStatus,
  seededScopes,
  viewerOf,
  widgetSettingsFixture,
  type SeededScopes,
} from './authorizationMatrix';
import { DEMO_EMAILS, errorsOf, jsonParam, signIn, startTestServer, type TestServer } from './harness';

/**
 * `/widget-settings` beyond the generated authorisation matrix: a record for every establishment with the
 * defaults, every field's validation, the unknown-font fallback, versions, and `rotate-key` for every demo
 * account, one at a time and in parallel.
 */

let server: TestServer;
let scopes: SeededScopes;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  scopes = await seededScopes(server.db);
  for (const email of DEMO_EMAILS) tokens[email] = (await signIn(server.app, email)).accessToken;
});
afterAll(() => server.close());

const call = (email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${tokens[email]}` } });

async function settingsOf(establishmentId: number): Promise<WidgetSettings> {
  const response = await call('root@demo.ch', 'GET', `/widget-settings?filter=${jsonParam({ establishmentId })}`);
  expect(response.statusCode, response.body).toBe(200);
  const records = response.json<WidgetSettings[]>();
  expect(records).toHaveLength(1);
  return records[0];
}

const put = (record: WidgetSettings, changes: object, email = 'root@demo.ch'): Promise<LightMyRequestResponse> =>
  call(email, 'PUT', `/widget-settings/${record.id}`, { ...record, ...changes });

const theme = (record: WidgetSettings, changes: object) => ({ widgetTheme: { ...record.widgetTheme, ...changes } });

describe('widget settings', () => {
  it('exist for a new establishment from its creation, with the specification’s defaults and a long random key', async () => {
    const created = await call('root@demo.ch', 'POST', '/establishments', {
      generalInfos: { establishmentName: 'Widget Bar', establishmentTypeId: scopes.establishmentTypeId, city: 'Bern' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const record = await settingsOf(created.json<{ id: number }>().id);
    expect(record.widgetTheme).toEqual(WIDGET_DEFAULTS);
    expect(record.allowedOrigins).toEqual([]);
    expect(record.externalApiKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(record.externalApiKey).not.toBe((await settingsOf(scopes.firstEstablishmentId)).externalApiKey);
  });

  it('saves the whole look and the allowed sites, written the way browsers send an origin', async () => {
    const record = await settingsOf(scopes.firstEstablishmentId);
    const response = await put(record, {
      ...theme(record, {
        fontFamilyName: 'Oswald',
        hasEnabledCalendar: true,
        happyHoursIconName: 'HH_ICON_3',
        colorPalette: { ...record.widgetTheme.colorPalette, accent: '#112233' },
      }),
      allowedOrigins: ['HTTPS://Example.CH:443/', 'http://localhost:8080'],
      // Not written this way: the key changes only through rotate-key, the establishment never.
      externalApiKey: 'chosen-by-the-caller-0000000',
      establishmentId: scopes.secondEstablishmentId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<WidgetSettings>();
    expect(saved.widgetTheme).toMatchObject({ fontFamilyName: 'Oswald', hasEnabledCalendar: true });
    expect(saved.widgetTheme.colorPalette.accent).toBe('#112233');
    expect(saved.allowedOrigins).toEqual(['https://example.ch', 'http://localhost:8080']);
    expect(saved).toMatchObject({
      externalApiKey: record.externalApiKey,
      establishmentId: scopes.firstEstablishmentId,
      version: record.version + 1,
    });
    // The read version is required, and a stale one is refused.
    expect((await put(saved, { version: record.version })).statusCode).toBe(409);
  });

  it.each([
    ['an unknown font', { fontFamilyName: 'Comic Sans' }, 'widgetTheme.fontFamilyName'],
    [
      'a colour that is not #RRGGBB',
      { colorPalette: { ...WIDGET_DEFAULTS.colorPalette, accent: '#12345' } },
      'widgetTheme.colorPalette.accent',
    ],
    ['a blank happy-hours title', { happyHoursTitle: '   ' }, 'widgetTheme.happyHoursTitle'],
    ['a happy-hours title of 61 characters', { happyHoursTitle: 'x'.repeat(61) }, 'widgetTheme.happyHoursTitle'],
    ['an unknown icon', { happyHoursIconName: 'HH_ICON_9' }, 'widgetTheme.happyHoursIconName'],
    ['a switch that is not true or false', { hasEnabledCalendar: 'yes' }, 'widgetTheme.hasEnabledCalendar'],
  ])('refuses %s with a 400 on that field, and writes nothing', async (_label, change, field) => {
    const record = await settingsOf(scopes.secondEstablishmentId);
    const response = await put(record, theme(record, change));
    expect(response.statusCode, response.body).toBe(400);
    expect(errorsOf(response)).toHaveProperty([field]);
    expect((await settingsOf(scopes.secondEstablishmentId)).version).toBe(record.version);
  });

  it.each([
    ['a site with a path', ['https://example.ch/widget'], 'allowedOrigins.0'],
    ['a site that is not on the web', ['ftp://example.ch'], 'allowedOrigins.0'],
    ['the same site twice', ['https://example.ch', 'https://EXAMPLE.ch/'], 'allowedOrigins'],
    ['21 sites', Array.from({ length: 21 }, (_, index) => `https://site${index}.ch`), 'allowedOrigins'],
  ])('refuses %s among the allowed sites', async (_label, allowedOrigins, field) => {
    const record = await settingsOf(scopes.secondEstablishmentId);
    const response = await put(record, { allowedOrigins });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorsOf(response)).toHaveProperty([field]);
  });

  it('shows a stored font it does not know (an older value) as Inter', async () => {
    const record = await settingsOf(scopes.secondEstablishmentId);
    await server.db
      .update(widgetSettings)
      .set({ fontFamilyName: 'Retired Font' })
      .where(eq(widgetSettings.id, record.id));
    expect((await settingsOf(scopes.secondEstablishmentId)).widgetTheme.fontFamilyName).toBe('Inter');
  });
});

describe('rotate-key', () => {
  it.each(DEMO_EMAILS)(
    'answers %s as the permission table and the scope say, for the first venue’s widget',
    async (email) => {
      const record = await settingsOf(scopes.firstEstablishmentId);
      const viewer = await viewerOf(server.db, email);
      const expected = expectedStatus(viewer, widgetSettingsFixture, 'update', {
        establishmentIds: [scopes.firstEstablishmentId],
      });
      const response = await call(email, 'POST', `/widget-settings/${record.id}/rotate-key`, {});
      expect(response.statusCode, response.body).toBe(expected);
      const after = await settingsOf(scopes.firstEstablishmentId);
      if (expected === 200) {
        expect(response.json<WidgetSettings>()).toEqual(after);
        expect(after.externalApiKey).not.toBe(record.externalApiKey);
        expect(after.externalApiKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
        expect(after.version).toBe(record.version + 1);
      } else {
        expect(after).toEqual(record);
      }
    },
  );

  it('gives one new key for two parallel rotations of one version: the other is a 409', async () => {
    const record = await settingsOf(scopes.firstEstablishmentId);
    const responses = await Promise.all(
      [1, 2].map(() =>
        call('root@demo.ch', 'POST', `/widget-settings/${record.id}/rotate-key`, { version: record.version }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const after = await settingsOf(scopes.firstEstablishmentId);
    expect(after.version).toBe(record.version + 1);
    expect(after.externalApiKey).toBe(
      responses.find((response) => response.statusCode === 200)?.json<WidgetSettings>().externalApiKey,
    );
  });

  it('logs the rotation without the key', async () => {
    const record = await settingsOf(scopes.firstEstablishmentId);
    const response = await call('root@demo.ch', 'POST', `/widget-settings/${record.id}/rotate-key`, {});
    expect(response.statusCode).toBe(200);
    const rows = await server.db.select().from(auditLog).where(eq(auditLog.resource, 'widget-settings'));
    const text = JSON.stringify(rows);
    expect(rows.some((row) => row.recordId === String(record.id))).toBe(true);
    expect(text).not.toContain(record.externalApiKey);
    expect(text).not.toContain(response.json<WidgetSettings>().externalApiKey);
  });

  it('is a 404 for a widget that does not exist, and goes with its establishment', async () => {
    expect((await call('root@demo.ch', 'POST', '/widget-settings/999999/rotate-key', {})).statusCode).toBe(404);
    const [establishment] = await server.db
      .insert(establishments)
      .values({ name: 'Short-lived', city: 'Bern', establishmentTypeId: scopes.establishmentTypeId })
      .returning({ id: establishments.id });
    const record = await settingsOf(establishment.id);
    await server.db.delete(establishments).where(eq(establishments.id, establishment.id));
    expect((await call('root@demo.ch', 'GET', `/widget-settings/${record.id}`)).statusCode).toBe(404);
  });
});
