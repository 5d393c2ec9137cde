import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetSettings } from '../../server/db/schema';
import { createMailer } from '../../server/services/mail';
import { CSRF, signIn, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

const directivesOf = (csp: unknown) =>
  Object.fromEntries(
    String(csp)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  const appPaths = ['/', '/dashboard', '/api/v1/auth/me', '/api/v1/unknown', '/reset-password/abc'];

  it.each(appPaths)('%s carries CSP, nosniff, no referrer and frame denial', async (url) => {
    const response = await get(url);
    const csp = directivesOf(response.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('lets any site frame the widget page (unless its settings name the sites), with headers of its own', async () => {
    const [row] = await server.db.select().from(widgetSettings).limit(1);
    const response = await get(`/external/widgets/${row.externalApiKey}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const csp = directivesOf(response.headers['content-security-policy']);
    expect(csp['frame-ancestors']).toEqual(['*']);
    expect(csp['script-src']).toEqual([expect.stringMatching(/^'sha256-[A-Za-z0-9+/=]+'$/)]);
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // An unknown key is a neutral page, framable too (a venue's site shows it in place of the widget).
    const unknown = await get('/external/widgets/some-api-key');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('id="root"');
    expect(directivesOf(unknown.headers['content-security-policy'])['frame-ancestors']).toEqual(['*']);
    expect(unknown.headers['x-frame-options']).toBeUndefined();
  });

  it('does not send HSTS over local http', async () => {
    expect((await get('/')).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the single-page app', () => {
  it('serves index.html at the root and for deep links, never cached', async () => {
    for (const url of ['/', '/dashboard', '/auth/sign_in?authId=x&token=y', '/reset-password/some-token']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers 404 for a missing file rather than the app', async () => {
    const response = await get('/assets/missing-chunk.js');
    expect(response.statusCode).toBe(404);
  });
});

describe('API errors', () => {
  /** A raw body of that content type, for a route that takes JSON. */
  const postForgotPassword = (contentType: string, payload: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      headers: { 'content-type': contentType },
      payload,
    });

  it('answers JSON 404 for an unknown API route, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await server.app.inject({ method, url: '/api/v1/nothing-here' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });

  it('answers 400 for malformed JSON and 415 for an unsupported body type, never 500', async () => {
    const malformed = await postForgotPassword('application/json', '{nope');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('message');
    const xml = await postForgotPassword('application/xml', '<email/>');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toHaveProperty('message');
  });

  it('refuses prototype pollution in bodies', async () => {
    const response = await postForgotPassword(
      'application/json',
      '{"email":"a@demo.ch","__proto__":{"polluted":true}}',
    );
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('marks API answers as not cacheable', async () => {
    expect((await get('/api/v1/nothing-here')).headers['cache-control']).toBe('no-store');
  });
});

describe('GET /outbox', () => {
  const outbox = (accessToken: string | undefined, query = '') =>
    get(`/api/v1/outbox${query}`, accessToken ? { authorization: `Bearer ${accessToken}` } : {});

  it('answers 401 when not signed in and 403 for every role but ROOT', async () => {
    expect((await outbox(undefined)).statusCode).toBe(401);
    for (const email of ['admin@demo.ch', 'promoter@demo.ch', 'coordinator-full@demo.ch']) {
      const { accessToken } = await signIn(server.app, email);
      const response = await outbox(accessToken);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'FORBIDDEN' });
      expect((await get('/api/v1/outbox/1', { authorization: `Bearer ${accessToken}` })).statusCode).toBe(403);
    }
  });

  it('lists the mails newest first with Content-Range, and shows one with its bodies', async () => {
    // Each reset mail is written by a background task; waiting for each one fixes their order in the outbox.
    for (const email of ['customer@demo.ch', 'promoter2@demo.ch', 'admin2@demo.ch']) {
      await server.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
      await server.app.background.idle();
    }
    const { accessToken } = await signIn(server.app, 'root@demo.ch');

    const list = await outbox(accessToken);
    expect(list.statusCode).toBe(200);
    const rows = list.json<Array<{ id: number; to: string; subject: string; createdAt: string }>>();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(list.headers['content-range']).toBe(`outbox 0-${rows.length - 1}/${rows.length}`);
    expect(list.headers['access-control-expose-headers']).toBe('Content-Range');
    expect(rows[0].to).toBe('admin2@demo.ch');
    const ids = rows.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(rows[0]).not.toHaveProperty('text');

    const page = await outbox(
      accessToken,
      `?range=${encodeURIComponent('[1,1]')}&sort=${encodeURIComponent('["to","ASC"]')}`,
    );
    expect(page.headers['content-range']).toBe(`outbox 1-1/${rows.length}`);
    expect(page.json()).toHaveLength(1);

    const filtered = await outbox(accessToken, `?filter=${encodeURIComponent('{"q":"promoter2"}')}`);
    expect(filtered.json<Array<{ to: string }>>().map((row) => row.to)).toEqual(['promoter2@demo.ch']);
    const many = await outbox(accessToken, `?filter=${encodeURIComponent(JSON.stringify({ id: ids.slice(0, 2) }))}`);
    expect(many.json<Array<{ id: number }>>().map((row) => row.id)).toEqual(ids.slice(0, 2));
    // Without a mail server every mail is stored, none failed (the dashboard links to the failed ones).
    const byStatus = async (status: string) =>
      (await outbox(accessToken, `?filter=${encodeURIComponent(JSON.stringify({ status }))}`)).json<unknown[]>();
    expect(await byStatus('stored')).toHaveLength(rows.length);
    expect(await byStatus('failed')).toEqual([]);

    const one = await get(`/api/v1/outbox/${rows[0].id}`, { authorization: `Bearer ${accessToken}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: rows[0].id, to: 'admin2@demo.ch', subject: expect.any(String) });
    expect(one.json().text).toContain('http://localhost:3000/reset-password/');
    expect(one.json().html).toContain('<');
    expect(one.json().attachments).toEqual([]);
    expect((await get('/api/v1/outbox/999999', { authorization: `Bearer ${accessToken}` })).statusCode).toBe(404);
  });

  it('shows the attachments of a mail (name, type, size), not in the list', async () => {
    const mailer = createMailer({ db: server.db });
    const record = await mailer.send({
      to: 'booking@gleis7.example.ch',
      language: 'de',
      template: 'invoice',
      params: {
        invoiceNumber: '2026-00042',
        totalCentimes: 8540,
        dueOn: '2026-12-02',
        partnerName: 'Gleis 7 Club',
        billingUrl: 'http://localhost:3000/billing',
      },
      attachments: [
        { filename: 'invoice-2026-00042.pdf', contentType: 'application/pdf', content: Buffer.alloc(2048) },
      ],
    });
    const { accessToken } = await signIn(server.app, 'root@demo.ch');
    const one = await get(`/api/v1/outbox/${record.id}`, { authorization: `Bearer ${accessToken}` });
    expect(one.json().attachments).toEqual([
      { filename: 'invoice-2026-00042.pdf', contentType: 'application/pdf', bytes: 2048 },
    ]);
    const list = await outbox(accessToken, `?filter=${encodeURIComponent(JSON.stringify({ id: record.id }))}`);
    expect(list.json()[0]).not.toHaveProperty('attachments');
  });

  it('answers 400 for malformed list parameters', async () => {
    const { accessToken } = await signIn(server.app, 'root@demo.ch');
    for (const query of [
      '?sort=nope',
      '?sort=["password","ASC"]',
      '?range=[5,1]',
      '?filter={"id":"x"}',
      '?filter={"status":"lost"}',
      '?range=[0,5000]',
    ]) {
      const response = await outbox(accessToken, query.replace(/[[\]{}"]/g, encodeURIComponent));
      expect(response.statusCode, query).toBe(400);
    }
    expect((await get('/api/v1/outbox/abc', { authorization: `Bearer ${accessToken}` })).statusCode).toBe(400);
  });
});

describe('in production', () => {
  it('has no outbox (404), sends Secure cookies and HSTS over https', async () => {
    const production = await startTestServer({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://backoffice.example.ch' },
    });
    try {
      const { accessToken, response } = await signIn(production.app, 'root@demo.ch');
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/HttpOnly/);
      const outbox = await production.app.inject({
        method: 'GET',
        url: '/api/v1/outbox',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(outbox.statusCode).toBe(404);
      expect(outbox.json()).toEqual({ message: 'Not found' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const signOut = await production.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: CSRF });
      expect(String(signOut.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await production.close();
    }
  });
});
