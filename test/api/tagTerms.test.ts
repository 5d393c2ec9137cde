import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission } from '../../domain/access';
import type { RoleKey } from '../../domain/roles';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import { PARTNER_LIMITS } from '../../domain/partner';
import type { Tag } from '../../domain/tag';
import {
  TAG_TERM_ERROR_CODES,
  type TagAssignmentReply,
  type TagMergeReply,
  type TagTerm,
  type TaggedResource,
} from '../../domain/tagTerms';
import {
  auditLog,
  establishments,
  establishmentTags,
  events,
  eventTags,
  promoterGroups,
  promoterGroupTags,
  tags,
} from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/seed/accounts';
import {
  DEMO_EMAILS,
  errorsOf,
  jsonParam,
  signIn,
  startTestServer,
  totalOf,
  userRow,
  type TestServer,
} from './harness';

/**
 * Tag terms (docs/tag-terms.md): the counts per tag and the missing translations, the list's filters and sorts,
 * merging two tags with records in several scopes, putting a tag on and taking it off many records, the
 * `tagIds` and `untagged` filters of the records' lists, parallel writes, and who may do what.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const ids = { firstEstablishment: 0, secondEstablishment: 0, firstGroup: 0, secondGroup: 0 };
const ROOT = 'root@demo.ch';
const FULL = 'coordinator-full@demo.ch';

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

const LINKS = {
  establishments: { table: establishmentTags, owner: establishmentTags.establishmentId, tag: establishmentTags.tagId },
  promoters: { table: promoterGroupTags, owner: promoterGroupTags.promoterGroupId, tag: promoterGroupTags.tagId },
  events: { table: eventTags, owner: eventTags.eventId, tag: eventTags.tagId },
} as const;
const RECORDS = {
  establishments: { table: establishments, id: establishments.id, version: establishments.version },
  promoters: { table: promoterGroups, id: promoterGroups.id, version: promoterGroups.version },
  events: { table: events, id: events.id, version: events.version },
} as const;
/** Where each kind's record carries its tag ids. */
const tagIdsIn = (resource: TaggedResource, record: Record<string, unknown>): number[] => {
  const section = (resource === 'events' ? record.descriptionAndMedia : record.additionalInfos) as {
    tagTerms: number[];
  };
  return section.tagTerms;
};

async function createTag(translation: Record<string, string> = {}, category = 'Tag terms test'): Promise<Tag> {
  const response = await call(ROOT, 'POST', '/tags', {
    generalInfos: { tagName: `Term ${randomUUID().slice(0, 8)}`, category },
    translation,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Tag>();
}

async function assign(tagId: number, resource: TaggedResource, recordIds: number[], email = ROOT) {
  const response = await call(email, 'POST', `/tags/${tagId}/assign`, { resource, ids: recordIds });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TagAssignmentReply>();
}

async function term(id: number): Promise<TagTerm> {
  const response = await call(ROOT, 'GET', `/tag-terms/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TagTerm>();
}

const listTerms = async (
  filter: object,
  sort: [string, string] = ['id', 'ASC'],
  range: [number, number] = [0, 999],
) => {
  const response = await call(
    ROOT,
    'GET',
    `/tag-terms?filter=${jsonParam(filter)}&sort=${jsonParam(sort)}&range=${jsonParam(range)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return { terms: response.json<TagTerm[]>(), total: totalOf(response) };
};

const linksOf = async (resource: TaggedResource, tagId: number) => {
  const link = LINKS[resource];
  const rows = await server.db
    .select({ owner: link.owner })
    .from(link.table)
    .where(eq(link.tag, tagId))
    .orderBy(asc(link.owner));
  return rows.map((row) => row.owner);
};

const tagsOfEvent = async (eventId: number) =>
  (await server.db.select({ tag: eventTags.tagId }).from(eventTags).where(eq(eventTags.eventId, eventId))).map(
    (row) => row.tag,
  );

const versionsOf = async (resource: TaggedResource, recordIds: number[]) => {
  const record = RECORDS[resource];
  const rows = await server.db
    .select({ id: record.id, version: record.version })
    .from(record.table)
    .where(inArray(record.id, recordIds));
  return Object.fromEntries(rows.map((row) => [row.id, row.version]));
};

const eventIdsOf = async (establishmentId: number, howMany: number) =>
  (
    await server.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.establishmentId, establishmentId))
      .orderBy(asc(events.id))
      .limit(howMany)
  ).map((row) => row.id);

/** Events of any venue, oldest first. */
const anyEventIds = async (howMany: number) =>
  (await server.db.select({ id: events.id }).from(events).orderBy(asc(events.id)).limit(howMany)).map((row) => row.id);

const auditRowsOf = (resource: string, recordId: number, action: string) =>
  server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, resource), eq(auditLog.recordId, String(recordId)), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));

