import { z } from 'zod';
import { hasPermission, ROLE_SCOPES, type Viewer } from './access';
import { APPROVAL_STATUSES, OFFER_KINDS, OFFER_RECURRENCE_PATTERNS, VISIBILITIES } from './enums';
import { idSchema, optionalId, optionalText, recordVersionSchema, requiredText } from './records';
import { isRoleKey } from './roles';
import { crossFieldChecks, type CrossFieldCheck } from './validation';

/**
 * The offer template (SPEC §3) as the API carries it (`/offer-templates`), and its input, shared by the
 * drawers and the server. A template is either the platform's (no owner) or a partner's (one establishment or
 * one promoter group); a partner's is a request until the platform's staff approve it
 * (docs/data-model.md "Offer templates"). The record keeps the specification's `reccurrencePattern`.
 */

export const OFFER_TEMPLATE_LIMITS = {
  longTitle: 200,
  shortTitle: 60,
  htmlTitle: 2000,
  description: 2000,
  html: 20_000,
  reason: 1000,
} as const;

/** Codes the server puts on fields or in `message` for template writes; the browser translates them. */
export const OFFER_TEMPLATE_PROBLEMS = {
  /** A recurrent template says how often it recurs. */
  patternRequired: 'RECURRENCE_PATTERN_REQUIRED_FOR_RECURRENT',
  /** An exclusive template has no recurrence. */
  patternOnlyRecurrent: 'RECURRENCE_PATTERN_ONLY_FOR_RECURRENT',
  /** A template belongs to one establishment or one promoter group, never both. */
  oneOwner: 'ONE_OWNER_ONLY',
  /** A partner asks for templates of its own establishment or group only. */
  ownScopeOnly: 'REQUEST_FOR_YOUR_OWN_SCOPE_ONLY',
  /** A partner changes its request while it waits, not once decided, nor anybody else's template. */
  onlyPendingRequest: 'ONLY_A_PENDING_REQUEST_CAN_BE_CHANGED',
} as const;

const recurrencePatternSchema = z.enum(OFFER_RECURRENCE_PATTERNS);

const inputFields = z.object({
  /** EXCLUSIVE or RECURRENT: which kind of offer the template is for (the table's `kind`). */
  offerType: z.enum(OFFER_KINDS),
  longTitle: requiredText(OFFER_TEMPLATE_LIMITS.longTitle),
  shortTitle: requiredText(OFFER_TEMPLATE_LIMITS.shortTitle),
  htmlLongTitle: optionalText(OFFER_TEMPLATE_LIMITS.htmlTitle),
  htmlShortTitle: optionalText(OFFER_TEMPLATE_LIMITS.htmlTitle),
  description: optionalText(OFFER_TEMPLATE_LIMITS.description),
  htmlDescription: optionalText(OFFER_TEMPLATE_LIMITS.html),
  establishmentId: optionalId,
  promoterGroupId: optionalId,
  /** Recurrent templates only; the specification's spelling. */
  reccurrencePattern: z.preprocess(
    (value) => (value === '' ? null : value),
    recurrencePatternSchema.nullable().default(null),
  ),
  visibility: z.enum(VISIBILITIES).default('DRAFT'),
  /** Required on PUT (optimistic concurrency); ignored on POST. */
  version: recordVersionSchema.optional(),
});
type OfferTemplateInputFields = z.output<typeof inputFields>;

