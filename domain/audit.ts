import type { AuditAction } from './enums';

/**
 * The audit log's record (docs/server.md "Audit log"), one shape for the server that answers
 * `GET /audit-log` and the browser that shows it.
 */

/** For each changed field path, its value before and after (`before` absent on create, `after` on delete). */
export type AuditChanges = Record<string, { before?: unknown; after?: unknown }>;

/** One entry: who changed which record of which collection, when, and each changed field path. */
export interface AuditLogRecord {
  id: number;
  /** ISO 8601 instant in UTC. */
  at: string;
  actorUserId: number | null;
  actorEmail: string | null;
  /** The collection's name (`users`, `tags`, …). */
  resource: string;
  recordId: string;
  action: AuditAction;
  changes: AuditChanges;
}
