import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idOrIdsSchema, recordVersionSchema } from '../../domain/records';
import { widgetSettingsInputSchema, widgetSettingsSchema, type WidgetSettings } from '../../domain/widget';
import { widgetSettings } from '../db/schema/widgetSettings';
import { parseInput } from '../errors';
import { auditTrail } from '../services/audit';
import { loadWidgetSettings, rotateWidgetKey, updateWidgetSettings } from '../services/widgetSettings';
import {
  auditActorOf,
  defineFilter,
  idParamsSchema,
  lockRow,
  registerResource,
  requireInScope,
  requirePermission,
  requireReadVersion,
  viewerOf,
  type ResourceDefinition,
} from './shared/resource';

/**
 * `/widget-settings`: each establishment's widget look and the sites allowed to frame it, one record per
 * establishment, made with it and gone with it (no POST, no DELETE). The roles with the iframe route read and
 * update those of their scope (domain/access.ts); `POST /:id/rotate-key` gives the record a new public key.
 */

export const widgetSettingsResource: ResourceDefinition<WidgetSettings, z.output<typeof widgetSettingsInputSchema>> = {
  name: 'widget-settings',
  permission: 'WIDGET_SETTINGS',
  table: widgetSettings,
  id: widgetSettings.id,
  sortable: { id: widgetSettings.id, establishmentId: widgetSettings.establishmentId },
  defaultSort: { field: 'establishmentId', order: 'ASC' },
  filters: {
    establishmentId: defineFilter(idOrIdsSchema, (ids) => inArray(widgetSettings.establishmentId, ids)),
  },
  scope: { establishment: widgetSettings.establishmentId },
  load: loadWidgetSettings,
  recordSchema: widgetSettingsSchema,
  write: {
    input: widgetSettingsInputSchema,
    version: widgetSettings.version,
    updatedAt: widgetSettings.updatedAt,
    update: (tx, id, input) => updateWidgetSettings(tx, id, input),
    deletable: false,
    // The key is what a visitor's URL holds: the log says that it changed, not what it is.
    auditOmit: ['externalApiKey'],
  },
};

const rotateBodySchema = z.object({ version: recordVersionSchema.optional() }).default({});
const trail = auditTrail(widgetSettingsResource.name, widgetSettingsResource.write?.auditOmit);

/** A new key for the widget; `version`, when given, must be the one read (409 otherwise). */
async function rotateKey(app: FastifyInstance, request: FastifyRequest): Promise<WidgetSettings> {
  const viewer = viewerOf(request);
  requirePermission(viewer, 'WIDGET_SETTINGS', 'update');
  const { id } = parseInput(idParamsSchema, request.params);
  const { version } = parseInput(rotateBodySchema, request.body ?? {});
  return app.db.transaction(async (tx) => {
    await requireInScope(tx, widgetSettingsResource, viewer, id, 'write');
    requireReadVersion(await lockRow(tx, widgetSettings, widgetSettings.id, widgetSettings.version, id), version);
    const [before] = await loadWidgetSettings(tx, [id]);
    await rotateWidgetKey(tx, id);
    await tx
      .update(widgetSettings)
      .set({ version: sql`${widgetSettings.version} + 1`, updatedAt: sql`now()` })
      .where(eq(widgetSettings.id, id));
    const [after] = await loadWidgetSettings(tx, [id]);
    await trail(tx, { actor: auditActorOf(request), action: 'UPDATE', recordId: id, before, after });
    return after;
  });
}

export async function widgetSettingsRoutes(app: FastifyInstance): Promise<void> {
  registerResource(app, widgetSettingsResource);
  app.post(
    '/widget-settings/:id/rotate-key',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['widget-settings'],
        summary: 'Give the widget a new public key; the old one stops answering at once. Answers the record',
        params: idParamsSchema,
        body: rotateBodySchema,
        errorStatuses: [403, 404, 409],
      },
    },
    (request) => rotateKey(app, request),
  );
}
