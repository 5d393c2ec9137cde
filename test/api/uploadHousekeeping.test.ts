import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, getTableName, inArray, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIELD_PROBLEM_CODES, RESOURCE_ERROR_CODES } from '../../domain/errors';
import type { Establishment } from '../../domain/establishment';
import { ORPHAN_UPLOADS, UPLOAD_ERROR_CODES, type Upload } from '../../domain/upload';
import * as schema from '../../server/db/schema';
import { uploads } from '../../server/db/schema';
import { sweepOrphanUploads, uploadReferenceColumns } from '../../server/services/uploadSweep';
import { errorsOf, signIn, startTestServer, userRow, type TestServer } from './harness';
import { postUploadParts, TEST_PDF, testPicture } from './uploadFixtures';

/**
 * What happens to uploads after `POST /uploads`: orphans are swept after the grace period
 * (server/services/uploadSweep.ts), each user's uploads are rate-limited, and the problems of uploads and
 * references named by a record come back as codes on their fields.
 */

let server: TestServer;
let root: string;
let admin: string;
let firstEstablishmentId: number;

beforeAll(async () => {
  server = await startTestServer();
  root = (await signIn(server.app, 'root@demo.ch')).accessToken;
  admin = (await signIn(server.app, 'admin@demo.ch')).accessToken;
  firstEstablishmentId = (await userRow(server.db, 'admin@demo.ch')).establishmentId ?? 0;
});
afterAll(() => server.close());

// ---- helpers -----------------------------------------------------------------------------------------

async function uploadPicture(token = root, name = 'logo.png'): Promise<Upload> {
  const png = await testPicture(40, 30).png().toBuffer();
  const response = await postUploadParts(server.app, [{ bytes: png, fileName: name, contentType: 'image/png' }], token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Upload>();
}

const keyOf = (url: string) => url.split('/').pop() ?? '';
/** The stored file and preview of an upload, on disk under the test server's DATA_DIR. */
const filesOf = (upload: Upload) =>
  [upload.url, upload.previewUrl].filter((url): url is string => url !== null).map(keyOf);
const onDisk = (key: string) => existsSync(path.join(server.dataDir, 'uploads', key));

const HOUR = 60 * 60 * 1000;

/** Moves an upload's creation back in time (the database sets created_at; the sweep reads it). */
async function makeOlder(ids: number[], hours: number): Promise<void> {
  await server.db
    .update(uploads)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(inArray(uploads.id, ids));
}

const sweep = () => sweepOrphanUploads(server.db, server.app.storage, { now: new Date() });
const rowExists = async (id: number) =>
  (await server.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id))).length === 1;

const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${token}` } });

async function readEstablishment(id: number): Promise<Establishment> {
  const response = await api(root, 'GET', `/establishments/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Establishment>();
}

/** PUT the stored record back with these general infos changed (a gallery given as `media`, no edit state). */
async function saveGeneralInfos(
  id: number,
  changes: { logo?: { id: number } | null; media?: { id: number }[] },
  token = root,
) {
  const record = await readEstablishment(id);
  const generalInfos = { ...record.generalInfos, ...changes, mediaListState: null };
  return api(token, 'PUT', `/establishments/${id}`, { ...record, generalInfos });
}

// ---- the orphan sweep --------------------------------------------------------------------------------

