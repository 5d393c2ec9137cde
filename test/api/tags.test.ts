import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { TAG_LIMITS, type Tag } from '../../domain/tag';
import { tags, tagTranslations } from '../../server/db/schema';
import { signIn, startTestServer, type TestServer } from './harness';

/** The Tags resource beyond the generic contract: validation, translations, HTML, search, filters. */

let server: TestServer;
let root: string;

beforeAll(async () => {
  server = await startTestServer();
  root = (await signIn(server.app, 'root@demo.ch')).accessToken;
});
afterAll(() => server.close());

const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${root}` } });
}

const post = (payload: object) => call('POST', '/tags', payload);
const listTags = async (filter: object, range = [0, 999]) =>
  (await call('GET', `/tags?filter=${json(filter)}&range=${json(range)}`)).json<Tag[]>();
const names = (records: Tag[]) => records.map((tag) => tag.generalInfos.tagName);
const errorsOf = (response: LightMyRequestResponse) => response.json<{ errors: Record<string, string> }>().errors;

async function created(payload: object): Promise<Tag> {
  const response = await post(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Tag>();
}

const general = (tagName: string) => ({ generalInfos: { tagName, category: 'Probe' } });

describe('validation', () => {
  it('names every wrong field with its own message', async () => {
    const response = await post({
      generalInfos: { tagName: '   ', category: 'x'.repeat(101), subCategory: 42 },
      translation: { french: 'y'.repeat(201), german: ['list'] },
      advanced: { description: 'z'.repeat(2001) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid input');
    const errors = errorsOf(response);
    expect(Object.keys(errors).sort()).toEqual(
      [
        'advanced.description',
        'generalInfos.category',
        'generalInfos.subCategory',
        'generalInfos.tagName',
        'translation.french',
        'translation.german',
      ].sort(),
    );
    expect(errors['generalInfos.category']).toMatch(/100/);
    expect(errors['translation.french']).toMatch(/200/);
    expect(errors['advanced.description']).toMatch(/2000/);
    expect(errors['generalInfos.subCategory']).toMatch(/string/i);
  });

  it('refuses a NUL character, which PostgreSQL cannot store, on the field that has it (400, not a 500)', async () => {
    const response = await post({
      generalInfos: { tagName: 'Probe\u0000nul', category: 'Probe', subCategory: '\u0000' },
      translation: { french: 'a\u0000' },
      advanced: { description: 'b\u0000', htmlDescription: '<p>c\u0000</p>' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(errorsOf(response)).sort()).toEqual(
      [
        'advanced.description',
        'advanced.htmlDescription',
        'generalInfos.subCategory',
        'generalInfos.tagName',
        'translation.french',
      ].sort(),
    );
  });

  it('requires the general infos', async () => {
    const response = await post({ translation: { french: 'Sans nom' } });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toHaveProperty('generalInfos');
    const partial = await post({ generalInfos: { tagName: 'Probe nameless category' } });
    expect(Object.keys(errorsOf(partial))).toEqual(['generalInfos.category']);
  });

  it('refuses a name already taken, whatever its case, with 409 on generalInfos.tagName', async () => {
    const response = await post({ generalInfos: { tagName: '  CRAFT beer ', category: 'Drinks' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'ALREADY_TAKEN', errors: { 'generalInfos.tagName': 'ALREADY_TAKEN' } });

    const tag = await created(general('Probe rename'));
    const rename = await call('PUT', `/tags/${tag.id}`, {
      generalInfos: { tagName: 'Craft Beer', category: 'Probe' },
      version: tag.version,
    });
    expect(rename.statusCode).toBe(409);
    expect(errorsOf(rename)).toHaveProperty(['generalInfos.tagName']);
    expect((await call('GET', `/tags/${tag.id}`)).json()).toEqual(tag);
  });

  it('trims names and stores blank optional fields as null', async () => {
    const tag = await created({
      generalInfos: { tagName: '  Probe trimmed  ', category: ' Probe ', subCategory: '   ' },
    });
    expect(tag.generalInfos).toEqual({ tagName: 'Probe trimmed', category: 'Probe', subCategory: null });
  });
});

describe('translations', () => {
  const storedLanguages = async (tagId: number) =>
    (
      await server.db
        .select({ language: tagTranslations.language })
        .from(tagTranslations)
        .where(eq(tagTranslations.tagId, tagId))
    )
      .map((row) => row.language)
      .sort();

  it('round-trips present and missing translations, a blank one being missing', async () => {
    const tag = await created({
      ...general('Probe translated'),
      translation: { french: 'Traduit', english: '   ', german: 'Übersetzt' },
    });
    expect(tag.translation).toEqual({ french: 'Traduit', english: null, german: 'Übersetzt', italian: null });
    expect(await storedLanguages(tag.id)).toEqual(['de', 'fr']);
    expect(names(await listTags({ missingTranslation: true, q: 'Probe translated' }))).toEqual(['Probe translated']);
    expect(await listTags({ missingTranslation: false, q: 'Probe translated' })).toEqual([]);

    const complete = await call('PUT', `/tags/${tag.id}`, {
      ...general('Probe translated'),
      translation: { french: 'Traduit', english: 'Translated', german: 'Übersetzt', italian: 'Tradotto' },
      version: tag.version,
    });
    expect(complete.statusCode).toBe(200);
    expect(complete.json<Tag>().translation).toEqual({
      french: 'Traduit',
      english: 'Translated',
      german: 'Übersetzt',
      italian: 'Tradotto',
    });
    expect(await storedLanguages(tag.id)).toEqual(['de', 'en', 'fr', 'it']);
    expect(names(await listTags({ missingTranslation: false, q: 'Probe translated' }))).toEqual(['Probe translated']);
    expect(await listTags({ missingTranslation: true, q: 'Probe translated' })).toEqual([]);
  });

  it('filters the seeded tags by missing translations', async () => {
    const missing = names(await listTags({ missingTranslation: true }));
    const complete = names(await listTags({ missingTranslation: false }));
    expect(missing).toContain('Hearing loop');
    expect(missing).not.toContain('Craft beer');
    expect(complete).toContain('Craft beer');
    const total = (await server.db.select({ id: tags.id }).from(tags)).length;
    expect(missing.length + complete.length).toBe(total);
  });
});

describe('rich text', () => {
  it('removes scripts, event handlers and javascript: links, and keeps the allowed formatting', async () => {
    const html = [
      '<h2 onclick="steal()">Title</h2><script>alert(1)</script>',
      '<p style="color:red">Some <strong>bold</strong>, <em>italic</em>, <u>under</u> and <s>struck</s> text',
      '<img src=x onerror="alert(2)"></p>',
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quoted</blockquote>',
      '<p><a href="javascript:alert(3)">bad link</a> <a href="https://example.ch/x" target="_self">good link</a>',
      ' <a href="mailto:info@example.ch">mail</a></p><h1>Big</h1><iframe src="https://evil.example"></iframe>',
    ].join('');
    const tag = await created({ ...general('Probe html'), advanced: { htmlDescription: html } });
    const rel = 'rel="noopener noreferrer nofollow"';
    expect(tag.advanced.htmlDescription).toBe(
      [
        '<h2>Title</h2>',
        '<p>Some <strong>bold</strong>, <em>italic</em>, <u>under</u> and <s>struck</s> text</p>',
        '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quoted</blockquote>',
        `<p><a target="_blank" ${rel}>bad link</a> <a href="https://example.ch/x" target="_blank" ${rel}>good link</a>`,
        ` <a href="mailto:info@example.ch" target="_blank" ${rel}>mail</a></p>Big`,
      ].join(''),
    );
    expect(tag.advanced.htmlDescription).not.toMatch(/script|onerror|onclick|javascript:|style=|<img|<iframe|<h1/i);
  });

  it('fills an empty description with the text of the HTML, and keeps a given one', async () => {
    const filled = await created({
      ...general('Probe plain'),
      advanced: {
        description: '',
        htmlDescription: '<p>First &amp; <strong>best</strong></p><ul><li>Second</li></ul>',
      },
    });
    expect(filled.advanced.description).toBe('First & best\nSecond');
    const kept = await created({
      ...general('Probe kept'),
      advanced: { description: 'Mine', htmlDescription: '<p>Other</p>' },
    });
    expect(kept.advanced).toEqual({ description: 'Mine', htmlDescription: '<p>Other</p>' });
  });

  it('refuses HTML that sanitising makes longer than the limit, on its field, and stores nothing', async () => {
    // Each bare link gains target and rel when cleaned: within 20,000 characters as sent, far beyond once cleaned.
    const link = '<a href="https://x.ch">x</a>';
    const html = `<p>${link.repeat(Math.floor(TAG_LIMITS.html / link.length))}</p>`.slice(0, TAG_LIMITS.html);
    const response = await post({ ...general('Probe growing html'), advanced: { htmlDescription: html } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorsOf(response))).toEqual(['advanced.htmlDescription']);
    expect(names(await listTags({ q: 'Probe growing html' }))).toEqual([]);
  });

  it('stores HTML without text (an emptied editor) as no description', async () => {
    const tag = await created({
      ...general('Probe empty html'),
      advanced: { htmlDescription: '<p><br></p><script>x()</script>' },
    });
    expect(tag.advanced).toEqual({ description: null, htmlDescription: null });
  });
});

describe('a list and one record', () => {
  it('answers each listed tag, translations and description included, exactly as GET /tags/:id does', async () => {
    const tag = await created({
      generalInfos: { tagName: 'Probe listed', category: 'Probe', subCategory: 'Listed' },
      translation: { french: 'Sonde listée', italian: 'Sonda elencata' },
      advanced: { htmlDescription: '<p>Listed <strong>here</strong></p>' },
    });
    const [listed] = await listTags({ q: 'Probe listed' });
    expect(listed).toEqual(tag);
    expect((await call('GET', `/tags/${tag.id}`)).json<Tag>()).toEqual(listed);
    const page = await listTags({}, [0, 9]);
    const alone = await Promise.all(page.map(async ({ id }) => (await call('GET', `/tags/${id}`)).json<Tag>()));
    expect(page).toEqual(alone);
  });
});

describe('search and filters', () => {
  it('finds tags by any of their translations, case-insensitively', async () => {
    expect(names(await listTags({ q: 'rollstuhl' }))).toEqual(['Wheelchair accessible']);
    expect(names(await listTags({ q: 'ARTISANALE' }))).toEqual(['Craft beer']);
  });

  it('finds tags by name, category and sub-category', async () => {
    expect(names(await listTags({ q: 'hearing' }))).toEqual(['Hearing loop']);
    const accessibility = await listTags({ q: 'accessib' });
    expect(accessibility.every((tag) => /accessib/i.test(JSON.stringify(tag)))).toBe(true);
    expect(names(accessibility)).toEqual(expect.arrayContaining(['Hearing loop', 'Wheelchair accessible']));
    expect(names(await listTags({ q: 'mobility' }))).toContain('Wheelchair accessible');
  });

  it('filters by category and sub-category, whatever their case', async () => {
    const stored = await server.db.select({ category: tags.category, subCategory: tags.subCategory }).from(tags);
    const drinks = await listTags({ category: 'drinks' });
    expect(drinks.length).toBe(stored.filter((row) => row.category === 'Drinks').length);
    expect(drinks.every((tag) => tag.generalInfos.category === 'Drinks')).toBe(true);
    const wine = await listTags({ category: 'Drinks', subCategory: 'WINE' });
    expect(wine.length).toBeGreaterThan(0);
    expect(wine.every((tag) => tag.generalInfos.subCategory === 'Wine')).toBe(true);
    expect(await listTags({ category: 'No such category' })).toEqual([]);
  });

  it('matches a category from its start, as typed into the filter box, with % and _ taken literally', async () => {
    const stored = await server.db.select({ category: tags.category }).from(tags);
    const typed = await listTags({ category: 'dri' });
    expect(typed.length).toBe(stored.filter((row) => row.category.toLowerCase().startsWith('dri')).length);
    expect(typed.length).toBeGreaterThan(0);
    expect(await listTags({ category: 'rinks' })).toEqual([]);
    expect(await listTags({ category: '%' })).toEqual([]);
  });
});
