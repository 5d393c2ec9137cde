import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  REFERENCE_KIND_NAMES,
  referenceInputSchema,
  referenceRecordSchema,
  referenceResourceOf,
  type ReferenceInput,
  type ReferenceKind,
  type ReferenceRecord,
} from '../../domain/reference';
import { referenceDataStore, referenceTableOf } from '../services/referenceData';
import { defineFilter, registerResource, type ResourceDefinition } from './shared/resource';

/**
 * `/reference-data/{kind}`: the nine vocabularies of domain/reference.ts (establishment types, musics, …),
 * one generic resource per kind built by one function. Every signed-in user reads them (the forms'
 * pickers); ROOT creates, edits and deletes them (domain/access.ts, REFERENCE_DATA). A value still in use is
 * a 409 IN_USE on delete (server/services/referenceData/).
 */

/** Pickers load a whole vocabulary at once; the largest has a few dozen values. */
const REFERENCE_PAGE_SIZE = 200;

/** The resource of one kind: `reference-data/musics` over the `musics` table. */
export function referenceDataResource(kind: ReferenceKind): ResourceDefinition<ReferenceRecord, ReferenceInput> {
  const table = referenceTableOf(kind);
  const store = referenceDataStore(table);
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
    load: store.load,
    write: {
      input: referenceInputSchema,
      version: table.version,
      updatedAt: table.updatedAt,
      insert: store.insert,
      update: store.update,
      remove: store.remove,
      uniqueFields: { [`${getTableConfig(table).name}_key_unique`]: 'key' },
    },
  };
}

export const referenceDataResources = REFERENCE_KIND_NAMES.map(referenceDataResource);

export async function referenceDataRoutes(app: FastifyInstance): Promise<void> {
  for (const resource of referenceDataResources) registerResource(app, resource);
}
