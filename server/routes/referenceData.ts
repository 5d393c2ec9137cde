import type { FastifyInstance } from 'fastify';
import { eq, inArray, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  REFERENCE_KIND_NAMES,
  REFERENCE_KINDS,
  referenceInputSchema,
  referenceRecordSchema,
  referenceResourceOf,
  type ReferenceInput,
  type ReferenceKind,
  type ReferenceRecord,
} from '../../domain/reference';
import * as schema from '../db/schema';
import { defineFilter, inUse, registerResource, type Queryable, type ResourceDefinition } from './shared/resource';

/**
 * `/reference-data/{kind}` (issue 4): the nine vocabularies of domain/reference.ts (establishment types,
 * musics, …), one generic resource per kind built by one function. Every signed-in user reads them (the
 * forms' pickers); ROOT creates, edits and deletes them (domain/access.ts, REFERENCE_DATA).
 *
 * A value that records still use cannot be deleted (409 IN_USE): the link tables cascade on delete, so
 * without this check deleting "Techno" would silently strip it from every venue and event. Such a value is
 * retired instead (`isActive: false`): it stays on the records that have it and readable, but is no longer offered.
 */

type ReferenceTable = (typeof schema.referenceTables)[keyof typeof schema.referenceTables];

/** Pickers load a whole vocabulary at once; the largest has a few dozen values. */
const REFERENCE_PAGE_SIZE = 200;

/** Every table of the schema, to find who points at a reference table. */
const ALL_TABLES: readonly PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);

/**
 * The columns whose foreign key targets `target`, read from the schema itself, so a table added later
 * (offer templates, promo codes…) is checked without anyone remembering to list it here.
 */
function referencingColumnsOf(target: PgTable): { table: PgTable; column: PgColumn }[] {
  return ALL_TABLES.flatMap((table) =>
    getTableConfig(table).foreignKeys.flatMap((foreignKey) => {
      const { columns, foreignTable } = foreignKey.reference();
      return foreignTable === target && columns.length === 1 ? [{ table, column: columns[0] }] : [];
    }),
  );
}

async function isStillUsed(
  tx: Queryable,
  usages: ReturnType<typeof referencingColumnsOf>,
  id: number,
): Promise<boolean> {
  for (const { table, column } of usages) {
    const [row] = await tx
      .select({ one: sql<number>`1` })
      .from(table)
      .where(eq(column, id))
      .limit(1);
    if (row) return true;
  }
  return false;
}

const toRecord = (row: ReferenceTable['$inferSelect']): ReferenceRecord => ({
  id: row.id,
  key: row.key,
  label: { en: row.labelEn, fr: row.labelFr, de: row.labelDe, it: row.labelIt },
  position: row.position,
  isActive: row.isActive,
  version: row.version,
});

const columnsOf = (input: ReferenceInput) => ({
  key: input.key,
  labelEn: input.label.en,
  labelFr: input.label.fr,
  labelDe: input.label.de,
  labelIt: input.label.it,
  position: input.position,
  isActive: input.isActive,
});

/** The resource of one kind: `reference-data/musics` over the `musics` table. */
export function referenceDataResource(kind: ReferenceKind): ResourceDefinition<ReferenceRecord, ReferenceInput> {
  // Every reference table has the same columns; one of them stands for the type so that drizzle's
  // builders see one table type instead of a union of nine.
  const table = schema.referenceTables[REFERENCE_KINDS[kind]] as typeof schema.musics;
  const usages = referencingColumnsOf(table);
  const caseless = (column: PgColumn) => sql`lower(${column})`;
  return {
    name: referenceResourceOf(kind),
    permission: 'REFERENCE_DATA',
    table,
    id: table.id,
    sortable: {
      position: table.position,
      id: table.id,
      key: table.key,
      'label.en': caseless(table.labelEn),
      'label.fr': caseless(table.labelFr),
      'label.de': caseless(table.labelDe),
      'label.it': caseless(table.labelIt),
      isActive: table.isActive,
    },
    defaultSort: { field: 'position', order: 'ASC' },
    filters: { isActive: defineFilter(z.boolean(), (active) => eq(table.isActive, active)) },
    search: [table.key, table.labelEn, table.labelFr, table.labelDe, table.labelIt],
    scope: 'global',
    defaultPageSize: REFERENCE_PAGE_SIZE,
    recordSchema: referenceRecordSchema,
    async load(db, ids) {
      const rows = await db
        .select()
        .from(table)
        .where(inArray(table.id, [...ids]));
      return rows.map(toRecord);
    },
    write: {
      input: referenceInputSchema,
      version: table.version,
      updatedAt: table.updatedAt,
      async insert(tx, input) {
        const [row] = await tx.insert(table).values(columnsOf(input)).returning({ id: table.id });
        return row.id;
      },
      async update(tx, id, input) {
        await tx.update(table).set(columnsOf(input)).where(eq(table.id, id));
      },
      async remove(tx, id) {
        // Lock the value first: a concurrent write that links it then waits for this transaction and fails
        // on its foreign key, instead of linking a value that the delete's cascade would strip again.
        await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
        if (await isStillUsed(tx, usages, id)) throw inUse();
        await tx.delete(table).where(eq(table.id, id));
      },
      uniqueFields: { [`${getTableConfig(table).name}_key_unique`]: 'key' },
    },
  };
}

export const referenceDataResources = REFERENCE_KIND_NAMES.map(referenceDataResource);

export async function referenceDataRoutes(app: FastifyInstance): Promise<void> {
  for (const resource of referenceDataResources) registerResource(app, resource);
}
