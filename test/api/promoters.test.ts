import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import type { Promoter } from '../../domain/promoter';
import { UNKNOWN_REFERENCE } from '../../domain/reference';
import { GALLERY_PROBLEMS } from '../../domain/upload';
import {
  ambiances,
  eventTypes,
  musics,
  promoterGroupMedia,
  promoterGroups,
  promoterTypes,
  tags,
  users,
} from '../../server/db/schema';
import { UPLOAD_PROBLEMS } from '../../server/services/uploadRecords';
import {
  createUser,
  errorsOf,
  jsonParam,
  signIn,
  startTestServer,
  TEST_PASSWORD,
  totalOf,
  userRow,
  type TestServer,
} from './harness';
import {
  accessTokens,
  injectAs,
  insertUpload,
  listAs,
  orderedIdsOf,
  uniqueName,
  type Method,
} from './resourceFixtures';

/**
 * `/promoters` (promoter groups) beyond the generated authorisation matrix: the whole record read and
 * written back, validation, references, uploads and gallery, HTML, scope with promoter@demo.ch and
 * promoter2@demo.ch, onboarding, filters, search and sort.
 */

let server: TestServer;
let tokens: Record<string, string>;
const ids = { root: 0, promoter: 0, firstGroup: 0, secondGroup: 0 };
let reference: Record<'promoterTypes' | 'eventTypes' | 'musics' | 'ambiances' | 'tags', number[]>;

const ACCOUNTS = ['root@demo.ch', 'promoter@demo.ch', 'promoter2@demo.ch', 'admin@demo.ch', 'customer@demo.ch'];

beforeAll(async () => {
  server = await startTestServer();
  tokens = await accessTokens(server.app, ACCOUNTS);
  const accountRow = (email: string) => userRow(server.db, email);
  ids.root = (await accountRow('root@demo.ch')).id;
  const promoter = await accountRow('promoter@demo.ch');
  ids.promoter = promoter.id;
  ids.firstGroup = promoter.promoterGroupId ?? 0;
  ids.secondGroup = (await accountRow('promoter2@demo.ch')).promoterGroupId ?? 0;
  reference = await orderedIdsOf(server.db, {
    promoterTypes: promoterTypes.id,
    eventTypes: eventTypes.id,
    musics: musics.id,
    ambiances: ambiances.id,
    tags: tags.id,
  });
});
afterAll(() => server.close());

const call = (email: string, method: Method, url: string, payload?: object) =>
  injectAs(server.app, tokens[email], method, url, payload);
const asRoot = (method: Method, url: string, payload?: object) => call('root@demo.ch', method, url, payload);

const list = (email: string, filter: object, sort?: [string, string], range?: number[]) =>
  listAs<Promoter>((url) => call(email, 'GET', url), '/promoters', filter, sort, range);
const namesOf = (records: Promoter[]) => records.map((record) => record.generalInfos.promoterName);

function fullInput(overrides: { name?: string; visibility?: string } = {}) {
  return {
    generalInfos: {
      promoterName: overrides.name ?? uniqueName('Probe Kollektiv'),
      logo: null as { id: number } | null,
      promoterTypesIds: [reference.promoterTypes[0]],
      evenTypesIds: [reference.eventTypes[1], reference.eventTypes[0]],
      email: 'crew@probe.example.ch',
      phone: '+41 79 555 00 00',
      urlBilletterie: null,
      urlSite: 'https://probe.example.ch',
      media: [] as { id: number }[],
      mediaListState: null as { order: number[]; added: number[]; removed: number[] } | null,
    },
    specificInfos: { musics: [reference.musics[0]], ambiance: [reference.ambiances[1]] },
    additionalInfos: { tagTerms: [reference.tags[2]] },
    description: {
      description: null as string | null,
      htmlDescription: '<h2>Who</h2><p>We <u>dance</u>.</p>' as string | null,
    },
    ...(overrides.visibility ? { visibility: overrides.visibility } : {}),
  };
}