/** The ASSIGN_TAG or UNASSIGN_TAG rows of one record that put this tag on it or took it off. */
async function assignmentsOf(resource: TaggedResource, recordId: number, tagId: number, action: string) {
  const rows = await auditRowsOf(resource, recordId, action);
  return rows.filter((row) => {
    const change = Object.values(row.changes)[0] as { before: number[]; after: number[] };
    return change.before.includes(tagId) !== change.after.includes(tagId);
  });
}

describe('GET /tag-terms', () => {
  it('counts the records of each kind carrying each tag, of any visibility, as the link tables hold them', async () => {
    const { terms, total } = await listTerms({});
    const [{ tagCount }] = await server.db.select({ tagCount: count() }).from(tags);
    expect(total).toBe(tagCount);
    expect(terms).toHaveLength(tagCount);
    const countsOf = async (resource: TaggedResource) => {
      const link = LINKS[resource];
      const rows = await server.db.select({ tag: link.tag, n: count() }).from(link.table).groupBy(link.tag);
      return new Map(rows.map((row) => [row.tag, row.n]));
    };
    const [byEstablishment, byGroup, byEvent] = await Promise.all([
      countsOf('establishments'),
      countsOf('promoters'),
      countsOf('events'),
    ]);
    expect(terms.some((one) => one.events > 0 && one.establishments > 0)).toBe(true);
    for (const one of terms) {
      expect(one.establishments, one.tagName).toBe(byEstablishment.get(one.id) ?? 0);
      expect(one.promoterGroups, one.tagName).toBe(byGroup.get(one.id) ?? 0);
      expect(one.events, one.tagName).toBe(byEvent.get(one.id) ?? 0);
    }
  });

  it('counts a new tag on drafts and published records of every scope, and names its missing languages', async () => {
    const tag = await createTag({ english: 'Rooftop', french: 'Toit-terrasse' });
    expect(await term(tag.id)).toEqual({
      id: tag.id,
      tagName: tag.generalInfos.tagName,
      category: 'Tag terms test',
      establishments: 0,
      promoterGroups: 0,
      events: 0,
      missingTranslations: ['de', 'it'],
    });
    const [draftEvent] = (
      await server.db.select({ id: events.id }).from(events).where(eq(events.visibility, 'DRAFT')).limit(1)
    ).map((row) => row.id);
    const eventIds = [
      ...(await eventIdsOf(ids.firstEstablishment, 1)),
      ...(await eventIdsOf(ids.secondEstablishment, 1)),
    ];
    if (draftEvent && !eventIds.includes(draftEvent)) eventIds.push(draftEvent);
    await assign(tag.id, 'establishments', [ids.firstEstablishment, ids.secondEstablishment]);
    await assign(tag.id, 'promoters', [ids.secondGroup]);
    await assign(tag.id, 'events', eventIds);
    expect(await term(tag.id)).toMatchObject({ establishments: 2, promoterGroups: 1, events: eventIds.length });
  });

  it('filters by name or any translation, category, missing translation, unused, and ids', async () => {
    const stamp = randomUUID().slice(0, 8);
    const complete = await createTag(
      { english: `Glow ${stamp}`, french: 'Lueur', german: 'Leuchten', italian: 'Bagliore' },
      `Cat ${stamp}`,
    );
    const lacksGerman = await createTag({ english: 'x', french: 'y', italian: `Cupola ${stamp}` }, `Cat ${stamp}`);
    const bare = await createTag({}, `Cat ${stamp} other`);
    await assign(complete.id, 'establishments', [ids.firstEstablishment]);
    const idsOf = (terms: TagTerm[]) => terms.map((one) => one.id);

    expect(idsOf((await listTerms({ q: `cupola ${stamp}` })).terms)).toEqual([lacksGerman.id]);
    expect(idsOf((await listTerms({ q: complete.generalInfos.tagName })).terms)).toEqual([complete.id]);
    expect(idsOf((await listTerms({ category: `cat ${stamp}` })).terms)).toEqual([
      complete.id,
      lacksGerman.id,
      bare.id,
    ]);
    const byCategory = (filter: object) => listTerms({ category: `Cat ${stamp}`, ...filter });
    expect(idsOf((await byCategory({ missingTranslation: true })).terms)).toEqual([lacksGerman.id, bare.id]);
    expect(idsOf((await byCategory({ missingTranslation: 'de' })).terms)).toEqual([lacksGerman.id, bare.id]);
    expect(idsOf((await byCategory({ missingTranslation: 'it' })).terms)).toEqual([bare.id]);
    expect(idsOf((await byCategory({ unused: true })).terms)).toEqual([lacksGerman.id, bare.id]);
    const unused = await byCategory({ unused: true });
    expect(unused.total).toBe(2);
    expect(unused.terms.every((one) => one.establishments + one.promoterGroups + one.events === 0)).toBe(true);
    expect(idsOf((await listTerms({ id: [bare.id, complete.id] })).terms)).toEqual([complete.id, bare.id]);

    for (const filter of [{ colour: 'red' }, { missingTranslation: 'xx' }, { unused: 'yes' }]) {
      const response = await call(ROOT, 'GET', `/tag-terms?filter=${jsonParam(filter)}`);
      expect(response.statusCode, JSON.stringify(filter)).toBe(400);
      expect(Object.keys(errorsOf(response))[0]).toMatch(/^filter\./);
    }
    expect((await call(ROOT, 'GET', `/tag-terms?sort=${jsonParam(['category', 'ASC'])}`)).statusCode).toBe(400);
  });

  it('sorts by each count (the tag id breaking ties) and by name, a page at a time with the total', async () => {
    const { terms: all } = await listTerms({});
    for (const field of ['establishments', 'promoterGroups', 'events'] as const) {
      for (const order of ['ASC', 'DESC'] as const) {
        const expected = [...all]
          .sort((first, second) => first[field] - second[field] || first.id - second.id)
          .map((one) => one.id);
        if (order === 'DESC') expected.reverse();
        const { terms } = await listTerms({}, [field, order]);
        expect(
          terms.map((one) => one.id),
          `${field} ${order}`,
        ).toEqual(expected);
        const page = await call(ROOT, 'GET', `/tag-terms?sort=${jsonParam([field, order])}&range=${jsonParam([2, 4])}`);
        expect(page.json<TagTerm[]>().map((one) => one.id)).toEqual(expected.slice(2, 5));
        expect(page.headers['content-range']).toBe(`tag-terms 2-4/${all.length}`);
      }
    }
    const byName = (await listTerms({}, ['tagName', 'ASC'])).terms.map((one) => one.tagName.toLowerCase());
    expect(byName).toEqual([...byName].sort((first, second) => (first < second ? -1 : first > second ? 1 : 0)));
    const empty = await call(ROOT, 'GET', `/tag-terms?range=${jsonParam([5000, 5009])}`);
    expect(empty.headers['content-range']).toBe(`tag-terms */${all.length}`);
  });

  it('answers 404 for an unknown tag and 400 for an id that is no id', async () => {
    expect((await call(ROOT, 'GET', '/tag-terms/999999')).statusCode).toBe(404);
    expect((await call(ROOT, 'GET', '/tag-terms/0x10')).statusCode).toBe(400);
  });
});

