import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LANGUAGES, type Language } from '../../../domain/languages';
import { PARTNER_LIMITS } from '../../../domain/partner';
import { RESOURCE_ERROR_CODES } from '../../../domain/errors';
import type {
  TaggedResource,
  TagAssignmentReply,
  TagMergeReply,
  TagTerm,
  TagTermFilter,
} from '../../../domain/tagTerms';
import { ApiError } from '../../errors';
import { escapeLike, idIn, qualified } from '../../db/conditions';
import type { Queryable } from '../../db/queryable';
import { establishments, establishmentTags } from '../../db/schema/establishments';
import { events, eventTags } from '../../db/schema/events';
import { promoterGroups, promoterGroupTags } from '../../db/schema/promoterGroups';
import { tags, tagTranslations } from '../../db/schema/tags';
import { auditLog } from '../../db/schema/auditLog';
import { auditTrail, changesBetween, type AuditActor } from '../audit';
import { loadTags, missingTranslationCondition, startsWithText, translationMatches } from '../tags';

/**
 * Tag terms (docs/tag-terms.md): every tag with how many records of each kind carry it and the languages it
 * lacks, read from the link tables through their tag indexes (`*_tags_tag_idx`), never a count per tag per row;
 * merging a tag into another; putting a tag on, or taking it off, many records at once. Each write is one
 * transaction, given by the route (`tx`), that locks what it changes in one order (the tags, then the records
 * in id order), so two writes of the same tags or records run one after the other.
 */

// ---- what carries tags ----------------------------------------------------------------------------------

interface TaggedKind {
  /** The key of the counts in TagTerm and TagMergeReply.moved. */
  countKey: 'establishments' | 'promoterGroups' | 'events';
  table: PgTable;
  id: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
  links: PgTable;
  owner: PgColumn;
  tag: PgColumn;
  /** The dot path of the record's tag ids, as its PUT's audit row names it. */
  tagsPath: readonly [string, string];
}

export const TAGGED_KINDS: Readonly<Record<TaggedResource, TaggedKind>> = {
  establishments: {
    countKey: 'establishments',
    table: establishments,
    id: establishments.id,
    version: establishments.version,
    updatedAt: establishments.updatedAt,
    links: establishmentTags,
    owner: establishmentTags.establishmentId,
    tag: establishmentTags.tagId,
    tagsPath: ['additionalInfos', 'tagTerms'],
  },
  promoters: {
    countKey: 'promoterGroups',
    table: promoterGroups,
    id: promoterGroups.id,
    version: promoterGroups.version,
    updatedAt: promoterGroups.updatedAt,
    links: promoterGroupTags,
    owner: promoterGroupTags.promoterGroupId,
    tag: promoterGroupTags.tagId,
    tagsPath: ['additionalInfos', 'tagTerms'],
  },
  events: {
    countKey: 'events',
    table: events,
    id: events.id,
    version: events.version,
    updatedAt: events.updatedAt,
    links: eventTags,
    owner: eventTags.eventId,
    tag: eventTags.tagId,
    tagsPath: ['descriptionAndMedia', 'tagTerms'],
  },
};

const KINDS = Object.values(TAGGED_KINDS);

// ---- list filters shared with the records' lists -----------------------------------------------------------

/** The record carries any of these tags (`tagIds`): a probe of the link table's primary key per record. */
export const carriesAnyTag = (resource: TaggedResource, tagIds: readonly number[]): SQL | undefined => {
  const kind = TAGGED_KINDS[resource];
  return tagIds.length === 0
    ? undefined
    : sql`EXISTS (SELECT 1 FROM ${kind.links} WHERE ${qualified(kind.owner)} = ${qualified(kind.id)} AND ${idIn(qualified(kind.tag), tagIds)})`;
};

/**
 * `untagged: true`: the record carries no tag, an anti-join on the link table's primary key (its owner column
 * leads it); false adds no condition.
 */
export const carriesNoTag = (resource: TaggedResource, untagged: boolean): SQL | undefined => {
  const kind = TAGGED_KINDS[resource];
  return untagged
    ? sql`NOT EXISTS (SELECT 1 FROM ${kind.links} WHERE ${qualified(kind.owner)} = ${qualified(kind.id)})`
    : undefined;
};

