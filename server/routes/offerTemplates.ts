import type { FastifyInstance } from 'fastify';
import { eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { APPROVAL_STATUSES, OFFER_KINDS, VISIBILITIES } from '../../domain/enums';
import {
  offerTemplateInputSchema,
  offerTemplateSchema,
  templateApprovalSchema,
  templateRejectionSchema,
  type OfferTemplate,
  type OfferTemplateInput,
  type TemplateDecision,
} from '../../domain/offerTemplate';
import { idOrIdsSchema } from '../../domain/records';
import { offerTemplates } from '../db/schema';
import {
  authorizeOfferTemplateWrite,
  decideTemplateRequest,
  insertOfferTemplate,
  loadOfferTemplates,
  ownedOrShared,
  platformWideCondition,
  updateOfferTemplate,
} from '../services/offerTemplates';
import { defineFilter, defineMemberAction, registerResource, type ResourceDefinition } from './shared/resource';

/**
 * `/offer-templates` (docs/server.md "Offer templates"): the platform's staff (ROOT, COORDINATOR_ADMIN_FULL)
 * manage templates; partners read theirs and the platform's shared ones, and request templates of their own,
 * which the staff approve or reject with `POST /:id/approve` and `POST /:id/reject {reason}`.
 */

const decisionAction = (decision: TemplateDecision, summary: string) =>
  defineMemberAction<OfferTemplate, { reason: string | null; version?: number }>({
    summary,
    body: decision === 'approve' ? templateApprovalSchema : templateRejectionSchema,
    apply: (tx, id, { viewer, current, body }) =>
      decideTemplateRequest(tx, id, { viewer, current, decision, reason: body.reason }),
  });

const statusSchema = z.union([z.enum(APPROVAL_STATUSES), z.array(z.enum(APPROVAL_STATUSES)).min(1).max(3)]);
const listOf = <Value>(value: Value | Value[]): Value[] => (Array.isArray(value) ? value : [value]);

export const offerTemplateResource: ResourceDefinition<OfferTemplate, OfferTemplateInput> = {
  name: 'offer-templates',
  permission: 'OFFER_TEMPLATE',
  table: offerTemplates,
  id: offerTemplates.id,
  sortable: {
    id: offerTemplates.id,
    longTitle: sql`lower(${offerTemplates.longTitle})`,
    shortTitle: sql`lower(${offerTemplates.shortTitle})`,
    offerType: offerTemplates.kind,
    approvalStatus: offerTemplates.approvalStatus,
    visibility: offerTemplates.visibility,
    requestedAt: offerTemplates.createdAt,
    decidedAt: offerTemplates.decidedAt,
  },
  defaultSort: { field: 'longTitle', order: 'ASC' },
  filters: {
    approvalStatus: defineFilter(statusSchema, (value) => inArray(offerTemplates.approvalStatus, listOf(value))),
    visibility: defineFilter(z.enum(VISIBILITIES), (value) => eq(offerTemplates.visibility, value)),
    offerType: defineFilter(z.enum(OFFER_KINDS), (value) => eq(offerTemplates.kind, value)),
    establishmentId: defineFilter(idOrIdsSchema, (ids) => inArray(offerTemplates.establishmentId, ids)),
    promoterGroupId: defineFilter(idOrIdsSchema, (ids) => inArray(offerTemplates.promoterGroupId, ids)),
    /** true: the platform's own templates (no owner); false: the partners'. */
    platformWide: defineFilter(z.boolean(), platformWideCondition),
    /** true: the partners' requests (whatever their decision); false: the templates nobody asked for. */
    isRequest: defineFilter(z.boolean(), (isRequest) =>
      isRequest ? isNotNull(offerTemplates.requestedByUserId) : isNull(offerTemplates.requestedByUserId),
    ),
  },
  search: [offerTemplates.longTitle, offerTemplates.shortTitle],
  scope: {
    establishment: ownedOrShared(offerTemplates.establishmentId),
    promoterGroup: ownedOrShared(offerTemplates.promoterGroupId),
    fields: ['establishmentId', 'promoterGroupId'],
  },
  load: loadOfferTemplates,
  recordSchema: offerTemplateSchema,
  write: {
    input: offerTemplateInputSchema,
    version: offerTemplates.version,
    updatedAt: offerTemplates.updatedAt,
    insert: (tx, input, { viewer }) => insertOfferTemplate(tx, input, viewer),
    update: (tx, id, input, { viewer, current }) => updateOfferTemplate(tx, id, input, { viewer, current: current! }),
    authorizeWrite: ({ action, viewer, current }) => authorizeOfferTemplateWrite({ action, viewer, current }),
    memberActions: {
      approve: decisionAction('approve', 'Approve a template request (optional note); answers the template'),
      reject: decisionAction('reject', 'Reject a template request with a reason; answers the template'),
    },
    visibilityOf: (record) => record.visibility,
  },
};

export async function offerTemplateRoutes(app: FastifyInstance): Promise<void> {
  registerResource(app, offerTemplateResource);
}
