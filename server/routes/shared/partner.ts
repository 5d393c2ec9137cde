import { and, asc, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Viewer } from '../../../domain/access';
import type { Visibility } from '../../../domain/enums';
import { RESOURCE_ERROR_CODES } from '../../../domain/errors';
import {
  createRefusalOf,
  isOnboardingCreate,
  ONBOARDING_REFUSALS,
  PARTNER_LIMITS,
  type PartnerKind,
  type TagTermsMap,
} from '../../../domain/partner';
import { idSchema } from '../../../domain/records';
import { RETIRED_REFERENCE, UNKNOWN_REFERENCE } from '../../../domain/reference';
import {
  resolveGallery,
  storedMediaListState,
  type MediaListState,
  type Upload,
  type UploadReference,
} from '../../../domain/upload';
import { tags, users } from '../../db/schema';
import { ApiError } from '../../errors';
import { recordAudit } from '../../services/audit';
import { sanitisedTooLong, storedDescription } from '../../services/html';
import { loadUploads, requireUsableUploads, type UploadUse } from '../../services/uploadRecords';
import type { Queryable, ResourceWrites } from './resource';

/**
 * What the establishments and promoters resources share (server/routes/establishments.ts, promoters.ts):
 * their join tables (reference lists, tags, the gallery), the checks a write passes before anything is
 * written (reference and tag ids exist, uploads are usable pictures, the gallery edit is consistent; all
 * problems in one 400), the description pair, list filters on links, and onboarding (a partner's first
 * establishment or promoter group becomes theirs).
 */

// ---- join tables -------------------------------------------------------------------------------------

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
    const owner = row.owner as number;
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), row.target as number]);
  }
  return byOwner;
};

/** The linked ids per owner, ascending (join tables keep no order; ids give a stable one). One query. */
export async function loadLinks(
  db: Queryable,
  link: LinkTable,
  ownerIds: readonly number[],
): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ owner: link.owner, target: link.target })
    .from(link.table)
    .where(inArray(link.owner, [...ownerIds]))
    .orderBy(asc(link.target));
  return groupByOwner(rows);
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
async function loadMedia(
  db: Queryable,
  media: MediaTable,
  ownerIds: readonly number[],
): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ owner: media.owner, target: media.upload })
    .from(media.table)
    .where(inArray(media.owner, [...ownerIds]))
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
    .where(inArray(link.owner, [...ownerIds]))
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

// ---- uploads as the record carries them --------------------------------------------------------------

export interface PartnerPictures {
  logo: Upload | null;
  media: Upload[];
  mediaListState: MediaListState;
}

/** The logo and the gallery of a record from the loaded uploads. */
function picturesOf(
  logoUploadId: number | null,
  mediaIds: readonly number[],
  uploadsById: ReadonlyMap<number, Upload>,
): PartnerPictures {
  const media = mediaIds.flatMap((id) => uploadsById.get(id) ?? []);
  return {
    logo: logoUploadId === null ? null : (uploadsById.get(logoUploadId) ?? null),
    media,
    mediaListState: storedMediaListState(media),
  };
}

/**
 * The pictures (logo and gallery) of a page of partner rows in two queries: the gallery links, then every
 * upload they and the logos name. Answers each row's `PartnerPictures` by its id.
 */
export async function loadPictures(
  db: Queryable,
  media: MediaTable,
  rows: readonly { id: number; logoUploadId: number | null }[],
): Promise<(ownerId: number) => PartnerPictures> {
  const galleries = await loadMedia(
    db,
    media,
    rows.map((row) => row.id),
  );
  const uploadsById = await loadUploads(db, [
    ...rows.flatMap((row) => (row.logoUploadId === null ? [] : [row.logoUploadId])),
    ...[...galleries.values()].flat(),
  ]);
  const logoOf = new Map(rows.map((row) => [row.id, row.logoUploadId]));
  return (ownerId) => picturesOf(logoOf.get(ownerId) ?? null, galleries.get(ownerId) ?? [], uploadsById);
}

