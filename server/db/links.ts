import { eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TagTermsMap } from '../../domain/partner';
import type { Queryable } from './queryable';
import { tags } from './schema/tags';
import { qualified } from './conditions';

/**
 * Join tables from an owner (an establishment, a promoter group, an event) to reference values, tags and
 * uploads (the gallery): reading them for a page of owners in one query, replacing an owner's set, and
 * filtering a list on them.
 */

/** A join table from an owner (an establishment, a promoter group) to reference values or tags. */
export interface LinkTable {
  table: PgTable;
  owner: PgColumn;
  target: PgColumn;
}

/** A gallery table: the owner's uploads in `position` order. */
export interface MediaTable {
  table: PgTable;
  owner: PgColumn;
  upload: PgColumn;
  position: PgColumn;
}

/** The property name drizzle wants in `.values()` for a column of the table. */
function propertyKeyOf(table: PgTable, column: PgColumn): string {
  const key = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column)?.[0];
  if (!key) throw new Error(`column ${column.name} is not in its link table`);
  return key;
}

/**
 * The owner's linked ids (in target order) as an array column beside the owner's row: a record reader selects
 * one per link table, so that a page of records and all their links are one statement.
 */
export function linkedIdsOf(link: LinkTable, ownerId: PgColumn): SQL<number[]> {
  const target = qualified(link.target);
  return sql<
    number[]
  >`ARRAY(SELECT ${target} FROM ${link.table} WHERE ${qualified(link.owner)} = ${qualified(ownerId)} ORDER BY ${target})`;
}

/** The owner's gallery (upload ids in position order) as an array column beside the owner's row. */
export const mediaIdsOf = (media: MediaTable, ownerId: PgColumn): SQL<number[]> =>
  sql<
    number[]
  >`ARRAY(SELECT ${qualified(media.upload)} FROM ${media.table} WHERE ${qualified(media.owner)} = ${qualified(ownerId)} ORDER BY ${qualified(media.position)})`;

/**
 * The owner's tags as `[id, name]` pairs in id order, a JSON column beside the owner's row (`tagLinksOfPairs`).
 * Each name is looked up by its key: joined instead, PostgreSQL built a hash of the whole tags table again for
 * every row of a page.
 */
export function tagPairsOf(link: LinkTable, ownerId: PgColumn): SQL<[number, string][]> {
  const target = qualified(link.target);
  const name = sql`(SELECT ${qualified(tags.tagName)} FROM ${tags} WHERE ${qualified(tags.id)} = ${target})`;
  return sql<
    [number, string][]
  >`COALESCE((SELECT json_agg(json_build_array(${target}, ${name}) ORDER BY ${target}) FROM ${link.table} WHERE ${qualified(link.owner)} = ${qualified(ownerId)}), '[]'::json)`;
}

export function tagLinksOfPairs(pairs: readonly [number, string][]): TagLinks {
  const links: TagLinks = { ids: [], names: {} };
  for (const [id, name] of pairs) {
    links.ids.push(id);
    links.names[String(id)] = name;
  }
  return links;
}

const sameSet = (first: readonly number[], second: readonly number[]) =>
  first.length === second.length && [...first].sort().join() === [...second].sort().join();

/**
 * The ids the owner links now, as the writer read them inside its transaction (`[]` for a row it has just
 * inserted): a set that stays the same is not rewritten, and a new row has nothing to delete. Without them the
 * set is replaced whole. Most saves change none of a record's sets, and each skipped set is two statements.
 */
export type StoredIds = readonly number[] | undefined;

/** Replaces the owner's links with exactly these ids. */
export async function replaceLinks(
  tx: Queryable,
  link: LinkTable,
  ownerId: number,
  targetIds: readonly number[],
  stored?: StoredIds,
): Promise<void> {
  if (stored && sameSet(stored, targetIds)) return;
  if (!stored || stored.length > 0) await tx.delete(link.table).where(eq(link.owner, ownerId));
  if (targetIds.length === 0) return;
  const ownerKey = propertyKeyOf(link.table, link.owner);
  const targetKey = propertyKeyOf(link.table, link.target);
  await tx
    .insert(link.table)
    .values(targetIds.map((targetId) => ({ [ownerKey]: ownerId, [targetKey]: targetId })) as never);
}

/** One link set of an owner: the join table and the ids it links to. */
export interface LinkSet {
  link: LinkTable;
  targetIds: readonly number[];
}

/**
 * The link sets and gallery of an owner just inserted (nothing stored to replace), in one statement whatever
 * their number: each table's INSERT is a data-modifying CTE of it. A create sent one INSERT per set it filled,
 * and every statement costs the server a round trip. Each table's statement triggers fire as they did.
 */
export async function insertChildrenOfNewOwner(
  tx: Queryable,
  ownerId: number,
  sets: readonly LinkSet[],
  gallery?: { media: MediaTable; uploadIds: readonly number[] },
): Promise<void> {
  const inserts = sets
    .filter((set) => set.targetIds.length > 0)
    .map(
      ({ link, targetIds }) =>
        sql`INSERT INTO ${link.table} (${sql.identifier(link.owner.name)}, ${sql.identifier(link.target.name)})
          SELECT ${ownerId}::int, target FROM unnest(${sql.param([...targetIds])}::int[]) AS target`,
    );
  if (gallery && gallery.uploadIds.length > 0) {
    const { media, uploadIds } = gallery;
    inserts.push(
      sql`INSERT INTO ${media.table} (${sql.identifier(media.owner.name)}, ${sql.identifier(media.upload.name)}, ${sql.identifier(media.position.name)})
        SELECT ${ownerId}::int, upload, (place - 1)::int FROM unnest(${sql.param([...uploadIds])}::int[]) WITH ORDINALITY AS gallery(upload, place)`,
    );
  }
  if (inserts.length === 0) return;
  const [last, ...before] = inserts.reverse();
  const ctes = before.reverse().map((insert, index) => sql`${sql.identifier(`inserted_${index}`)} AS (${insert})`);
  await tx.execute(ctes.length === 0 ? last : sql`WITH ${sql.join(ctes, sql`, `)} ${last}`);
}

/** Replaces the owner's gallery with exactly these uploads, in this order (`stored` as for `replaceLinks`). */
export async function replaceMedia(
  tx: Queryable,
  media: MediaTable,
  ownerId: number,
  uploadIds: readonly number[],
  stored?: StoredIds,
): Promise<void> {
  if (stored && stored.join() === uploadIds.join()) return;
  if (!stored || stored.length > 0) await tx.delete(media.table).where(eq(media.owner, ownerId));
  if (uploadIds.length === 0) return;
  const keys = {
    owner: propertyKeyOf(media.table, media.owner),
    upload: propertyKeyOf(media.table, media.upload),
    position: propertyKeyOf(media.table, media.position),
  };
  await tx.insert(media.table).values(
    uploadIds.map((uploadId, position) => ({
      [keys.owner]: ownerId,
      [keys.upload]: uploadId,
      [keys.position]: position,
    })) as never,
  );
}

export interface TagLinks {
  ids: number[];
  /** The record's top-level `tagTerms`: tag id → tag name, for display without another request. */
  names: TagTermsMap;
}

/** The record (its id column) has a link to one of the ids. */
export const linksToAny = (link: LinkTable, ownerId: PgColumn, ids: readonly number[]): SQL | undefined =>
  ids.length === 0
    ? undefined
    : sql`EXISTS (SELECT 1 FROM ${link.table} WHERE ${link.owner} = ${ownerId} AND ${inArray(link.target, [...ids])})`;
