import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  STATISTIC_METRICS,
  STATISTIC_SCOPES,
  statisticsFilterSchema,
  type StatisticMetric,
} from '../../domain/statistics';
import { parseInput } from '../errors';
import { readStatistics } from '../services/statistics';
import { jsonParameter } from './shared/listQuery';
import { requirePermission, viewerOf } from './shared/resource';

/**
 * `GET /statistics?filter={…}` (docs/statistics.md, ARCHITECTURE.md §9): the figures of the viewer's venue,
 * group, one of their events or, for the roles that see every record, the platform, over a period of Zurich
 * days with the period before it. Needs the STATISTICS permission (403); a scope that does not exist or lies
 * outside the viewer's own is a 404; a bad filter a 400 on `filter.<field>`.
 */

const querySchema = z.object({
  filter: jsonParameter(
    'filter',
    statisticsFilterSchema,
    'JSON object: at most one of establishmentId, promoterGroupId, eventId (none: the caller’s own scope); from and to, Zurich dates YYYY-MM-DD, both included (default: the last 30 days)',
  ),
});

const figuresSchema = z.object(
  Object.fromEntries(STATISTIC_METRICS.map((metric) => [metric, z.number().int()])) as Record<
    StatisticMetric,
    z.ZodNumber
  >,
);
const periodSchema = z.object({ from: z.iso.date(), to: z.iso.date() });

const replySchema = z.object({
  scope: z.object({ kind: z.enum(STATISTIC_SCOPES), id: z.number().int().nullable(), name: z.string() }),
  metrics: z.array(z.enum(STATISTIC_METRICS)),
  period: periodSchema,
  previousPeriod: periodSchema,
  bucket: z.enum(['day', 'week']),
  totals: figuresSchema,
  previous: figuresSchema,
  series: z.array(figuresSchema.extend({ date: z.iso.date() })),
  embeddingSites: z.array(z.object({ origin: z.string(), views: z.number().int() })),
  offers: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      offerType: z.enum(['EXCLUSIVE', 'RECURRENT']),
      claims: z.number().int(),
      claimedSpots: z.number().int(),
      availableSpots: z.number().int().nullable(),
    }),
  ),
});

export async function statisticsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/statistics',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['statistics'],
        summary:
          'The figures of a scope (the caller’s own by default) over a period, the period before it, and per day or week',
        querystring: querySchema,
        response: { 200: replySchema },
        errorStatuses: [403, 404],
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      requirePermission(viewer, 'STATISTICS', 'read');
      const { filter } = parseInput(querySchema, request.query);
      return readStatistics(app.db, viewer, filter ?? {});
    },
  );
}
