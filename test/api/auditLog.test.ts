import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuditLogRecord } from '../../domain/audit';
import type { Tag } from '../../domain/tag';
import { auditLog, users } from '../../server/db/schema';
import { changesBetween } from '../../server/services/audit';
import { DEMO_EMAILS, signIn, startTestServer, type TestServer } from './harness';

/** The audit log: what each tag write records, and the read-only list that only ROOT reads. */

let server: TestServer;
let root: string;
let rootId: number;

beforeAll(async () => {
  server = await startTestServer();
  const signedIn = await signIn(server.app, 'root@demo.ch');
  root = signedIn.accessToken;
  rootId = signedIn.body.user.id;
});
afterAll(() => server.close());

const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) {
  return server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${token}` } });
}

async function auditRows(filter: object, token = root, sort: [string, string] = ['id', 'ASC']) {
  const response = await call(
    'GET',
    `/audit-log?filter=${json(filter)}&sort=${json(sort)}&range=${json([0, 999])}`,
    token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditLogRecord[]>();
}

describe('the list', () => {
  it('answers each entry of a page exactly as GET /audit-log/:id does', async () => {
    const create = await call('POST', '/tags', root, {
      generalInfos: { tagName: 'Audit list probe', category: 'Probe' },
      translation: { french: 'Sonde de liste' },
    });
    expect(create.statusCode).toBe(201);
    const page = await auditRows({}, root, ['at', 'DESC']);
    expect(page[0]).toMatchObject({ resource: 'tags', action: 'CREATE', recordId: String(create.json<Tag>().id) });
    for (const entry of page.slice(0, 10)) {
      const alone = await call('GET', `/audit-log/${entry.id}`, root);
      expect(alone.json<AuditLogRecord>()).toEqual(entry);
    }
  });
});

describe('tag writes', () => {
  it('record who created, updated and deleted a tag, with only the changed fields', async () => {
    const create = await call('POST', '/tags', root, {
      generalInfos: { tagName: 'Audit probe', category: 'Probe' },
      translation: { french: 'Sonde' },
      advanced: { description: 'Before' },
    });
    expect(create.statusCode).toBe(201);
    const tag = create.json<Tag>();
    const update = await call('PUT', `/tags/${tag.id}`, root, {
      ...tag,
      generalInfos: { ...tag.generalInfos, tagName: 'Audit probe renamed' },
      translation: { ...tag.translation, german: 'Sonde DE' },
    });
    expect(update.statusCode).toBe(200);
    expect((await call('DELETE', `/tags/${tag.id}`, root)).statusCode).toBe(200);

    const rows = await auditRows({ resource: 'tags', recordId: String(tag.id) });
    expect(rows.map((row) => row.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
    for (const row of rows) {
      expect(row).toMatchObject({
        actorUserId: rootId,
        actorEmail: 'root@demo.ch',
        resource: 'tags',
        recordId: String(tag.id),
      });
      expect(Date.now() - Date.parse(row.at)).toBeLessThan(60_000);
    }
    const [created, updated, deleted] = rows.map((row) => row.changes);
    // A new record's empty fields did not change: only what was given is recorded.
    expect(created).toEqual({
      'generalInfos.tagName': { after: 'Audit probe' },
      'generalInfos.category': { after: 'Probe' },
      'translation.french': { after: 'Sonde' },
      'advanced.description': { after: 'Before' },
    });
    expect(updated).toEqual({
      'generalInfos.tagName': { before: 'Audit probe', after: 'Audit probe renamed' },
      'translation.german': { before: null, after: 'Sonde DE' },
    });
    expect(deleted).toMatchObject({
      'generalInfos.tagName': { before: 'Audit probe renamed' },
      'translation.german': { before: 'Sonde DE' },
    });
    expect(Object.values(deleted).every((change) => !('after' in change))).toBe(true);
  });

  it('names the actor who wrote, and writes nothing for a write that failed', async () => {
    const coordinator = await signIn(server.app, 'coordinator-full@demo.ch');
    const create = await call('POST', '/tags', coordinator.accessToken, {
      generalInfos: { tagName: 'Audit by coordinator', category: 'Probe' },
    });
    expect(create.statusCode).toBe(201);
    const [row] = await auditRows({ resource: 'tags', recordId: String(create.json<Tag>().id) });
    expect(row).toMatchObject({
      action: 'CREATE',
      actorUserId: coordinator.body.user.id,
      actorEmail: 'coordinator-full@demo.ch',
    });

    const before = (await server.db.select({ id: auditLog.id }).from(auditLog)).length;
    const duplicate = await call('POST', '/tags', root, {
      generalInfos: { tagName: 'AUDIT BY COORDINATOR', category: 'Probe' },
    });
    expect(duplicate.statusCode).toBe(409);
    const stale = await call('PUT', `/tags/${create.json<Tag>().id}`, root, {
      generalInfos: { tagName: 'x', category: 'y' },
      version: 9,
    });
    expect(stale.statusCode).toBe(409);
    expect((await server.db.select({ id: auditLog.id }).from(auditLog)).length).toBe(before);
  });
});

describe('event writes', () => {
  it('record the fields a user gave or changed, never the empty ones nor what only occurrences carry', async () => {
    const admin = await signIn(server.app, 'admin@demo.ch');
    const [eventType] = (
      await call('GET', `/reference-data/event-types?range=${json([0, 0])}`, admin.accessToken)
    ).json<{ id: number }[]>();
    const establishmentId = (await server.db.select().from(users).where(eq(users.email, 'admin@demo.ch')))[0]
      ?.establishmentId;
    const create = await call('POST', '/events', admin.accessToken, {
      generalInfos: { establishmentId, eventType: { id: eventType?.id }, eventTitle: 'Audit night', ageMin: 18 },
      dateAndCalendar: { startDate: '2026-11-07', startTime: '22:00', endTime: '04:00' },
    });
    expect(create.statusCode, create.body).toBe(201);
    const event = create.json<{ id: number; version: number; generalInfos: object }>();
    const update = await call('PUT', `/events/${event.id}`, admin.accessToken, {
      ...event,
      generalInfos: { ...event.generalInfos, ageMin: 21 },
    });
    expect(update.statusCode, update.body).toBe(200);

    const [created, updated] = (await auditRows({ resource: 'events', recordId: String(event.id) })).map(
      (row) => row.changes,
    );
    const createdPaths = Object.keys(created ?? {});
    expect(createdPaths).toEqual(
      expect.arrayContaining(['generalInfos.eventTitle', 'generalInfos.ageMin', 'dateAndCalendar.startDate']),
    );
    for (const occurrenceOnly of [
      'isVirtual',
      'outOfScheduleEventId',
      'originalStartsAt',
      'originalEndsAt',
      'originalUpdateScope',
    ]) {
      expect(createdPaths).not.toContain(occurrenceOnly);
    }
    expect(Object.values(created ?? {}).filter((change) => change.after === null || change.after === '')).toEqual([]);
    expect(updated).toEqual({ 'generalInfos.ageMin': { before: 18, after: 21 } });
  });
});

describe('the changes', () => {
  it('flatten nested records to dot paths and never keep secrets', () => {
    const before = {
      id: 3,
      version: 1,
      email: 'a@b.ch',
      passwordHash: 'h1',
      nested: { resetToken: 't', list: [1, 2] },
    };
    const after = { id: 3, version: 2, email: 'c@d.ch', passwordHash: 'h2', nested: { resetToken: 'u', list: [2, 1] } };
    expect(changesBetween(before, after)).toEqual({
      email: { before: 'a@b.ch', after: 'c@d.ch' },
      'nested.list': { before: [1, 2], after: [2, 1] },
    });
    expect(changesBetween(null, after)).toEqual({ email: { after: 'c@d.ch' }, 'nested.list': { after: [2, 1] } });
    expect(changesBetween(null, { name: 'x', note: null, empty: '', list: [], off: false })).toEqual({
      name: { after: 'x' },
      off: { after: false },
    });
    expect(changesBetween({ name: 'x', note: null, list: [] }, null)).toEqual({ name: { before: 'x' } });
  });
});

describe('GET /audit-log', () => {
  /** Rows at chosen instants around the spring clock change in Zurich (31 March 2024, 02:00 → 03:00). */
  const DATED = [
    { at: '2024-03-30T22:59:00Z', label: 'Saturday 23:59 in Zurich' },
    { at: '2024-03-30T23:30:00Z', label: 'Sunday 00:30 (CET)' },
    { at: '2024-03-31T21:59:00Z', label: 'Sunday 23:59 (CEST)' },
    { at: '2024-03-31T22:00:00Z', label: 'Monday 00:00' },
  ];
  let ids: number[];

  beforeAll(async () => {
    const inserted = await server.db
      .insert(auditLog)
      .values(
        DATED.map((row, index) => ({
          actorUserId: rootId,
          actorEmail: 'root@demo.ch',
          at: new Date(row.at),
          resource: 'probe-dates',
          recordId: `dated-${index}`,
          action: 'UPDATE',
          changes: { label: { before: null, after: row.label } },
        })),
      )
      .returning({ id: auditLog.id });
    ids = inserted.map((row) => row.id);
  });

  it('answers records in the documented shape, newest first by default, with Content-Range', async () => {
    const response = await call('GET', `/audit-log?filter=${json({ resource: 'probe-dates' })}`, root);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('audit-log 0-3/4');
    const rows = response.json<AuditLogRecord[]>();
    expect(rows.map((row) => row.id)).toEqual([...ids].reverse());
    expect(rows[0]).toEqual({
      id: ids[3],
      at: '2024-03-31T22:00:00.000Z',
      actorUserId: rootId,
      actorEmail: 'root@demo.ch',
      resource: 'probe-dates',
      recordId: 'dated-3',
      action: 'UPDATE',
      changes: { label: { before: null, after: 'Monday 00:00' } },
    });
    expect((await call('GET', `/audit-log/${ids[1]}`, root)).json()).toMatchObject({ id: ids[1], recordId: 'dated-1' });
  });

  it('filters by Zurich calendar days, both ends inclusive', async () => {
    const within = async (filter: object) =>
      (await auditRows({ resource: 'probe-dates', ...filter })).map((row) => row.recordId);
    expect(await within({ from: '2024-03-31', to: '2024-03-31' })).toEqual(['dated-1', 'dated-2']);
    expect(await within({ from: '2024-03-31' })).toEqual(['dated-1', 'dated-2', 'dated-3']);
    expect(await within({ to: '2024-03-30' })).toEqual(['dated-0']);
    const bad = await call('GET', `/audit-log?filter=${json({ from: '31.03.2024' })}`, root);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(['filter.from']);
    // Year 0 does not exist for PostgreSQL: the day is refused as input, never a failed query (500).
    for (const filter of [{ from: '0000-01-01' }, { to: '0000-01-01' }, { from: '0999-12-31' }]) {
      const ancient = await call('GET', `/audit-log?filter=${json(filter)}`, root);
      expect(ancient.statusCode, ancient.body).toBe(400);
      expect(Object.keys(ancient.json().errors)).toEqual([`filter.${Object.keys(filter)[0]}`]);
    }
  });

  it('filters by user, resource and action, and searches actor email and record id', async () => {
    const [admin] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.ch'));
    const byAdmin = await auditRows({ actorUserId: admin.id });
    expect(byAdmin.length).toBeGreaterThan(0);
    expect(byAdmin.every((row) => row.actorEmail === 'admin@demo.ch')).toBe(true);
    const byRoot = await auditRows({ actorUserId: rootId, resource: 'probe-dates', action: 'UPDATE' });
    expect(byRoot.map((row) => row.id)).toEqual(ids);
    expect(await auditRows({ resource: 'probe-dates', action: 'DELETE' })).toEqual([]);
    expect((await auditRows({ q: 'admin2@demo' })).every((row) => row.actorEmail === 'admin2@demo.ch')).toBe(true);
    expect((await auditRows({ q: 'dated-2' })).map((row) => row.id)).toEqual([ids[2]]);
    expect((await call('GET', `/audit-log?filter=${json({ action: 'READ' })}`, root)).statusCode).toBe(400);
    expect((await call('GET', `/audit-log?sort=${json(['actorEmail', 'ASC'])}`, root)).statusCode).toBe(400);
  });

  it('is read-only', async () => {
    expect((await call('POST', '/audit-log', root, { resource: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', `/audit-log/${ids[0]}`, root, { resource: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/audit-log/${ids[0]}`, root)).statusCode).toBe(404);
    expect(await auditRows({ resource: 'probe-dates' })).toHaveLength(DATED.length);
  });

  it('answers 403 to every demo account but ROOT', async () => {
    for (const email of DEMO_EMAILS.filter((address) => address !== 'root@demo.ch')) {
      const { accessToken } = await signIn(server.app, email);
      const listed = await call('GET', '/audit-log', accessToken);
      expect(listed.statusCode, email).toBe(403);
      expect(listed.json()).toEqual({ message: 'FORBIDDEN' });
      expect((await call('GET', `/audit-log/${ids[0]}`, accessToken)).statusCode, email).toBe(403);
    }
  });
});
