import { eq, inArray, sql, type SQL } from 'drizzle-orm';
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

/** One link set of an owner: the join table, the ids it is to link, and those it links now. */
export interface LinkSet {
  link: LinkTable;
  targetIds: readonly number[];
  stored: StoredIds;
}

/** The owner's gallery: the uploads it is to show, in this order, and those it shows now. */
export interface Gallery {
  media: MediaTable;
  uploadIds: readonly number[];
  stored: StoredIds;
}

/**
 * Makes the owner's link sets and gallery exactly these. A set or gallery left as it is stored is not touched;
 * one that changes loses its stored rows first (a DELETE each, none when nothing is stored), and every new row
 * of every set and of the gallery is written in one statement, each table's INSERT a data-modifying CTE of it:
 * a create used to send one INSERT per set it filled, and every statement costs the server a round trip. Each
 * table's statement triggers fire as they did.
 */
export async function replaceChildren(
  tx: Queryable,
  ownerId: number,
  sets: readonly LinkSet[],
  gallery: Gallery,
): Promise<void> {
  const inserts: SQL[] = [];
  for (const { link, targetIds, stored } of sets) {
    if (stored && sameSet(stored, targetIds)) continue;
    if (!stored || stored.length > 0) await tx.delete(link.table).where(eq(link.owner, ownerId));
    if (targetIds.length > 0) inserts.push(linksInsert(link, ownerId, targetIds));
  }
  const { media, uploadIds, stored } = gallery;
  if (!stored || stored.join() !== uploadIds.join()) {
    if (!stored || stored.length > 0) await tx.delete(media.table).where(eq(media.owner, ownerId));
    if (uploadIds.length > 0) inserts.push(galleryInsert(media, ownerId, uploadIds));
  }
  const last = inserts.pop();
  if (!last) return;
  const ctes = inserts.map((insert, index) => sql`${sql.identifier(`inserted_${index}`)} AS (${insert})`);
  await tx.execute(ctes.length === 0 ? last : sql`WITH ${sql.join(ctes, sql`, `)} ${last}`);
}

const linksInsert = ({ table, owner, target }: LinkTable, ownerId: number, targetIds: readonly number[]): SQL =>
  sql`INSERT INTO ${table} (${sql.identifier(owner.name)}, ${sql.identifier(target.name)})
    SELECT ${ownerId}::int, linked FROM unnest(${sql.param([...targetIds])}::int[]) AS linked`;

/** Positions from 0, in the order given. */
const galleryInsert = ({ table, owner, upload, position }: MediaTable, ownerId: number, uploadIds: readonly number[]) =>
  sql`INSERT INTO ${table} (${sql.identifier(owner.name)}, ${sql.identifier(upload.name)}, ${sql.identifier(position.name)})
    SELECT ${ownerId}::int, shown, (place - 1)::int FROM unnest(${sql.param([...uploadIds])}::int[]) WITH ORDINALITY AS gallery(shown, place)`;

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
