import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { hasPermission, type Viewer } from '../../domain/access';
import { OFFER_KINDS, VISIBILITIES } from '../../domain/enums';
import {
  OFFER_STATUSES,
  offerClaimListItemSchema,
  offerClaimSchema,
  offerInputSchema,
  offerSchema,
  type Offer,
  type OfferInput,
} from '../../domain/offer';
import { idOrIdsSchema } from '../../domain/records';
import { offers } from '../db/schema/offers';
import { parseInput } from '../errors';
import {
  checkOfferWrite,
  insertOffer,
  loadOffers,
  publishedOfferCondition,
  removeOffer,
  statusCondition,
  templateTitleMatches,
  updateOffer,
} from '../services/offers';
import { cancelClaim, claimOffer, listClaims } from '../services/offers/claims';
import {
  auditActorOf,
  defineFilter,
  forbidden,
  idTextSchema,
  registerResource,
  requireInScope,
  requirePermission,
  viewerOf,
  type ResourceDefinition,
} from './shared/resource';

/**
 * `/offers`: exclusive and recurrent offers through the generic resource (docs/server.md "Offers"), and their
 * claims beside it. The roles with the discount route manage the offers of their scope; customers read the
 * published offers of published events and claim spots of the exclusive ones.
 */

const statusesSchema = z
  .union([z.enum(OFFER_STATUSES), z.array(z.enum(OFFER_STATUSES)).max(OFFER_STATUSES.length)])
  .transform((value) => (Array.isArray(value) ? value : [value]));

export const offerResource: ResourceDefinition<Offer, OfferInput> = {
  name: 'offers',
  permission: 'OFFER',
  table: offers,
  id: offers.id,
  sortable: {
    id: offers.id,
    offerType: offers.kind,
    startDate: offers.startDate,
    endDate: offers.endDate,
    availableSpots: offers.availableSpots,
    claimedSpots: offers.claimedSpots,
    visibility: offers.visibility,
    eventId: offers.eventId,
    spotsLeft: sql`(${offers.availableSpots} - ${offers.claimedSpots})`,
  },
  defaultSort: { field: 'id', order: 'DESC' },
  filters: {
    establishmentId: defineFilter(idOrIdsSchema, (ids) => inArray(offers.establishmentId, ids)),
    promoterGroupId: defineFilter(idOrIdsSchema, (ids) => inArray(offers.promoterGroupId, ids)),
    eventId: defineFilter(idOrIdsSchema, (ids) => inArray(offers.eventId, ids)),
    promotionId: defineFilter(idOrIdsSchema, (ids) => inArray(offers.templateId, ids)),
    offerType: defineFilter(z.enum(OFFER_KINDS), (kind) => eq(offers.kind, kind)),
    visibility: defineFilter(z.enum(VISIBILITIES), (visibility) => eq(offers.visibility, visibility)),
    /** The status of domain/offer.ts now (one or several: any of them). */
    status: defineFilter(statusesSchema, (statuses) => {
      const now = new Date();
      return statuses.length === 0 ? undefined : or(...statuses.map((status) => statusCondition(status, now)));
    }),
  },
  search: [templateTitleMatches],
  scope: {
    establishment: offers.establishmentId,
    promoterGroup: offers.promoterGroupId,
    published: publishedOfferCondition,
    fields: ['establishmentId', 'promoterGroupId'],
  },
  load: (db, ids) => loadOffers(db, ids),
  recordSchema: offerSchema,
  write: {
    input: offerInputSchema,
    version: offers.version,
    updatedAt: offers.updatedAt,
    insert: (tx, input) => insertOffer(tx, input),
    update: (tx, id, input, { current }) => updateOffer(tx, id, input, current?.visibility ?? 'DRAFT'),
    remove: (tx, id) => removeOffer(tx, id),
    authorizeWrite: ({ tx, input, current }) => checkOfferWrite(tx, input, current),
    visibilityOf: (offer) => offer.visibility,
    // Derived from the clock and the claims: not a change of the record.
    auditOmit: ['status', 'claimedSpots'],
  },
};

// ---- claims ------------------------------------------------------------------------------------------

const claimParamsSchema = z.object({ id: idTextSchema });
const claimMemberParamsSchema = z.object({ id: idTextSchema, claimId: idTextSchema });

const isCustomer = (viewer: Viewer) => viewer.roleKeys.includes('CUSTOMER');

/** Staff who manage the offer: OFFER update and the offer in their write scope (404 outside the read scope). */
async function requireOfferStaff(app: FastifyInstance, viewer: Viewer, offerId: number): Promise<void> {
  requirePermission(viewer, 'OFFER', 'update');
  await requireInScope(app.db, offerResource, viewer, offerId, 'write');
}

async function cancel(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const viewer = viewerOf(request);
  const { id, claimId } = parseInput(claimMemberParamsSchema, request.params);
  const asStaff = hasPermission(viewer.roleKeys, 'OFFER', 'update');
  if (asStaff) await requireOfferStaff(app, viewer, id);
  else if (!isCustomer(viewer)) throw forbidden();
  await cancelClaim(app.db, {
    offerId: id,
    claimId,
    by: auditActorOf(request),
    ownerUserId: asStaff ? null : viewer.userId,
  });
}

export async function offerRoutes(app: FastifyInstance): Promise<void> {
  registerResource(app, offerResource);
  const authenticated = { preHandler: app.authenticate };

  app.post(
    '/offers/:id/claims',
    {
      ...authenticated,
      schema: {
        tags: ['offers'],
        summary:
          'Claim a spot of a published exclusive offer inside its window (customers); 409 SOLD_OUT, ALREADY_CLAIMED, OFFER_NOT_STARTED, OFFER_ENDED, OFFER_NOT_CLAIMABLE; 404 OFFER_NOT_PUBLISHED',
        params: claimParamsSchema,
        response: { 201: offerClaimSchema },
        errorStatuses: [403, 409],
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      // The id first, as every route checks it: a malformed one is a 400 whoever asks.
      const { id } = parseInput(claimParamsSchema, request.params);
      if (!isCustomer(viewer)) throw forbidden();
      return reply.code(201).send(await claimOffer(app.db, id, auditActorOf(request)));
    },
  );

  app.get(
    '/offers/:id/claims',
    {
      ...authenticated,
      schema: {
        tags: ['offers'],
        summary: "The offer's claims, live and cancelled, newest first, with each customer (the offer's staff)",
        params: claimParamsSchema,
        response: { 200: z.array(offerClaimListItemSchema) },
        errorStatuses: [403],
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const { id } = parseInput(claimParamsSchema, request.params);
      await requireOfferStaff(app, viewer, id);
      return listClaims(app.db, id);
    },
  );

  app.delete(
    '/offers/:id/claims/:claimId',
    {
      ...authenticated,
      schema: {
        tags: ['offers'],
        summary:
          "Cancel a live claim (the offer's staff, or the customer its own): the spot comes back; 404 CLAIM_NOT_FOUND once cancelled",
        params: claimMemberParamsSchema,
        response: { 204: z.undefined().describe('Cancelled; the spot is free again') },
        errorStatuses: [403],
      },
    },
    async (request, reply) => {
      await cancel(app, request);
      return reply.code(204).send();
    },
  );
}
