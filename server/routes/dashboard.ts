import type { FastifyInstance } from 'fastify';
import {
  dashboardCardParamsSchema,
  dashboardCardSchema,
  dashboardCardsOf,
  dashboardReplySchema,
  isDashboardCardId,
  type DashboardReply,
} from '../../domain/dashboard';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import { ApiError, parseInput } from '../errors';
import { dashboardCard } from '../services/dashboard';
import { forbidden, viewerOf } from './shared/resource';

/**
 * The dashboard (docs/dashboard.md; our extension of ARCHITECTURE.md §9 `GET /dashboard → the caller's cards`):
 * `GET /dashboard` names the caller's cards in the page's order (dashboardCardsOf, from the permission table);
 * `GET /dashboard/cards/:card` answers one, for the caller's scope, so that the page loads them side by side and
 * a failing card fails alone. An unknown card is a 404, a card the caller does not have a 403.
 */

const TAG = ['dashboard'];

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const authenticated = { preHandler: app.authenticate };

  app.get(
    '/dashboard',
    {
      ...authenticated,
      schema: {
        tags: TAG,
        summary: 'The caller’s dashboard cards, in the page’s order',
        response: { 200: dashboardReplySchema },
      },
    },
    async (request): Promise<DashboardReply> => ({ cards: dashboardCardsOf(viewerOf(request)) }),
  );

  app.get(
    '/dashboard/cards/:card',
    {
      ...authenticated,
      schema: {
        tags: TAG,
        summary:
          'One dashboard card’s figures for the caller’s scope (its establishment, group, the platform, or its own)',
        params: dashboardCardParamsSchema,
        response: { 200: dashboardCardSchema },
        errorStatuses: [403],
      },
    },
    async (request) => {
      const { card } = parseInput(dashboardCardParamsSchema, request.params);
      if (!isDashboardCardId(card)) throw new ApiError(404, RESOURCE_ERROR_CODES.notFound);
      const viewer = viewerOf(request);
      if (!dashboardCardsOf(viewer).includes(card)) throw forbidden();
      return dashboardCard(app.db, viewer, card, app.notifications.now());
    },
  );
}
