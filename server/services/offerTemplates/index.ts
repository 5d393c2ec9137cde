import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../../domain/access';
import type { ApprovalStatus, OfferKind, OfferRecurrencePattern, Visibility } from '../../../domain/enums';
import { RESOURCE_ERROR_CODES, TEMPLATE_REQUEST_ERROR_CODES } from '../../../domain/errors';
import {
  decidesTemplates,
  OFFER_TEMPLATE_LIMITS,
  OFFER_TEMPLATE_PROBLEMS,
  requestOwnerOf,
  TEMPLATE_DECISIONS,
  type OfferTemplate,
  type OfferTemplateInput,
  type TemplateDecision,
} from '../../../domain/offerTemplate';
import { idIn } from '../../db/conditions';
import type { Queryable } from '../../db/queryable';
import { offerTemplates } from '../../db/schema';
import { ApiError } from '../../errors';
import { sanitizeUserHtml, sanitisedTooLong, storedDescription } from '../html';
import { tellDecidersOfTemplateRequest, tellRequesterOfTemplateDecision } from './notifications';

export { tellDecidersOfTemplateRequest, tellRequesterOfTemplateDecision } from './notifications';

/**
 * Offer templates and template requests (docs/server.md "Offer templates"): the platform's staff write
 * templates, approved as they are made; a partner's create is a request for its own establishment or group,
 * PENDING until the staff approve or reject it. The resource (server/routes/offerTemplates.ts) reads and
 * writes through here.
 */

const isoOrNull = (instant: Date | null): string | null => (instant ? instant.toISOString() : null);

type OfferTemplateRow = typeof offerTemplates.$inferSelect;

const recordOf = (row: OfferTemplateRow): OfferTemplate => ({
  id: row.id,
  promotionTemplateId: row.id,
  offerType: row.kind as OfferKind,
  longTitle: row.longTitle,
  shortTitle: row.shortTitle,
  htmlLongTitle: row.htmlLongTitle,
  htmlShortTitle: row.htmlShortTitle,
  description: row.description,
  htmlDescription: row.htmlDescription,
  establishmentId: row.establishmentId,
  promoterGroupId: row.promoterGroupId,
  reccurrencePattern: row.recurrencePattern as OfferRecurrencePattern | null,
  approvalStatus: row.approvalStatus as ApprovalStatus,
  approvalReason: row.approvalReason,
  requestedBy: row.requestedByUserId,
  // A request is asked for when its row is made; the platform's own templates were never asked for.
  requestedAt: row.requestedByUserId === null ? null : isoOrNull(row.createdAt),
  decidedBy: row.decidedByUserId,
  decidedAt: isoOrNull(row.decidedAt),
  visibility: row.visibility as Visibility,
  version: row.version,
});

export async function loadOfferTemplates(db: Queryable, ids: readonly number[]): Promise<OfferTemplate[]> {
  const rows = await db.select().from(offerTemplates).where(idIn(offerTemplates.id, ids));
  return rows.map(recordOf);
}

/** A sanitised HTML title, or a 400 on its field when cleaning made it longer than allowed. */
function storedHtmlTitle(html: string | null, field: string): string | null {
  const clean = sanitizeUserHtml(html);
  if (clean && clean.length > OFFER_TEMPLATE_LIMITS.htmlTitle) {
    throw new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, {
      [field]: sanitisedTooLong(OFFER_TEMPLATE_LIMITS.htmlTitle),
    });
  }
  return clean;
}

/** The columns every writer sets from the input: texts (HTML sanitised), kind, pattern, owner. */
function contentColumnsOf(input: OfferTemplateInput) {
  return {
    kind: input.offerType,
    longTitle: input.longTitle,
    shortTitle: input.shortTitle,
    htmlLongTitle: storedHtmlTitle(input.htmlLongTitle, 'htmlLongTitle'),
    htmlShortTitle: storedHtmlTitle(input.htmlShortTitle, 'htmlShortTitle'),
    ...storedDescription(input, {
      plain: OFFER_TEMPLATE_LIMITS.description,
      html: OFFER_TEMPLATE_LIMITS.html,
      htmlField: 'htmlDescription',
    }),
    recurrencePattern: input.reccurrencePattern,
    establishmentId: input.establishmentId,
    promoterGroupId: input.promoterGroupId,
  };
}

/**
 * The owner a partner's write lands on: theirs when the input names none; another's is a 403 on the field
 * that names it.
 */
function partnerOwner(viewer: Viewer, input: OfferTemplateInput) {
  const own = requestOwnerOf(viewer);
  if (input.establishmentId === null && input.promoterGroupId === null) return own;
  const field = input.establishmentId !== null ? 'establishmentId' : 'promoterGroupId';
  if (input.establishmentId !== own.establishmentId || input.promoterGroupId !== own.promoterGroupId) {
    throw new ApiError(403, RESOURCE_ERROR_CODES.forbidden, { [field]: OFFER_TEMPLATE_PROBLEMS.ownScopeOnly });
  }
  return own;
}

