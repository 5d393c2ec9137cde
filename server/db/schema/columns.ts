import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  index,
  type ExtraConfigColumn,
  doublePrecision,
  integer,
  numeric,
  text,
  timestamp,
  type AnyPgColumn,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { TIME_OF_DAY_PATTERN, VISIBILITIES, WEEK_DAYS, type Visibility } from '../../../domain/enums';

/** Column helpers shared by the entity tables, so the same concept has the same type everywhere. */

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** Optimistic concurrency: a PUT carries the version it read; a stale one is a 409. */
export const version = () => integer('version').notNull().default(1);

export const visibility = (defaultValue: Visibility) => text('visibility').notNull().default(defaultValue);

/** Swiss francs with centimes; `mode: 'number'` so records carry numbers, as the forms do. */
export const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

/** WGS 84 degrees. `lang` is the specification's name for the longitude (kept on purpose). */
export const coordinates = () => ({
  lat: doublePrecision('lat'),
  lang: doublePrecision('lang'),
});

/** The HTML is sanitised on the server before it is stored; `description` is its plain-text twin. */
export const descriptions = () => ({
  description: text('description'),
  htmlDescription: text('html_description'),
});

/** A wall-clock time `HH:mm` (Europe/Zurich), stored as the API carries it. */
export const timeOfDay = (name: string) => text(name);

/** A reference to an owning row that disappears with it (join and child tables). */
export const ownerReference = (name: string, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: 'cascade' });

const literalList = (values: readonly string[]) => values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');

/** `column IN ('A', 'B')` from a domain constant list (constants only, never user input). */
export function oneOf(column: PgColumn, values: readonly string[]): SQL {
  return sql`${column} IN (${sql.raw(literalList(values))})`;
}

export const checkOneOf = (name: string, column: PgColumn, values: readonly string[]) =>
  check(name, oneOf(column, values));

export const checkVisibility = (table: string, column: PgColumn) =>
  checkOneOf(`${table}_visibility_check`, column, VISIBILITIES);

const timePattern = TIME_OF_DAY_PATTERN.source.replaceAll("'", "''");
export const checkTimeOfDay = (name: string, column: PgColumn) =>
  check(name, sql`${column} ~ '${sql.raw(timePattern)}'`);

export const checkCoordinates = (table: string, lat: PgColumn, lang: PgColumn) =>
  check(`${table}_coordinates_check`, sql`(${lat} BETWEEN -90 AND 90) AND (${lang} BETWEEN -180 AND 180)`);

export const checkTariffs = (table: string, tarifMin: PgColumn, tarifMax: PgColumn) =>
  check(
    `${table}_tariffs_check`,
    sql`${tarifMin} >= 0 AND ${tarifMax} >= 0 AND (${tarifMin} IS NULL OR ${tarifMax} IS NULL OR ${tarifMin} <= ${tarifMax})`,
  );

/** A `text[]` of weekdays (MONDAY..SUNDAY), optionally never empty. */
export function checkWeekDays(name: string, column: PgColumn, options: { atLeastOne: boolean }) {
  const onlyWeekDays = sql`${column} <@ ARRAY[${sql.raw(literalList(WEEK_DAYS))}]::text[]`;
  return check(name, options.atLeastOne ? sql`${onlyWeekDays} AND cardinality(${column}) > 0` : onlyWeekDays);
}

/**
 * A trigram index on a text column, which serves `ILIKE '%text%'` (the lists' free-text search) without
 * reading every row. The pg_trgm extension ships with PostgreSQL and PGlite; the first migration that uses
 * it creates it.
 */
export const trigramIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops'));
