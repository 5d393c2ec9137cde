import type { FastifyInstance } from 'fastify';
import { eq, gte, lt } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import type { AuditLogRecord } from '../../domain/audit';
import { AUDIT_ACTIONS } from '../../domain/enums';
import { idSchema } from '../../domain/records';
import { auditLog } from '../db/schema/auditLog';
import { auditRecordColumns, loadAuditRecords } from '../services/audit';
import { defineFilter, registerResource, type ResourceDefinition } from './shared/resource';

/**
 * `/audit-log`: who changed what, when; read-only, for AUDIT_LOG (ROOT). The rows are written by
 * the generic resource API in each write's transaction (server/services/audit.ts).
 */

/** Dates of the filter are Swiss calendar days (the API's dates are wall-clock dates in Europe/Zurich). */
const AUDIT_TIME_ZONE = 'Europe/Zurich';

/** From the year 1000 on: PostgreSQL has no year 0, and a day before it would fail the query. */
const isoDate = z.iso.date().refine((date) => !date.startsWith('0'), 'From the year 1000 on');

/** The first instant of a Zurich calendar day (`2026-03-29` starts at 23:00 UTC the day before). */
const startOfDay = (date: string) =>
  new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: AUDIT_TIME_ZONE }).toInstant().epochMilliseconds);

const nextDay = (date: string) => Temporal.PlainDate.from(date).add({ days: 1 }).toString();

export const auditLogResource: ResourceDefinition<AuditLogRecord> = {
  name: 'audit-log',
  permission: 'AUDIT_LOG',
  table: auditLog,
  id: auditLog.id,
  sortable: { at: auditLog.at, id: auditLog.id },
  defaultSort: { field: 'at', order: 'DESC' },
  filters: {
    actorUserId: defineFilter(idSchema, (userId) => eq(auditLog.actorUserId, userId)),
    resource: defineFilter(z.string().trim().min(1).max(100), (resource) => eq(auditLog.resource, resource)),
    recordId: defineFilter(z.union([z.string().trim().min(1).max(100), idSchema]), (recordId) =>
      eq(auditLog.recordId, String(recordId)),
    ),
    action: defineFilter(z.enum(AUDIT_ACTIONS), (action) => eq(auditLog.action, action)),
    /** From this day on, inclusive. */
    from: defineFilter(isoDate, (date) => gte(auditLog.at, startOfDay(date))),
    /** Up to this day, inclusive: before the next day starts. */
    to: defineFilter(isoDate, (date) => lt(auditLog.at, startOfDay(nextDay(date)))),
  },
  search: [auditLog.actorEmail, auditLog.recordId],
  scope: 'global',
  load: loadAuditRecords,
  listedColumns: auditRecordColumns,
};

export async function auditLogRoutes(app: FastifyInstance): Promise<void> {
  registerResource(app, auditLogResource);
}