// ---- checks before a write ---------------------------------------------------------------------------

/**
 * Ids an input names in one field, and the table where each must exist (its `id` column). Reference values
 * (`isActive`) that were retired stay acceptable only where the stored record already has them, so old
 * records save back unchanged while new choices come from the values still offered.
 */
export interface ReferenceCheck {
  field: string;
  column: PgColumn;
  ids: readonly number[];
  /** The `is_active` column of a reference table; tags have none. */
  isActive?: PgColumn;
}

/** A check on a reference-data table (all share `id` and `isActive`, server/db/schema/reference.ts). */
export const referenceCheck = (
  field: string,
  table: { id: PgColumn; isActive: PgColumn },
  ids: readonly number[],
): ReferenceCheck => ({ field, column: table.id, isActive: table.isActive, ids });

/**
 * One problem per field that names an id its table does not have, or a retired value the stored record
 * did not have (`stored`: the same checks built from the stored record). One query per field with ids.
 */
async function unknownReferenceProblems(
  tx: Queryable,
  checks: readonly ReferenceCheck[],
  stored: readonly ReferenceCheck[],
): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  for (const check of checks) {
    const wanted = [...new Set(check.ids)];
    if (wanted.length === 0) continue;
    const found = await tx
      .select({ id: check.column, isActive: check.isActive ?? sql<boolean>`true` })
      .from(check.column.table)
      .where(inArray(check.column, wanted));
    const known = new Map(found.map((row) => [row.id as number, row.isActive as boolean]));
    const kept = new Set(stored.find((candidate) => candidate.field === check.field)?.ids ?? []);
    if (wanted.some((id) => !known.has(id))) problems[check.field] = UNKNOWN_REFERENCE;
    else if (wanted.some((id) => known.get(id) === false && !kept.has(id))) problems[check.field] = RETIRED_REFERENCE;
  }
  return problems;
}

/** What a partner input says about its pictures (`generalInfos`), and what the stored record has. */
export interface PicturesInput {
  logo: UploadReference | null;
  media: readonly UploadReference[];
  mediaListState: MediaListState | null;
}

/** The uploads (logo and gallery: pictures only) the input attaches, each with the field that names it. */
function pictureUses(logo: UploadReference | null, galleryIds: readonly number[]): UploadUse[] {
  return [
    ...(logo ? [{ field: 'generalInfos.logo', id: logo.id, imageOnly: true }] : []),
    ...galleryIds.map((id, index) => ({ field: `generalInfos.media.${index}`, id, imageOnly: true })),
  ];
}

/** `requireUsableUploads` as problems to report with the others rather than a 400 of its own. */
async function uploadProblems(
  tx: Queryable,
  viewer: Viewer,
  uses: readonly UploadUse[],
  attached: ReadonlySet<number>,
) {
  try {
    await requireUsableUploads(tx, viewer, uses, attached);
    return {};
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400 && error.errors) return error.errors;
    throw error;
  }
}

/**
 * Every check of a partner write that the schema cannot make, all at once and before anything is written:
 * the gallery edit (`resolveGallery`), the uploads (the caller's own or already on the record; pictures),
 * and every reference and tag id. Answers the gallery to store; throws one 400 naming every field.
 */
export async function checkPartnerWrite(
  tx: Queryable,
  viewer: Viewer,
  pictures: PicturesInput,
  stored: PartnerPictures | null,
  references: readonly ReferenceCheck[],
  storedReferences: readonly ReferenceCheck[] = [],
): Promise<number[]> {
  const storedMediaIds = stored?.media.map((upload) => upload.id) ?? [];
  const gallery = resolveGallery(storedMediaIds, pictures.media, pictures.mediaListState, 'generalInfos');
  const attached = new Set([...storedMediaIds, ...(stored?.logo ? [stored.logo.id] : [])]);
  const problems = {
    ...(await unknownReferenceProblems(tx, references, storedReferences)),
    ...(await uploadProblems(tx, viewer, pictureUses(pictures.logo, gallery.ids), attached)),
    ...gallery.problems,
  };
  if (Object.keys(problems).length > 0) throw new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, problems);
  return gallery.ids;
}