describe('the orphan sweep', () => {
  it('deletes an unreferenced upload older than the grace period, its files and its row; a younger one stays', async () => {
    const old = await uploadPicture();
    const young = await uploadPicture();
    const graceHours = ORPHAN_UPLOADS.graceMs / HOUR;
    await makeOlder([old.id], graceHours + 1);
    await makeOlder([young.id], graceHours - 1);
    expect(filesOf(old).every(onDisk)).toBe(true);

    const { deletedIds, deletedKeys } = await sweep();

    expect(deletedIds).toContain(old.id);
    expect(deletedKeys).toEqual(expect.arrayContaining(filesOf(old)));
    expect(await rowExists(old.id)).toBe(false);
    expect(filesOf(old).some(onDisk)).toBe(false);
    expect((await server.app.inject({ method: 'GET', url: old.url })).statusCode).toBe(404);
    expect(deletedIds).not.toContain(young.id);
    expect(await rowExists(young.id)).toBe(true);
    expect(filesOf(young).every(onDisk)).toBe(true);
  });

  it('keeps old uploads that a record references as its logo or in its gallery', async () => {
    const logo = await uploadPicture();
    const galleryPicture = await uploadPicture();
    const saved = await saveGeneralInfos(firstEstablishmentId, {
      logo: { id: logo.id },
      media: [{ id: galleryPicture.id }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await makeOlder([logo.id, galleryPicture.id], 48);

    const { deletedIds } = await sweep();

    expect(deletedIds).not.toContain(logo.id);
    expect(deletedIds).not.toContain(galleryPicture.id);
    expect([...filesOf(logo), ...filesOf(galleryPicture)].every(onDisk)).toBe(true);
    expect((await readEstablishment(firstEstablishmentId)).generalInfos.logo?.id).toBe(logo.id);
  });

  it('deletes a replaced logo once the grace period has passed, never the logo that replaced it', async () => {
    const first = await uploadPicture();
    const second = await uploadPicture();
    expect((await saveGeneralInfos(firstEstablishmentId, { logo: { id: first.id } })).statusCode).toBe(200);
    expect((await saveGeneralInfos(firstEstablishmentId, { logo: { id: second.id } })).statusCode).toBe(200);

    // Replaced a moment ago, uploaded a moment ago: still within the grace period.
    expect((await sweep()).deletedIds).not.toContain(first.id);
    expect(filesOf(first).every(onDisk)).toBe(true);

    await makeOlder([first.id, second.id], ORPHAN_UPLOADS.graceMs / HOUR + 1);
    const { deletedIds } = await sweep();
    expect(deletedIds).toContain(first.id);
    expect(filesOf(first).some(onDisk)).toBe(false);
    expect(deletedIds).not.toContain(second.id);
    expect(filesOf(second).every(onDisk)).toBe(true);
  });

  it('deletes the uploads of a deleted record after the grace period', async () => {
    const logo = await uploadPicture();
    const template = await readEstablishment(firstEstablishmentId);
    const created = await api(root, 'POST', '/establishments', {
      ...template,
      version: undefined,
      generalInfos: {
        ...template.generalInfos,
        establishmentName: `Sweep probe ${logo.id}`,
        logo: { id: logo.id },
        media: [],
        mediaListState: null,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    await makeOlder([logo.id], 48);
    expect((await sweep()).deletedIds).not.toContain(logo.id);

    expect((await api(root, 'DELETE', `/establishments/${created.json<Establishment>().id}`)).statusCode).toBe(200);
    expect((await sweep()).deletedIds).toContain(logo.id);
    expect(filesOf(logo).some(onDisk)).toBe(false);
  });

  it('honours every foreign key of the schema that points at uploads', async () => {
    const schemaReferences = (Object.values(schema) as unknown[])
      .filter((table): table is PgTable => table instanceof PgTable)
      .flatMap((table) =>
        getTableConfig(table)
          .foreignKeys.map((foreignKey) => foreignKey.reference())
          .filter((reference) => getTableName(reference.foreignTable) === getTableName(uploads))
          .flatMap((reference) => reference.columns.map((column) => `${getTableName(table)}.${column.name}`)),
      );
    const honoured = (await uploadReferenceColumns(server.db)).map(({ table, column }) => `${table}.${column}`);
    expect(honoured.sort()).toEqual(schemaReferences.sort());
    expect(honoured).toEqual(
      expect.arrayContaining([
        'establishments.logo_upload_id',
        'establishment_media.upload_id',
        'promoter_groups.logo_upload_id',
        'promoter_group_media.upload_id',
        'events.file_carte_upload_id',
        'event_media.upload_id',
      ]),
    );
  });

  it('leaves a write naming a swept upload with UNKNOWN_UPLOAD on its field, never a dangling reference', async () => {
    const late = await uploadPicture(admin);
    await makeOlder([late.id], 48);
    await sweep();
    const saved = await saveGeneralInfos(firstEstablishmentId, { logo: { id: late.id } }, admin);
    expect(saved.statusCode).toBe(400);
    expect(errorsOf(saved)).toEqual({ 'generalInfos.logo': FIELD_PROBLEM_CODES.unknownUpload });
  });

  it('runs when a server outside the tests starts (no timer in tests unless asked)', async () => {
    const orphan = await uploadPicture();
    await makeOlder([orphan.id], 48);
    const started = await startTestServer({ env: { NODE_ENV: 'development' } });
    try {
      await vi.waitFor(async () => expect(await rowExists(orphan.id)).toBe(false), { timeout: 5000 });
    } finally {
      await started.close();
    }
  });
});

// ---- the rate limit ----------------------------------------------------------------------------------

describe('uploads per user', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { UPLOADS_PER_TEN_MINUTES: '3' } });
  });
  afterAll(() => limited.close());

  const postPdf = (token: string | undefined) =>
    postUploadParts(limited.app, [{ bytes: TEST_PDF, fileName: 'menu.pdf', contentType: 'application/pdf' }], token);

  it('answers 429 TOO_MANY_UPLOADS beyond the limit, for that user only', async () => {
    const rootToken = (await signIn(limited.app, 'root@demo.ch')).accessToken;
    const adminToken = (await signIn(limited.app, 'admin@demo.ch')).accessToken;
    for (let attempt = 1; attempt <= 3; attempt += 1) expect((await postPdf(rootToken)).statusCode).toBe(201);

    const refused = await postPdf(rootToken);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: UPLOAD_ERROR_CODES.tooMany,
      errors: { file: expect.stringMatching(/wait/i) },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    expect((await postPdf(adminToken)).statusCode).toBe(201);
    // Without a session it is a 401, not counted against anybody.
    expect((await postPdf(undefined)).statusCode).toBe(401);
  });

  it('defaults to the limit of domain/upload.ts', () => {
    expect(server.config.uploadsPerTenMinutes).toBe(60);
  });
});

// ---- problem codes on the fields ---------------------------------------------------------------------

describe('upload and reference problems named by a record', () => {
  it('answers codes on the fields: unknown upload, a PDF as a picture, a picture twice, an unknown value', async () => {
    const pdf = await postUploadParts(
      server.app,
      [{ bytes: TEST_PDF, fileName: 'menu.pdf', contentType: 'application/pdf' }],
      root,
    );
    const picture = await uploadPicture();
    const record = await readEstablishment(firstEstablishmentId);
    const response = await api(root, 'PUT', `/establishments/${firstEstablishmentId}`, {
      ...record,
      generalInfos: {
        ...record.generalInfos,
        logo: { id: pdf.json<Upload>().id },
        media: [{ id: 999_999 }, { id: picture.id }],
        mediaListState: null,
      },
      specificInfos: { ...record.specificInfos, musics: [999_999] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(RESOURCE_ERROR_CODES.invalidInput);
    expect(errorsOf(response)).toEqual({
      'generalInfos.logo': 'UPLOAD_NOT_A_PICTURE',
      'generalInfos.media.0': 'UNKNOWN_UPLOAD',
      'specificInfos.musics': 'UNKNOWN_REFERENCE',
    });

    const twice = await saveGeneralInfos(firstEstablishmentId, { media: [{ id: picture.id }, { id: picture.id }] });
    expect(errorsOf(twice)).toEqual({ 'generalInfos.media': 'GALLERY_PICTURE_TWICE' });
  });
});
