import type { AuditAction } from '../../domain/enums';

/** One entry of GET /audit-log: who changed which record, when, and each changed field path. */
export interface AuditLogRecord {
  id: number;
  /** ISO 8601 instant. */
  at: string;
  actorUserId: number | null;
  actorEmail: string | null;
  /** The collection's name (`users`, `tags`, …). */
  resource: string;
  recordId: string;
  action: AuditAction;
  changes: Record<string, { before?: unknown; after?: unknown }>;
}
