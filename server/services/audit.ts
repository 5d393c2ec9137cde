import { getTableColumns } from 'drizzle-orm';
import type { AuditLogRecord } from '../../domain/audit';
import type { AuditAction } from '../../domain/enums';
import type { Database } from '../db/client';
import type { Queryable } from '../db/queryable';
import { auditLog, type AuditChanges } from '../db/schema/auditLog';
import { idInIdsPlaceholder } from '../db/conditions';
import { builtOncePerDatabase } from '../db/prepared';
import { recordColumns } from '../db/pages';

/**
 * The audit log: every create, update and delete through the generic resource API writes one
 * row, in the write's own transaction, so a rolled-back write leaves no trace and a committed one always has
 * its row. `changes` maps each changed field, as a dot path of the record's shape (`generalInfos.tagName`),
 * to its value before and after: `after` only on create, `before` only on delete, and on update only the
 * fields whose value changed. An empty field (null, '', [], {}) of a created or deleted record did not change
 * and is left out: a new tag lists what was given, not forty empty fields.
 */

/** Fields never stored, whatever the resource: secrets have no place in a log that ROOT reads. */
const SECRET_FIELD = /password|token|secret|hash/i;

/** Fields every record carries that say nothing about the change itself. */
const BOOKKEEPING_FIELDS = new Set(['id', 'version']);

type Flat = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * `{generalInfos: {tagName: 'x'}, media: [1, 2]}` → `{'generalInfos.tagName': 'x', media: [1, 2]}`.
 * Lists stay whole (a reordered or shortened list is one change); secret and bookkeeping fields are left out.
 */
export function flattenRecord(record: unknown, omit: readonly string[] = []): Flat {
  const flat: Flat = {};
  const visit = (value: unknown, path: string) => {
    // An omitted path leaves out everything under it (a derived map such as a record's `tagTerms`).
    if (omit.includes(path)) return;
    if (isPlainObject(value)) {
      for (const [key, child] of Object.entries(value)) {
        if (SECRET_FIELD.test(key)) continue;
        visit(child, path ? `${path}.${key}` : key);
      }
      return;
    }
    if (BOOKKEEPING_FIELDS.has(path)) return;
    flat[path] = value === undefined ? null : value;
  };
  visit(record, '');
  return flat;
}

const sameValue = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

const isEmpty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (isPlainObject(value) && Object.keys(value).length === 0);

/** The changed fields between two versions of a record (null `before`: created; null `after`: deleted). */
export function changesBetween(before: unknown, after: unknown, omit: readonly string[] = []): AuditChanges {
  const previous = before === null ? {} : flattenRecord(before, omit);
  const next = after === null ? {} : flattenRecord(after, omit);
  const changes: AuditChanges = {};
  for (const path of new Set([...Object.keys(previous), ...Object.keys(next)])) {
    if (before === null) {
      if (!isEmpty(next[path])) changes[path] = { after: next[path] };
    } else if (after === null) {
      if (!isEmpty(previous[path])) changes[path] = { before: previous[path] };
    } else if (!sameValue(previous[path], next[path])) {
      changes[path] = { before: previous[path] ?? null, after: next[path] ?? null };
    }
  }
  return changes;
}

export interface AuditActor {
  userId: number;
  email: string;
}

export interface AuditEntry {
  actor: AuditActor;
  /** The API collection name (`tags`, `users`…), as the audit-log filter knows it. */
  resource: string;
  recordId: number | string;
  action: AuditAction;
  /** The record before the write (null on create) and after it (null on delete), in the API's shape. */
  before: unknown;
  after: unknown;
  /** Further dot paths to leave out (derived or bulky fields). */
  omit?: readonly string[];
}

/** Writes one audit row; pass the write's transaction handle (with PGlite, never the outer database). */
async function recordAudit(tx: Pick<Database, 'insert'>, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: entry.actor.userId,
    actorEmail: entry.actor.email,
    resource: entry.resource,
    recordId: String(entry.recordId),
    action: entry.action,
    changes: changesBetween(entry.before, entry.after, entry.omit),
  });
}

/** One write of one record: what was done, by whom, and the record before and after it. */
export interface AuditedChange {
  actor: AuditActor;
  action: AuditAction;
  recordId: number | string;
  /** The record before the write (null on create) and after it (null on delete), in the API's shape. */
  before: unknown;
  after: unknown;
}

/** Writes one audit row of a change (`tx`: the write's transaction handle, or the database outside one). */
export type AuditTrail = (tx: Pick<Database, 'insert'>, change: AuditedChange) => Promise<void>;

/**
 * The one way every write keeps its audit row, the generic resource's and each action beside it (an
 * occurrence deleted, a request decided, an access link sent, an onboarding's claim): a resource's trail,
 * its collection name and the fields its log leaves out given once.
 */
export function auditTrail(resource: string, omit?: readonly string[]): AuditTrail {
  return (tx, change) => recordAudit(tx, { ...change, resource, omit });
}

/** The audit log's records of these ids (the `audit-log` resource). */
const auditRecordsQuery = builtOncePerDatabase('audit_records', (db, statementName) =>
  db.select().from(auditLog).where(idInIdsPlaceholder(auditLog.id)).prepare(statementName),
);

export async function loadAuditRecords(db: Queryable, ids: readonly number[]): Promise<AuditLogRecord[]> {
  const rows = await auditRecordsQuery(db).execute({ ids: [...ids] });
  return rows.map(toAuditRecord);
}

function toAuditRecord(row: typeof auditLog.$inferSelect): AuditLogRecord {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorUserId: row.actorUserId,
    actorEmail: row.actorEmail,
    resource: row.resource,
    recordId: row.recordId,
    action: row.action as AuditAction,
    changes: row.changes,
  };
}

/** An audit record is its row: a page of the log is read with its records. */
export const auditRecordColumns = recordColumns(getTableColumns(auditLog), toAuditRecord);
