import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, isInScope } from '../../domain/access';
import { RESOURCE_ERROR_CODES, TEMPLATE_REQUEST_ERROR_CODES } from '../../domain/errors';
import {
  decidesTemplates,
  OFFER_TEMPLATE_LIMITS,
  OFFER_TEMPLATE_PROBLEMS,
  type OfferTemplate,
} from '../../domain/offerTemplate';
import { auditLog, notifications, offerTemplates, roles, users } from '../../server/db/schema';
import { viewerOf } from './authorizationMatrix';
import { DEMO_EMAILS, errorsOf, jsonParam, signIn, startTestServer, userRow, type TestServer } from './harness';

/**
 * Offer templates and template requests (docs/server.md "Offer templates"): every field's validation, who
 * sees which templates, the partner's request, the platform's approval or rejection with the notification of
 * the requester (and of the deciders when asked), and a decision taken twice or twice at once.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const ids = { firstEstablishment: 0, secondEstablishment: 0, firstGroup: 0, secondGroup: 0 };

beforeAll(async () => {
  server = await startTestServer();
  for (const email of DEMO_EMAILS) tokens[email] = (await signIn(server.app, email)).accessToken;
  ids.firstEstablishment = (await userRow(server.db, 'admin@demo.ch')).establishmentId!;
  ids.secondEstablishment = (await userRow(server.db, 'admin2@demo.ch')).establishmentId!;
  ids.firstGroup = (await userRow(server.db, 'promoter@demo.ch')).promoterGroupId!;
  ids.secondGroup = (await userRow(server.db, 'promoter2@demo.ch')).promoterGroupId!;
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (email: string, method: Method, url: string, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${tokens[email]}` } });
const messageOf = (response: LightMyRequestResponse) => response.json<{ message: string }>().message;
const ROOT = 'root@demo.ch';
const FULL = 'coordinator-full@demo.ch';

const validInput = (overrides: object = {}) => ({
  offerType: 'EXCLUSIVE',
  longTitle: `Free entry before midnight ${randomUUID().slice(0, 8)}`,
  shortTitle: 'Free before 00:00',
  ...overrides,
});

async function create(email: string, overrides: object = {}): Promise<OfferTemplate> {
  const response = await call(email, 'POST', '/offer-templates', validInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OfferTemplate>();
}

/** The notifications about one template, with their recipient's address, oldest first. */
const notificationsAbout = (templateId: number) =>
  server.db
    .select({
      to: users.email,
      kind: notifications.kind,
      params: notifications.params,
      mailMode: notifications.mailMode,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(and(eq(notifications.resource, 'offer-templates'), eq(notifications.recordId, templateId)))
    .orderBy(asc(notifications.id));

const listIds = async (email: string, filter: object = {}, sort: [string, string] = ['id', 'ASC']) => {
  const response = await call(
    email,
    'GET',
    `/offer-templates?filter=${jsonParam(filter)}&sort=${jsonParam(sort)}&range=${jsonParam([0, 999])}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OfferTemplate[]>().map((record) => record.id);
};

describe('validation of every field', () => {
  const invalid: [string, object, string][] = [
    ['offerType missing', { offerType: undefined }, 'offerType'],
    ['offerType unknown', { offerType: 'WEEKLY' }, 'offerType'],
    ['longTitle blank', { longTitle: '   ' }, 'longTitle'],
    ['longTitle too long', { longTitle: 'x'.repeat(OFFER_TEMPLATE_LIMITS.longTitle + 1) }, 'longTitle'],
    ['longTitle not text', { longTitle: 42 }, 'longTitle'],
    ['shortTitle missing', { shortTitle: undefined }, 'shortTitle'],
    ['shortTitle too long', { shortTitle: 'x'.repeat(OFFER_TEMPLATE_LIMITS.shortTitle + 1) }, 'shortTitle'],
    ['htmlLongTitle too long', { htmlLongTitle: 'x'.repeat(OFFER_TEMPLATE_LIMITS.htmlTitle + 1) }, 'htmlLongTitle'],
    ['htmlShortTitle not text', { htmlShortTitle: ['<b>x</b>'] }, 'htmlShortTitle'],
    ['description too long', { description: 'x'.repeat(OFFER_TEMPLATE_LIMITS.description + 1) }, 'description'],
    ['htmlDescription too long', { htmlDescription: 'x'.repeat(OFFER_TEMPLATE_LIMITS.html + 1) }, 'htmlDescription'],
    ['establishmentId not an id', { establishmentId: 0 }, 'establishmentId'],
    ['promoterGroupId not a number', { promoterGroupId: 'one' }, 'promoterGroupId'],
    ['reccurrencePattern unknown', { offerType: 'RECURRENT', reccurrencePattern: 'YEARLY' }, 'reccurrencePattern'],
    ['visibility unknown', { visibility: 'HIDDEN' }, 'visibility'],
  ];
  it.each(invalid)('%s: 400 on the field, nothing written', async (_name, overrides, field) => {
    const before = await server.db.select({ id: offerTemplates.id }).from(offerTemplates);
    const response = await call(ROOT, 'POST', '/offer-templates', validInput(overrides));
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(errorsOf(response))).toContain(field);
    expect(await server.db.select({ id: offerTemplates.id }).from(offerTemplates)).toHaveLength(before.length);
  });

  it('a recurrent template needs its pattern; an exclusive one takes none', async () => {
    const missing = await call(ROOT, 'POST', '/offer-templates', validInput({ offerType: 'RECURRENT' }));
    expect(errorsOf(missing)).toEqual({ reccurrencePattern: OFFER_TEMPLATE_PROBLEMS.patternRequired });
    const extra = await call(ROOT, 'POST', '/offer-templates', validInput({ reccurrencePattern: 'WEEKLY' }));
    expect(errorsOf(extra)).toEqual({ reccurrencePattern: OFFER_TEMPLATE_PROBLEMS.patternOnlyRecurrent });
    const weekly = await create(ROOT, { offerType: 'RECURRENT', reccurrencePattern: 'WEEKLY' });
    expect(weekly).toMatchObject({ offerType: 'RECURRENT', reccurrencePattern: 'WEEKLY' });
  });

  it('a template has one owner at most, and an unknown one is a 400 on its field', async () => {
    const both = await call(
      ROOT,
      'POST',
      '/offer-templates',
      validInput({ establishmentId: ids.firstEstablishment, promoterGroupId: ids.firstGroup }),
    );
    expect(errorsOf(both)).toEqual({ promoterGroupId: OFFER_TEMPLATE_PROBLEMS.oneOwner });
    const unknown = await call(ROOT, 'POST', '/offer-templates', validInput({ establishmentId: 999_999 }));
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(errorsOf(unknown))).toEqual(['establishmentId']);
  });

  it('rich text is sanitised on the server; a blank plain description is filled from it', async () => {
    const created = await create(ROOT, {
      htmlLongTitle: '<b>Free</b> entry<script>alert(1)</script>',
      htmlShortTitle: '<i onclick="x()">Free</i>',
      htmlDescription: '<p>Show the <a href="javascript:alert(1)">app</a> at the door<img src=x onerror=alert(1)></p>',
    });
    expect(created.htmlLongTitle).toBe('<b>Free</b> entry');
    expect(created.htmlShortTitle).toBe('<i>Free</i>');
    expect(created.htmlDescription).not.toMatch(/javascript|onerror|<img|<script/);
    expect(created.description).toBe('Show the app at the door');
  });

  it('defaults: a new template is a DRAFT; the approval fields of the body are ignored', async () => {
    const created = await create(ROOT, { approvalStatus: 'REJECTED', requestedBy: 1, decidedBy: 1 });
    const root = await userRow(server.db, ROOT);
    expect(created).toMatchObject({
      visibility: 'DRAFT',
      approvalStatus: 'APPROVED',
      requestedBy: null,
      requestedAt: null,
      decidedBy: root.id,
      promotionTemplateId: created.id,
      version: 1,
    });
  });

  it('PUT needs the version read; a stale one is a 409', async () => {
    const created = await create(ROOT);
    const { version: _version, ...withoutVersion } = created;
    expect((await call(ROOT, 'PUT', `/offer-templates/${created.id}`, withoutVersion)).statusCode).toBe(400);
    const saved = await call(ROOT, 'PUT', `/offer-templates/${created.id}`, { ...created, shortTitle: 'New' });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await call(ROOT, 'PUT', `/offer-templates/${created.id}`, { ...created, shortTitle: 'Again' });
    expect(stale.statusCode).toBe(409);
  });
});

describe('scopes', () => {
  it('every account lists exactly the templates its role and scope reach', async () => {
    const shared = await create(ROOT, { visibility: 'PUBLISHED' });
    const sharedDraft = await create(ROOT);
    const rows = await server.db.select().from(offerTemplates);
    for (const email of DEMO_EMAILS) {
      const viewer = await viewerOf(server.db, email);
      const response = await call(email, 'GET', '/offer-templates?range=[0,999]');
      if (!['ROOT', 'COORDINATOR_ADMIN_FULL', 'ADMIN', 'PROMOTER', 'COORDINATOR'].includes(viewer.roleKey)) {
        expect(response.statusCode, email).toBe(403);
        continue;
      }
      const seen = response.json<OfferTemplate[]>().map((record) => record.id);
      const expected = rows
        .filter((row) => {
          const platformWide = row.establishmentId === null && row.promoterGroupId === null;
          if (platformWide && row.approvalStatus === 'APPROVED' && row.visibility === 'PUBLISHED') return true;
          return isInScope(
            viewer,
            'OFFER_TEMPLATE',
            {
              establishmentIds: row.establishmentId === null ? [] : [row.establishmentId],
              promoterGroupIds: row.promoterGroupId === null ? [] : [row.promoterGroupId],
            },
            'read',
          );
        })
        .map((row) => row.id);
      expect(
        seen.sort((a, b) => a - b),
        email,
      ).toEqual(expected.sort((a, b) => a - b));
      expect(seen).toContain(shared.id);
      if (!['ROOT', 'COORDINATOR_ADMIN_FULL'].includes(viewer.roleKey)) {
        expect(seen, email).not.toContain(sharedDraft.id);
        expect((await call(email, 'GET', `/offer-templates/${sharedDraft.id}`)).statusCode).toBe(404);
      }
    }
  });

  it("a partner never reads another partner's templates, nor the seeded rejected request of another group", async () => {
    const [rejected] = await server.db
      .select()
      .from(offerTemplates)
      .where(and(eq(offerTemplates.promoterGroupId, ids.secondGroup), eq(offerTemplates.approvalStatus, 'REJECTED')));
    expect((await call('promoter@demo.ch', 'GET', `/offer-templates/${rejected.id}`)).statusCode).toBe(404);
    expect((await call('promoter2@demo.ch', 'GET', `/offer-templates/${rejected.id}`)).statusCode).toBe(200);
    expect((await call('admin@demo.ch', 'GET', `/offer-templates/${rejected.id}`)).statusCode).toBe(404);
  });

  it('filters, search and sorts', async () => {
    const word = `Zebra${randomUUID().slice(0, 6)}`;
    const recurrent = await create(ROOT, {
      longTitle: `${word} nights`,
      offerType: 'RECURRENT',
      reccurrencePattern: 'DAILY',
      establishmentId: ids.secondEstablishment,
      visibility: 'PUBLISHED',
    });
    const exclusive = await create(ROOT, { longTitle: `A ${word} bar`, promoterGroupId: ids.firstGroup });
    expect(await listIds(ROOT, { q: word.toLowerCase() }, ['longTitle', 'ASC'])).toEqual([exclusive.id, recurrent.id]);
    expect(await listIds(ROOT, { q: word }, ['longTitle', 'DESC'])).toEqual([recurrent.id, exclusive.id]);
    expect(await listIds(ROOT, { q: word, offerType: 'RECURRENT' })).toEqual([recurrent.id]);
    expect(await listIds(ROOT, { q: word, visibility: 'DRAFT' })).toEqual([exclusive.id]);
    expect(await listIds(ROOT, { q: word, establishmentId: ids.secondEstablishment })).toEqual([recurrent.id]);
    expect(await listIds(ROOT, { q: word, promoterGroupId: ids.firstGroup })).toEqual([exclusive.id]);
    expect(await listIds(ROOT, { q: word, approvalStatus: ['PENDING', 'REJECTED'] })).toEqual([]);
    expect(await listIds(ROOT, { q: word, platformWide: false })).toHaveLength(2);
    expect(await listIds(ROOT, { q: word, isRequest: false })).toHaveLength(2);
    expect(await listIds(ROOT, { q: word, isRequest: true })).toEqual([]);
    const pending = await listIds(ROOT, { approvalStatus: 'PENDING' }, ['requestedAt', 'ASC']);
    const rows = await server.db.select().from(offerTemplates).where(eq(offerTemplates.approvalStatus, 'PENDING'));
    expect(pending).toHaveLength(rows.length);
    const bad = await call(ROOT, 'GET', `/offer-templates?filter=${jsonParam({ approvalStatus: 'MAYBE' })}`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('template requests', () => {
  it('a partner request lands PENDING on its own scope, as a draft, with the requester', async () => {
    const admin = await userRow(server.db, 'admin@demo.ch');
    const request = await create('admin@demo.ch', { visibility: 'PUBLISHED' });
    expect(request).toMatchObject({
      approvalStatus: 'PENDING',
      visibility: 'DRAFT',
      establishmentId: ids.firstEstablishment,
      promoterGroupId: null,
      requestedBy: admin.id,
      decidedBy: null,
    });
    expect(request.requestedAt).toEqual(expect.any(String));
    const group = await create('promoter@demo.ch');
    expect(group).toMatchObject({ promoterGroupId: ids.firstGroup, establishmentId: null });
    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'offer-templates'), eq(auditLog.recordId, String(request.id))));
    expect(audit).toMatchObject({ action: 'CREATE' });
  });

  it("a partner cannot request for another's establishment or group (403 on the field)", async () => {
    const other = await call(
      'admin@demo.ch',
      'POST',
      '/offer-templates',
      validInput({ establishmentId: ids.secondEstablishment }),
    );
    expect(other.statusCode).toBe(403);
    expect(errorsOf(other)).toEqual({ establishmentId: OFFER_TEMPLATE_PROBLEMS.ownScopeOnly });
    const group = await call(
      'admin@demo.ch',
      'POST',
      '/offer-templates',
      validInput({ promoterGroupId: ids.firstGroup }),
    );
    expect(group.statusCode).toBe(403);
    expect(errorsOf(group)).toEqual({ promoterGroupId: OFFER_TEMPLATE_PROBLEMS.ownScopeOnly });
    const limited = await call('coordinator-limited@demo.ch', 'POST', '/offer-templates', validInput());
    expect(limited.statusCode).toBe(403);
    expect((await call('customer@demo.ch', 'POST', '/offer-templates', validInput())).statusCode).toBe(403);
  });

  it('the partner edits its request while it waits, never after the decision, never deletes it', async () => {
    const request = await create('admin@demo.ch');
    const edited = await call('admin@demo.ch', 'PUT', `/offer-templates/${request.id}`, {
      ...request,
      shortTitle: 'Edited',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<OfferTemplate>()).toMatchObject({ shortTitle: 'Edited', approvalStatus: 'PENDING' });
    expect((await call('admin@demo.ch', 'DELETE', `/offer-templates/${request.id}`)).statusCode).toBe(403);
    const approved = await call(ROOT, 'POST', `/offer-templates/${request.id}/approve`, {});
    expect(approved.statusCode).toBe(200);
    const after = approved.json<OfferTemplate>();
    const refused = await call('admin@demo.ch', 'PUT', `/offer-templates/${request.id}`, {
      ...after,
      shortTitle: 'Again',
    });
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toBe(OFFER_TEMPLATE_PROBLEMS.onlyPendingRequest);
  });

  it("a partner changes none of the platform's shared templates it reads", async () => {
    const shared = await create(ROOT, { visibility: 'PUBLISHED' });
    const response = await call('admin@demo.ch', 'PUT', `/offer-templates/${shared.id}`, {
      ...shared,
      shortTitle: 'Mine',
    });
    expect(response.statusCode).toBe(403);
    const visibility = await call('admin@demo.ch', 'POST', '/offer-templates/visibility', {
      ids: [shared.id],
      visibility: 'DRAFT',
    });
    expect(visibility.json<{ results: { ok: boolean }[] }>().results[0].ok).toBe(false);
  });

  it('approval: only the platform decides; the requester is told (and mailed at once)', async () => {
    const request = await create('admin@demo.ch', { longTitle: 'Zwei für eins' });
    for (const email of ['admin@demo.ch', 'coordinator@demo.ch']) {
      expect((await call(email, 'POST', `/offer-templates/${request.id}/approve`, {})).statusCode, email).toBe(403);
    }
    // Out of the promoter's read scope: the request does not exist for it.
    expect((await call('promoter@demo.ch', 'POST', `/offer-templates/${request.id}/approve`, {})).statusCode).toBe(404);
    const response = await call(FULL, 'POST', `/offer-templates/${request.id}/approve`, { reason: 'Gerne' });
    expect(response.statusCode, response.body).toBe(200);
    const full = await userRow(server.db, FULL);
    expect(response.json<OfferTemplate>()).toMatchObject({
      id: request.id,
      approvalStatus: 'APPROVED',
      visibility: 'PUBLISHED',
      approvalReason: 'Gerne',
      decidedBy: full.id,
      version: request.version + 1,
    });
    const told = (await notificationsAbout(request.id)).filter((row) => row.kind !== 'ASK_AWAITING');
    expect(told).toEqual([
      {
        to: 'admin@demo.ch',
        kind: 'TEMPLATE_REQUEST_APPROVED',
        params: { title: request.shortTitle },
        mailMode: 'NOW',
      },
    ]);
  });

  it('a request tells the platform’s deciders, and nobody else', async () => {
    const request = await create('coordinator@demo.ch', { longTitle: 'Late entry' });
    const told = await notificationsAbout(request.id);
    const deciders = await server.db
      .select({ email: users.email })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(users.isActive, true), inArray(roles.key, ['ROOT', 'COORDINATOR_ADMIN_FULL'])));
    expect(told.map((row) => row.to).sort()).toEqual(deciders.map((row) => row.email).sort());
    expect(told.map((row) => row.to)).toContain(ROOT);
    expect(told.map((row) => row.to)).toContain(FULL);
    for (const row of told) {
      expect(row).toMatchObject({
        kind: 'ASK_AWAITING',
        params: { askKind: 'TEMPLATE_REQUEST', title: request.shortTitle },
      });
    }
    // Changing the waiting request tells nobody again; the platform's own templates are no requests.
    const changed = await call('coordinator@demo.ch', 'PUT', `/offer-templates/${request.id}`, {
      ...request,
      description: 'Changed',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await notificationsAbout(request.id)).toHaveLength(told.length);
    const own = await create(ROOT);
    expect(await notificationsAbout(own.id)).toEqual([]);
  });

  it('rejection needs a reason; the requester is told it; deciding again is a 409', async () => {
    const request = await create('promoter@demo.ch', { longTitle: 'Guest list' });
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(OFFER_TEMPLATE_LIMITS.reason + 1) }]) {
      const response = await call(ROOT, 'POST', `/offer-templates/${request.id}/reject`, body);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(errorsOf(response))).toEqual(['reason']);
    }
    const rejected = await call(ROOT, 'POST', `/offer-templates/${request.id}/reject`, { reason: 'Not for minors' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<OfferTemplate>()).toMatchObject({
      approvalStatus: 'REJECTED',
      approvalReason: 'Not for minors',
    });
    const told = (await notificationsAbout(request.id)).filter((row) => row.kind !== 'ASK_AWAITING');
    expect(told).toEqual([
      {
        to: 'promoter@demo.ch',
        kind: 'TEMPLATE_REQUEST_REJECTED',
        params: { title: request.shortTitle, reason: 'Not for minors' },
        mailMode: 'NOW',
      },
    ]);
    for (const action of ['approve', 'reject']) {
      const again = await call(ROOT, 'POST', `/offer-templates/${request.id}/${action}`, { reason: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe(TEMPLATE_REQUEST_ERROR_CODES.alreadyDecided);
    }
    const stale = await create('promoter@demo.ch');
    const edited = await call('promoter@demo.ch', 'PUT', `/offer-templates/${stale.id}`, stale);
    expect(edited.statusCode).toBe(200);
    const conflict = await call(ROOT, 'POST', `/offer-templates/${stale.id}/approve`, { version: stale.version });
    expect(conflict.statusCode).toBe(409);
    expect(messageOf(conflict)).toBe(RESOURCE_ERROR_CODES.editConflict);
  });

  it('an approval and a rejection sent together: exactly one wins, and the requester is told once', async () => {
    for (let round = 0; round < 5; round++) {
      const request = await create('admin2@demo.ch');
      const [approve, reject] = await Promise.all([
        call(ROOT, 'POST', `/offer-templates/${request.id}/approve`, {}),
        call(FULL, 'POST', `/offer-templates/${request.id}/reject`, { reason: 'Too late' }),
      ]);
      const statuses = [approve.statusCode, reject.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const winner = approve.statusCode === 200 ? 'APPROVED' : 'REJECTED';
      const [row] = await server.db.select().from(offerTemplates).where(eq(offerTemplates.id, request.id));
      expect(row.approvalStatus).toBe(winner);
      const audits = await server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.resource, 'offer-templates'), eq(auditLog.recordId, String(request.id))));
      expect(audits.map((audit) => audit.action).sort()).toEqual(['CREATE', 'UPDATE']);
      const decisions = (await notificationsAbout(request.id)).filter((row) => row.kind !== 'ASK_AWAITING');
      expect(decisions).toEqual([
        expect.objectContaining({ to: 'admin2@demo.ch', kind: `TEMPLATE_REQUEST_${winner}` }),
      ]);
    }
  });

  it('a template the platform made is no request: approving it is a 409, and nobody is told', async () => {
    const created = await create(ROOT);
    const response = await call(ROOT, 'POST', `/offer-templates/${created.id}/approve`, {});
    expect(response.statusCode).toBe(409);
    const updated = await call(ROOT, 'PUT', `/offer-templates/${created.id}`, { ...created, shortTitle: 'Changed' });
    expect(updated.statusCode).toBe(200);
    expect(await notificationsAbout(created.id)).toEqual([]);
  });

  it('a pending request is published only by approving it', async () => {
    const request = await create('admin@demo.ch');
    const response = await call(ROOT, 'POST', '/offer-templates/visibility', {
      ids: [request.id],
      visibility: 'PUBLISHED',
    });
    expect(response.json<{ results: { ok: boolean }[] }>().results[0].ok).toBe(false);
    const saved = await call(ROOT, 'PUT', `/offer-templates/${request.id}`, { ...request, visibility: 'PUBLISHED' });
    expect(saved.json<OfferTemplate>().visibility).toBe('DRAFT');
  });
});

describe('the decisions, for every demo account', () => {
  /**
   * What domain/access.ts says a decision on a request of the first establishment must answer: the update
   * permission, then the record's read scope (404) and write scope (403), then only the platform decides (403).
   */
  const expectedDecisionStatus = async (email: string): Promise<number> => {
    const viewer = await viewerOf(server.db, email);
    if (!hasPermission(viewer.roleKeys, 'OFFER_TEMPLATE', 'update')) return 403;
    const ownership = { establishmentIds: [ids.firstEstablishment], promoterGroupIds: [] };
    if (!isInScope(viewer, 'OFFER_TEMPLATE', ownership, 'read')) return 404;
    if (!isInScope(viewer, 'OFFER_TEMPLATE', ownership, 'write')) return 403;
    return decidesTemplates(viewer.roleKeys) ? 200 : 403;
  };

  it.each(DEMO_EMAILS.flatMap((email) => [[email, 'approve'] as const, [email, 'reject'] as const]))(
    '%s: %s',
    async (email, decision) => {
      const request = await create('admin@demo.ch');
      const response = await call(email, 'POST', `/offer-templates/${request.id}/${decision}`, { reason: 'Because' });
      const expected = await expectedDecisionStatus(email);
      expect(response.statusCode, response.body).toBe(expected);
      const [row] = await server.db.select().from(offerTemplates).where(eq(offerTemplates.id, request.id));
      expect(row.approvalStatus).toBe(
        expected === 200 ? (decision === 'approve' ? 'APPROVED' : 'REJECTED') : 'PENDING',
      );
    },
  );
});
