import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, RESOURCE_ERROR_CODES } from '../../domain/errors';
import { EVENT_PROBLEMS } from '../../domain/event';
import type { VisibilityChangeAnswer } from '../../domain/records';
import { auditLog, establishments, establishmentTypes, events, eventTypes, mailOutbox } from '../../server/db/schema';
import { orderedIds, signIn, startTestServer, userRow, type TestServer } from './harness';

/**
 * `POST /<resource>/visibility` (docs/server.md "Bulk visibility"): many records published or unpublished in
 * one request, each as its own PUT would change it (scope, permission, the events' approval rules), with a
 * result per id, an audit row per changed record, and no version bump lost or doubled when requests race.
 * Run it on PostgreSQL too (TEST_DATABASE_URL): PGlite runs one transaction at a time, so only PostgreSQL
 * shows the race.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const ids = { gleis7: 0, otherVenue: 0, establishmentType: 0, eventType: 0, nachtwerk: 0 };
const ACCOUNTS = ['root@demo.ch', 'admin@demo.ch', 'admin2@demo.ch', 'promoter@demo.ch', 'customer@demo.ch'];

beforeAll(async () => {
  server = await startTestServer();
  for (const email of ACCOUNTS) tokens[email] = (await signIn(server.app, email)).accessToken;
  ids.gleis7 = (await userRow(server.db, 'admin@demo.ch')).establishmentId!;
  ids.otherVenue = (await userRow(server.db, 'admin2@demo.ch')).establishmentId!;
  ids.nachtwerk = (await userRow(server.db, 'promoter@demo.ch')).promoterGroupId!;
  [ids.establishmentType] = await orderedIds(server.db, establishmentTypes.id);
  [ids.eventType] = await orderedIds(server.db, eventTypes.id);
});
afterAll(() => server.close());

const setVisibility = (email: string, collection: string, body: object): Promise<LightMyRequestResponse> =>
  server.app.inject({
    method: 'POST',
    url: `/api/v1/${collection}/visibility`,
    payload: body,
    headers: { authorization: `Bearer ${tokens[email]}` },
  });

const resultsOf = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VisibilityChangeAnswer>().results;
};

async function newEstablishments(count: number, visibility: 'DRAFT' | 'PUBLISHED') {
  const rows = await server.db
    .insert(establishments)
    .values(
      Array.from({ length: count }, () => ({
        name: `Bulk ${randomUUID().slice(0, 8)}`,
        city: 'Bern',
        establishmentTypeId: ids.establishmentType,
        visibility,
      })),
    )
    .returning({ id: establishments.id });
  return rows.map((row) => row.id);
}

const storedEstablishments = (idList: number[]) =>
  server.db
    .select({ id: establishments.id, visibility: establishments.visibility, version: establishments.version })
    .from(establishments)
    .where(inArray(establishments.id, idList))
    .orderBy(establishments.id);

const auditRowsOf = (resource: string, idList: number[]) =>
  server.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.resource, resource),
        inArray(
          auditLog.recordId,
          idList.map((id) => String(id)),
        ),
      ),
    );

describe('publishing many establishments in one request', () => {
  it('answers a result per id in the order given, writes each with a version bump and an audit row', async () => {
    const [first, second] = await newEstablishments(2, 'DRAFT');
    const [already] = await newEstablishments(1, 'PUBLISHED');
    const results = resultsOf(
      await setVisibility('root@demo.ch', 'establishments', { ids: [second, already, first], visibility: 'PUBLISHED' }),
    );
    expect(results).toEqual([
      { id: second, ok: true, version: 2 },
      { id: already, ok: true, version: 1 },
      { id: first, ok: true, version: 2 },
    ]);
    expect(await storedEstablishments([first, second, already])).toEqual([
      { id: first, visibility: 'PUBLISHED', version: 2 },
      { id: second, visibility: 'PUBLISHED', version: 2 },
      { id: already, visibility: 'PUBLISHED', version: 1 },
    ]);
    // A record that had the visibility already is not written: no version bump, no audit row.
    const rows = await auditRowsOf('establishments', [first, second, already]);
    expect(rows.map((row) => [Number(row.recordId), row.action, row.actorEmail]).sort()).toEqual(
      [
        [first, 'UPDATE', 'root@demo.ch'],
        [second, 'UPDATE', 'root@demo.ch'],
      ].sort(),
    );
    for (const row of rows) expect(row.changes).toEqual({ visibility: { before: 'DRAFT', after: 'PUBLISHED' } });
  });

  it('refuses per record: another venue (404), a record it reads but may not change (403), a stale version (409); the others change', async () => {
    const [unowned] = await newEstablishments(1, 'PUBLISHED');
    // admin@demo.ch reads published establishments but changes its own only; a draft of another venue does
    // not exist for it.
    await server.db.update(establishments).set({ visibility: 'DRAFT' }).where(eq(establishments.id, ids.otherVenue));
    const [gleis7Before] = await storedEstablishments([ids.gleis7]);
    try {
      const results = resultsOf(
        await setVisibility('admin@demo.ch', 'establishments', {
          ids: [ids.gleis7, ids.otherVenue, unowned],
          visibility: 'DRAFT',
          versions: { [String(ids.gleis7)]: gleis7Before.version },
        }),
      );
      expect(results).toEqual([
        { id: ids.gleis7, ok: true, version: gleis7Before.version + 1 },
        { id: ids.otherVenue, ok: false, error: { status: 404, message: RESOURCE_ERROR_CODES.notFound } },
        { id: unowned, ok: false, error: { status: 403, message: RESOURCE_ERROR_CODES.forbidden } },
      ]);
      expect((await storedEstablishments([ids.gleis7]))[0].visibility).toBe('DRAFT');
      const stale = resultsOf(
        await setVisibility('root@demo.ch', 'establishments', {
          ids: [unowned],
          visibility: 'DRAFT',
          versions: { [String(unowned)]: 7 },
        }),
      );
      expect(stale).toEqual([
        { id: unowned, ok: false, error: { status: 409, message: RESOURCE_ERROR_CODES.editConflict } },
      ]);
      expect((await storedEstablishments([unowned]))[0]).toMatchObject({ visibility: 'PUBLISHED', version: 1 });
    } finally {
      // Back as it was for the other tests of this file.
      await server.db
        .update(establishments)
        .set({ visibility: 'PUBLISHED' })
        .where(inArray(establishments.id, [ids.gleis7, ids.otherVenue]));
    }
  });

  it('needs the update permission (403 for the whole request), a valid body (400 naming the field)', async () => {
    const [id] = await newEstablishments(1, 'DRAFT');
    const refused = await setVisibility('customer@demo.ch', 'establishments', { ids: [id], visibility: 'PUBLISHED' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AUTH_ERROR_CODES.forbidden);
    const bad = [
      [{ ids: [], visibility: 'PUBLISHED' }, 'ids'],
      [{ ids: [id, id], visibility: 'PUBLISHED' }, 'ids'],
      [{ ids: [id], visibility: 'HIDDEN' }, 'visibility'],
      [{ ids: [id], visibility: 'PUBLISHED', versions: { '999999': 1 } }, 'versions.999999'],
      [{ ids: [id], visibility: 'PUBLISHED', extra: true }, 'extra'],
    ] as const;
    for (const [body, field] of bad) {
      const response = await setVisibility('root@demo.ch', 'establishments', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await storedEstablishments([id]))[0]).toMatchObject({ visibility: 'DRAFT', version: 1 });
  });

  it('parallel requests never apply a change twice nor lose a version bump', async () => {
    const idList = await newEstablishments(4, 'DRAFT');
    const targets = ['PUBLISHED', 'DRAFT', 'PUBLISHED', 'PUBLISHED', 'DRAFT', 'PUBLISHED', 'DRAFT', 'PUBLISHED'];
    const answers = await Promise.all(
      targets.map((visibility) => setVisibility('root@demo.ch', 'establishments', { ids: idList, visibility })),
    );
    for (const answer of answers) for (const result of resultsOf(answer)) expect(result.ok).toBe(true);
    const stored = await storedEstablishments(idList);
    const rows = await auditRowsOf('establishments', idList);
    for (const record of stored) {
      const changes = rows.filter((row) => Number(row.recordId) === record.id);
      // Every version bump has its audit row, and each row is a real change from the visibility before.
      expect(record.version - 1).toBe(changes.length);
      const sequence = changes.sort((a, b) => a.id - b.id).map((row) => row.changes.visibility);
      let visibility = 'DRAFT';
      for (const change of sequence) {
        expect(change).toEqual({ before: visibility, after: visibility === 'DRAFT' ? 'PUBLISHED' : 'DRAFT' });
        visibility = change.after as string;
      }
      expect(record.visibility).toBe(visibility);
    }
  });

  it('parallel requests at one version: of each record exactly one applies, the others are a 409', async () => {
    const idList = await newEstablishments(3, 'DRAFT');
    const versions = Object.fromEntries(idList.map((id) => [String(id), 1]));
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        setVisibility('root@demo.ch', 'establishments', { ids: idList, visibility: 'PUBLISHED', versions }),
      ),
    );
    for (const id of idList) {
      const outcomes = answers.map((answer) => resultsOf(answer).find((result) => result.id === id)!);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      for (const outcome of outcomes.filter((candidate) => !candidate.ok)) {
        expect(outcome).toMatchObject({
          ok: false,
          error: { status: 409, message: RESOURCE_ERROR_CODES.editConflict },
        });
      }
    }
    expect((await storedEstablishments(idList)).map((record) => record.version)).toEqual([2, 2, 2]);
    expect(await auditRowsOf('establishments', idList)).toHaveLength(3);
  });
});

describe('events: the approval rules hold as on a PUT', () => {
  async function newEvent(values: Partial<typeof events.$inferInsert>) {
    const [row] = await server.db
      .insert(events)
      .values({
        title: `Bulk ${randomUUID().slice(0, 8)}`,
        establishmentId: ids.gleis7,
        eventTypeId: ids.eventType,
        startDate: '2026-11-07',
        startTime: '20:00',
        endTime: '23:00',
        firstStartsAt: new Date('2026-11-07T19:00:00Z'),
        lastEndsAt: new Date('2026-11-07T22:00:00Z'),
        visibility: 'DRAFT',
        ...values,
      })
      .returning({ id: events.id });
    return row.id;
  }
  const storedEvent = async (id: number) =>
    (
      await server.db
        .select({ visibility: events.visibility, version: events.version, approvalStatus: events.approvalStatus })
        .from(events)
        .where(eq(events.id, id))
    )[0];

  it('the venue publishes its own drafts, but a pending request only by approving it (400 on visibility)', async () => {
    const own = await newEvent({});
    const request = await newEvent({ promoterGroupId: ids.nachtwerk, approvalStatus: 'PENDING' });
    const results = resultsOf(
      await setVisibility('admin@demo.ch', 'events', { ids: [own, request], visibility: 'PUBLISHED' }),
    );
    expect(results).toEqual([
      { id: own, ok: true, version: 2 },
      {
        id: request,
        ok: false,
        error: {
          status: 400,
          message: RESOURCE_ERROR_CODES.invalidInput,
          errors: { visibility: EVENT_PROBLEMS.approveToPublish },
        },
      },
    ]);
    expect(await storedEvent(own)).toMatchObject({ visibility: 'PUBLISHED', version: 2 });
    expect(await storedEvent(request)).toMatchObject({ visibility: 'DRAFT', version: 1, approvalStatus: 'PENDING' });
  });

  it('a promoter cannot publish its request (it would stay a draft), nor touch an approved event; nobody is mailed', async () => {
    const request = await newEvent({ promoterGroupId: ids.nachtwerk, approvalStatus: 'PENDING' });
    const approved = await newEvent({
      promoterGroupId: ids.nachtwerk,
      approvalStatus: 'APPROVED',
      visibility: 'PUBLISHED',
    });
    await server.app.background.idle();
    const mailsBefore = (await server.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    const publish = resultsOf(
      await setVisibility('promoter@demo.ch', 'events', { ids: [request], visibility: 'PUBLISHED' }),
    );
    expect(publish).toEqual([
      {
        id: request,
        ok: false,
        error: { status: 400, message: RESOURCE_ERROR_CODES.invalidInput, errors: { visibility: expect.any(String) } },
      },
    ]);
    const unpublish = resultsOf(
      await setVisibility('promoter@demo.ch', 'events', { ids: [approved], visibility: 'DRAFT' }),
    );
    expect(unpublish).toEqual([
      {
        id: approved,
        ok: false,
        error: expect.objectContaining({ status: 403, message: EVENT_PROBLEMS.approvedIsVenues }),
      },
    ]);
    expect(await storedEvent(request)).toMatchObject({ visibility: 'DRAFT', version: 1, approvalStatus: 'PENDING' });
    expect(await storedEvent(approved)).toMatchObject({ visibility: 'PUBLISHED', version: 1 });
    await server.app.background.idle();
    expect((await server.db.select({ id: mailOutbox.id }).from(mailOutbox)).length).toBe(mailsBefore);
  });
});

describe('only resources with a visibility have the endpoint', () => {
  it.each(['users', 'tags', 'audit-log', 'reference-data/musics'])(
    'POST /%s/visibility is a 404',
    async (collection) => {
      const response = await setVisibility('root@demo.ch', collection, { ids: [1], visibility: 'PUBLISHED' });
      expect(response.statusCode).toBe(404);
    },
  );
});
