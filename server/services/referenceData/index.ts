import { eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import {
  REFERENCE_KINDS,
  type ReferenceInput,
  type ReferenceKind,
  type ReferenceRecord,
} from '../../../domain/reference';
import type { Queryable } from '../../db/queryable';
import * as schema from '../../db/schema';
import { inUse } from '../../errors';
import { idIn } from '../../db/conditions';

/**
 * The reference data (the nine vocabularies of domain/reference.ts): one table per kind, all with the same
 * columns. The resources (server/routes/referenceData.ts) read and write through here.
 *
 * A value that records still use cannot be deleted (409 IN_USE): the link tables cascade on delete, so
 * without this check deleting "Techno" would silently strip it from every venue and event. Such a value is
 * retired instead (`isActive: false`): it stays on the records that have it and readable, but is no longer offered.
 */

type ReferenceTable = (typeof schema.referenceTables)[keyof typeof schema.referenceTables];

/** Every table of the schema, to find who points at a reference table. */
const ALL_TABLES: readonly PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);

/**
 * The columns whose foreign key targets `target`, read from the schema itself, so a table added later
 * (offer templates, promo codes…) is checked without anyone remembering to list it here.
 */
export function referencingColumnsOf(target: PgTable): { table: PgTable; column: PgColumn }[] {
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

/** The table of one kind; every reference table has the same columns, so one of them stands for the type
 * (drizzle's builders then see one table type instead of a union of nine). */
export const referenceTableOf = (kind: ReferenceKind) =>
  schema.referenceTables[REFERENCE_KINDS[kind]] as typeof schema.musics;

type ReferenceDataTable = ReturnType<typeof referenceTableOf>;

/** The reads and writes of one kind's table. */
export function referenceDataStore(table: ReferenceDataTable) {
  const usages = referencingColumnsOf(table);
  return {
    async load(db: Queryable, ids: readonly number[]): Promise<ReferenceRecord[]> {
      const rows = await db.select().from(table).where(idIn(table.id, ids));
      return rows.map(toRecord);
    },
    async insert(tx: Queryable, input: ReferenceInput): Promise<number> {
      const [row] = await tx.insert(table).values(columnsOf(input)).returning({ id: table.id });
      return row.id;
    },
    async update(tx: Queryable, id: number, input: ReferenceInput): Promise<void> {
      await tx.update(table).set(columnsOf(input)).where(eq(table.id, id));
    },
    async remove(tx: Queryable, id: number): Promise<void> {
      // Lock the value first: a concurrent write that links it then waits for this transaction and fails
      // on its foreign key, instead of linking a value that the delete's cascade would strip again.
      await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
      if (await isStillUsed(tx, usages, id)) throw inUse();
      await tx.delete(table).where(eq(table.id, id));
    },
  };
}