// ---- reading tag terms ----------------------------------------------------------------------------------

interface TermRow extends Record<string, unknown> {
  id: number;
  tag_name: string;
  category: string;
  establishments: number;
  promoter_groups: number;
  events: number;
  languages: string[] | null;
}

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** The links of these tags in one link table, counted per tag through its tag index. */
const countsOf = (kind: TaggedKind, ids: readonly number[]) =>
  sql`(SELECT ${qualified(kind.tag)} AS tag_id, count(*)::int AS n FROM ${kind.links} WHERE ${idIn(qualified(kind.tag), ids)} GROUP BY ${qualified(kind.tag)})`;

/**
 * The tag terms of these ids (any order; unknown ids left out): one statement, the three link tables and the
 * translations each grouped once for the whole page.
 */
export async function loadTagTerms(db: Queryable, ids: readonly number[]): Promise<TagTerm[]> {
  if (ids.length === 0) return [];
  const [establishmentCounts, groupCounts, eventCounts] = KINDS.map((kind) => countsOf(kind, ids));
  const result = await db.execute(sql`
    SELECT t.id, t.tag_name, t.category,
      COALESCE(e.n, 0) AS establishments, COALESCE(p.n, 0) AS promoter_groups, COALESCE(v.n, 0) AS events,
      tr.languages
    FROM ${tags} AS t
    LEFT JOIN ${establishmentCounts} AS e ON e.tag_id = t.id
    LEFT JOIN ${groupCounts} AS p ON p.tag_id = t.id
    LEFT JOIN ${eventCounts} AS v ON v.tag_id = t.id
    LEFT JOIN (
      SELECT ${qualified(tagTranslations.tagId)} AS tag_id, array_agg(${qualified(tagTranslations.language)}) AS languages
      FROM ${tagTranslations} WHERE ${idIn(qualified(tagTranslations.tagId), ids)} GROUP BY ${qualified(tagTranslations.tagId)}
    ) AS tr ON tr.tag_id = t.id
    WHERE ${idIn(sql`t.id`, ids)}`);
  return rowsOf<TermRow>(result).map((row) => {
    const translated = new Set(row.languages ?? []);
    return {
      id: Number(row.id),
      tagName: row.tag_name,
      category: row.category,
      establishments: Number(row.establishments),
      promoterGroups: Number(row.promoter_groups),
      events: Number(row.events),
      missingTranslations: LANGUAGES.filter((language) => !translated.has(language)),
    };
  });
}

/** `tag-terms` list filters, `id` (getMany) beside the contract's. */
export type TagTermListFilter = TagTermFilter & { id?: number | number[] };

const lacksTranslationIn = (language: Language) =>
  sql`NOT EXISTS (SELECT 1 FROM ${tagTranslations} WHERE ${qualified(tagTranslations.tagId)} = ${qualified(tags.id)} AND ${qualified(tagTranslations.language)} = ${language})`;

/** No record of any kind carries the tag: three probes of the tag indexes. */
const unusedCondition = () =>
  and(
    ...KINDS.map(
      (kind) => sql`NOT EXISTS (SELECT 1 FROM ${kind.links} WHERE ${qualified(kind.tag)} = ${qualified(tags.id)})`,
    ),
  );

export function tagTermCondition(filter: TagTermListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.id !== undefined) {
    const ids = Array.isArray(filter.id) ? filter.id : [filter.id];
    conditions.push(ids.length > 0 ? idIn(qualified(tags.id), ids) : sql`false`);
  }
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(tags.tagName, pattern), translationMatches(pattern)));
  }
  if (filter.category) conditions.push(startsWithText(tags.category, filter.category));
  if (filter.missingTranslation === true) conditions.push(missingTranslationCondition(true));
  else if (filter.missingTranslation) conditions.push(lacksTranslationIn(filter.missingTranslation));
  if (filter.unused) conditions.push(unusedCondition());
  return and(...conditions);
}

export const TAG_TERM_SORTS = ['id', 'tagName', 'establishments', 'promoterGroups', 'events'] as const;
export type TagTermSort = (typeof TAG_TERM_SORTS)[number];