// ---- columns -----------------------------------------------------------------------------------------

export const SANITISED_TOO_LONG = sanitisedTooLong(PARTNER_LIMITS.htmlDescription);

/** The description pair as stored (services/html.ts: sanitised, plain text derived, 400 when it grows too long). */
export const descriptionColumnsOf = (description: { description: string | null; htmlDescription: string | null }) =>
  storedDescription(description, {
    plain: PARTNER_LIMITS.description,
    html: PARTNER_LIMITS.htmlDescription,
    htmlField: 'description.htmlDescription',
  });

export const isoOf = (instant: Date): string => instant.toISOString();

/** The columns every partner row has that the record shows as they are (or nearly). */
interface PartnerRowBasics {
  description: string | null;
  htmlDescription: string | null;
  visibility: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The fields every partner record reads alike from its row and its tags: description to `updatedAt`. */
export const partnerRecordBasicsOf = (row: PartnerRowBasics, tagLinks: TagLinks) => ({
  description: { description: row.description, htmlDescription: row.htmlDescription },
  // The column's CHECK constraint allows only these (server/db/schema).
  visibility: row.visibility as Visibility,
  tagTerms: tagLinks.names,
  version: row.version,
  createdAt: isoOf(row.createdAt),
  updatedAt: isoOf(row.updatedAt),
});

// ---- list filters ------------------------------------------------------------------------------------

const MAX_FILTER_VALUES = 100;

/** A filter value given as one id or a list (a multi-select); an empty list filters nothing. */
export const idOrIdsSchema = z
  .union([idSchema, z.array(idSchema).max(MAX_FILTER_VALUES)])
  .transform((value) => (Array.isArray(value) ? value : [value]));

/** A text filter value given once or as a list (cities). */
export const textOrTextsSchema = (max: number) => {
  const text = z.string().trim().min(1).max(max);
  return z
    .union([text, z.array(text).max(MAX_FILTER_VALUES)])
    .transform((value) => (Array.isArray(value) ? value : [value]));
};

/** The record (its id column) has a link to one of the ids. */
export const linksToAny = (link: LinkTable, ownerId: PgColumn, ids: readonly number[]): SQL | undefined =>
  ids.length === 0
    ? undefined
    : sql`EXISTS (SELECT 1 FROM ${link.table} WHERE ${link.owner} = ${ownerId} AND ${inArray(link.target, [...ids])})`;

/** The text column equals one of the values, whatever their case. */
export const equalsAnyIgnoringCase = (column: PgColumn, values: readonly string[]): SQL | undefined =>
  values.length === 0 ? undefined : or(...values.map((value) => sql`lower(${column}) = lower(${value})`));

// ---- onboarding --------------------------------------------------------------------------------------

/**
 * Who may create a partner record (domain/access.ts grants ESTABLISHMENT create to ADMIN, PROMOTER_GROUP
 * create to PROMOTER): the platform roles (scope `all`) any number; a partner only its first one, which
 * becomes theirs in the same transaction (`users.establishment_id` / `promoter_group_id`). A partner who
 * already has one gets 403, naming the record's id field with the reason (a code of domain/partner.ts ONBOARDING_REFUSALS).
 */
export interface Onboarding {
  /** The viewer's scope kind that owns this kind of record. */
  scopeKind: PartnerKind;
  /** The viewer's field that points at its record. */
  viewerField: 'establishmentId' | 'promoterGroupId';
  /** The record's id field, named by the 403. */
  recordField: string;
  /** The refusal of a claim that lost the race to another create (a code of ONBOARDING_REFUSALS). */
  alreadyOwnsOne: string;
}

export const ESTABLISHMENT_ONBOARDING: Onboarding = {
  scopeKind: 'establishment',
  viewerField: 'establishmentId',
  recordField: 'establishmentId',
  ...ONBOARDING_REFUSALS.establishment,
};

export const PROMOTER_GROUP_ONBOARDING: Onboarding = {
  scopeKind: 'promoterGroup',
  viewerField: 'promoterGroupId',
  recordField: 'promoterId',
  ...ONBOARDING_REFUSALS.promoterGroup,
};

/** True when this create is the caller's onboarding: a partner role without a record of this kind yet. */
export const isOnboarding = (viewer: Viewer, onboarding: Onboarding): boolean =>
  isOnboardingCreate(viewer, onboarding.scopeKind);

export function requireMayCreate(viewer: Viewer, onboarding: Onboarding): void {
  const reason = createRefusalOf(viewer, onboarding.scopeKind);
  if (reason !== null) throw new ApiError(403, RESOURCE_ERROR_CODES.forbidden, { [onboarding.recordField]: reason });
}

/**
 * On onboarding, the new record becomes the caller's (same transaction as the insert), with an audit row on
 * the user since their scope changed. Only while the caller still has none: `viewer` was read when the
 * request began, so two creates sent at once both pass `requireMayCreate`; the second then finds the
 * column set (PostgreSQL re-checks the WHERE once the first commits) and is refused, rolling back its record.
 */
export async function claimForCaller(tx: Queryable, viewer: Viewer, onboarding: Onboarding, id: number): Promise<void> {
  if (!isOnboarding(viewer, onboarding)) return;
  const scopeColumn = users[onboarding.viewerField];
  const [claimed] = await tx
    .update(users)
    // A new version: a user form open on the caller would otherwise save the old scope back.
    .set({ [onboarding.viewerField]: id, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(users.id, viewer.userId), isNull(scopeColumn)))
    .returning({ email: users.email });
  if (!claimed)
    throw new ApiError(403, RESOURCE_ERROR_CODES.forbidden, { [onboarding.recordField]: onboarding.alreadyOwnsOne });
  await recordAudit(tx, {
    actor: { userId: viewer.userId, email: claimed.email },
    resource: 'users',
    recordId: viewer.userId,
    action: 'UPDATE',
    before: { [onboarding.viewerField]: null },
    after: { [onboarding.viewerField]: id },
  });
}

/** The generic's `viewerAfterCreate`: the caller's scope once an onboarding create made the record theirs. */
export const viewerAfterCreateOf =
  (onboarding: Onboarding) =>
  (viewer: Viewer, id: number): Viewer =>
    isOnboarding(viewer, onboarding) ? { ...viewer, [onboarding.viewerField]: id } : viewer;

// ---- the write block ---------------------------------------------------------------------------------

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
 * The generic's `write` for a partner resource: onboarding rules on create, every check before anything is
 * written (`checkPartnerWrite`), the row, its children, and on onboarding the claim by the caller.
 */
export function partnerWrites<
  RecordShape extends { generalInfos: PartnerPictures },
  Input extends { version?: number; generalInfos: PicturesInput },
>(parts: PartnerWriteParts<Input>): ResourceWrites<RecordShape, Input> {
  return {
    input: parts.input,
    version: parts.version,
    updatedAt: parts.updatedAt,
    authorizeWrite: ({ action, viewer }) => {
      if (action === 'create') requireMayCreate(viewer, parts.onboarding);
    },
    viewerAfterCreate: viewerAfterCreateOf(parts.onboarding),
    async insert(tx, input, { viewer }) {
      const galleryIds = await checkPartnerWrite(tx, viewer, input.generalInfos, null, parts.referenceChecksOf(input));
      const [row] = await tx
        .insert(parts.table)
        .values(parts.columnsOf(input) as never)
        .returning({ id: parts.id });
      const id = row.id as number;
      await parts.writeChildren(tx, id, input, galleryIds);
      await claimForCaller(tx, viewer, parts.onboarding, id);
      return id;
    },
    async update(tx, id, input, { viewer, current }) {
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
    },
    auditOmit: parts.auditOmit,
  };
}
