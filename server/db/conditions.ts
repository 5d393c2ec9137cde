import { getTableName, or, sql, type DriverValueEncoder, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** SQL conditions and values that lists and readers share (searches, filters, timestamps). */

/** `%`, `_` and `\` typed by a person are literal characters, not patterns (ILIKE searches and filters). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The text column equals one of the values, whatever their case. */
export const equalsAnyIgnoringCase = (column: PgColumn, values: readonly string[]): SQL | undefined =>
  values.length === 0 ? undefined : or(...values.map((value) => sql`lower(${column}) = lower(${value})`));

/** A timestamp column's value as the records carry it. */
export const isoOf = (instant: Date): string => instant.toISOString();

/**
 * The integer column is one of `ids`, sent as one array parameter. drizzle's `inArray` sends one parameter
 * per id, and checking each parameter's type was the largest single cost of reading a page of records (a
 * third of a list request's CPU went to building its SQL). An empty list matches nothing.
 */
export const idIn = (column: PgColumn | SQL, ids: readonly number[]): SQL =>
  sql`${column} = ANY(${sql.param([...ids])}::int[])`;

/**
 * `"table"."column"`, always qualified. drizzle leaves a single-table query's columns unqualified, which inside
 * a subquery names the subquery's own table wherever it has a column of that name: a correlated subquery (a
 * record's links read beside its row) names every column this way.
 */
export const qualified = (column: PgColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * The integer column is one of the ids given when a statement built once runs (`execute({ ids })`): how every
 * record reader selects a page of rows.
 */
export const idInIdsPlaceholder = (column: PgColumn): SQL =>
  sql`${qualified(column)} = ANY(${sql.param(sql.placeholder('ids'), idsAsPlannedFor)}::int[])`;

/**
 * PostgreSQL plans a named statement's array parameter as if it held ten elements. For fewer ids the
 * custom plan looks cheaper than that generic plan, so the statement is planned again at every run: for
 * a record reader with a dozen subqueries (an event's) that planning costs more than running it. Repeating
 * an id up to ten leaves the rows the same (`= ANY` matches a row once) and lets PostgreSQL settle on the
 * generic plan, as it does for a full page.
 */
const PLANNED_ARRAY_LENGTH = 10;

const idsRepeatedToPlannedLength = (ids: readonly number[]): number[] =>
  ids.length === 0 || ids.length >= PLANNED_ARRAY_LENGTH
    ? [...ids]
    : [...ids, ...Array<number>(PLANNED_ARRAY_LENGTH - ids.length).fill(ids[0] as number)];

const idsAsPlannedFor: DriverValueEncoder<Placeholder<'ids'>, number[]> = {
  // drizzle types the value as the placeholder; what it passes is the value given for it at `execute`.
  mapToDriverValue: (ids) => idsRepeatedToPlannedLength(ids as unknown as readonly number[]),
};
