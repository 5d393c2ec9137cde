import { asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TagTermsMap } from '../../domain/partner';
import type { Queryable } from './queryable';
import { tags } from './schema/tags';
import { idIn } from './conditions';

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

const groupByOwner = (rows: readonly { owner: unknown; target: unknown }[]): Map<number, number[]> => {
  const byOwner = new Map<number, number[]>();
  for (const row of rows) {
    const targets = byOwner.get(row.owner as number);
    if (targets) targets.push(row.target as number);
    else byOwner.set(row.owner as number, [row.target as number]);
  }
  return byOwner;
};

/**
 * The linked ids of several link tables for a page of owners in one statement (an array per table and owner,
 * each in target order): a statement costs the server more than the rows it reads, and a record has several
 * link tables. Owners without links get empty arrays.
 */
export async function loadLinkSets<Name extends string>(
  db: Queryable,
  links: Readonly<Record<Name, LinkTable>>,
  ownerIds: readonly number[],
): Promise<Map<Name, Map<number, number[]>>> {
  const names = Object.keys(links) as Name[];
  const byName = new Map(names.map((name) => [name, new Map<number, number[]>()]));
  if (names.length === 0 || ownerIds.length === 0) return byName;
  const arrays = names.map(
    (name) =>
      sql`ARRAY(SELECT ${links[name].target} FROM ${links[name].table} WHERE ${links[name].owner} = owners.id ORDER BY ${links[name].target}) AS ${sql.identifier(name)}`,
  );
  const result = await db.execute(
    sql`SELECT owners.id AS owner, ${sql.join(arrays, sql`, `)} FROM unnest(${sql.param([...ownerIds])}::int[]) AS owners(id)`,
  );
  for (const row of (result as unknown as { rows: Record<string, unknown>[] }).rows) {
    for (const name of names) {
      const targets = (row[name] as (number | string)[]).map(Number);
      if (targets.length > 0) byName.get(name)?.set(Number(row.owner), targets);
    }
  }
  return byName;
}

/** Replaces the owner's links with exactly these ids. */
export async function replaceLinks(
  tx: Queryable,
  link: LinkTable,
  ownerId: number,
  targetIds: readonly number[],
): Promise<void> {
  await tx.delete(link.table).where(eq(link.owner, ownerId));
  if (targetIds.length === 0) return;
  const ownerKey = propertyKeyOf(link.table, link.owner);
  const targetKey = propertyKeyOf(link.table, link.target);
  await tx
    .insert(link.table)
    .values(targetIds.map((targetId) => ({ [ownerKey]: ownerId, [targetKey]: targetId })) as never);
}

/** The gallery's upload ids per owner, in position order. One query. */
export async function loadMedia(
  db: Queryable,
  media: MediaTable,
  ownerIds: readonly number[],
): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ owner: media.owner, target: media.upload })
    .from(media.table)
    .where(idIn(media.owner, ownerIds))
    .orderBy(asc(media.position));
  return groupByOwner(rows);
}

export async function replaceMedia(
  tx: Queryable,
  media: MediaTable,
  ownerId: number,
  uploadIds: readonly number[],
): Promise<void> {
  await tx.delete(media.table).where(eq(media.owner, ownerId));
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

/** The tags of each owner with their names (one query, joined to `tags`). */
export async function loadTagLinks(
  db: Queryable,
  link: LinkTable,
  ownerIds: readonly number[],
): Promise<Map<number, TagLinks>> {
  const rows = await db
    .select({ owner: link.owner, tagId: tags.id, tagName: tags.tagName })
    .from(link.table)
    .innerJoin(tags, eq(tags.id, link.target))
    .where(idIn(link.owner, ownerIds))
    .orderBy(asc(tags.id));
  const byOwner = new Map<number, TagLinks>();
  for (const row of rows) {
    const owner = row.owner as number;
    const links = byOwner.get(owner) ?? { ids: [], names: {} };
    links.ids.push(row.tagId);
    links.names[String(row.tagId)] = row.tagName;
    byOwner.set(owner, links);
  }
  return byOwner;
}

export const NO_TAGS: TagLinks = { ids: [], names: {} };

/** The record (its id column) has a link to one of the ids. */
export const linksToAny = (link: LinkTable, ownerId: PgColumn, ids: readonly number[]): SQL | undefined =>
  ids.length === 0
    ? undefined
    : sql`EXISTS (SELECT 1 FROM ${link.table} WHERE ${link.owner} = ${ownerId} AND ${inArray(link.target, [...ids])})`;