const COUNT_SORTS: Partial<Record<TagTermSort, TaggedKind>> = {
  establishments: TAGGED_KINDS.establishments,
  promoterGroups: TAGGED_KINDS.promoters,
  events: TAGGED_KINDS.events,
};

export interface TagTermPageQuery {
  filter: TagTermListFilter;
  sort: { field: TagTermSort; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
}

/**
 * A page of tag ids in the asked order and the total of the filtered tags, in one statement. A sort by a count
 * joins that kind's links grouped once by tag (one pass over its tag index); the other sorts read only tags.
 */
export async function tagTermPage(db: Queryable, query: TagTermPageQuery): Promise<{ ids: number[]; total: number }> {
  const where = tagTermCondition(query.filter);
  const direction = query.sort.order === 'ASC' ? asc : desc;
  const total = sql<string>`(SELECT count(*) FROM ${tags}${where ? sql` WHERE ${where}` : sql``})`;
  const countKind = COUNT_SORTS[query.sort.field];
  let rows: { id: number; total: string }[];
  if (countKind) {
    const grouped = sql`(SELECT ${qualified(countKind.tag)} AS tag_id, count(*) AS n FROM ${countKind.links} GROUP BY ${qualified(countKind.tag)})`;
    const order = query.sort.order === 'ASC' ? sql`ASC` : sql`DESC`;
    const result = await db.execute(sql`
      SELECT ${qualified(tags.id)} AS id, ${total} AS total
      FROM ${tags} LEFT JOIN ${grouped} AS sort_counts ON sort_counts.tag_id = ${qualified(tags.id)}
      ${where ? sql`WHERE ${where}` : sql``}
      ORDER BY COALESCE(sort_counts.n, 0) ${order}, ${qualified(tags.id)} ${order}
      LIMIT ${query.limit} OFFSET ${query.offset}`);
    rows = rowsOf<{ id: number; total: string }>(result);
  } else {
    const sortColumn = query.sort.field === 'tagName' ? sql`lower(${tags.tagName})` : tags.id;
    rows = await db
      .select({ id: tags.id, total })
      .from(tags)
      .where(where)
      .orderBy(direction(sortColumn), direction(tags.id))
      .offset(query.offset)
      .limit(query.limit);
  }
  if (rows.length > 0) return { ids: rows.map((row) => Number(row.id)), total: Number(rows[0].total) };
  const [alone] = rowsOf<{ total: string }>(await db.execute(sql`SELECT ${total} AS total`));
  return { ids: [], total: Number(alone.total) };
}

// ---- writes ---------------------------------------------------------------------------------------------

const notFound = () => new ApiError(404, RESOURCE_ERROR_CODES.notFound);
const tagAudit = auditTrail('tags');

/** The records' tag ids now, per record (records without tags are left out). */
async function tagIdsOf(tx: Queryable, kind: TaggedKind, ids: readonly number[]): Promise<Map<number, number[]>> {
  if (ids.length === 0) return new Map();
  const result = await tx.execute(sql`
    SELECT ${qualified(kind.owner)} AS owner, array_agg(${qualified(kind.tag)} ORDER BY ${qualified(kind.tag)}) AS tag_ids
    FROM ${kind.links} WHERE ${idIn(qualified(kind.owner), ids)} GROUP BY ${qualified(kind.owner)}`);
  return new Map(
    rowsOf<{ owner: number; tag_ids: number[] }>(result).map((row) => [Number(row.owner), row.tag_ids.map(Number)]),
  );
}

/** `version + 1, updated_at = now()` of these records: their tags changed. */
async function bumpVersions(tx: Queryable, kind: TaggedKind, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    UPDATE ${kind.table} SET ${sql.identifier(kind.version.name)} = ${sql.identifier(kind.version.name)} + 1,
      ${sql.identifier(kind.updatedAt.name)} = now()
    WHERE ${idIn(sql`${sql.identifier(kind.id.name)}`, ids)}`);
}

/** Locks, in id order, the records of a kind that carry the tag (but `known`); `noWait`: fail rather than wait. */
async function lockCarriers(
  tx: Queryable,
  kind: TaggedKind,
  tagId: number,
  known: readonly number[],
  noWait: boolean,
): Promise<number[]> {
  const result = await tx.execute(sql`
    SELECT ${qualified(kind.id)} AS id FROM ${kind.table}
    WHERE ${qualified(kind.id)} IN (SELECT ${qualified(kind.owner)} FROM ${kind.links} WHERE ${qualified(kind.tag)} = ${tagId})
      ${known.length > 0 ? sql`AND NOT (${idIn(qualified(kind.id), known)})` : sql``}
    ORDER BY ${qualified(kind.id)} FOR UPDATE${noWait ? sql` NOWAIT` : sql``}`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/**
 * `POST /tags/:id/merge-into/:targetId`: in the caller's transaction, every link of tag `sourceId` moves to
 * `targetId` (a record carrying both keeps its one link), the translations the target lacks come from the
 * source, the source is deleted; every record that carried the source gets its version bumped. The records
 * carrying the source are locked first, then both tags (in id order): of two merges of one tag, the second
 * finds it gone (404).
 */
export async function mergeTags(
  tx: Queryable,
  args: { sourceId: number; targetId: number; actor: AuditActor },
): Promise<TagMergeReply> {
  const { sourceId, targetId, actor } = args;
  // 1. The records that carry the removed tag, locked in id order before anything else: a PUT locks its record
  //    before it links tags (a key-share lock on each tag), an assignment its records before the tag, so taking
  //    the tags first could wait on a PUT that waits on us.
  const carriers = new Map<TaggedKind, number[]>();
  for (const kind of KINDS) carriers.set(kind, await lockCarriers(tx, kind, sourceId, [], false));
  // 2. Both tags, in id order: a merge of either waits here, then finds its tag gone (404).
  const locked = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(idIn(tags.id, [sourceId, targetId]))
    .orderBy(asc(tags.id))
    .for('update');
  if (locked.length < 2) throw notFound();
  const [removedTag] = await loadTags(tx, [sourceId]);
  const [keptBefore] = await loadTags(tx, [targetId]);

  const moved = { establishments: 0, promoterGroups: 0, events: 0 };
  for (const kind of KINDS) {
    // 3. Records that took the removed tag while we waited for it (their writes have committed: we hold the tag
    //    now), without waiting: one being written again waits for our tag lock, so waiting for it would be a
    //    deadlock; the route runs the merge again instead (LOCK_NOT_AVAILABLE).
    const before = carriers.get(kind) ?? [];
    const ownerIds = [...before, ...(await lockCarriers(tx, kind, sourceId, before, true))];
    if (ownerIds.length === 0) continue;
    const received = await tx.execute(sql`
      INSERT INTO ${kind.links} (${sql.identifier(kind.owner.name)}, ${sql.identifier(kind.tag.name)})
      SELECT ${qualified(kind.owner)}, ${targetId}::int FROM ${kind.links} WHERE ${qualified(kind.tag)} = ${sourceId}
      ON CONFLICT DO NOTHING RETURNING 1`);
    moved[kind.countKey] = rowsOf(received).length;
    await tx.execute(sql`DELETE FROM ${kind.links} WHERE ${sql.identifier(kind.tag.name)} = ${sourceId}`);
    await bumpVersions(tx, kind, ownerIds);
  }

  const taken = await tx.execute(sql`
    INSERT INTO ${tagTranslations} (tag_id, language, label)
    SELECT ${targetId}::int, language, label FROM ${tagTranslations} WHERE tag_id = ${sourceId}
    ON CONFLICT DO NOTHING RETURNING language`);
  if (rowsOf(taken).length > 0) {
    await tx
      .update(tags)
      .set({ version: sql`${tags.version} + 1`, updatedAt: sql`now()` })
      .where(eq(tags.id, targetId));
    const [keptAfter] = await loadTags(tx, [targetId]);
    await tagAudit(tx, { actor, action: 'UPDATE', recordId: targetId, before: keptBefore, after: keptAfter });
  }
  await tx.delete(tags).where(eq(tags.id, sourceId));
  await tagAudit(tx, {
    actor,
    action: 'MERGE',
    recordId: sourceId,
    before: removedTag,
    after: { mergedInto: { id: targetId, tagName: keptBefore.generalInfos.tagName }, moved },
  });
  const [kept] = await loadTagTerms(tx, [targetId]);
  return { kept, removedTagId: sourceId, moved };
}

/**
 * `POST /tags/:id/assign` and `/unassign`: the tag put on (or taken off) these records, in the caller's
 * transaction. The records are locked in id order, then the tag is held (KEY SHARE: a merge of it waits, another
 * assignment does not); records that already carry it (or carry it not) are left as they are. Each changed
 * record gets its version bumped and an ASSIGN_TAG / UNASSIGN_TAG audit row with its tags before and after.
 */
export async function changeTagAssignment(
  tx: Queryable,
  args: { tagId: number; resource: TaggedResource; ids: readonly number[]; assign: boolean; actor: AuditActor },
): Promise<TagAssignmentReply> {
  const { tagId, resource, assign, actor } = args;
  const kind = TAGGED_KINDS[resource];
  const ids = [...new Set(args.ids)].sort((first, second) => first - second);
  const tagNow = () => tx.select({ id: tags.id }).from(tags).where(eq(tags.id, tagId));
  if ((await tagNow()).length === 0) throw notFound();
  // The records first, in id order, then the tag (as a PUT and a merge lock them): no lock cycle with either.
  const found = await tx.execute(sql`
    SELECT ${qualified(kind.id)} AS id FROM ${kind.table} WHERE ${idIn(qualified(kind.id), ids)}
    ORDER BY ${qualified(kind.id)} FOR UPDATE`);
  const existing = new Set(rowsOf<{ id: number }>(found).map((row) => Number(row.id)));
  const unknown = ids.filter((id) => !existing.has(id));
  if (unknown.length > 0) {
    throw new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, { ids: `Unknown ${resource}: ${unknown.join(', ')}` });
  }
  // Held until commit (KEY SHARE: another assignment shares it, a merge waits for it); gone meanwhile: 404.
  if ((await tagNow().for('key share')).length === 0) throw notFound();

  const before = await tagIdsOf(tx, kind, ids);
  const carries = (id: number) => (before.get(id) ?? []).includes(tagId);
  const changing = ids.filter((id) => carries(id) !== assign);
  if (changing.length === 0) return { tagId, resource, changed: 0 };
  if (assign) {
    const full = changing.filter((id) => (before.get(id) ?? []).length >= PARTNER_LIMITS.tagTerms);
    if (full.length > 0) {
      throw new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, {
        ids: `At most ${PARTNER_LIMITS.tagTerms} tags per record: ${full.join(', ')}`,
      });
    }
    await tx.execute(sql`
      INSERT INTO ${kind.links} (${sql.identifier(kind.owner.name)}, ${sql.identifier(kind.tag.name)})
      SELECT owner, ${tagId}::int FROM unnest(${sql.param(changing)}::int[]) AS owner`);
  } else {
    await tx.execute(sql`
      DELETE FROM ${kind.links}
      WHERE ${sql.identifier(kind.tag.name)} = ${tagId} AND ${idIn(sql`${sql.identifier(kind.owner.name)}`, changing)}`);
  }
  await bumpVersions(tx, kind, changing);

  // One audit row per changed record, written in one statement (a bulk change may touch a thousand records).
  const [section, field] = kind.tagsPath;
  const shapeOf = (tagIds: number[]) => ({ [section]: { [field]: tagIds } });
  await tx.insert(auditLog).values(
    changing.map((id) => {
      const previous = before.get(id) ?? [];
      const next = assign
        ? [...previous, tagId].sort((first, second) => first - second)
        : previous.filter((other) => other !== tagId);
      return {
        actorUserId: actor.userId,
        actorEmail: actor.email,
        resource,
        recordId: String(id),
        action: assign ? 'ASSIGN_TAG' : 'UNASSIGN_TAG',
        changes: changesBetween(shapeOf(previous), shapeOf(next)),
      };
    }),
  );
  return { tagId, resource, changed: changing.length };
}