/** Inserts a template: approved when the platform's staff write it, else a partner's pending request. */
export async function insertOfferTemplate(tx: Queryable, input: OfferTemplateInput, viewer: Viewer): Promise<number> {
  const columns = contentColumnsOf(input);
  const now = new Date();
  const values = decidesTemplates(viewer.roleKeys)
    ? {
        ...columns,
        approvalStatus: 'APPROVED',
        decidedByUserId: viewer.userId,
        decidedAt: now,
        visibility: input.visibility,
      }
    : {
        ...columns,
        ...partnerOwner(viewer, input),
        approvalStatus: 'PENDING',
        requestedByUserId: viewer.userId,
        // A request is published by approving it.
        visibility: 'DRAFT',
      };
  const [row] = await tx.insert(offerTemplates).values(values).returning({ id: offerTemplates.id });
  // A partner's request: the platform's deciders are told, in this transaction.
  if (values.approvalStatus === 'PENDING')
    await tellDecidersOfTemplateRequest(tx, { templateId: row.id, by: viewer.userId });
  return row.id;
}

/**
 * Replaces a template's content. The approval fields stay the server's; a pending request stays a draft
 * until approved, whoever writes it.
 */
export async function updateOfferTemplate(
  tx: Queryable,
  id: number,
  input: OfferTemplateInput,
  { viewer, current }: { viewer: Viewer; current: OfferTemplate },
): Promise<void> {
  const partner = !decidesTemplates(viewer.roleKeys);
  await tx
    .update(offerTemplates)
    .set({
      ...contentColumnsOf(input),
      ...(partner ? partnerOwner(viewer, input) : {}),
      visibility: current.approvalStatus === 'PENDING' ? 'DRAFT' : input.visibility,
    })
    .where(eq(offerTemplates.id, id));
}

/**
 * A partner changes only a request of its own scope while it is PENDING (the scope check itself is the
 * generic's); the platform's staff change every template.
 */
export function authorizeOfferTemplateWrite({
  action,
  viewer,
  current,
}: {
  action: 'create' | 'update' | 'delete';
  viewer: Viewer;
  current: OfferTemplate | null;
}): void {
  if (decidesTemplates(viewer.roleKeys) || action === 'create' || !current) return;
  const own = requestOwnerOf(viewer);
  const ownRequest =
    current.approvalStatus === 'PENDING' &&
    ((own.establishmentId !== null && current.establishmentId === own.establishmentId) ||
      (own.promoterGroupId !== null && current.promoterGroupId === own.promoterGroupId));
  if (!ownRequest) throw new ApiError(403, OFFER_TEMPLATE_PROBLEMS.onlyPendingRequest);
}

/**
 * Approves or rejects a request, inside the member action's transaction (row locked, version bumped). Only
 * the platform's staff decide (403), and only a PENDING request (409): of an approval and a rejection sent
 * together, the second finds the first's decision once the lock is free.
 */
export async function decideTemplateRequest(
  tx: Queryable,
  id: number,
  {
    viewer,
    current,
    decision,
    reason,
  }: { viewer: Viewer; current: OfferTemplate; decision: TemplateDecision; reason: string | null },
): Promise<void> {
  if (!decidesTemplates(viewer.roleKeys)) throw new ApiError(403, RESOURCE_ERROR_CODES.forbidden);
  if (current.approvalStatus !== 'PENDING') throw new ApiError(409, TEMPLATE_REQUEST_ERROR_CODES.alreadyDecided);
  await tx
    .update(offerTemplates)
    .set({
      ...TEMPLATE_DECISIONS[decision],
      approvalReason: reason,
      decidedByUserId: viewer.userId,
      decidedAt: new Date(),
    })
    .where(eq(offerTemplates.id, id));
  // The requester is told in this transaction: a decision rolled back tells nobody.
  await tellRequesterOfTemplateDecision(tx, { templateId: id, by: viewer.userId });
}

// ---- list conditions ---------------------------------------------------------------------------------

/** The platform's templates that every partner may start from: no owner, approved and published. */
const sharedWithPartners: SQL = and(
  isNull(offerTemplates.establishmentId),
  isNull(offerTemplates.promoterGroupId),
  eq(offerTemplates.approvalStatus, 'APPROVED'),
  eq(offerTemplates.visibility, 'PUBLISHED'),
)!;

/**
 * A partner's templates: those of its establishment (or group), and the platform's shared ones. The write
 * scope reaches the shared ones too; `authorizeOfferTemplateWrite` refuses every change of them.
 */
export const ownedOrShared =
  (column: typeof offerTemplates.establishmentId | typeof offerTemplates.promoterGroupId) =>
  (ownerId: number): SQL =>
    or(eq(column, ownerId), sharedWithPartners)!;

/** `filter.platformWide`: true, the templates without an owner; false, the partners' own. */
export const platformWideCondition = (platformWide: boolean): SQL =>
  platformWide
    ? and(isNull(offerTemplates.establishmentId), isNull(offerTemplates.promoterGroupId))!
    : sql`(${offerTemplates.establishmentId} IS NOT NULL OR ${offerTemplates.promoterGroupId} IS NOT NULL)`;