describe('POST /tags/:id/merge-into/:targetId', () => {
  it('moves every link of the removed tag to the kept one, in every scope, once per record', async () => {
    const removed = await createTag({ english: 'Terrace', german: 'Terrasse' });
    const kept = await createTag({ english: 'Outdoor seating' });
    const [firstVenueEvent] = await eventIdsOf(ids.firstEstablishment, 1);
    const otherVenueEvents = await eventIdsOf(ids.secondEstablishment, 2);
    // The removed tag: two venues, a promoter group, events of both venues. The kept tag: the first venue and
    // one event of the other venue (they carry both) and the second promoter group (it carries the kept only).
    await assign(removed.id, 'establishments', [ids.firstEstablishment, ids.secondEstablishment]);
    await assign(removed.id, 'promoters', [ids.firstGroup]);
    await assign(removed.id, 'events', [firstVenueEvent, ...otherVenueEvents]);
    await assign(kept.id, 'establishments', [ids.firstEstablishment]);
    await assign(kept.id, 'events', [otherVenueEvents[0]]);
    await assign(kept.id, 'promoters', [ids.secondGroup]);

    const carriers = {
      establishments: [ids.firstEstablishment, ids.secondEstablishment],
      promoters: [ids.firstGroup],
      events: [firstVenueEvent, ...otherVenueEvents],
    };
    const versionsBefore = {
      establishments: await versionsOf('establishments', carriers.establishments),
      promoters: await versionsOf('promoters', [ids.firstGroup, ids.secondGroup]),
      events: await versionsOf('events', carriers.events),
    };

    const response = await call(ROOT, 'POST', `/tags/${removed.id}/merge-into/${kept.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json<TagMergeReply>();
    expect(reply.removedTagId).toBe(removed.id);
    expect(reply.moved).toEqual({ establishments: 1, promoterGroups: 1, events: 2 });
    expect(reply.kept).toEqual({
      id: kept.id,
      tagName: kept.generalInfos.tagName,
      category: 'Tag terms test',
      establishments: 2,
      promoterGroups: 2,
      events: 3,
      // German came from the removed tag; the kept tag's own English stays.
      missingTranslations: ['fr', 'it'],
    });

    expect((await call(ROOT, 'GET', `/tags/${removed.id}`)).statusCode).toBe(404);
    expect((await call(ROOT, 'GET', `/tag-terms/${removed.id}`)).statusCode).toBe(404);
    const keptTag = (await call(ROOT, 'GET', `/tags/${kept.id}`)).json<Tag>();
    expect(keptTag.translation).toMatchObject({ english: 'Outdoor seating', german: 'Terrasse' });
    expect(keptTag.version).toBe(kept.version + 1);
    for (const resource of ['establishments', 'promoters', 'events'] as const) {
      expect(await linksOf(resource, removed.id)).toEqual([]);
    }
    expect(await linksOf('establishments', kept.id)).toEqual([...carriers.establishments].sort((a, b) => a - b));
    expect(await linksOf('promoters', kept.id)).toEqual([ids.firstGroup, ids.secondGroup].sort((a, b) => a - b));
    expect(await linksOf('events', kept.id)).toEqual([...carriers.events].sort((a, b) => a - b));

    // Each record that carried the removed tag has a new version; the group that carried the kept one only not.
    const versionsAfter = {
      establishments: await versionsOf('establishments', carriers.establishments),
      promoters: await versionsOf('promoters', [ids.firstGroup, ids.secondGroup]),
      events: await versionsOf('events', carriers.events),
    };
    for (const id of carriers.establishments)
      expect(versionsAfter.establishments[id]).toBe(versionsBefore.establishments[id] + 1);
    for (const id of carriers.events) expect(versionsAfter.events[id]).toBe(versionsBefore.events[id] + 1);
    expect(versionsAfter.promoters[ids.firstGroup]).toBe(versionsBefore.promoters[ids.firstGroup] + 1);
    expect(versionsAfter.promoters[ids.secondGroup]).toBe(versionsBefore.promoters[ids.secondGroup]);

    // Each record shows the kept tag in its own GET, to its owner as to ROOT.
    const venue = await call('admin@demo.ch', 'GET', `/establishments/${ids.firstEstablishment}`);
    expect(tagIdsIn('establishments', venue.json())).toContain(kept.id);
    expect(tagIdsIn('establishments', venue.json())).not.toContain(removed.id);
    expect(venue.json<{ tagTerms: Record<string, string> }>().tagTerms[String(kept.id)]).toBe(
      kept.generalInfos.tagName,
    );
    const group = await call('promoter@demo.ch', 'GET', `/promoters/${ids.firstGroup}`);
    expect(tagIdsIn('promoters', group.json())).toContain(kept.id);
    const otherEvent = await call('admin2@demo.ch', 'GET', `/events/${otherVenueEvents[1]}`);
    expect(otherEvent.statusCode, otherEvent.body).toBe(200);
    expect(tagIdsIn('events', otherEvent.json())).toContain(kept.id);
    expect(otherEvent.json<{ version: number }>().version).toBe(versionsAfter.events[otherVenueEvents[1]]);

    const [mergeRow] = await auditRowsOf('tags', removed.id, 'MERGE');
    expect(mergeRow.actorEmail).toBe(ROOT);
    expect(mergeRow.changes['mergedInto.id']).toEqual({ before: null, after: kept.id });
    expect(mergeRow.changes['generalInfos.tagName']).toEqual({ before: removed.generalInfos.tagName, after: null });
    expect(await auditRowsOf('tags', kept.id, 'UPDATE')).toHaveLength(1);
  });

  it('refuses a tag merged into itself, an unknown tag on either side, ids that are no ids and a body', async () => {
    const tag = await createTag();
    const itself = await call(ROOT, 'POST', `/tags/${tag.id}/merge-into/${tag.id}`);
    expect(itself.statusCode).toBe(400);
    expect(messageOf(itself)).toBe(TAG_TERM_ERROR_CODES.mergeIntoItself);
    expect((await call(ROOT, 'POST', `/tags/999999/merge-into/${tag.id}`)).statusCode).toBe(404);
    expect((await call(ROOT, 'POST', `/tags/${tag.id}/merge-into/999999`)).statusCode).toBe(404);
    expect((await call(ROOT, 'POST', `/tags/${tag.id}/merge-into/abc`)).statusCode).toBe(400);
    const withBody = await call(ROOT, 'POST', `/tags/${tag.id}/merge-into/${(await createTag()).id}`, { force: true });
    expect(withBody.statusCode).toBe(400);
    expect((await call(ROOT, 'GET', `/tags/${tag.id}`)).statusCode).toBe(200);
  });

  it('of two merges of one tag at once, one wins and the other answers 404; no link is lost', async () => {
    const removed = await createTag();
    const [first, second] = [await createTag(), await createTag()];
    const eventIds = await anyEventIds(3);
    await assign(removed.id, 'events', eventIds);
    await assign(removed.id, 'establishments', [ids.secondEstablishment]);
    const answers = await Promise.all([
      call(ROOT, 'POST', `/tags/${removed.id}/merge-into/${first.id}`),
      call(FULL, 'POST', `/tags/${removed.id}/merge-into/${second.id}`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    const winner = answers[0].statusCode === 200 ? first : second;
    const loser = winner === first ? second : first;
    expect(await linksOf('events', winner.id)).toEqual([...eventIds].sort((a, b) => a - b));
    expect(await linksOf('establishments', winner.id)).toEqual([ids.secondEstablishment]);
    expect(await linksOf('events', loser.id)).toEqual([]);
    expect(await auditRowsOf('tags', removed.id, 'MERGE')).toHaveLength(1);
  });

  it('a merge racing the records own PUTs that link either tag loses no link and answers no 5xx', async () => {
    const withTag = (record: Record<string, unknown>, tagId: number) => {
      const additionalInfos = record.additionalInfos as { tagTerms: number[] };
      return { ...record, additionalInfos: { ...additionalInfos, tagTerms: [...additionalInfos.tagTerms, tagId] } };
    };
    for (let round = 0; round < 3; round += 1) {
      const [removed, kept] = [await createTag(), await createTag()];
      await assign(removed.id, 'establishments', [ids.firstEstablishment]);
      const [first, second] = await Promise.all(
        [ids.firstEstablishment, ids.secondEstablishment].map(async (id) =>
          (await call(ROOT, 'GET', `/establishments/${id}`)).json<Record<string, unknown>>(),
        ),
      );
      const [merged, putFirst, putSecond] = await Promise.all([
        call(FULL, 'POST', `/tags/${removed.id}/merge-into/${kept.id}`),
        call(ROOT, 'PUT', `/establishments/${ids.firstEstablishment}`, withTag(first, kept.id)),
        call(ROOT, 'PUT', `/establishments/${ids.secondEstablishment}`, withTag(second, removed.id)),
      ]);
      expect(merged.statusCode, merged.body).toBe(200);
      // The first venue's PUT ran before the merge (200) or found its version bumped by it (409).
      expect([200, 409], putFirst.body).toContain(putFirst.statusCode);
      // The second venue's PUT linked the removed tag before the merge (moved with it), or found it gone (400).
      expect([200, 400], putSecond.body).toContain(putSecond.statusCode);
      expect(await linksOf('establishments', removed.id)).toEqual([]);
      const keptBy = await linksOf('establishments', kept.id);
      expect(keptBy).toContain(ids.firstEstablishment);
      expect(keptBy.includes(ids.secondEstablishment)).toBe(putSecond.statusCode === 200);
    }
  });

  it('two merges into each other at once end with one tag carrying every link', async () => {
    const [left, right] = [await createTag(), await createTag()];
    const eventIds = await eventIdsOf(ids.firstEstablishment, 2);
    await assign(left.id, 'events', [eventIds[0]]);
    await assign(right.id, 'events', [eventIds[1]]);
    const answers = await Promise.all([
      call(ROOT, 'POST', `/tags/${left.id}/merge-into/${right.id}`),
      call(ROOT, 'POST', `/tags/${right.id}/merge-into/${left.id}`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    const survivor = answers[0].statusCode === 200 ? right : left;
    expect(await linksOf('events', survivor.id)).toEqual([...eventIds].sort((a, b) => a - b));
  });
});

describe('POST /tags/:id/assign and /unassign', () => {
  it('puts the tag on the records that lack it, bumps their versions and writes an audit row each', async () => {
    const tag = await createTag();
    const eventIds = await anyEventIds(3);
    expect(await assign(tag.id, 'events', [eventIds[0]])).toEqual({ tagId: tag.id, resource: 'events', changed: 1 });
    const before = await versionsOf('events', eventIds);
    expect(await assign(tag.id, 'events', eventIds, FULL)).toEqual({ tagId: tag.id, resource: 'events', changed: 2 });
    const after = await versionsOf('events', eventIds);
    expect(after[eventIds[0]]).toBe(before[eventIds[0]]);
    expect(after[eventIds[1]]).toBe(before[eventIds[1]] + 1);
    expect(after[eventIds[2]]).toBe(before[eventIds[2]] + 1);
    expect(await linksOf('events', tag.id)).toEqual([...eventIds].sort((a, b) => a - b));
    const [row] = await assignmentsOf('events', eventIds[1], tag.id, 'ASSIGN_TAG');
    expect(row.actorEmail).toBe(FULL);
    const change = row.changes['descriptionAndMedia.tagTerms'] as { before: number[]; after: number[] };
    expect(change.after).toEqual([...change.before, tag.id].sort((a, b) => a - b));
    expect(await assignmentsOf('events', eventIds[0], tag.id, 'ASSIGN_TAG')).toHaveLength(1);

    // The record's own GET shows it.
    const read = await call(ROOT, 'GET', `/events/${eventIds[1]}`);
    expect(tagIdsIn('events', read.json())).toContain(tag.id);
    expect(read.json<{ version: number }>().version).toBe(after[eventIds[1]]);

    const unassigned = await call(ROOT, 'POST', `/tags/${tag.id}/unassign`, {
      resource: 'events',
      ids: [eventIds[0], eventIds[1]],
    });
    expect(unassigned.json()).toEqual({ tagId: tag.id, resource: 'events', changed: 2 });
    expect(await linksOf('events', tag.id)).toEqual([eventIds[2]]);
    const [unassignRow] = await assignmentsOf('events', eventIds[0], tag.id, 'UNASSIGN_TAG');
    const unassignChange = unassignRow.changes['descriptionAndMedia.tagTerms'] as { before: number[]; after: number[] };
    expect(unassignChange.before).toContain(tag.id);
    expect(unassignChange.after).not.toContain(tag.id);
    const again = await call(ROOT, 'POST', `/tags/${tag.id}/unassign`, { resource: 'events', ids: [eventIds[0]] });
    expect(again.json<TagAssignmentReply>().changed).toBe(0);
  });

  it('writes the establishments and promoter groups with their audit path', async () => {
    const tag = await createTag();
    expect((await assign(tag.id, 'promoters', [ids.firstGroup, ids.secondGroup])).changed).toBe(2);
    const [row] = await assignmentsOf('promoters', ids.secondGroup, tag.id, 'ASSIGN_TAG');
    expect(row.changes['additionalInfos.tagTerms']).toBeDefined();
    expect((await assign(tag.id, 'establishments', [ids.firstEstablishment])).changed).toBe(1);
    const venue = await call('coordinator@demo.ch', 'GET', `/establishments/${ids.firstEstablishment}`);
    expect(tagIdsIn('establishments', venue.json())).toContain(tag.id);
  });

  it('refuses an unknown tag (404), unknown records (400 naming them), and bad bodies, changing nothing', async () => {
    const tag = await createTag();
    const [eventId] = await eventIdsOf(ids.firstEstablishment, 1);
    const unknownTag = await call(ROOT, 'POST', '/tags/999999/assign', { resource: 'events', ids: [eventId] });
    expect(unknownTag.statusCode).toBe(404);
    const unknownRecords = await call(ROOT, 'POST', `/tags/${tag.id}/assign`, {
      resource: 'events',
      ids: [eventId, 999998, 999999],
    });
    expect(unknownRecords.statusCode).toBe(400);
    expect(errorsOf(unknownRecords).ids).toMatch(/999998, 999999/);
    expect(await linksOf('events', tag.id)).toEqual([]);
    for (const body of [
      {},
      { resource: 'events', ids: [] },
      { resource: 'offers', ids: [1] },
      { resource: 'events', ids: [0] },
      { resource: 'events', ids: ['1'] },
      { resource: 'events', ids: [1], extra: true },
    ]) {
      const response = await call(ROOT, 'POST', `/tags/${tag.id}/assign`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const tooMany = await call(ROOT, 'POST', `/tags/${tag.id}/unassign`, {
      resource: 'events',
      ids: Array.from({ length: 1001 }, (_, index) => index + 1),
    });
    expect(errorsOf(tooMany).ids).toBeDefined();
  });

  it('refuses to give a record more tags than its form allows, naming it', async () => {
    const [newest] = (
      await server.db
        .select({ id: events.id })
        .from(events)
        .orderBy(sql`${events.id} DESC`)
        .limit(1)
    ).map((row) => row.id);
    const current = await tagsOfEvent(newest);
    const filler = await server.db
      .insert(tags)
      .values(
        Array.from({ length: PARTNER_LIMITS.tagTerms - current.length }, () => ({
          tagName: `Filler ${randomUUID().slice(0, 8)}`,
          category: 'Tag terms filler',
        })),
      )
      .returning({ id: tags.id });
    await server.db.insert(eventTags).values(filler.map((tag) => ({ eventId: newest, tagId: tag.id })));
    const extra = await createTag();
    const refused = await call(ROOT, 'POST', `/tags/${extra.id}/assign`, { resource: 'events', ids: [newest] });
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused).ids).toMatch(new RegExp(`${PARTNER_LIMITS.tagTerms}.*${newest}`));
    expect(await linksOf('events', extra.id)).toEqual([]);
    await server.db.delete(tags).where(
      inArray(
        tags.id,
        filler.map((tag) => tag.id),
      ),
    );
  });

  it('two assignments of the same records at once change each record once', async () => {
    const tag = await createTag();
    const eventIds = await anyEventIds(4);
    const before = await versionsOf('events', eventIds);
    const answers = await Promise.all([
      call(ROOT, 'POST', `/tags/${tag.id}/assign`, { resource: 'events', ids: eventIds }),
      call(FULL, 'POST', `/tags/${tag.id}/assign`, { resource: 'events', ids: [...eventIds].reverse() }),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const changed = answers.map((answer) => answer.json<TagAssignmentReply>().changed);
    expect(changed[0] + changed[1]).toBe(eventIds.length);
    expect(await linksOf('events', tag.id)).toEqual([...eventIds].sort((a, b) => a - b));
    const after = await versionsOf('events', eventIds);
    for (const id of eventIds) expect(after[id]).toBe(before[id] + 1);
    const rows = await server.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.resource, 'events'),
          eq(auditLog.action, 'ASSIGN_TAG'),
          inArray(auditLog.recordId, eventIds.map(String)),
          sql`${auditLog.changes}::text LIKE ${`%${tag.id}%`}`,
        ),
      );
    expect(rows[0].n).toBe(eventIds.length);
  });

  it('an assignment and an unassignment racing leave the records as the later one wrote them', async () => {
    const tag = await createTag();
    const groupIds = [ids.firstGroup, ids.secondGroup];
    const before = await versionsOf('promoters', groupIds);
    const [assigned, unassigned] = await Promise.all([
      call(ROOT, 'POST', `/tags/${tag.id}/assign`, { resource: 'promoters', ids: groupIds }),
      call(FULL, 'POST', `/tags/${tag.id}/unassign`, { resource: 'promoters', ids: groupIds }),
    ]);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(unassigned.statusCode, unassigned.body).toBe(200);
    const added = assigned.json<TagAssignmentReply>().changed;
    const removed = unassigned.json<TagAssignmentReply>().changed;
    expect(added).toBe(2);
    expect([0, 2]).toContain(removed);
    expect(await linksOf('promoters', tag.id)).toHaveLength(added - removed);
    const after = await versionsOf('promoters', groupIds);
    for (const id of groupIds) expect(after[id]).toBe(before[id] + 1 + removed / 2);
  });

  it('a merge and an assignment of the removed tag at once lose no link', async () => {
    const [removed, kept] = [await createTag(), await createTag()];
    const eventIds = await eventIdsOf(ids.firstEstablishment, 3);
    await assign(removed.id, 'events', [eventIds[0]]);
    const [merged, assigned] = await Promise.all([
      call(ROOT, 'POST', `/tags/${removed.id}/merge-into/${kept.id}`),
      call(FULL, 'POST', `/tags/${removed.id}/assign`, { resource: 'events', ids: eventIds.slice(1) }),
    ]);
    expect(merged.statusCode, merged.body).toBe(200);
    // Either the assignment ran first (and its links moved with the merge) or it found the tag gone (404).
    expect([200, 404]).toContain(assigned.statusCode);
    const expected = assigned.statusCode === 200 ? eventIds : [eventIds[0]];
    expect(await linksOf('events', kept.id)).toEqual([...expected].sort((a, b) => a - b));
  });
});

describe('the tagIds and untagged filters of the records lists', () => {
  const listOf = async (email: string, resource: TaggedResource, filter: object) => {
    const response = await call(email, 'GET', `/${resource}?filter=${jsonParam(filter)}&range=${jsonParam([0, 999])}`);
    expect(response.statusCode, response.body).toBe(200);
    return { records: response.json<Record<string, unknown>[]>(), total: totalOf(response) };
  };

  it('finds the records carrying any of the tags, with an exact total for every reader', async () => {
    const [one, other] = [await createTag(), await createTag()];
    const firstVenueEvents = await eventIdsOf(ids.firstEstablishment, 3);
    const otherVenueEvents = await eventIdsOf(ids.secondEstablishment, 2);
    await assign(one.id, 'events', [firstVenueEvents[0], otherVenueEvents[0]]);
    await assign(other.id, 'events', [firstVenueEvents[1], firstVenueEvents[0]]);
    await assign(one.id, 'establishments', [ids.secondEstablishment]);
    await assign(other.id, 'promoters', [ids.firstGroup]);

    const rootEvents = await listOf(ROOT, 'events', { tagIds: [one.id, other.id] });
    const expected = [firstVenueEvents[0], firstVenueEvents[1], otherVenueEvents[0]].sort((a, b) => a - b);
    expect(rootEvents.records.map((record) => record.id as number).sort((a, b) => a - b)).toEqual(expected);
    expect(rootEvents.total).toBe(3);
    expect((await listOf(ROOT, 'events', { tagIds: one.id })).total).toBe(2);
    // The venue's staff read their own events only (their list's total is counted, not the venue's counter).
    const adminEvents = await listOf('admin@demo.ch', 'events', { tagIds: [one.id, other.id] });
    expect(adminEvents.total).toBe(2);
    expect(adminEvents.records).toHaveLength(2);
    expect((await listOf(ROOT, 'establishments', { tagIds: [one.id] })).records.map((r) => r.id)).toEqual([
      ids.secondEstablishment,
    ]);
    expect((await listOf(ROOT, 'promoters', { tagIds: [other.id] })).records.map((r) => r.id)).toEqual([
      ids.firstGroup,
    ]);
    const badFilter = await call(ROOT, 'GET', `/events?filter=${jsonParam({ tagIds: ['x'] })}`);
    expect(badFilter.statusCode).toBe(400);
  });

  it('untagged: true lists exactly the records carrying no tag, as the link tables hold them', async () => {
    for (const resource of ['events', 'establishments', 'promoters'] as const) {
      const record = RECORDS[resource];
      const link = LINKS[resource];
      const [{ n }] = await server.db
        .select({ n: count() })
        .from(record.table)
        .where(sql`NOT EXISTS (SELECT 1 FROM ${link.table} WHERE ${link.owner} = ${record.id})`);
      const { records, total } = await listOf(ROOT, resource, { untagged: true });
      expect(total, resource).toBe(n);
      expect(records.every((one) => tagIdsIn(resource, one).length === 0)).toBe(true);
      const all = await listOf(ROOT, resource, {});
      expect((await listOf(ROOT, resource, { untagged: false })).total).toBe(all.total);
    }
    // A record whose tags are all taken off joins the untagged list; a tag put on it takes it out again.
    const [eventId] = await eventIdsOf(ids.firstEstablishment, 1);
    const tagged = await listOf(ROOT, 'events', { untagged: true });
    for (const tagId of await tagsOfEvent(eventId)) {
      await call(ROOT, 'POST', `/tags/${tagId}/unassign`, { resource: 'events', ids: [eventId] });
    }
    const untagged = await listOf(ROOT, 'events', { untagged: true });
    expect(untagged.total).toBe(tagged.total + 1);
    expect(untagged.records.map((record) => record.id)).toContain(eventId);
    // A venue's staff (whose unfiltered list reads the venue's counter) get the exact total of their own.
    for (const email of ['admin@demo.ch', 'promoter@demo.ch']) {
      const own = await listOf(email, 'events', {});
      const expected = own.records.filter((one) => tagIdsIn('events', one).length === 0).map((one) => one.id);
      const ownUntagged = await listOf(email, 'events', { untagged: true });
      expect(ownUntagged.total, email).toBe(expected.length);
      expect(ownUntagged.records.map((one) => one.id)).toEqual(expected);
      if (email === 'admin@demo.ch') expect(expected).toContain(eventId);
    }
    const tag = await createTag();
    await assign(tag.id, 'events', [eventId]);
    expect((await listOf(ROOT, 'events', { untagged: true, id: [eventId] })).total).toBe(0);
    expect((await listOf(ROOT, 'events', { untagged: true })).total).toBe(tagged.total);
  });
});

describe('access', () => {
  it('only ROOT and COORDINATOR_ADMIN_FULL read tag terms and merge, assign or unassign tags', async () => {
    const allowed: RoleKey[] = ['ROOT', 'COORDINATOR_ADMIN_FULL'];
    const tag = await createTag();
    const target = await createTag();
    for (const account of DEMO_ACCOUNTS) {
      const may = allowed.includes(account.roleKey);
      expect(hasPermission([account.roleKey], 'TAG_TERMS', 'update')).toBe(may);
      const expected = may ? 200 : 403;
      const list = await call(account.email, 'GET', '/tag-terms');
      expect(list.statusCode, `${account.email} list`).toBe(expected);
      expect((await call(account.email, 'GET', `/tag-terms/${tag.id}`)).statusCode, account.email).toBe(expected);
      const body = { resource: 'establishments', ids: [ids.firstEstablishment] };
      const assigned = await call(account.email, 'POST', `/tags/${tag.id}/assign`, body);
      expect(assigned.statusCode, `${account.email} assign`).toBe(expected);
      const unassigned = await call(account.email, 'POST', `/tags/${tag.id}/unassign`, body);
      expect(unassigned.statusCode, `${account.email} unassign`).toBe(expected);
      if (!may) {
        const merged = await call(account.email, 'POST', `/tags/${tag.id}/merge-into/${target.id}`);
        expect(merged.statusCode, `${account.email} merge`).toBe(403);
        expect(messageOf(merged)).toBe(RESOURCE_ERROR_CODES.forbidden);
      }
    }
    const merged = await call(FULL, 'POST', `/tags/${tag.id}/merge-into/${target.id}`);
    expect(merged.statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/tag-terms' })).statusCode).toBe(401);
  });
});