const OFFER_TEMPLATE_CHECKS: readonly CrossFieldCheck<OfferTemplateInputFields>[] = [
  {
    reads: ['offerType', 'reccurrencePattern'],
    check: ({ offerType, reccurrencePattern }, context) => {
      if (offerType === 'RECURRENT' && reccurrencePattern === null) {
        context.addIssue({
          code: 'custom',
          path: ['reccurrencePattern'],
          message: OFFER_TEMPLATE_PROBLEMS.patternRequired,
        });
      }
      if (offerType === 'EXCLUSIVE' && reccurrencePattern !== null) {
        context.addIssue({
          code: 'custom',
          path: ['reccurrencePattern'],
          message: OFFER_TEMPLATE_PROBLEMS.patternOnlyRecurrent,
        });
      }
    },
  },
  {
    reads: ['establishmentId', 'promoterGroupId'],
    check: ({ establishmentId, promoterGroupId }, context) => {
      if (establishmentId !== null && promoterGroupId !== null) {
        context.addIssue({ code: 'custom', path: ['promoterGroupId'], message: OFFER_TEMPLATE_PROBLEMS.oneOwner });
      }
    },
  },
];

/**
 * What a client sends (POST and PUT; PUT with `version`). The approval fields are the server's: left out
 * here, a client cannot approve its own request by writing `approvalStatus`.
 */
export const offerTemplateInputSchema = inputFields.superRefine(crossFieldChecks(OFFER_TEMPLATE_CHECKS));
export type OfferTemplateInput = z.output<typeof offerTemplateInputSchema>;

export const offerTemplateSchema = inputFields.extend({
  id: idSchema,
  /** The template's own id: what an offer's `promotionId` names (docs/data-model.md). */
  promotionTemplateId: idSchema,
  approvalStatus: z.enum(APPROVAL_STATUSES),
  /** The decider's reason (required on a rejection, an optional note on an approval). */
  approvalReason: z.string().nullable(),
  /** The partner's user who asked (null for the platform's own templates), and when. */
  requestedBy: idSchema.nullable(),
  requestedAt: z.string().nullable(),
  /** Who approved or rejected, and when (null while pending). */
  decidedBy: idSchema.nullable(),
  decidedAt: z.string().nullable(),
  version: recordVersionSchema,
});
export type OfferTemplate = z.output<typeof offerTemplateSchema>;

/** `POST /offer-templates/:id/approve` takes an optional note, `/reject` a required reason; both may carry `version`. */
export const templateApprovalSchema = z.object({
  reason: optionalText(OFFER_TEMPLATE_LIMITS.reason),
  version: recordVersionSchema.optional(),
});
export const templateRejectionSchema = z.object({
  reason: requiredText(OFFER_TEMPLATE_LIMITS.reason),
  version: recordVersionSchema.optional(),
});

/** What a decision makes of a request: approving publishes the template, rejecting leaves it a draft. */
export const TEMPLATE_DECISIONS = {
  approve: { approvalStatus: 'APPROVED', visibility: 'PUBLISHED' },
  reject: { approvalStatus: 'REJECTED', visibility: 'DRAFT' },
} as const;
export type TemplateDecision = keyof typeof TEMPLATE_DECISIONS;

/**
 * The platform's staff (a role that sees every record and manages templates) decide on requests and write
 * templates directly; every other role with OFFER_TEMPLATE create only asks.
 */
export function decidesTemplates(roleKeys: readonly string[]): boolean {
  return (
    hasPermission(roleKeys, 'OFFER_TEMPLATE', 'delete') &&
    roleKeys.some((key) => isRoleKey(key) && ROLE_SCOPES[key] === 'all')
  );
}

/** The owner a partner's request gets: its establishment, else its promoter group (null: it owns nothing). */
export function requestOwnerOf(viewer: Viewer): { establishmentId: number | null; promoterGroupId: number | null } {
  const kinds = viewer.roleKeys.filter(isRoleKey).map((key) => ROLE_SCOPES[key]);
  if (kinds.includes('establishment') && viewer.establishmentId !== null) {
    return { establishmentId: viewer.establishmentId, promoterGroupId: null };
  }
  if (kinds.includes('promoterGroup') && viewer.promoterGroupId !== null) {
    return { establishmentId: null, promoterGroupId: viewer.promoterGroupId };
  }
  return { establishmentId: null, promoterGroupId: null };
}