async function create(input: object, email = 'root@demo.ch'): Promise<Promoter> {
  const response = await call(email, 'POST', '/promoters', input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Promoter>();
}

const countGroups = async () => (await server.db.select({ id: promoterGroups.id }).from(promoterGroups)).length;

describe('the record', () => {
  it('is created whole and read back: logo, gallery in order, type lists, tags with names, description from HTML', async () => {
    const logo = await insertUpload(server.db, ids.root);
    const [first, second] = [await insertUpload(server.db, ids.root), await insertUpload(server.db, ids.root)];
    const input = fullInput();
    input.generalInfos.logo = { id: logo };
    input.generalInfos.media = [{ id: second }, { id: first }];
    const record = await create(input);
    expect(record.promoterId).toBe(record.id);
    expect(record.visibility).toBe('PUBLISHED');
    expect(record.generalInfos.logo?.id).toBe(logo);
    expect(record.generalInfos.media.map((upload) => upload.id)).toEqual([second, first]);
    expect(record.generalInfos.mediaListState).toEqual({ order: [second, first], added: [], removed: [] });
    expect(record.generalInfos.evenTypesIds).toEqual([reference.eventTypes[0], reference.eventTypes[1]]);
    expect(record.generalInfos.promoterTypesIds).toEqual([reference.promoterTypes[0]]);
    expect(record.specificInfos).toEqual({ musics: [reference.musics[0]], ambiance: [reference.ambiances[1]] });
    expect(record.additionalInfos.tagTerms).toEqual([reference.tags[2]]);
    const [tag] = await server.db.select().from(tags).where(eq(tags.id, reference.tags[2]));
    expect(record.tagTerms).toEqual({ [tag.id]: tag.tagName });
    expect(record.description).toEqual({
      description: 'Who\nWe dance.',
      htmlDescription: '<h2>Who</h2><p>We <u>dance</u>.</p>',
    });
    const rows = await server.db
      .select()
      .from(promoterGroupMedia)
      .where(eq(promoterGroupMedia.promoterGroupId, record.id));
    expect(rows.sort((a, b) => a.position - b.position).map((row) => row.uploadId)).toEqual([second, first]);
  });

  it('takes back unchanged what GET answered, for the seeded group and a created one', async () => {
    const created = await create(fullInput());
    for (const [id, email] of [
      [ids.firstGroup, 'promoter@demo.ch'],
      [created.id, 'root@demo.ch'],
    ] as const) {
      const read = (await call(email, 'GET', `/promoters/${id}`)).json<Promoter>();
      const response = await call(email, 'PUT', `/promoters/${id}`, read);
      expect(response.statusCode, response.body).toBe(200);
      const written = response.json<Promoter>();
      expect(written.version).toBe(read.version + 1);
      expect({ ...written, version: 0, updatedAt: '' }).toEqual({ ...read, version: 0, updatedAt: '' });
    }
  });

  it('answers 409 on a stale version', async () => {
    const record = await create(fullInput());
    expect((await asRoot('PUT', `/promoters/${record.id}`, { ...record, visibility: 'DRAFT' })).statusCode).toBe(200);
    const stale = await asRoot('PUT', `/promoters/${record.id}`, record);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(RESOURCE_ERROR_CODES.editConflict);
    expect((await asRoot('GET', `/promoters/${record.id}`)).json<Promoter>().visibility).toBe('DRAFT');
  });

  it('sanitises the HTML: scripts and handlers go', async () => {
    const input = fullInput();
    input.description = {
      description: 'Plain stays',
      htmlDescription: '<p>Hi<script>alert(1)</script><img src=x onerror=alert(2)></p>',
    };
    const record = await create(input);
    expect(record.description).toEqual({ description: 'Plain stays', htmlDescription: '<p>Hi</p>' });
  });
});

describe('validation', () => {
  const expectFields = async (input: object, expected: Record<string, string | RegExp>) => {
    const before = await countGroups();
    const response = await asRoot('POST', '/promoters', input);
    expect(response.statusCode, response.body).toBe(400);
    const errors = errorsOf(response);
    expect(Object.keys(errors).sort()).toEqual(Object.keys(expected).sort());
    for (const [field, message] of Object.entries(expected)) expect(errors[field]).toMatch(message);
    expect(await countGroups()).toBe(before);
  };
  const withGeneral = (general: object) => ({
    ...fullInput(),
    generalInfos: { ...fullInput().generalInfos, ...general },
  });

  it('names bad types, texts, emails, phones and addresses', async () => {
    await expectFields(
      withGeneral({
        promoterName: '',
        promoterTypesIds: 'collective',
        evenTypesIds: [1, 1],
        email: 'crew@',
        phone: '12',
        urlSite: 'javascript:alert(1)',
        urlBilletterie: 'tickets.example.ch',
      }),
      {
        'generalInfos.promoterName': /./,
        'generalInfos.promoterTypesIds': /./,
        'generalInfos.evenTypesIds': /twice/,
        'generalInfos.email': /email/i,
        'generalInfos.phone': /phone/i,
        'generalInfos.urlSite': /https/,
        'generalInfos.urlBilletterie': /https/,
      },
    );
    await expectFields(
      { ...fullInput(), additionalInfos: { tagTerms: Array.from({ length: 51 }, (_, index) => index + 1) } },
      {
        'additionalInfos.tagTerms': /50/,
      },
    );
  });

  it('names every unknown reference and tag id at once', async () => {
    await expectFields(
      {
        ...withGeneral({ promoterTypesIds: [999_999], evenTypesIds: [reference.eventTypes[0], 999_999] }),
        specificInfos: { musics: [999_999], ambiance: [999_999] },
        additionalInfos: { tagTerms: [999_999] },
      },
      {
        'generalInfos.promoterTypesIds': UNKNOWN_REFERENCE,
        'generalInfos.evenTypesIds': UNKNOWN_REFERENCE,
        'specificInfos.musics': UNKNOWN_REFERENCE,
        'specificInfos.ambiance': UNKNOWN_REFERENCE,
        'additionalInfos.tagTerms': UNKNOWN_REFERENCE,
      },
    );
  });

  it('refuses another user’s upload, a PDF as logo and a gallery state that does not add up', async () => {
    const promotersUpload = await insertUpload(server.db, ids.promoter);
    const pdf = await insertUpload(server.db, ids.root, 'application/pdf');
    const mine = await insertUpload(server.db, ids.root);
    await expectFields(withGeneral({ logo: { id: pdf }, media: [{ id: promotersUpload }] }), {
      'generalInfos.logo': UPLOAD_PROBLEMS.notAnImage,
      'generalInfos.media.0': UPLOAD_PROBLEMS.unknown,
    });
    await expectFields(withGeneral({ mediaListState: { order: [mine], added: [], removed: [] } }), {
      'generalInfos.mediaListState.order': GALLERY_PROBLEMS.notAdded,
    });
  });
});

describe('scope', () => {
  let otherDraft: Promoter;

  beforeAll(async () => {
    otherDraft = await create(fullInput({ name: uniqueName('Secret crew'), visibility: 'DRAFT' }));
  });

  it('a PROMOTER edits its own group and reads published others, never another’s draft', async () => {
    const own = (await call('promoter@demo.ch', 'GET', `/promoters/${ids.firstGroup}`)).json<Promoter>();
    const renamed = await call('promoter@demo.ch', 'PUT', `/promoters/${own.id}`, {
      ...own,
      generalInfos: { ...own.generalInfos, phone: '+41 79 555 99 99' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call('promoter@demo.ch', 'GET', `/promoters/${ids.secondGroup}`)).statusCode).toBe(200);
    expect((await call('promoter@demo.ch', 'GET', `/promoters/${otherDraft.id}`)).statusCode).toBe(404);
    const { records, response } = await list('promoter@demo.ch', {});
    expect(records.map((record) => record.id)).not.toContain(otherDraft.id);
    expect(records.every((record) => record.visibility === 'PUBLISHED' || record.id === ids.firstGroup)).toBe(true);
    expect(totalOf(response)).toBe(records.length);
    expect(totalOf((await list('root@demo.ch', {})).response)).toBeGreaterThan(records.length);
  });

  it('a PROMOTER gets 403 writing another published group, 404 on a draft one, and never deletes', async () => {
    const second = (await asRoot('GET', `/promoters/${ids.secondGroup}`)).json<Promoter>();
    expect((await call('promoter@demo.ch', 'PUT', `/promoters/${second.id}`, second)).statusCode).toBe(403);
    expect((await call('promoter@demo.ch', 'PUT', `/promoters/${otherDraft.id}`, otherDraft)).statusCode).toBe(404);
    expect((await call('promoter2@demo.ch', 'DELETE', `/promoters/${ids.secondGroup}`)).statusCode).toBe(403);
    expect((await asRoot('GET', `/promoters/${second.id}`)).json<Promoter>().version).toBe(second.version);
  });

  it('an ADMIN or a CUSTOMER reads published groups only and writes none', async () => {
    for (const email of ['admin@demo.ch', 'customer@demo.ch']) {
      expect((await call(email, 'GET', `/promoters/${otherDraft.id}`)).statusCode).toBe(404);
      expect((await list(email, {})).records.every((record) => record.visibility === 'PUBLISHED')).toBe(true);
      expect((await call(email, 'POST', '/promoters', fullInput())).statusCode).toBe(403);
    }
  });
});

describe('onboarding', () => {
  it('a PROMOTER without a group creates one that becomes theirs; a second one is a 403 saying why', async () => {
    const newcomer = await createUser(server.db, { roleKey: 'PROMOTER' });
    const token = (await signIn(server.app, newcomer.email, TEST_PASSWORD)).accessToken;
    const send = (method: Method, url: string, payload: object) =>
      server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${token}` } });
    const created = await send('POST', '/promoters', fullInput({ visibility: 'DRAFT' }));
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json<Promoter>();
    const [stored] = await server.db.select().from(users).where(eq(users.id, newcomer.id));
    expect(stored.promoterGroupId).toBe(record.id);
    expect((await send('PUT', `/promoters/${record.id}`, { ...record, visibility: 'PUBLISHED' })).statusCode).toBe(200);
    const second = await send('POST', '/promoters', fullInput());
    expect(second.statusCode).toBe(403);
    expect(errorsOf(second).promoterId).toBe('ALREADY_MANAGES_A_PROMOTER_GROUP');
  });

  it('promoter@demo.ch, who has a group, gets 403 and nothing is written', async () => {
    const before = await countGroups();
    const response = await call('promoter@demo.ch', 'POST', '/promoters', fullInput());
    expect(response.statusCode).toBe(403);
    expect(errorsOf(response).promoterId).toBe('ALREADY_MANAGES_A_PROMOTER_GROUP');
    expect(await countGroups()).toBe(before);
  });
});

describe('filters, search, sort', () => {
  const marker = `Crew${randomUUID().slice(0, 6)}`;
  const made: Promoter[] = [];

  beforeAll(async () => {
    for (const [index, name] of ['Aare', 'birs', 'Creux'].entries()) {
      const input = fullInput({ name: `${name} ${marker}`, visibility: index === 2 ? 'DRAFT' : 'PUBLISHED' });
      input.generalInfos.promoterTypesIds = [reference.promoterTypes[index]];
      input.generalInfos.evenTypesIds = [reference.eventTypes[index]];
      input.specificInfos.musics = [reference.musics[index + 2]];
      input.additionalInfos.tagTerms = [reference.tags[index + 5]];
      input.generalInfos.email = `${name.toLowerCase()}@${marker.toLowerCase()}.example.ch`;
      made.push(await create(input));
    }
  });

  const namesFor = async (filter: object, sort: [string, string] = ['promoterName', 'ASC']) =>
    namesOf((await list('root@demo.ch', { q: marker, ...filter }, sort)).records);
  const allNames = () => made.map((record) => record.generalInfos.promoterName);

  it('filters by promoter type, event type, music, tag and visibility, one or several', async () => {
    const [aare, birs, creux] = allNames();
    expect(await namesFor({ promoterTypeId: reference.promoterTypes[1] })).toEqual([birs]);
    expect(await namesFor({ eventTypeId: [reference.eventTypes[0], reference.eventTypes[2]] })).toEqual([aare, creux]);
    expect(await namesFor({ musicId: reference.musics[4] })).toEqual([creux]);
    expect(await namesFor({ tagId: [reference.tags[5]] })).toEqual([aare]);
    expect(await namesFor({ visibility: 'PUBLISHED' })).toEqual([aare, birs]);
    const refused = await asRoot('GET', `/promoters?filter=${jsonParam({ city: 'Bern' })}`);
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)).toHaveProperty(['filter.city']);
  });

  it('searches name and email, sorts by name without case, pages with Content-Range', async () => {
    expect(await namesFor({ q: `birs@${marker}` })).toEqual([allNames()[1]]);
    expect(await namesFor({}, ['promoterName', 'DESC'])).toEqual([...allNames()].reverse());
    expect(await namesFor({}, ['updatedAt', 'ASC'])).toEqual(allNames());
    const page = await list('root@demo.ch', { q: marker }, ['promoterName', 'ASC'], [0, 1]);
    expect(namesOf(page.records)).toEqual(allNames().slice(0, 2));
    expect(page.response.headers['content-range']).toBe('promoters 0-1/3');
  });
});

describe('delete (ROOT only)', () => {
  it('removes the group; its promoters keep their accounts without it', async () => {
    const record = await create(fullInput());
    const member = await createUser(server.db, { roleKey: 'PROMOTER' });
    await server.db.update(users).set({ promoterGroupId: record.id }).where(eq(users.id, member.id));
    expect((await asRoot('DELETE', `/promoters/${record.id}`)).statusCode).toBe(200);
    expect((await asRoot('GET', `/promoters/${record.id}`)).statusCode).toBe(404);
    const [kept] = await server.db.select().from(users).where(eq(users.id, member.id));
    expect(kept.promoterGroupId).toBeNull();
  });
});
