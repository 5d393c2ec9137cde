import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { ASK_FILTERS, type AskRecord } from '../../domain/ask';
import { asks } from '../db/schema';
import {
  asksAsReadBy,
  awaitsMeCondition,
  loadAsks,
  mineCondition,
  requestedFromCondition,
  requestedToCondition,
} from '../services/asks';
import { defineFilter, registerResource, viewerOf, type ResourceDefinition } from './shared/resource';

/**
 * `/asks` (docs/asks.md, ARCHITECTURE.md §9): the requests awaiting a decision and those the viewer made,
 * read-only; decisions go through the record's own approve and reject. Scope: the asks of the viewer's
 * establishment (event requests at its venue, its template requests) or promoter group; the platform roles
 * read all; customers none (no ASK permission).
 */

const statusesOf = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

export const askResource: ResourceDefinition<AskRecord> = {
  name: 'asks',
  permission: 'ASK',
  table: asks,
  id: asks.id,
  sortable: {
    pendingFirst: asks.queueKey,
    requestedAt: asks.requestedAt,
    decidedAt: asks.decidedAt,
    status: asks.status,
    kind: asks.kind,
    id: asks.id,
  },
  defaultSort: { field: 'pendingFirst', order: 'ASC' },
  filters: {
    kind: defineFilter(ASK_FILTERS.kind, (kind) => eq(asks.kind, kind)),
    status: defineFilter(ASK_FILTERS.status, (status) => inArray(asks.status, statusesOf(status))),
    establishmentId: defineFilter(ASK_FILTERS.establishmentId, (ids) => inArray(asks.establishmentId, ids)),
    promoterGroupId: defineFilter(ASK_FILTERS.promoterGroupId, (ids) => inArray(asks.promoterGroupId, ids)),
    requestedFrom: defineFilter(ASK_FILTERS.requestedFrom, requestedFromCondition),
    requestedTo: defineFilter(ASK_FILTERS.requestedTo, requestedToCondition),
    awaitsMe: defineFilter(ASK_FILTERS.awaitsMe, awaitsMeCondition),
    mine: defineFilter(ASK_FILTERS.mine, mineCondition),
  },
  search: [asks.title],
  scope: {
    establishment: asks.establishmentId,
    promoterGroup: asks.promoterGroupId,
  },
  load: loadAsks,
  asReadBy: async (_db, records, request) => asksAsReadBy(viewerOf(request), records),
};

export async function askRoutes(app: FastifyInstance): Promise<void> {
  registerResource(app, askResource);
}
