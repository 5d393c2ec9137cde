import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import type { Establishment } from '../../domain/establishment';
import { RETIRED_REFERENCE, UNKNOWN_REFERENCE } from '../../domain/reference';
import { GALLERY_PROBLEMS } from '../../domain/upload';
import {
  ambiances,
  auditLog,
  establishments,
  establishmentTypes,
  establishmentWorkSchedules,
  musics,
  tags,
  uploads,
  users,
} from '../../server/db/schema';
import { SANITISED_TOO_LONG } from '../../server/services/partners/checks';
import { claimForCaller, ESTABLISHMENT_ONBOARDING } from '../../server/services/partners/onboarding';
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
 * `/establishments` beyond the generated authorisation matrix: the whole record read and written
 * back, validation of every field, references, uploads and gallery, HTML, scope with the demo accounts,
 * onboarding, filters, search, sort and the cities endpoint.
 */

let server: TestServer;
let tokens: Record<string, string>;
const ids = { root: 0, admin: 0, firstEstablishment: 0, secondEstablishment: 0 };
let reference: Record<'types' | 'musics' | 'ambiances' | 'tags', number[]>;

const ACCOUNTS = [
  'root@demo.ch',
  'admin@demo.ch',
  'admin2@demo.ch',
  'promoter@demo.ch',
  'customer@demo.ch',
  'coordinator@demo.ch',
];

