import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps, version } from './columns';

/**
 * Reference vocabularies: one table per kind so that every link has a real foreign key.
 * All share one shape: a stable `key` (for code and imports), a label in each interface language
 * (all four required: a vocabulary is shown in every language), a display `position`, and
 * `is_active` to retire a value without breaking the records that still use it, and `version` for the
 * optimistic concurrency of ROOT's edits (server/routes/referenceData.ts).
 */
const referenceTable = <Name extends string>(name: Name) =>
  pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      key: text('key').notNull().unique(),
      labelEn: text('label_en').notNull(),
      labelFr: text('label_fr').notNull(),
      labelDe: text('label_de').notNull(),
      labelIt: text('label_it').notNull(),
      position: integer('position').notNull().default(0),
      isActive: boolean('is_active').notNull().default(true),
      version: version(),
      ...timestamps(),
    },
    (table) => [index(`${name}_position_idx`).on(table.position)],
  );

export const establishmentTypes = referenceTable('establishment_types');
export const promoterTypes = referenceTable('promoter_types');
/** The record's `eventType {id, type}`: `type` is the label in the reader's language. */
export const eventTypes = referenceTable('event_types');
export const musics = referenceTable('musics');
export const ambiances = referenceTable('ambiances');
export const services = referenceTable('services');
export const games = referenceTable('games');
export const environments = referenceTable('environments');
/** Offers carry `offerTypeId`: what the offer grants (free entry, a drink…). */
export const offerTypes = referenceTable('offer_types');

/** Every reference table by the name the API and the seed use. */
export const referenceTables = {
  establishmentTypes,
  promoterTypes,
  eventTypes,
  musics,
  ambiances,
  services,
  games,
  environments,
  offerTypes,
} as const;
export type ReferenceKind = keyof typeof referenceTables;
