import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Viewer } from '../../../domain/access';
import type { Queryable } from '../../db/queryable';
import { checkPartnerWrite, type PicturesInput, type ReferenceCheck } from './checks';
import { claimForCaller, type Onboarding } from './onboarding';
import type { PartnerPictures } from './pictures';

/** What differs between the establishments and promoters writes: the table, its columns and children. */
export interface PartnerWriteParts<Input> {
  input: z.ZodType<Input>;
  table: PgTable;
  id: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
  onboarding: Onboarding;
  /** The record's own row as `.values()` / `.set()` want it. */
  columnsOf(input: Input): Record<string, unknown>;
  referenceChecksOf(input: Input): ReferenceCheck[];
  /** Replaces the child rows (links, gallery, schedules) with the input's. */
  writeChildren(tx: Queryable, id: number, input: Input, galleryIds: readonly number[]): Promise<void>;
  auditOmit: readonly string[];
}

/**
 * A new partner record: every check before anything is written (`checkPartnerWrite`), the row, its
 * children, and on onboarding the claim by the caller. Answers the new id.
 */
export async function insertPartner<Input extends { generalInfos: PicturesInput }>(
  tx: Queryable,
  parts: PartnerWriteParts<Input>,
  input: Input,
  viewer: Viewer,
): Promise<number> {
  const galleryIds = await checkPartnerWrite(tx, viewer, input.generalInfos, null, parts.referenceChecksOf(input));
  const [row] = await tx
    .insert(parts.table)
    .values(parts.columnsOf(input) as never)
    .returning({ id: parts.id });
  const id = row.id as number;
  await parts.writeChildren(tx, id, input, galleryIds);
  await claimForCaller(tx, viewer, parts.onboarding, id);
  return id;
}

/** Replaces a partner record's row and children with the input's, after the same checks as a create. */
export async function updatePartner<Input extends { generalInfos: PicturesInput }>(
  tx: Queryable,
  parts: PartnerWriteParts<Input>,
  id: number,
  input: Input,
  viewer: Viewer,
  current: { generalInfos: PartnerPictures } | null,
): Promise<void> {
  // The stored record has the input's sections (domain/partner.ts PartnerRecord), so the same checks read its ids.
  const storedReferences = current ? parts.referenceChecksOf(current as unknown as Input) : [];
  const galleryIds = await checkPartnerWrite(
    tx,
    viewer,
    input.generalInfos,
    current?.generalInfos ?? null,
    parts.referenceChecksOf(input),
    storedReferences,
  );
  await tx
    .update(parts.table)
    .set(parts.columnsOf(input) as never)
    .where(eq(parts.id, id));
  await parts.writeChildren(tx, id, input, galleryIds);
}
