import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { idOrIdsSchema } from '../../domain/records';
import {
  widgetSettingsInputSchema,
  widgetSettingsSchema,
  type WidgetSettings,
  type WidgetSettingsInput,
} from '../../domain/widget';
import { widgetSettings } from '../db/schema/widgetSettings';
import { loadWidgetSettings, rotateWidgetKey, updateWidgetSettings } from '../services/widgetSettings';
import { defineFilter, registerResource, type ResourceDefinition } from './shared/resource';

/**
 * `/widget-settings`: each establishment's widget look and the sites allowed to frame it, one record per
 * establishment, made with it and gone with it (no POST, no DELETE). The roles with the iframe route read and
 * update those of their scope (domain/access.ts); `POST /:id/rotate-key` gives the record a new public key.
 */

export const widgetSettingsResource: ResourceDefinition<WidgetSettings, WidgetSettingsInput> = {
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
    memberActions: {
      'rotate-key': {
        summary: 'Give the widget a new public key; the old one stops answering at once. Answers the record',
        apply: rotateWidgetKey,
      },
    },
    // The key is what a visitor's URL holds: the log says that it changed, not what it is.
    auditOmit: ['externalApiKey'],
    // The change feed tells every process within milliseconds; this one forgets the widget's pages before it
    // answers, so that a rotated key is a 404 from the next request on.
    afterCommit: ({ before, after }, app) => {
      const establishmentId = after?.establishmentId ?? before?.establishmentId;
      if (establishmentId !== undefined) app.widgetPages.invalidateEstablishment(establishmentId);
    },
  },
};

export async function widgetSettingsRoutes(app: FastifyInstance): Promise<void> {
  registerResource(app, widgetSettingsResource);
}
