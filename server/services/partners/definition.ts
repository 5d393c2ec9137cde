import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { LinkTable, MediaTable, TagLinks } from '../../db/links';
import type { Queryable } from '../../db/queryable';
import type { ReferenceCheck } from './checks';
import type { Onboarding } from './onboarding';
import type { PartnerPictures } from './pictures';
import type { PartnerRowBasics } from './record';

/**
 * One partner kind (establishments, promoter groups) as the shared reader (`loadPartners`) and writer
 * (`insertPartner`, `updatePartner`) see it: its table, its link tables and gallery, and the few functions
 * that map its own fields between row and record. Everything else a partner reads and writes alike.
 */

/** The link tables of a partner: reference lists by name, and its tags (read with their names). */
export type PartnerLinks = Record<string, LinkTable> & { tags: LinkTable };

/** What the reader hands `recordOf` for one row besides the row itself. */
export interface PartnerReading<Links extends PartnerLinks, Extras> {
  /** The linked ids of each link table but the tags, ascending. */
  linked: Record<Exclude<keyof Links, 'tags'>, number[]>;
  tags: TagLinks;
  pictures: PartnerPictures;
  /** The kind's own child rows (`loadExtras`). */
  extras: Extras;
}

/** The writer's part of a definition. */
export interface PartnerWriteParts<Input, Links extends PartnerLinks = PartnerLinks> {
  input: z.ZodType<Input>;
  table: PgTable;
  id: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
  links: Links;
  media: MediaTable;
  onboarding: Onboarding;
  /** The record's own row as `.values()` / `.set()` want it. */
  columnsOf(input: Input): Record<string, unknown>;
  /** The ids the input links in each link table. */
  linkIdsOf(input: Input): Record<keyof Links, readonly number[]>;
  referenceChecksOf(input: Input): ReferenceCheck[];
  /** Replaces the kind's own child rows (beyond links and gallery) with the input's. */
  writeExtras?(tx: Queryable, id: number, input: Input): Promise<void>;
  auditOmit: readonly string[];
}

/** A row of a partner table: what the shared reader reads from every one. */
export interface PartnerRow extends PartnerRowBasics {
  id: number;
  logoUploadId: number | null;
}

export interface PartnerDefinition<
  Row extends PartnerRow,
  Input,
  RecordShape,
  Links extends PartnerLinks,
  Extras = undefined,
> extends PartnerWriteParts<Input, Links> {
  /**
   * The kind's own child rows (opening hours, …), read beside each row in the reader's one statement: `columns`
   * are correlated subqueries on the kind's table (JSON or arrays), `of` makes the record's extras of them.
   */
  extras?: PartnerExtras<Extras>;
  /** The record's own fields; description, visibility, tag names, version and dates are added alike. */
  recordOf(row: Row, reading: PartnerReading<Links, Extras>): Omit<RecordShape, PartnerBasicsKey>;
}

export interface PartnerExtras<Extras> {
  columns: Record<string, SQL>;
  of(values: Record<string, unknown>): Extras;
}

/** The fields `partnerRecordBasicsOf` gives every partner record. */
export type PartnerBasicsKey = 'description' | 'visibility' | 'tagTerms' | 'version' | 'createdAt' | 'updatedAt';