beforeAll(async () => {
  server = await startTestServer();
  tokens = await accessTokens(server.app, ACCOUNTS);
  const accountRow = (email: string) => userRow(server.db, email);
  ids.root = (await accountRow('root@demo.ch')).id;
  const admin = await accountRow('admin@demo.ch');
  ids.admin = admin.id;
  ids.firstEstablishment = admin.establishmentId ?? 0;
  ids.secondEstablishment = (await accountRow('admin2@demo.ch')).establishmentId ?? 0;
  reference = await orderedIdsOf(server.db, {
    types: establishmentTypes.id,
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
  listAs<Establishment>((url) => call(email, 'GET', url), '/establishments', filter, sort, range);
const namesOf = (records: Establishment[]) => records.map((record) => record.generalInfos.establishmentName);

/** A complete, valid body: every section filled. */
function fullInput(overrides: { name?: string; city?: string; visibility?: string } = {}) {
  return {
    generalInfos: {
      establishmentName: overrides.name ?? uniqueName('Probe Club'),
      logo: null as { id: number } | null,
      establishmentTypeId: reference.types[0],
      establishmentSecondaryTypeIds: [reference.types[2], reference.types[1]],
      localisation: 'Langstrasse 1, 8004 Zürich',
      lat: 47.3769,
      lang: 8.5417,
      city: overrides.city ?? 'Zürich',
      placeId: 'ChIJprobe',
      email: 'Info@Probe.example.ch',
      phone: '+41 44 555 00 00',
      urlBilletterie: 'https://tickets.example.ch/probe',
      urlSite: 'https://probe.example.ch',
      workSchedules: {
        FRIDAY: { isActive: true, startTime: '22:00', endTime: '04:00' },
        SATURDAY: { isActive: true, startTime: '23:00', endTime: '06:00' },
      },
      media: [] as { id: number }[],
      mediaListState: null as { order: number[]; added: number[]; removed: number[] } | null,
    },
    specificInfos: { musics: [reference.musics[1], reference.musics[0]], ambiance: [reference.ambiances[0]] },
    additionalInfos: {
      ageMin: 18,
      tarifMin: 10.5,
      tarifMax: 25,
      externalCapacity: 50,
      internalCapacity: 300,
      happyHours: [
        { title: 'Early bird', days: ['FRIDAY', 'SATURDAY'], startTime: '22:00', endTime: '23:30' },
        { title: 'Last call', days: ['SATURDAY'], startTime: '05:00', endTime: '05:30' },
      ],
      tagTerms: [reference.tags[1], reference.tags[0]],
    },
    description: {
      description: 'A club for the probe.',
      htmlDescription: '<p>A club for the <strong>probe</strong>.</p>',
    },
    ...(overrides.visibility ? { visibility: overrides.visibility } : {}),
  };
}
type Input = ReturnType<typeof fullInput>;

async function create(input: object, email = 'root@demo.ch'): Promise<Establishment> {
  const response = await call(email, 'POST', '/establishments', input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Establishment>();
}

const countEstablishments = async () => (await server.db.select({ id: establishments.id }).from(establishments)).length;

describe('the record', () => {
  it('is created with every section and read back whole: uploads, seven days, happy hours in order, tags with names', async () => {
    const logo = await insertUpload(server.db, ids.root);
    const first = await insertUpload(server.db, ids.root);
    const second = await insertUpload(server.db, ids.root);
    const input = fullInput();
    input.generalInfos.logo = { id: logo };
    input.generalInfos.media = [{ id: second }, { id: first }];
    const record = await create(input);

    expect(record.establishmentId).toBe(record.id);
    expect(record.visibility).toBe('PUBLISHED');
    expect(record.version).toBe(1);
    expect(new Date(record.createdAt).toISOString()).toBe(record.createdAt);
    const general = record.generalInfos;
    expect(general.logo).toMatchObject({ id: logo, mimeType: 'image/png', width: 800, height: 600 });
    expect(general.logo?.url).toMatch(/^\/api\/v1\/uploads\/files\/.+\.png$/);
    expect(general.media.map((upload) => upload.id)).toEqual([second, first]);
    expect(general.mediaListState).toEqual({ order: [second, first], added: [], removed: [] });
    expect(general.email).toBe('info@probe.example.ch');
    expect(general.establishmentSecondaryTypeIds).toEqual([reference.types[1], reference.types[2]]);
    expect(Object.keys(general.workSchedules)).toEqual([
      'MONDAY',
      'TUESDAY',
      'WEDNESDAY',
      'THURSDAY',
      'FRIDAY',
      'SATURDAY',
      'SUNDAY',
    ]);
    expect(general.workSchedules.MONDAY).toEqual({ isActive: false, startTime: null, endTime: null });
    // Across midnight: stored and read back as given (the end before the start closes the next day).
    expect(general.workSchedules.FRIDAY).toEqual({ isActive: true, startTime: '22:00', endTime: '04:00' });
    expect(record.specificInfos).toEqual({
      musics: [reference.musics[0], reference.musics[1]],
      ambiance: [reference.ambiances[0]],
    });
    expect(record.additionalInfos).toMatchObject({
      ageMin: 18,
      tarifMin: 10.5,
      tarifMax: 25,
      externalCapacity: 50,
      internalCapacity: 300,
    });
    expect(typeof record.additionalInfos.tarifMin).toBe('number');
    expect(record.additionalInfos.happyHours.map((happyHour) => happyHour.title)).toEqual(['Early bird', 'Last call']);
    expect(record.additionalInfos.tagTerms).toEqual([reference.tags[0], reference.tags[1]]);
    const tagNames = await server.db.select({ id: tags.id, name: tags.tagName }).from(tags);
    const nameOf = (id: number) => tagNames.find((tag) => tag.id === id)?.name;
    expect(record.tagTerms).toEqual({
      [reference.tags[0]]: nameOf(reference.tags[0]),
      [reference.tags[1]]: nameOf(reference.tags[1]),
    });

    // Seven rows per establishment: a closed day is a row too.
    const days = await server.db
      .select()
      .from(establishmentWorkSchedules)
      .where(eq(establishmentWorkSchedules.establishmentId, record.id));
    expect(days).toHaveLength(7);
    expect((await asRoot('GET', `/establishments/${record.id}`)).json()).toEqual(record);
  });

  it('takes back unchanged what GET answered (react-admin PUTs the whole record), seeded or created', async () => {
    const created = await create({
      ...fullInput(),
      generalInfos: { ...fullInput().generalInfos, media: [{ id: await insertUpload(server.db, ids.root) }] },
    });
    for (const id of [ids.firstEstablishment, created.id]) {
      const read = (await call('admin@demo.ch', 'GET', `/establishments/${id}`)).json<Establishment>();
      const email = id === ids.firstEstablishment ? 'admin@demo.ch' : 'root@demo.ch';
      const response = await call(email, 'PUT', `/establishments/${id}`, read);
      expect(response.statusCode, response.body).toBe(200);
      const written = response.json<Establishment>();
      expect(written.version).toBe(read.version + 1);
      expect(written.updatedAt >= read.updatedAt).toBe(true);
      expect({ ...written, version: 0, updatedAt: '' }).toEqual({ ...read, version: 0, updatedAt: '' });
    }
  });

  it('answers 409 on a stale version and changes nothing', async () => {
    const record = await create(fullInput());
    const edited = { ...record, generalInfos: { ...record.generalInfos, establishmentName: uniqueName('Renamed') } };
    expect((await asRoot('PUT', `/establishments/${record.id}`, edited)).statusCode).toBe(200);
    const stale = await asRoot('PUT', `/establishments/${record.id}`, {
      ...edited,
      generalInfos: { ...edited.generalInfos, city: 'Bern' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(RESOURCE_ERROR_CODES.editConflict);
    expect((await asRoot('GET', `/establishments/${record.id}`)).json<Establishment>().generalInfos.city).toBe(
      'Zürich',
    );
  });

  it('replaces every child row on PUT: closing a day, fewer happy hours, other lists', async () => {
    const record = await create(fullInput());
    const input = {
      ...record,
      generalInfos: {
        ...record.generalInfos,
        establishmentSecondaryTypeIds: [],
        workSchedules: {
          ...record.generalInfos.workSchedules,
          FRIDAY: { isActive: false, startTime: null, endTime: null },
        },
      },
      specificInfos: { musics: [reference.musics[2]], ambiance: [] },
      additionalInfos: { ...record.additionalInfos, happyHours: [record.additionalInfos.happyHours[1]], tagTerms: [] },
    };
    const updated = (await asRoot('PUT', `/establishments/${record.id}`, input)).json<Establishment>();
    expect(updated.generalInfos.workSchedules.FRIDAY.isActive).toBe(false);
    expect(updated.generalInfos.establishmentSecondaryTypeIds).toEqual([]);
    expect(updated.specificInfos).toEqual({ musics: [reference.musics[2]], ambiance: [] });
    expect(updated.additionalInfos.happyHours.map((happyHour) => happyHour.title)).toEqual(['Last call']);
    expect(updated.additionalInfos.tagTerms).toEqual([]);
    expect(updated.tagTerms).toEqual({});
  });

  it('sanitises the HTML description and fills an empty plain description from its text', async () => {
    const input = fullInput();
    input.description = {
      description: '',
      htmlDescription:
        '<p onclick="steal()">Open <em>late</em><script>alert(1)</script></p><img src=x onerror="alert(2)"><p><a href="javascript:alert(3)">link</a></p>',
    };
    const record = await create(input);
    const html = record.description.htmlDescription ?? '';
    expect(html).not.toMatch(/script|onerror|onclick|javascript|<img/i);
    expect(html).toContain('<em>late</em>');
    expect(record.description.description).toBe('Open late\nlink');
  });

  it('refuses HTML that sanitising would make longer than the limit, so every stored record can be saved back', async () => {
    const input = fullInput();
    // Under the limit as sent; each link gains target and rel once sanitised.
    input.description = { description: '', htmlDescription: '<a href="https://a.ch">x</a>'.repeat(1700) };
    const before = await countEstablishments();
    const response = await asRoot('POST', '/establishments', input);
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual({ 'description.htmlDescription': SANITISED_TOO_LONG });
    expect(await countEstablishments()).toBe(before);
  });

  it('keeps derived fields out of the audit log', async () => {
    const record = await create(fullInput());
    const [row] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'establishments'), eq(auditLog.recordId, String(record.id))))
      .orderBy(desc(auditLog.id));
    const paths = Object.keys(row.changes as object);
    expect(paths).toContain('generalInfos.establishmentName');
    expect(
      paths.filter((path) => /^(tagTerms|establishmentId|createdAt|updatedAt|generalInfos\.mediaListState)/.test(path)),
    ).toEqual([]);
  });
});

describe('validation: 400 naming each wrong field', () => {
  const expectFields = async (input: object, fields: string[]) => {
    const before = await countEstablishments();
    const response = await asRoot('POST', '/establishments', input);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(RESOURCE_ERROR_CODES.invalidInput);
    expect(Object.keys(errorsOf(response)).sort()).toEqual([...fields].sort());
    expect(await countEstablishments()).toBe(before);
    return errorsOf(response);
  };
  const withGeneral = (general: object) => {
    const input = fullInput();
    return { ...input, generalInfos: { ...input.generalInfos, ...general } };
  };
  const withAdditional = (additional: object) => {
    const input = fullInput();
    return { ...input, additionalInfos: { ...input.additionalInfos, ...additional } };
  };

  it('requires the name, the type and the city', async () => {
    await expectFields({ generalInfos: {} }, [
      'generalInfos.establishmentName',
      'generalInfos.establishmentTypeId',
      'generalInfos.city',
    ]);
  });

  it('refuses bad types and out-of-range values in every section', async () => {
    const input = fullInput();
    await expectFields(
      {
        ...input,
        generalInfos: {
          ...input.generalInfos,
          establishmentName: 42,
          establishmentTypeId: 'club',
          establishmentSecondaryTypeIds: [0],
          lat: 91,
          lang: -181,
          placeId: 'p'.repeat(301),
        },
        specificInfos: { musics: 'techno', ambiance: [1.5] },
        additionalInfos: {
          ...input.additionalInfos,
          ageMin: 100,
          externalCapacity: -1,
          internalCapacity: '300x',
          tarifMin: 'free',
        },
        description: { description: 'd'.repeat(5001), htmlDescription: 7 },
        visibility: 'SECRET',
      },
      [
        'generalInfos.establishmentName',
        'generalInfos.establishmentTypeId',
        'generalInfos.establishmentSecondaryTypeIds.0',
        'generalInfos.lat',
        'generalInfos.lang',
        'generalInfos.placeId',
        'specificInfos.musics',
        'specificInfos.ambiance.0',
        'additionalInfos.ageMin',
        'additionalInfos.externalCapacity',
        'additionalInfos.internalCapacity',
        'additionalInfos.tarifMin',
        'description.description',
        'description.htmlDescription',
        'visibility',
      ],
    );
  });

  it('wants tarifMin ≤ tarifMax, at most two decimals, and latitude with longitude', async () => {
    const errors = await expectFields(withAdditional({ tarifMin: 30, tarifMax: 20 }), ['additionalInfos.tarifMax']);
    expect(errors['additionalInfos.tarifMax']).toMatch(/minimum/i);
    await expectFields(withAdditional({ tarifMin: 10.555 }), ['additionalInfos.tarifMin']);
    await expectFields(withGeneral({ lat: 47.1, lang: null }), ['generalInfos.lang']);
    await expectFields(withGeneral({ lat: null, lang: 8.5 }), ['generalInfos.lat']);
  });

  it('refuses bad times, an open day without times and a happy hour without days', async () => {
    await expectFields(
      withGeneral({
        workSchedules: {
          MONDAY: { isActive: true, startTime: '25:00', endTime: '4:00' },
          TUESDAY: { isActive: true, startTime: null, endTime: '' },
          SUNDAY: { isActive: 'yes' },
        },
      }),
      [
        'generalInfos.workSchedules.MONDAY.startTime',
        'generalInfos.workSchedules.MONDAY.endTime',
        'generalInfos.workSchedules.TUESDAY.startTime',
        'generalInfos.workSchedules.TUESDAY.endTime',
        'generalInfos.workSchedules.SUNDAY.isActive',
      ],
    );
    await expectFields(
      withAdditional({
        happyHours: [
          { title: 'No days', days: [], startTime: '17:00', endTime: '19:00' },
          { title: '', days: ['FUNDAY', 'MONDAY'], startTime: '17:60', endTime: null },
          { title: 'Twice', days: ['MONDAY', 'MONDAY'], startTime: '17:00', endTime: '18:00' },
        ],
      }),
      [
        'additionalInfos.happyHours.0.days',
        'additionalInfos.happyHours.1.title',
        'additionalInfos.happyHours.1.days.0',
        'additionalInfos.happyHours.1.startTime',
        'additionalInfos.happyHours.1.endTime',
        'additionalInfos.happyHours.2.days',
      ],
    );
  });

  it('refuses bad emails, phones and web addresses, javascript: included', async () => {
    const errors = await expectFields(
      withGeneral({
        email: 'not-an-email',
        phone: 'call me',
        urlSite: 'javascript:alert(1)',
        urlBilletterie: 'ftp://tickets.example.ch',
      }),
      ['generalInfos.email', 'generalInfos.phone', 'generalInfos.urlSite', 'generalInfos.urlBilletterie'],
    );
    expect(errors['generalInfos.urlSite']).toMatch(/https/);
  });

  it('refuses too many items and repeated ones', async () => {
    const tooMany = Array.from({ length: 31 }, (_, index) => index + 1);
    await expectFields(
      {
        ...withAdditional({
          tagTerms: Array.from({ length: 51 }, (_, index) => index + 1),
          happyHours: Array.from({ length: 21 }, () => ({
            title: 'HH',
            days: ['MONDAY'],
            startTime: '17:00',
            endTime: '18:00',
          })),
        }),
        specificInfos: { musics: tooMany, ambiance: [1, 1] },
      },
      ['specificInfos.musics', 'specificInfos.ambiance', 'additionalInfos.tagTerms', 'additionalInfos.happyHours'],
    );
    await expectFields(withGeneral({ media: Array.from({ length: 31 }, (_, index) => ({ id: index + 1 })) }), [
      'generalInfos.media',
    ]);
  });

  it('names every unknown reference and tag id at once, before writing anything', async () => {
    const input = fullInput();
    const errors = await expectFields(
      {
        ...input,
        generalInfos: {
          ...input.generalInfos,
          establishmentTypeId: 999_999,
          establishmentSecondaryTypeIds: [reference.types[0], 999_998],
        },
        specificInfos: { musics: [999_999], ambiance: [999_999] },
        additionalInfos: { ...input.additionalInfos, tagTerms: [reference.tags[0], 999_999] },
      },
      [
        'generalInfos.establishmentTypeId',
        'generalInfos.establishmentSecondaryTypeIds',
        'specificInfos.musics',
        'specificInfos.ambiance',
        'additionalInfos.tagTerms',
      ],
    );
    expect(errors['specificInfos.musics']).toBe(UNKNOWN_REFERENCE);
  });
});

describe('uploads and the gallery', () => {
  it('refuses another user’s upload, an unknown one and a PDF as a picture, with the gallery problems, in one 400', async () => {
    const adminsUpload = await insertUpload(server.db, ids.admin);
    const pdf = await insertUpload(server.db, ids.root, 'application/pdf');
    const input = fullInput();
    input.generalInfos.logo = { id: pdf };
    input.generalInfos.media = [{ id: adminsUpload }, { id: 999_999 }];
    const response = await asRoot('POST', '/establishments', input);
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual({
      'generalInfos.logo': UPLOAD_PROBLEMS.notAnImage,
      'generalInfos.media.0': UPLOAD_PROBLEMS.unknown,
      'generalInfos.media.1': UPLOAD_PROBLEMS.unknown,
    });
  });

  it('refuses a gallery state that does not add up', async () => {
    const mine = await insertUpload(server.db, ids.root);
    const other = await insertUpload(server.db, ids.root);
    const cases: [object, Record<string, string>][] = [
      [{ media: [{ id: mine }, { id: mine }] }, { 'generalInfos.media': GALLERY_PROBLEMS.duplicate }],
      [
        { mediaListState: { order: [mine], added: [], removed: [] } },
        { 'generalInfos.mediaListState.order': GALLERY_PROBLEMS.notAdded },
      ],
      [
        { mediaListState: { order: [mine], added: [mine, other], removed: [mine] } },
        {
          'generalInfos.mediaListState.added': GALLERY_PROBLEMS.addedMissing,
          'generalInfos.mediaListState.removed': GALLERY_PROBLEMS.removedPresent,
        },
      ],
    ];
    for (const [general, expected] of cases) {
      const input = fullInput();
      const response = await asRoot('POST', '/establishments', {
        ...input,
        generalInfos: { ...input.generalInfos, ...general },
      });
      expect(response.statusCode, JSON.stringify(general)).toBe(400);
      expect(errorsOf(response)).toEqual(expected);
    }
  });

  it('applies mediaListState: reorder, add one of mine, remove one; keeps attached uploads of another owner', async () => {
    const [a, b, c] = [
      await insertUpload(server.db, ids.root),
      await insertUpload(server.db, ids.root),
      await insertUpload(server.db, ids.root),
    ];
    const input = fullInput();
    input.generalInfos.media = [{ id: a }, { id: b }];
    const record = await create(input);
    // admin@demo.ch's upload on ROOT's record: once attached, ROOT may keep it in later edits.
    const adminsUpload = await insertUpload(server.db, ids.admin);
    await server.db.update(uploads).set({ ownerUserId: ids.root }).where(eq(uploads.id, adminsUpload));
    const withAdmins = await asRoot('PUT', `/establishments/${record.id}`, {
      ...record,
      generalInfos: {
        ...record.generalInfos,
        mediaListState: { order: [b, adminsUpload, a], added: [adminsUpload], removed: [] },
      },
    });
    expect(withAdmins.statusCode, withAdmins.body).toBe(200);
    await server.db.update(uploads).set({ ownerUserId: ids.admin }).where(eq(uploads.id, adminsUpload));
    const read = withAdmins.json<Establishment>();
    const response = await asRoot('PUT', `/establishments/${record.id}`, {
      ...read,
      generalInfos: { ...read.generalInfos, mediaListState: { order: [c, adminsUpload, b], added: [c], removed: [a] } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<Establishment>();
    expect(updated.generalInfos.media.map((upload) => upload.id)).toEqual([c, adminsUpload, b]);
    expect(updated.generalInfos.mediaListState).toEqual({ order: [c, adminsUpload, b], added: [], removed: [] });
  });
});

describe('scope', () => {
  let otherDraft: Establishment;
  let otherPublished: Establishment;

  beforeAll(async () => {
    otherDraft = await create(
      fullInput({ name: uniqueName('Hidden draft'), city: 'Geheimstadt', visibility: 'DRAFT' }),
    );
    otherPublished = await create(fullInput({ name: uniqueName('Open venue') }));
  });

  it('ADMIN reads its own establishment and published others, never another’s draft', async () => {
    expect((await call('admin@demo.ch', 'GET', `/establishments/${ids.firstEstablishment}`)).statusCode).toBe(200);
    expect((await call('admin@demo.ch', 'GET', `/establishments/${otherPublished.id}`)).statusCode).toBe(200);
    expect((await call('admin@demo.ch', 'GET', `/establishments/${otherDraft.id}`)).statusCode).toBe(404);
    const { records, response } = await list('admin@demo.ch', {});
    const listed = records.map((record) => record.id);
    expect(listed).toContain(ids.firstEstablishment);
    expect(listed).toContain(otherPublished.id);
    expect(listed).not.toContain(otherDraft.id);
    expect(records.every((record) => record.visibility === 'PUBLISHED' || record.id === ids.firstEstablishment)).toBe(
      true,
    );
    expect(totalOf(response)).toBe(records.length);
    const rootTotal = totalOf((await list('root@demo.ch', {})).response);
    expect(rootTotal).toBeGreaterThan(records.length);
  });

  it('ADMIN sees its own establishment as a draft too', async () => {
    const own = (await call('admin@demo.ch', 'GET', `/establishments/${ids.firstEstablishment}`)).json<Establishment>();
    const drafted = await call('admin@demo.ch', 'PUT', `/establishments/${own.id}`, { ...own, visibility: 'DRAFT' });
    expect(drafted.statusCode, drafted.body).toBe(200);
    expect((await list('admin@demo.ch', { visibility: 'DRAFT' })).records.map((record) => record.id)).toEqual([own.id]);
    expect((await call('admin2@demo.ch', 'GET', `/establishments/${own.id}`)).statusCode).toBe(404);
    const published = await call('admin@demo.ch', 'PUT', `/establishments/${own.id}`, {
      ...drafted.json(),
      visibility: 'PUBLISHED',
    });
    expect(published.statusCode).toBe(200);
  });

  it('ADMIN gets 403 writing a published establishment of another, 404 on a draft one, and never deletes', async () => {
    const published = await call('admin@demo.ch', 'PUT', `/establishments/${otherPublished.id}`, otherPublished);
    expect(published.statusCode).toBe(403);
    const draft = await call('admin@demo.ch', 'PUT', `/establishments/${otherDraft.id}`, otherDraft);
    expect(draft.statusCode).toBe(404);
    expect(
      (await call('admin2@demo.ch', 'PUT', `/establishments/${ids.firstEstablishment}`, otherPublished)).statusCode,
    ).toBe(403);
    expect((await call('admin@demo.ch', 'DELETE', `/establishments/${ids.firstEstablishment}`)).statusCode).toBe(403);
    expect((await asRoot('GET', `/establishments/${otherPublished.id}`)).json<Establishment>().version).toBe(
      otherPublished.version,
    );
  });

  it('a PROMOTER or a CUSTOMER reads published establishments only and writes none', async () => {
    for (const email of ['promoter@demo.ch', 'customer@demo.ch']) {
      expect((await call(email, 'GET', `/establishments/${otherPublished.id}`)).statusCode).toBe(200);
      expect((await call(email, 'GET', `/establishments/${otherDraft.id}`)).statusCode).toBe(404);
      expect((await list(email, {})).records.every((record) => record.visibility === 'PUBLISHED')).toBe(true);
      expect((await call(email, 'PUT', `/establishments/${otherPublished.id}`, otherPublished)).statusCode).toBe(403);
      expect((await call(email, 'POST', '/establishments', fullInput())).statusCode).toBe(403);
    }
  });

  it('lists the distinct cities within the caller’s scope, one spelling per city', async () => {
    await create(fullInput({ city: 'zürich' }));
    const cities = async (email: string) => {
      const response = await call(email, 'GET', '/establishments/cities');
      expect(response.statusCode).toBe(200);
      return response.json<{ id: string; name: string }[]>().map((city) => city.name);
    };
    const rootCities = await cities('root@demo.ch');
    expect(rootCities).toContain('Geheimstadt');
    expect(rootCities.filter((city) => city.toLowerCase() === 'zürich')).toHaveLength(1);
    expect(rootCities).toEqual([...rootCities].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(await cities('admin2@demo.ch')).not.toContain('Geheimstadt');
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/establishments/cities' })).statusCode).toBe(401);
  });
});

describe('onboarding: a partner without an establishment creates its first one', () => {
  it('an ADMIN without an establishment creates one that becomes theirs; a second one is a 403 saying why', async () => {
    const newcomer = await createUser(server.db, { roleKey: 'ADMIN' });
    const token = (await signIn(server.app, newcomer.email, TEST_PASSWORD)).accessToken;
    const post = (input: object) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/establishments',
        payload: input,
        headers: { authorization: `Bearer ${token}` },
      });
    const upload = await insertUpload(server.db, newcomer.id);
    const input = fullInput({ visibility: 'DRAFT' });
    input.generalInfos.logo = { id: upload };
    const response = await post(input);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<Establishment>();
    const [stored] = await server.db.select().from(users).where(eq(users.id, newcomer.id));
    expect(stored.establishmentId).toBe(created.id);
    // Theirs now: the draft is readable and editable by them.
    const edit = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/establishments/${created.id}`,
      payload: { ...created, visibility: 'PUBLISHED' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const second = await post(fullInput());
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toBe(RESOURCE_ERROR_CODES.forbidden);
    expect(errorsOf(second).establishmentId).toBe('ALREADY_MANAGES_AN_ESTABLISHMENT');
  });

  it('writes an audit row on the user it makes the owner', async () => {
    const newcomer = await createUser(server.db, { roleKey: 'ADMIN' });
    const token = (await signIn(server.app, newcomer.email, TEST_PASSWORD)).accessToken;
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/establishments',
      payload: fullInput(),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    const userAudit = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'users'), eq(auditLog.recordId, String(newcomer.id))));
    expect(userAudit.map((row) => [row.action, row.actorUserId, row.changes])).toEqual([
      ['UPDATE', newcomer.id, { establishmentId: { before: null, after: response.json<Establishment>().id } }],
    ]);
  });

  it('refuses the claim of a caller who got an establishment since the request began (two first creates at once)', async () => {
    const newcomer = await createUser(server.db, { roleKey: 'ADMIN' });
    // The first create has committed; the second still carries the viewer it authenticated with.
    await server.db.update(users).set({ establishmentId: ids.firstEstablishment }).where(eq(users.id, newcomer.id));
    const staleViewer = { userId: newcomer.id, roleKeys: ['ADMIN'], establishmentId: null, promoterGroupId: null };
    const claim = server.db.transaction((tx) =>
      claimForCaller(tx, staleViewer, ESTABLISHMENT_ONBOARDING, ids.secondEstablishment),
    );
    await expect(claim).rejects.toMatchObject({
      statusCode: 403,
      errors: { establishmentId: 'ALREADY_MANAGES_AN_ESTABLISHMENT' },
    });
    const [stored] = await server.db.select().from(users).where(eq(users.id, newcomer.id));
    expect(stored.establishmentId).toBe(ids.firstEstablishment);
  });

  it('admin@demo.ch, who has one, gets 403 naming why and nothing is written', async () => {
    const before = await countEstablishments();
    const response = await call('admin@demo.ch', 'POST', '/establishments', fullInput());
    expect(response.statusCode).toBe(403);
    expect(errorsOf(response).establishmentId).toBe('ALREADY_MANAGES_AN_ESTABLISHMENT');
    expect(await countEstablishments()).toBe(before);
  });

  it('a COORDINATOR may not create establishments at all', async () => {
    expect((await call('coordinator@demo.ch', 'POST', '/establishments', fullInput())).statusCode).toBe(403);
  });
});

describe('filters, search, sort and Content-Range', () => {
  const tag = (index: number) => reference.tags[index];
  const city = `Filterdorf${randomUUID().slice(0, 6)}`;
  const made: Establishment[] = [];

  beforeAll(async () => {
    const variants: Input[] = [];
    for (const [index, name] of ['Alpha Bar', 'beta Lounge', 'Gamma Club'].entries()) {
      const input = fullInput({
        name: `${name} ${city}`,
        city: index === 1 ? city.toUpperCase() : city,
        visibility: index === 2 ? 'DRAFT' : 'PUBLISHED',
      });
      input.generalInfos.establishmentTypeId = reference.types[index];
      input.generalInfos.establishmentSecondaryTypeIds = index === 0 ? [reference.types[3]] : [];
      input.specificInfos.musics = [reference.musics[index + 3]];
      input.additionalInfos.tagTerms = [tag(index + 3)];
      input.generalInfos.localisation = `Weg ${index} ${city}`;
      input.generalInfos.email = `venue${index}@${city.toLowerCase()}.example.ch`;
      variants.push(input);
    }
    for (const input of variants) made.push(await create(input));
  });

  const namesFor = async (filter: object, sort: [string, string] = ['establishmentName', 'ASC']) =>
    namesOf((await list('root@demo.ch', { ...filter }, sort)).records);
  const allNames = () => made.map((record) => record.generalInfos.establishmentName);

  it('filters by city, one or several, whatever the case', async () => {
    expect(await namesFor({ city: city.toLowerCase() })).toEqual(allNames());
    expect(await namesFor({ city: [city, 'Nowhere'] })).toEqual(allNames());
    expect(await namesFor({ city: 'Nowhere' })).toEqual([]);
  });

  it('filters by type (primary or secondary), music, tag and visibility', async () => {
    const [alpha, beta, gamma] = allNames();
    expect(await namesFor({ city, establishmentTypeId: reference.types[1] })).toEqual([beta]);
    expect(await namesFor({ city, establishmentTypeId: reference.types[3] })).toEqual([alpha]);
    expect(await namesFor({ city, establishmentTypeId: [reference.types[1], reference.types[2]] })).toEqual([
      beta,
      gamma,
    ]);
    expect(await namesFor({ city, musicId: reference.musics[5] })).toEqual([gamma]);
    expect(await namesFor({ city, musicId: [reference.musics[3], reference.musics[4]] })).toEqual([alpha, beta]);
    expect(await namesFor({ city, tagId: tag(4) })).toEqual([beta]);
    expect(await namesFor({ city, visibility: 'DRAFT' })).toEqual([gamma]);
    expect(await namesFor({ city, musicId: [] })).toEqual(allNames());
  });

  it('refuses unknown filters and bad values with a 400 naming the filter', async () => {
    for (const [filter, key] of [
      [{ colour: 'red' }, 'filter.colour'],
      [{ visibility: 'SECRET' }, 'filter.visibility'],
      [{ musicId: 'techno' }, 'filter.musicId'],
    ] as const) {
      const response = await asRoot('GET', `/establishments?filter=${jsonParam(filter)}`);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(errorsOf(response))[0]).toMatch(new RegExp(`^${key}`));
    }
  });

  it('searches name, city, address and email with q', async () => {
    const [alpha, beta] = allNames();
    expect(await namesFor({ q: `beta lounge ${city}` })).toEqual([beta]);
    expect(await namesFor({ q: `weg 0 ${city}` })).toEqual([alpha]);
    expect(await namesFor({ q: `venue1@${city}` })).toEqual([beta]);
    expect(await namesFor({ q: city.toUpperCase() })).toEqual(allNames());
  });

  it('sorts by name without case, by city and by dates, and pages with Content-Range', async () => {
    expect(await namesFor({ city }, ['establishmentName', 'DESC'])).toEqual([...allNames()].reverse());
    expect(await namesFor({ city }, ['createdAt', 'DESC'])).toEqual([...allNames()].reverse());
    expect(await namesFor({ city }, ['updatedAt', 'ASC'])).toEqual(allNames());
    expect((await list('root@demo.ch', {}, ['city', 'ASC'])).records.length).toBeGreaterThan(3);
    const page = await list('root@demo.ch', { city }, ['establishmentName', 'ASC'], [1, 1]);
    expect(namesOf(page.records)).toEqual([allNames()[1]]);
    expect(page.response.headers['content-range']).toBe('establishments 1-1/3');
    expect((await asRoot('GET', `/establishments?sort=${jsonParam(['colour', 'ASC'])}`)).statusCode).toBe(400);
  });
});

describe('delete (ROOT only)', () => {
  it('removes the establishment and its rows; its staff keep their accounts without it', async () => {
    const record = await create(fullInput());
    const staff = await createUser(server.db, { roleKey: 'COORDINATOR' });
    await server.db.update(users).set({ establishmentId: record.id }).where(eq(users.id, staff.id));
    const response = await asRoot('DELETE', `/establishments/${record.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(record.id);
    expect((await asRoot('GET', `/establishments/${record.id}`)).statusCode).toBe(404);
    expect(
      await server.db
        .select()
        .from(establishmentWorkSchedules)
        .where(eq(establishmentWorkSchedules.establishmentId, record.id)),
    ).toEqual([]);
    const [kept] = await server.db.select().from(users).where(eq(users.id, staff.id));
    expect(kept.establishmentId).toBeNull();
  });
});

describe('retired reference values', () => {
  it('stay on the records that have them, but nobody picks them anew', async () => {
    const holder = await create(fullInput());
    const retired = holder.specificInfos.musics[0];
    const other = fullInput();
    other.specificInfos.musics = reference.musics.filter((id) => !holder.specificInfos.musics.includes(id)).slice(0, 1);
    const fresh = await create(other);
    await server.db.update(musics).set({ isActive: false }).where(eq(musics.id, retired));
    try {
      const read = (await asRoot('GET', `/establishments/${holder.id}`)).json<Establishment>();
      const savedBack = await asRoot('PUT', `/establishments/${holder.id}`, read);
      expect(savedBack.statusCode, savedBack.body).toBe(200);

      const picking = await asRoot('PUT', `/establishments/${fresh.id}`, {
        ...fresh,
        specificInfos: { ...fresh.specificInfos, musics: [...fresh.specificInfos.musics, retired] },
      });
      expect(picking.statusCode).toBe(400);
      expect(errorsOf(picking)).toEqual({ 'specificInfos.musics': RETIRED_REFERENCE });

      const creating = await call('root@demo.ch', 'POST', '/establishments', {
        ...fullInput(),
        specificInfos: { musics: [retired], ambiance: [] },
      });
      expect(creating.statusCode).toBe(400);
      expect(errorsOf(creating)).toEqual({ 'specificInfos.musics': RETIRED_REFERENCE });
    } finally {
      await server.db.update(musics).set({ isActive: true }).where(eq(musics.id, retired));
    }
  });
});
