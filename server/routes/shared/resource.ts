import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  getTableName,
  ilike,
  inArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  hasPermission,
  isInScope,
  type Action,
  type PermissionResource,
  type RecordOwnership,
  type Viewer,
} from '../../../domain/access';
import { VISIBILITIES, type Visibility } from '../../../domain/enums';
import { RESOURCE_ERROR_CODES } from '../../../domain/errors';
import {
  idSchema,
  recordVersionSchema,
  visibilityChangeAnswerSchema,
  visibilityChangeSchema,
  type VisibilityChangeAnswer,
  type VisibilityChangeResult,
} from '../../../domain/records';
import { authOf } from '../../plugins/authenticate';
import { databaseErrorAnswer } from '../../plugins/databaseErrors';
import { ApiError, parseInput } from '../../errors';
import { auditTrail, type AuditActor, type AuditTrail } from '../../services/audit';
import { escapeLike } from '../../db/conditions';
import { pageWithTotal, type RecordColumns } from '../../db/pages';
import type { Queryable } from '../../db/queryable';
import type { VersionedRowUpdate } from '../../db/versionedUpdate';
import { countedReadScope, scopeCondition, type ResourceScope, type ScopeMode } from '../../db/scope';
import { listQueryParser, setContentRange, type ListQueryParser, type SortOrder } from './listQuery';

/**
 * The REST contract of every resource, once (docs/server.md "Generic resources"). A resource describes
 * itself and calls `registerResource(app, definition)` inside its route plugin:
 *
 *   export const tagResource: ResourceDefinition<Tag, TagInput> = {
 *     name: 'tags',                         // URL collection and Content-Range name
 *     permission: 'TAG',                    // domain/access.ts: read for GETs, create/update/delete for writes
 *     table: tags, id: tags.id,
 *     sortable: { id: tags.id, tagName: sql`lower(${tags.tagName})` },   // field → column or SQL
 *     defaultSort: { field: 'tagName', order: 'ASC' },
 *     filters: { category: defineFilter(z.string(), (value) => eq(tags.category, value)) },
 *     search: [tags.tagName, (pattern) => sql`EXISTS (… ILIKE ${pattern})`],   // `q`
 *     scope: 'global',                      // or { establishment: events.establishmentId, visibility: …, fields: […] }
 *     load: (db, ids) => …records in the record shape…,
 *     asReadBy: (db, records, request) => …as this caller may see them (optional)…,
 *     write: {                              // leave out for a read-only resource (only the GETs exist)
 *       input: tagInputSchema, version: tags.version, updatedAt: tags.updatedAt,
 *       insert: (tx, input, context) => …returns the new id…,
 *       update: (tx, id, input, context) => …writes the whole record (the version is the generic's)…,
 *       authorizeWrite: ({ action, viewer, input, current }) => …throw ApiError(400|403, …, {field: …})…,
 *       viewerAfterCreate: (viewer, id) => …the caller's scope once the create made the record theirs…,
 *       uniqueFields: { tags_name_unique: 'generalInfos.tagName' },
 *     },
 *   };
 *   export async function tagRoutes(app: FastifyInstance) { registerResource(app, tagResource); }
 *
 * What the generic does for every resource, so no resource can forget it:
 * - every endpoint is behind `app.authenticate` and checks the action with `hasPermission` (403 FORBIDDEN);
 * - the scope (server/db/scope.ts) filters every list, total and lookup: out of read scope is 404; readable but not
 *   writable is 403; a write that lands outside the caller's write scope is a 403 naming `scope.fields`;
 * - lists take `sort`, `range`, `filter` as ra-data-simple-rest sends them; an undeclared sort field or filter
 *   key, or a bad range, is a 400 naming it; `filter.id` (one id or a list) is getMany; `filter.q` searches
 *   the `search` targets with ILIKE (`%` and `_` are literal); `id` is always the secondary sort;
 * - POST validates with `write.input` (400 with field paths), answers 201 with the loaded record;
 * - PUT needs `version`: the generic bumps it with `UPDATE … WHERE id = ? AND version = ?` before the
 *   resource's `update`, so a stale or concurrent edit is a 409 EDIT_CONFLICT, never a silent overwrite;
 * - DELETE takes `?version=` (the one the caller read; stale is a 409 EDIT_CONFLICT) and no other parameter
 *   (400 naming it); it locks the row first, so of parallel deletes one succeeds and the others are a 404;
 *   it answers the deleted record; a `deleteVariant` answers instead when its query parameter is given;
 * - `POST /name/visibility` (resources with `visibilityOf`): many records' visibility, each in its own
 *   transaction as its own PUT would change it, with a result per id;
 * - `afterCommit` runs once a write has committed (mails, notifications); its failure is only logged;
 * - each write is one transaction (hooks get its handle `tx`: never use `app.db` inside, PGlite deadlocks)
 *   and writes its audit row (server/services/audit.ts) in it; unique violations are 409 ALREADY_TAKEN,
 *   foreign-key violations 400 UNKNOWN_RECORD, check violations 400 INVALID_VALUE, each on the field that
 *   server/plugins/databaseErrors.ts names for the constraint (`uniqueFields` and `foreignKeyFields` override
 *   it), except while deleting: a record still referenced is a 409 IN_USE (a `remove` hook may throw
 *   `inUse()` itself for links that would cascade).
 */

export interface FilterDefinition {
  schema: z.ZodType;
  where: (value: unknown, viewer: Viewer) => SQL | undefined;
}

/** A filter key: its value's zod schema and the condition it adds (undefined adds none). */
export function defineFilter<Schema extends z.ZodType>(
  schema: Schema,
  where: (value: z.output<Schema>, viewer: Viewer) => SQL | undefined,
): FilterDefinition {
  return { schema, where: where as FilterDefinition['where'] };
}

/** What `q` searches: a column or SQL expression (ILIKE on it), or a builder given the escaped pattern. */
export type SearchTarget = PgColumn | SQL | ((pattern: string) => SQL);

export interface WriteContext<RecordShape> {
  viewer: Viewer;
  /** Who writes, for the audit rows a hook writes beside the generic's (an event's split tail). */
  actor: AuditActor;
  /** The record as the caller read it (null on create). */
  current: RecordShape | null;
  /**
   * On update, for a resource whose `update` bumps the version itself (`bumpsVersion`): the SET of the bump and
   * the condition to add to its UPDATE of the record's row, and what to do when that UPDATE finds no row
   * (server/db/versionedUpdate.ts).
   */
  versionedUpdate?: VersionedRowUpdate;
}

export interface AuthorizeWriteArguments<RecordShape, Input> {
  action: Exclude<Action, 'read'>;
  viewer: Viewer;
  /** The validated input (null on delete). */
  input: Input | null;
  /** The stored record (null on create). */
  current: RecordShape | null;
  tx: Queryable;
}

export interface ResourceWrites<RecordShape, Input extends { version?: number }> {
  /** The zod schema from domain/ that POST and PUT bodies must satisfy (PUT: the whole record). */
  input: z.ZodType<Input>;
  /** The optimistic-concurrency counter of `table`. */
  version: PgColumn;
  /** Set to now() by every update, when the table has one. */
  updatedAt?: PgColumn;
  /**
   * Writes a new record; returns its id. Left out, the collection has no POST: its records are made with
   * another (the widget settings of an establishment).
   */
  insert?(tx: Queryable, input: Input, context: WriteContext<RecordShape>): Promise<number>;
  /** false: the collection has no DELETE (its records live and go with another's). */
  deletable?: false;
  /** Changes of one record beside the PUT, by the last segment of their path (`rotate-key`). */
  memberActions?: Readonly<Record<string, MemberAction<RecordShape>>>;
  /** Replaces the whole record (fields left out of the input go back to their defaults). */
  update(tx: Queryable, id: number, input: Input, context: WriteContext<RecordShape>): Promise<void>;
  /**
   * `update` always writes the record's own row first, with `context.versionedUpdate` in that UPDATE: the generic
   * then reads the record, checks its scope and version, and leaves the bump and its guard to that UPDATE instead
   * of bumping the version in an UPDATE of its own, which fires the table's statement triggers a second time.
   * The record it loads before the write shows the stored version and `updatedAt` (the audit's `before`).
   */
  bumpsVersion?: true;
  /** Removes the record; default: `DELETE FROM table WHERE id = ?` (child rows go by cascade). */
  remove?(tx: Queryable, id: number, context: WriteContext<RecordShape>): Promise<void>;
  /**
   * Rules beyond the schema and the permission table (self-escalation, role and scope fields): throw
   * `new ApiError(403 | 400, message, { field: problem })`. Runs inside the write's transaction.
   */
  authorizeWrite?(args: AuthorizeWriteArguments<RecordShape, Input>): Promise<void> | void;
  /**
   * The caller's scope once `insert` ran, for the create's scope check (default: unchanged). A create that
   * makes the new record the caller's own answers the widened viewer: onboarding, where an ADMIN without an
   * establishment creates one and `insert` sets `users.establishment_id` in the same transaction.
   */
  viewerAfterCreate?(viewer: Viewer, id: number): Viewer;
  /**
   * Who owns a record, read from the record alone (domain/access.ts `RecordOwnership`): the scope check after a
   * create or update then asks `isInScope` of the record the write loads anyway, rather than the database in a
   * statement of its own. Only for a resource whose write scope is its record's own owner fields (the scope
   * agreement test of test/api/resourceContract.test.ts holds the two forms together).
   */
  ownershipOf?(record: RecordShape): RecordOwnership;
  /**
   * Unique index or constraint name → the input field it guards (409 ALREADY_TAKEN on that field), where it
   * differs from CONSTRAINT_FIELDS of server/plugins/databaseErrors.ts (which names every constraint).
   */
  uniqueFields?: Readonly<Record<string, string>>;
  /** Foreign-key constraint name → the input field that references (400 on that field), as `uniqueFields`. */
  foreignKeyFields?: Readonly<Record<string, string>>;
  /** Dot paths left out of the audit log's changes (derived or bulky fields). */
  auditOmit?: readonly string[];
  /**
   * Runs once a write's transaction has committed (never inside it), for work that must not happen for a
   * rolled-back write: mails, notifications. It should only start such work (`app.background.run`), not wait
   * for it. A failure is logged; the committed write still answers its success.
   */
  afterCommit?(event: CommittedWrite<RecordShape, Input>, app: FastifyInstance): void | Promise<void>;
  /**
   * Another delete behind the same `DELETE /:id`, chosen by a query parameter (the contract keeps one URL per
   * record): one occurrence of a series rather than the series.
   */
  deleteVariant?: DeleteVariant<RecordShape>;
  /**
   * The record's visibility, for resources that have one: `POST /<name>/visibility` changes it for many
   * records in one request (each record as a PUT of itself with the new visibility would).
   */
  visibilityOf?(record: RecordShape): Visibility;
}

/** What `afterCommit` is told about a committed write. */
export interface CommittedWrite<RecordShape, Input> {
  action: Exclude<Action, 'read'>;
  id: number;
  /** The stored record before the write (null on create) and after it (null on delete). */
  before: RecordShape | null;
  after: RecordShape | null;
  /** The validated input (null on delete, a delete variant and a member action). */
  input: Input | null;
  viewer: Viewer;
}

/** A `DELETE /:id` that does something else than deleting the record when `selectedBy` is in the query. */
export interface DeleteVariant<RecordShape, Query extends { version?: number } = { version?: number }> {
  /** The query parameter that selects the variant; without it the record itself is deleted. */
  selectedBy: string;
  /** Every query parameter the variant takes, `version` included (`queryParametersSchema`: others are a 400). */
  query: z.ZodType<Query> & { shape: z.ZodRawShape };
  /** What the variant does, for the API document. */
  summary: string;
  /** The permission it needs instead of `delete` (deleting one occurrence updates its series). */
  action: Exclude<Action, 'read'>;
  /**
   * Runs in the write's transaction once the row is locked, in the caller's write scope and at the version
   * the caller read (when given); writes its own audit row; answers the record as it now is.
   */
  run(tx: Queryable, args: { id: number; query: Query; viewer: Viewer; actor: AuditActor }): Promise<RecordShape>;
}

/**
 * `POST /<name>/:id/<action>`: a change of one record beside its PUT, with the `version` read and, when the
 * action declares one, a body of its own (a widget's new key takes none, a rejection its reason). The generic
 * checks the update permission, validates the body, locks the row in the caller's write scope at the version
 * read (when given), bumps the version, runs `apply` and writes the audit row; it answers the record.
 */
export interface MemberAction<RecordShape = unknown> {
  /** What it does, for the API document. */
  summary: string;
  /** The body's schema, `version` included (default: `{ version? }` only); built by `defineMemberAction`. */
  body?: z.ZodType<{ version?: number }>;
  /** Runs in the write's transaction with the row locked; may throw an ApiError (403, 409) to refuse. */
  apply(tx: Queryable, id: number, context: MemberActionContext<RecordShape, unknown>): Promise<void>;
}

/** What `apply` is told: who acts, the record as stored before the action, the validated body. */
export interface MemberActionContext<RecordShape, Body> {
  viewer: Viewer;
  actor: AuditActor;
  current: RecordShape;
  body: Body;
}

/** A member action with a body of its own, its `apply` typed by the body's schema. */
export function defineMemberAction<RecordShape, Body extends { version?: number }>(action: {
  summary: string;
  body: z.ZodType<Body>;
  apply(tx: Queryable, id: number, context: MemberActionContext<RecordShape, Body>): Promise<void>;
}): MemberAction<RecordShape> {
  return action as MemberAction<RecordShape>;
}

export interface ResourceDefinition<RecordShape extends { id: number }, Input extends { version?: number } = never> {
  /** The URL collection under /api/v1 and the Content-Range name (`tags`, `audit-log`). */
  name: string;
  /** domain/access.ts: `read` guards the GETs, `create`/`update`/`delete` the writes. */
  permission: PermissionResource;
  table: PgTable;
  /** The table's integer primary key: ids, getMany, the secondary sort, the scope lookups. */
  id: PgColumn;
  /** Sortable field names (as the browser sends them) → column or SQL expression. */
  sortable: Readonly<Record<string, SQLWrapper>>;
  defaultSort: { field: string; order: SortOrder };
  /** Filter keys besides `id` and `q`; any other key is a 400. */
  filters?: Readonly<Record<string, FilterDefinition>>;
  /**
   * Filters whose totals the database keeps: given the filter's parsed value and the visibilities the list
   * reads, the counters (server/db/rowCounts.ts) whose sum is the total. Used when the filter is the list's
   * only one besides `visibility` and the caller reads every record or every published one.
   */
  countedFilters?: Readonly<Record<string, (value: unknown, visibilities: readonly Visibility[]) => SQL[]>>;
  /**
   * The database keeps this table's totals per owner (`<table>:<owner column>:<id>`, migration 0008): the
   * unfiltered list of a viewer who reads the records of one establishment or promoter group reads it.
   */
  countsPerOwner?: boolean;
  /** What `q` searches; without targets `q` is refused like any undeclared filter. */
  search?: readonly SearchTarget[];
  scope: ResourceScope;
  /** The records of these ids in the record shape (any order; missing ids are left out). */
  load(db: Queryable, ids: readonly number[]): Promise<RecordShape[]>;
  /**
   * Where a record is read from its own row and expressions beside it (correlated subqueries for what other
   * tables hold), those columns and how they become records: a list then reads its page's records with the page,
   * one statement instead of two (only on a plain list's first page when they say `plainFirstPageOnly`).
   */
  listedColumns?: RecordColumns<RecordShape>;
  /**
   * Loaded records as the caller may see them, applied to every record the routes answer: fields only some
   * readers see, labels in the reader's language. `load` serves writes, audit and mails too, so it knows no
   * reader. Leave out when every reader sees the same record.
   */
  asReadBy?(db: Queryable, records: RecordShape[], request: FastifyRequest): Promise<RecordShape[]>;
  /** Leave out for a read-only resource. */
  write?: ResourceWrites<RecordShape, Input>;
  /** Records per page when the request has no `range`. */
  defaultPageSize?: number;
  /**
   * The record's zod schema of domain/, where there is one: the API document shows it as every route's
   * answer (without one, a record with an `id`). The lists' parameters and the bodies are documented from
   * the schemas that validate them (`filters`, `sortable`, `write.input`).
   */
  recordSchema?: z.ZodType<RecordShape>;
}

export const MAX_SEARCH_LENGTH = 200;
const MAX_IDS_PER_REQUEST = 1000;

/**
 * An id as a URL writes it: a plain positive decimal integer, no sign, blanks, leading zeros, exponent,
 * fraction or hexadecimal (`Number()` reads `0x10`, `1e1`, ` 7`, `+7`, `07` and `7.0` as numbers, so that
 * `/tags/0x10` answered tag 16: one record, many URLs). The digits' count bounds it before `Number()`.
 */
export const idTextSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'A record id: a positive whole number in plain digits')
  .transform(Number)
  .pipe(idSchema);

/** `/:id` of every resource route: a database id, else a 400 on `id` (invalid input, as any bad parameter). */
export const idParamsSchema = z.object({ id: idTextSchema });

/** A record version as a query parameter writes it (`?version=3`): plain digits, like an id. */
export const versionTextSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'The version the record was read at: a positive whole number in plain digits')
  .transform(Number)
  .pipe(recordVersionSchema);

/**
 * A route's query parameters: the declared ones, each validated, and any other a 400 on its name. A
 * misspelled parameter must not be ignored: `DELETE /events/7?originalStartAt=…` would delete the whole
 * series instead of one occurrence.
 */
export function queryParametersSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.looseObject(shape).superRefine((value, context) => {
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(shape, key))
        context.addIssue({ code: 'custom', path: [key], message: `Unknown parameter: ${key}` });
    }
  });
}

/** `DELETE /:id` of every resource: only `version`, the one the caller read (optional, checked when given). */
export const deleteQuerySchema = queryParametersSchema({ version: versionTextSchema.optional() });
const idsFilterSchema = z.union([idSchema, z.array(idSchema).max(MAX_IDS_PER_REQUEST)]);

export const forbidden = () => new ApiError(403, RESOURCE_ERROR_CODES.forbidden);
const notFound = () => new ApiError(404, RESOURCE_ERROR_CODES.notFound);
const OUT_OF_SCOPE = 'Outside your scope';

/** The viewer of domain/access.ts from the authenticated request (app.authenticate ran before). */
export function viewerOf(request: FastifyRequest): Viewer {
  const { userId, roleKeys, establishmentId, promoterGroupId } = authOf(request);
  return { userId, roleKeys, establishmentId, promoterGroupId };
}

export function requirePermission(viewer: Viewer, permission: PermissionResource, action: Action): void {
  if (!hasPermission(viewer.roleKeys, permission, action)) throw forbidden();
}

// ---- lists -------------------------------------------------------------------------------------------

/** The filter object: declared keys only; an unknown key is a 400 on `filter.<key>`. */
function filterSchemaOf(definition: Pick<ResourceDefinition<{ id: number }>, 'search' | 'filters'>) {
  const shape: Record<string, z.ZodType> = { id: idsFilterSchema.optional() };
  if (definition.search?.length) shape.q = z.string().trim().max(MAX_SEARCH_LENGTH).optional();
  for (const [key, filter] of Object.entries(definition.filters ?? {})) shape[key] = filter.schema.optional();
  return z
    .looseObject(shape)
    .superRefine((value, context) => {
      for (const key of Object.keys(value)) {
        // Own keys only: `in` would take `constructor` or `toString`, which every object inherits, for filters.
        if (!Object.hasOwn(shape, key))
          context.addIssue({ code: 'custom', path: [key], message: `Unknown filter: ${key}` });
      }
    })
    .default({});
}

function searchCondition(targets: readonly SearchTarget[], text: string): SQL | undefined {
  if (text === '') return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(...targets.map((target) => (typeof target === 'function' ? target(pattern) : ilike(target, pattern))));
}

function filterCondition(
  definition: Pick<ResourceDefinition<{ id: number }>, 'id' | 'search' | 'filters'>,
  filter: Record<string, unknown>,
  viewer: Viewer,
) {
  const conditions: (SQL | undefined)[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (key === 'id') {
      const ids = Array.isArray(value) ? (value as number[]) : [value as number];
      conditions.push(ids.length > 0 ? inArray(definition.id, ids) : sql`false`);
    } else if (key === 'q') {
      conditions.push(searchCondition(definition.search ?? [], value as string));
    } else if (definition.filters && Object.hasOwn(definition.filters, key)) {
      conditions.push(definition.filters[key].where(value, viewer));
    }
  }
  return and(...conditions);
}

/** `load` in the order of `ids` (the page's sort order). */
type Loader<RecordShape extends { id: number }> = Pick<ResourceDefinition<RecordShape>, 'load'>;

async function loadInOrder<RecordShape extends { id: number }>(
  definition: Loader<RecordShape>,
  db: Queryable,
  ids: readonly number[],
): Promise<RecordShape[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await definition.load(db, ids)).map((record) => [record.id, record]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

type ResourceListQueryParser = ListQueryParser<string, Record<string, unknown>>;

/** The resource's list parameters parser, built once when the resource registers (not per request). */
function resourceListQueryParser(
  definition: Pick<
    ResourceDefinition<{ id: number }>,
    'sortable' | 'defaultSort' | 'search' | 'filters' | 'defaultPageSize'
  >,
): ResourceListQueryParser {
  return listQueryParser({
    sortable: Object.keys(definition.sortable) as [string, ...string[]],
    defaultSort: definition.defaultSort,
    filter: filterSchemaOf(definition),
    defaultPageSize: definition.defaultPageSize,
  }) as ResourceListQueryParser;
}

/**
 * The counters that hold this list's exact total (server/db/rowCounts.ts) when its rows are a whole table or
 * all its rows of one visibility (ROOT's unfiltered view, a customer's published events, a visibility filter
 * alone), or those rows narrowed by one filter the resource counts (`countedFilters`: the events of a city), or
 * the records of the one establishment or promoter group the viewer owns records through (`countsPerOwner`),
 * or every published record with the viewer's own unpublished ones beside them (`alsoCounted`, unfiltered).
 * Any other filter, or a narrower read scope, is counted through its index instead (no counters).
 */
function storedTotalOf(
  definition: Pick<
    ResourceDefinition<{ id: number }>,
    'table' | 'permission' | 'scope' | 'countedFilters' | 'countsPerOwner'
  >,
  viewer: Viewer,
  filter: Record<string, unknown>,
): { counters: (string | SQL)[]; alsoCounted?: SQL } {
  const reach = countedReadScope(viewer, definition.permission, definition.scope);
  const keys = Object.keys(filter).filter((key) => filter[key] !== undefined && filter[key] !== '');
  const narrowing = keys.filter((key) => key !== 'visibility');
  const countedBy = narrowing.length === 1 ? definition.countedFilters?.[narrowing[0]] : undefined;
  const table = getTableName(definition.table);
  if (!reach || (narrowing.length > 0 && !countedBy)) return { counters: [] };
  if (typeof reach === 'object' && 'ownedUnpublished' in reach) {
    if (keys.length > 0) return { counters: [] };
    return { counters: [`${table}:PUBLISHED`], alsoCounted: reach.ownedUnpublished };
  }
  if (typeof reach === 'object') {
    // The records of the viewer's one establishment or promoter group, when the resource counts them.
    if (keys.length > 0 || !definition.countsPerOwner) return { counters: [] };
    return { counters: [`${table}:${reach.ownerColumn.name}:${reach.ownerId}`] };
  }
  const filtered = filter.visibility as Visibility | undefined;
  if (reach === 'published' && filtered !== undefined && filtered !== 'PUBLISHED') return { counters: [] };
  const visibility = reach === 'published' ? 'PUBLISHED' : filtered;
  if (visibility !== undefined && (definition.scope === 'global' || !definition.scope.visibility)) {
    return { counters: [] };
  }
  if (countedBy) {
    return { counters: countedBy(filter[narrowing[0]], visibility === undefined ? VISIBILITIES : [visibility]) };
  }
  return { counters: [visibility === undefined ? table : `${table}:${visibility}`] };
}

/**
 * What a plain list's page statement is made of: the list, the whole viewer (whatever of it a scope reads), the
 * sort and the range.
 */
function pageMadeOf(list: string, viewer: Viewer, query: { sort: object; offset: number; limit: number }): string {
  return JSON.stringify([list, viewer, query.sort, query.offset, query.limit]);
}

async function listRecords<RecordShape extends { id: number }>(
  app: FastifyInstance,
  definition: ResourceDefinition<RecordShape, { version?: number }>,
  parseQuery: ResourceListQueryParser,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<RecordShape[]> {
  const viewer = viewerOf(request);
  requirePermission(viewer, definition.permission, 'read');
  const query = parseQuery(request.query);
  const where = and(
    scopeCondition(viewer, definition.permission, definition.scope, 'read'),
    filterCondition(definition, query.filter, viewer),
  );
  const direction = query.sort.order === 'ASC' ? asc : desc;
  const plain = Object.values(query.filter).every((value) => value === undefined);
  const listed = definition.listedColumns;
  const withPage = listed && (!listed.plainFirstPageOnly || (plain && query.offset === 0)) ? listed : undefined;
  const { rows: page, total } = await pageWithTotal(
    app.db,
    {
      table: definition.table,
      where,
      orderBy: [direction(definition.sortable[query.sort.field]), direction(definition.id)],
      ...storedTotalOf(definition, viewer, query.filter),
      offset: query.offset,
      limit: query.limit,
      // A filter's plan may depend on its values (a search's words, a list of ids): only plain lists keep theirs.
      keepsPlan: plain,
      // Without filters, the statement is the list's, for this viewer, sort and range, and nothing else.
      madeOf: plain ? pageMadeOf(definition.name, viewer, query) : undefined,
    },
    withPage?.columns ?? { id: definition.id },
  );
  const records = withPage
    ? await withPage.toRecords(page, app.db)
    : await loadInOrder(
        definition,
        app.db,
        page.map((row) => row.id as number),
      );
  setContentRange(reply, definition.name, query.offset, records.length, total);
  return records;
}

// ---- one record --------------------------------------------------------------------------------------

/** What the scope lookups need of a resource. */
type ScopedTable = Pick<ResourceDefinition<{ id: number }>, 'table' | 'id' | 'permission' | 'scope'>;

/**
 * 404 unless the record exists within the viewer's read scope; then 403 unless it is in the write scope.
 * Exported for a resource's own actions beside the contract (`POST /users/:id/send-access-link`). One
 * statement: the read scope filters the row, the write scope is a column of it.
 */
export async function requireInScope(
  db: Queryable,
  definition: ScopedTable,
  viewer: Viewer,
  id: number,
  mode: ScopeMode,
): Promise<void> {
  const writable =
    mode === 'write'
      ? (scopeCondition(viewer, definition.permission, definition.scope, 'write') ?? sql`true`)
      : sql`true`;
  const [row] = await db
    .select({ writable: sql<boolean>`${writable}` })
    .from(definition.table)
    .where(and(eq(definition.id, id), scopeCondition(viewer, definition.permission, definition.scope, 'read')));
  if (!row) throw notFound();
  if (!row.writable) throw forbidden();
}

/**
 * Whether the viewer's scope leaves out some records of this table. Where it leaves out none (ROOT, a table
 * without scope), a scope check is only an existence check, which the statement after it makes anyway.
 */
function scopeLimits(definition: ScopedTable, viewer: Viewer): boolean {
  return scopeCondition(viewer, definition.permission, definition.scope, 'read') !== undefined;
}

/** requireInScope where the scope leaves records out; elsewhere the caller's next statement finds a missing one. */
async function requireInLimitedScope(
  db: Queryable,
  definition: ScopedTable,
  viewer: Viewer,
  id: number,
  mode: ScopeMode,
): Promise<void> {
  if (scopeLimits(definition, viewer)) await requireInScope(db, definition, viewer, id, mode);
}

async function loadOne<RecordShape extends { id: number }>(
  db: Queryable,
  definition: Loader<RecordShape>,
  id: number,
): Promise<RecordShape> {
  const [record] = await loadInOrder(definition, db, [id]);
  if (!record) throw notFound();
  return record;
}

// ---- writes ------------------------------------------------------------------------------------------

/** Constraint violations are the caller's input, never a 500 (server/plugins/databaseErrors.ts). */
type ConstraintFields = Pick<ResourceWrites<never, never>, 'uniqueFields' | 'foreignKeyFields'>;

export { inUse } from '../../errors';

function translateDatabaseError(error: unknown, writes: ConstraintFields, action: Exclude<Action, 'read'>): unknown {
  const answer = databaseErrorAnswer(error, action, writes);
  return answer ? new ApiError(answer.statusCode, answer.body.message, answer.body.errors) : error;
}

function scopeFieldErrors(definition: ScopedTable): Record<string, string> | undefined {
  const fields = definition.scope === 'global' ? [] : (definition.scope.fields ?? []);
  return fields.length > 0 ? Object.fromEntries(fields.map((field) => [field, OUT_OF_SCOPE])) : undefined;
}

/** After a create or update: the record must lie in the caller's write scope, else the transaction rolls back. */
async function requireWrittenInScope<RecordShape extends { id: number }>(
  tx: Queryable,
  definition: ScopedTable,
  ownershipOf: ((record: RecordShape) => RecordOwnership) | undefined,
  viewer: Viewer,
  written: RecordShape,
): Promise<void> {
  // The row was just written in this transaction: without a scope to check, there is nothing to ask.
  if (!scopeLimits(definition, viewer)) return;
  const inScope = ownershipOf
    ? isInScope(viewer, definition.permission, ownershipOf(written), 'write')
    : await storedInWriteScope(tx, definition, viewer, written.id);
  if (!inScope) throw new ApiError(403, RESOURCE_ERROR_CODES.forbidden, scopeFieldErrors(definition));
}

async function storedInWriteScope(tx: Queryable, definition: ScopedTable, viewer: Viewer, id: number) {
  const [row] = await tx
    .select({ id: definition.id })
    .from(definition.table)
    .where(and(eq(definition.id, id), scopeCondition(viewer, definition.permission, definition.scope, 'write')));
  return row !== undefined;
}

interface WriteRun<RecordShape extends { id: number }, Input extends { version?: number }> {
  app: FastifyInstance;
  definition: ResourceDefinition<RecordShape, Input>;
  writes: ResourceWrites<RecordShape, Input>;
  viewer: Viewer;
  actor: AuditActor;
  /** The resource's audit rows (server/services/audit.ts), its name and `auditOmit` given once. */
  trail: AuditTrail;
  log: FastifyBaseLogger;
}

/** One transaction for the write and its audit row; constraint violations become 4xx. */
async function inWriteTransaction<Result>(
  app: FastifyInstance,
  writes: ConstraintFields,
  action: Exclude<Action, 'read'>,
  work: (tx: Queryable) => Promise<Result>,
): Promise<Result> {
  try {
    return await app.db.transaction((tx) => work(tx));
  } catch (error) {
    throw translateDatabaseError(error, writes, action);
  }
}

/** `afterCommit`, once the transaction has committed: its failure is logged, never the write's answer. */
async function afterCommit<RecordShape extends { id: number }, Input extends { version?: number }>(
  run: WriteRun<RecordShape, Input>,
  event: Omit<CommittedWrite<RecordShape, Input>, 'viewer'>,
): Promise<void> {
  if (!run.writes.afterCommit) return;
  try {
    await run.writes.afterCommit({ ...event, viewer: run.viewer }, run.app);
  } catch (error) {
    run.log.error({ err: error, resource: run.definition.name, id: event.id }, 'afterCommit failed');
  }
}

async function createRecord<RecordShape extends { id: number }, Input extends { version?: number }>(
  run: WriteRun<RecordShape, Input>,
  insert: NonNullable<ResourceWrites<RecordShape, Input>['insert']>,
  body: unknown,
): Promise<RecordShape> {
  const { definition, writes, viewer, actor } = run;
  requirePermission(viewer, definition.permission, 'create');
  const input = parseInput(writes.input, body);
  const created = await inWriteTransaction(run.app, writes, 'create', async (tx) => {
    await writes.authorizeWrite?.({ action: 'create', viewer, input, current: null, tx });
    const id = await insert(tx, input, { viewer, actor, current: null });
    const record = await loadOne(tx, definition, id);
    const creator = writes.viewerAfterCreate?.(viewer, id) ?? viewer;
    await requireWrittenInScope(tx, definition, writes.ownershipOf, creator, record);
    await run.trail(tx, { actor, action: 'CREATE', recordId: id, before: null, after: record });
    return record;
  });
  await afterCommit(run, { action: 'create', id: created.id, before: null, after: created, input });
  return created;
}

/** `SET version = version + 1, updated_at = now()`, keyed by the table's property names as drizzle wants. */
function versionBumpOf(table: PgTable, writes: { version: PgColumn; updatedAt?: PgColumn }): never {
  const keyOf = (column: PgColumn) =>
    Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column)?.[0];
  const versionKey = keyOf(writes.version);
  if (!versionKey) throw new Error('write.version is not a column of the resource table');
  const updatedAtKey = writes.updatedAt ? keyOf(writes.updatedAt) : undefined;
  return { [versionKey]: sql`${writes.version} + 1`, ...(updatedAtKey ? { [updatedAtKey]: sql`now()` } : {}) } as never;
}

interface UpdatedRecord<RecordShape> {
  before: RecordShape;
  after: RecordShape;
}

/**
 * The concurrency guard of an update: the row of the caller's write scope at the version they read, bumped
 * until the transaction ends. Of two PUTs read at one version, the second waits for the first, finds the row
 * changed (PostgreSQL re-reads it after the first commits) and gets the 409. Gone or out of reach answers 404 or
 * 403 before a stale version's 409.
 */
async function bumpVersion<RecordShape extends { id: number }, Input extends { version?: number }>(
  tx: Queryable,
  run: WriteRun<RecordShape, Input>,
  id: number,
  readVersion: number,
): Promise<void> {
  const { definition, writes, viewer } = run;
  const bumped = await tx
    .update(definition.table)
    .set(versionBumpOf(definition.table, writes))
    .where(
      and(
        eq(definition.id, id),
        scopeCondition(viewer, definition.permission, definition.scope, 'write'),
        eq(writes.version, readVersion),
      ),
    )
    .returning({ id: definition.id });
  if (bumped.length === 0) await staleUpdate(tx, run, id);
}

/** An update that found no row at the version read: 404 gone, 403 out of the write scope, else 409. */
async function staleUpdate<RecordShape extends { id: number }, Input extends { version?: number }>(
  tx: Queryable,
  { definition, viewer }: WriteRun<RecordShape, Input>,
  id: number,
): Promise<never> {
  await requireInScope(tx, definition, viewer, id, 'write');
  throw new ApiError(409, RESOURCE_ERROR_CODES.editConflict);
}

/**
 * For a resource that bumps the version in its own UPDATE (`bumpsVersion`): the stored record, in the caller's
 * write scope (checked on the record when the resource states its owners) and at the version they read.
 * Nothing is locked: the writer's UPDATE of the row carries the version read as its guard, and a row changed
 * since answers as `staleUpdate` does.
 */
async function readAtVersion<RecordShape extends { id: number }, Input extends { version?: number }>(
  tx: Queryable,
  run: WriteRun<RecordShape, Input>,
  id: number,
  readVersion: number,
): Promise<RecordShape> {
  const { definition, writes, viewer } = run;
  const stored = await loadOne(tx, definition, id);
  if (scopeLimits(definition, viewer)) {
    const inScope = writes.ownershipOf
      ? isInScope(viewer, definition.permission, writes.ownershipOf(stored), 'write')
      : false;
    if (!inScope) await requireInScope(tx, definition, viewer, id, 'write');
  }
  if ((stored as { version?: unknown }).version !== readVersion) {
    throw new ApiError(409, RESOURCE_ERROR_CODES.editConflict);
  }
  return stored;
}

/**
 * The update of a record in write scope, inside the write's transaction: the version guard, the resource's
 * rules and writer, the scope check of the result and the audit row.
 */
async function applyUpdate<RecordShape extends { id: number }, Input extends { version?: number }>(
  tx: Queryable,
  run: WriteRun<RecordShape, Input>,
  id: number,
  input: Input,
  readVersion: number,
): Promise<UpdatedRecord<RecordShape>> {
  const { definition, writes, viewer, actor } = run;
  let before: RecordShape;
  let versioned: { versionedUpdate: VersionedRowUpdate } | undefined;
  if (writes.bumpsVersion) {
    before = await readAtVersion(tx, run, id, readVersion);
    versioned = {
      versionedUpdate: {
        set: versionBumpOf(definition.table, writes),
        // The scope was checked on the record as read; kept in the guard, a row moved out of it since is stale too.
        where: and(
          eq(writes.version, readVersion),
          scopeCondition(viewer, definition.permission, definition.scope, 'write'),
        ) as SQL,
        stale: () => staleUpdate(tx, run, id),
      },
    };
  } else {
    await bumpVersion(tx, run, id, readVersion);
    before = await loadOne(tx, definition, id);
  }
  await writes.authorizeWrite?.({ action: 'update', viewer, input, current: before, tx });
  await writes.update(tx, id, input, { viewer, actor, current: before, ...versioned });
  const after = await loadOne(tx, definition, id);
  await requireWrittenInScope(tx, definition, writes.ownershipOf, viewer, after);
  if (writes.bumpsVersion) requireBumped(after, readVersion);
  await run.trail(tx, { actor, action: 'UPDATE', recordId: id, before, after });
  return { before, after };
}

/** A writer that bumps the version itself and did not: a fault of the code, never of the input. */
function requireBumped(after: { id: number }, readVersion: number): void {
  const { version } = after as { version?: unknown };
  if (version !== readVersion + 1) throw new Error(`update of record ${after.id} did not bump its version`);
}

async function updateRecord<RecordShape extends { id: number }, Input extends { version?: number }>(
  run: WriteRun<RecordShape, Input>,
  id: number,
  body: unknown,
): Promise<RecordShape> {
  const { definition, writes, viewer } = run;
  requirePermission(viewer, definition.permission, 'update');
  const input = parseInput(writes.input, body);
  const readVersion = input.version;
  if (readVersion === undefined) {
    throw new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, {
      version: 'Required: the version the record was read at',
    });
  }
  const { before, after } = await inWriteTransaction(run.app, writes, 'update', (tx) =>
    applyUpdate(tx, run, id, input, readVersion),
  );
  await afterCommit(run, { action: 'update', id, before, after, input });
  return after;
}

/**
 * Locks the record's row until the transaction ends and answers its version; a 404 when there is none.
 * Parallel deletes of one record queue on the lock; once the first has committed, PostgreSQL reads the
 * row again for each waiting one, finds it gone and they answer 404, with no audit row. Without the lock
 * each read the record before any had deleted it, and each answered 200 with an audit row of its own.
 */
export async function lockRow(
  tx: Queryable,
  table: PgTable,
  idColumn: PgColumn,
  versionColumn: PgColumn,
  id: number,
): Promise<number> {
  const [row] = await tx.select({ version: versionColumn }).from(table).where(eq(idColumn, id)).for('update');
  if (!row) throw notFound();
  return row.version as number;
}

/** 409 EDIT_CONFLICT when the caller read the record at another version than the stored one. */
export function requireReadVersion(stored: number, read: number | undefined): void {
  if (read !== undefined && read !== stored) throw new ApiError(409, RESOURCE_ERROR_CODES.editConflict);
}

/**
 * The row locked, in the caller's write scope and at the version they read (when given); answers the stored
 * version.
 */
async function lockForWrite<RecordShape extends { id: number }, Input extends { version?: number }>(
  tx: Queryable,
  run: WriteRun<RecordShape, Input>,
  id: number,
  readVersion: number | undefined,
): Promise<number> {
  const { definition, writes, viewer } = run;
  const storedVersion = await lockRow(tx, definition.table, definition.id, writes.version, id);
  await requireInLimitedScope(tx, definition, viewer, id, 'write');
  requireReadVersion(storedVersion, readVersion);
  return storedVersion;
}

async function deleteRecord<RecordShape extends { id: number }, Input extends { version?: number }>(
  run: WriteRun<RecordShape, Input>,
  id: number,
  readVersion: number | undefined,
): Promise<RecordShape> {
  const { definition, writes, viewer, actor } = run;
  requirePermission(viewer, definition.permission, 'delete');
  const deleted = await inWriteTransaction(run.app, writes, 'delete', async (tx) => {
    await lockForWrite(tx, run, id, readVersion);
    const current = await loadOne(tx, definition, id);
    await writes.authorizeWrite?.({ action: 'delete', viewer, input: null, current, tx });
    if (writes.remove) await writes.remove(tx, id, { viewer, actor, current });
    else await tx.delete(definition.table).where(eq(definition.id, id));
    await run.trail(tx, { actor, action: 'DELETE', recordId: id, before: current, after: null });
    return current;
  });
  await afterCommit(run, { action: 'delete', id, before: deleted, after: null, input: null });
  return deleted;
}

/**
 * `DELETE /:id?<selectedBy>=…`: the resource's delete variant (its permission checked by the caller), with the
 * generic's lock, scope and version checks.
 */
async function runDeleteVariant<RecordShape extends { id: number }, Input extends { version?: number }>(
  run: WriteRun<RecordShape, Input>,
  variant: DeleteVariant<RecordShape>,
  id: number,
  query: unknown,
): Promise<RecordShape> {
  const { viewer, actor } = run;
  const parsed = parseInput(variant.query, query);
  const { before, after } = await inWriteTransaction(run.app, run.writes, variant.action, async (tx) => {
    await lockForWrite(tx, run, id, parsed.version);
    const current = await loadOne(tx, run.definition, id);
    return { before: current, after: await variant.run(tx, { id, query: parsed, viewer, actor }) };
  });
  await afterCommit(run, { action: variant.action, id, before, after, input: null });
  return after;
}

const memberActionBodySchema = z.object({ version: recordVersionSchema.optional() }).default({});

async function runMemberAction<RecordShape extends { id: number }, Input extends { version?: number }>(
  run: WriteRun<RecordShape, Input>,
  action: MemberAction<RecordShape>,
  id: number,
  body: unknown,
): Promise<RecordShape> {
  const { definition, writes, viewer, actor } = run;
  requirePermission(viewer, definition.permission, 'update');
  const parsedBody = parseInput(action.body ?? memberActionBodySchema, body ?? {});
  const { before, after } = await inWriteTransaction(run.app, writes, 'update', async (tx) => {
    await lockForWrite(tx, run, id, parsedBody.version);
    const current = await loadOne(tx, definition, id);
    await tx.update(definition.table).set(versionBumpOf(definition.table, writes)).where(eq(definition.id, id));
    await action.apply(tx, id, { viewer, actor, current, body: parsedBody });
    const changed = await loadOne(tx, definition, id);
    await run.trail(tx, { actor, action: 'UPDATE', recordId: id, before: current, after: changed });
    return { before: current, after: changed };
  });
  await afterCommit(run, { action: 'update', id, before, after, input: null });
  return after;
}

// ---- bulk visibility ---------------------------------------------------------------------------------

/** One record's visibility set: the write, when there was one (none when it had the visibility already). */
interface VisibilityWrite<RecordShape, Input> {
  changed: (UpdatedRecord<RecordShape> & { input: Input }) | null;
  version: number;
}

/** What one id of a bulk visibility change came to. */
type VisibilityOutcome<RecordShape, Input> =
  ({ ok: true } & VisibilityWrite<RecordShape, Input>) | { ok: false; error: ApiError };

/**
 * One record of `POST /<name>/visibility`, in its own transaction: the row locked, then, unless it has the
 * visibility already (no write, no audit row), the record is written back with the new visibility as its
 * own PUT would, with every rule of the resource. A record the write leaves at another visibility (a
 * promoter's write is a request again, and stays a draft) is refused: the change rolls back.
 */
async function setVisibilityOfOne<RecordShape extends { id: number }, Input extends { version?: number }>(
  run: WriteRun<RecordShape, Input>,
  visibilityOf: (record: RecordShape) => Visibility,
  change: { id: number; visibility: Visibility; readVersion: number | undefined },
): Promise<VisibilityWrite<RecordShape, Input>> {
  const { definition, writes } = run;
  return inWriteTransaction(run.app, writes, 'update', async (tx) => {
    const storedVersion = await lockForWrite(tx, run, change.id, change.readVersion);
    const current = await loadOne(tx, definition, change.id);
    if (visibilityOf(current) === change.visibility) return { changed: null, version: storedVersion };
    const input = parseInput(writes.input, { ...current, visibility: change.visibility, version: storedVersion });
    const updated = await applyUpdate(tx, run, change.id, input, storedVersion);
    if (visibilityOf(updated.after) !== change.visibility) {
      throw new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, { visibility: VISIBILITY_NOT_REACHED });
    }
    return { changed: { ...updated, input }, version: storedVersion + 1 };
  });
}

const VISIBILITY_NOT_REACHED = 'This record cannot take this visibility through this change';

async function setVisibility<RecordShape extends { id: number }, Input extends { version?: number }>(
  run: WriteRun<RecordShape, Input>,
  visibilityOf: (record: RecordShape) => Visibility,
  body: unknown,
): Promise<VisibilityChangeAnswer> {
  requirePermission(run.viewer, run.definition.permission, 'update');
  const { ids, visibility, versions } = parseInput(visibilityChangeSchema, body);
  const results: VisibilityChangeResult[] = [];
  // One record after the other: each in its own transaction, so one refusal leaves the others' changes.
  for (const id of ids) {
    const outcome = await visibilityOutcomeOf(run, () =>
      setVisibilityOfOne(run, visibilityOf, { id, visibility, readVersion: versions?.[String(id)] }),
    );
    if (!outcome.ok) {
      results.push({ id, ok: false, error: { status: outcome.error.statusCode, ...outcome.error.body } });
      continue;
    }
    results.push({ id, ok: true, version: outcome.version });
    if (outcome.changed) await afterCommit(run, { action: 'update', id, ...outcome.changed });
  }
  return { results };
}

/** A refusal of one record is its result; anything else is logged and that record's 500, the others go on. */
async function visibilityOutcomeOf<RecordShape, Input>(
  run: { log: FastifyBaseLogger },
  work: () => Promise<VisibilityWrite<RecordShape, Input>>,
): Promise<VisibilityOutcome<RecordShape, Input>> {
  try {
    return { ok: true, ...(await work()) };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error };
    run.log.error({ err: error }, 'bulk visibility change failed');
    return { ok: false, error: new ApiError(500, 'Internal server error') };
  }
}

// ---- routes ------------------------------------------------------------------------------------------

/** A record of a resource without a domain schema for it, as the API document shows it. */
const someRecordSchema = z.looseObject({ id: idSchema }).describe('The record in the shape of SPEC.md §3, with `id`');

/** The API document's description of the resource's routes, from the schemas that validate them. */
function routeSchemasOf(definition: ResourceDefinition<{ id: number }, { version?: number }>, listQuery: z.ZodType) {
  const tags = [definition.name];
  const record = definition.recordSchema ?? someRecordSchema;
  const input = definition.write?.input;
  const member = { tags, params: idParamsSchema };
  return {
    list: {
      tags,
      summary: `List ${definition.name} (getList; getMany with filter.id)`,
      querystring: listQuery,
      response: { 200: z.array(record) },
      paginated: true,
      errorStatuses: [403],
    },
    one: { ...member, summary: `One of ${definition.name}`, response: { 200: record }, errorStatuses: [403] },
    create: {
      tags,
      summary: `Create one of ${definition.name}`,
      body: input,
      response: { 201: record },
      errorStatuses: [403, 409],
    },
    replace: {
      ...member,
      summary: `Replace one of ${definition.name} (the whole record, with the version it was read at)`,
      body: input,
      response: { 200: record },
      errorStatuses: [403, 409],
    },
    remove: {
      ...member,
      summary: `Delete one of ${definition.name}; answers the deleted record`,
      querystring: deleteQueryDocumentOf(definition.write?.deleteVariant),
      response: { 200: record },
      errorStatuses: [403, 409],
    },
    visibility: {
      tags,
      summary: `Publish or unpublish many of ${definition.name}; answers a result per id`,
      body: visibilityChangeSchema,
      response: { 200: visibilityChangeAnswerSchema },
      errorStatuses: [403],
    },
  } as const;
}

/**
 * `DELETE /:id`'s parameters as the document shows them: `version`, and with a delete variant its own
 * parameters too, each optional, since the variant's parameter is what selects it.
 */
function deleteQueryDocumentOf(variant: DeleteVariant<{ id: number }> | undefined): z.ZodType {
  if (!variant) return deleteQuerySchema;
  const variantShape = Object.fromEntries(
    Object.entries(variant.query.shape).map(([key, schema]) => [key, (schema as z.ZodType).optional()]),
  );
  return z
    .object({ version: versionTextSchema.optional(), ...variantShape })
    .describe(`With \`${variant.selectedBy}\`: ${variant.summary}`);
}

/**
 * Registers GET /name, GET /name/:id and, when the resource writes, POST, PUT /:id and DELETE /:id, and POST
 * /name/visibility for a resource with a visibility. Its body and answer are domain/records.ts
 * `visibilityChangeSchema` and `visibilityChangeAnswerSchema`; a delete variant's query is its `query` schema.
 */
export function registerResource<RecordShape extends { id: number }, Input extends { version?: number }>(
  app: FastifyInstance,
  definition: ResourceDefinition<RecordShape, Input>,
): void {
  const collection = `/${definition.name}`;
  const member = `${collection}/:id`;
  const authenticated = { preHandler: app.authenticate };
  const parseQuery = resourceListQueryParser(definition);
  const schemas = routeSchemasOf(definition, parseQuery.schema);
  const idOf = (request: FastifyRequest) => parseInput(idParamsSchema, request.params).id;

  const shown = (request: FastifyRequest, records: RecordShape[]) =>
    definition.asReadBy ? definition.asReadBy(app.db, records, request) : Promise.resolve(records);
  const shownOne = async (request: FastifyRequest, record: RecordShape) => (await shown(request, [record]))[0];

  app.get(collection, { ...authenticated, schema: schemas.list }, async (request, reply) =>
    shown(request, await listRecords(app, definition, parseQuery, request, reply)),
  );

  app.get(member, { ...authenticated, schema: schemas.one }, async (request) => {
    const viewer = viewerOf(request);
    requirePermission(viewer, definition.permission, 'read');
    const id = idOf(request);
    await requireInLimitedScope(app.db, definition, viewer, id, 'read');
    return shownOne(request, await loadOne(app.db, definition, id));
  });

  const writes = definition.write;
  if (!writes) return;
  const trail = auditTrail(definition.name, writes.auditOmit);
  const runOf = (request: FastifyRequest): WriteRun<RecordShape, Input> => ({
    app,
    definition,
    writes,
    viewer: viewerOf(request),
    actor: auditActorOf(request),
    trail,
    log: request.log,
  });

  const { insert } = writes;
  if (insert) {
    app.post(collection, { ...authenticated, schema: schemas.create }, async (request, reply) => {
      const created = await createRecord(runOf(request), insert, request.body);
      return reply.code(201).send(await shownOne(request, created));
    });
  }
  app.put(member, { ...authenticated, schema: schemas.replace }, async (request) => {
    const run = runOf(request);
    requirePermission(run.viewer, definition.permission, 'update');
    return shownOne(request, await updateRecord(run, idOf(request), request.body));
  });
  if (writes.deletable !== false) {
    app.delete(member, { ...authenticated, schema: schemas.remove }, async (request) => {
      const run = runOf(request);
      const variant = writes.deleteVariant;
      if (variant && isQueryParameterGiven(request.query, variant.selectedBy)) {
        requirePermission(run.viewer, definition.permission, variant.action);
        return shownOne(request, await runDeleteVariant(run, variant, idOf(request), request.query));
      }
      requirePermission(run.viewer, definition.permission, 'delete');
      const id = idOf(request);
      const { version } = parseInput(deleteQuerySchema, request.query);
      return shownOne(request, await deleteRecord(run, id, version));
    });
  }

  for (const [name, action] of Object.entries(writes.memberActions ?? {})) {
    app.post(
      `${member}/${name}`,
      {
        ...authenticated,
        schema: {
          tags: [definition.name],
          summary: action.summary,
          params: idParamsSchema,
          body: action.body ?? memberActionBodySchema,
          response: { 200: definition.recordSchema ?? someRecordSchema },
          errorStatuses: [403, 409],
        },
      },
      async (request) => shownOne(request, await runMemberAction(runOf(request), action, idOf(request), request.body)),
    );
  }

  const { visibilityOf } = writes;
  if (visibilityOf) {
    app.post(`${collection}/visibility`, { ...authenticated, schema: schemas.visibility }, async (request) =>
      setVisibility(runOf(request), visibilityOf, request.body),
    );
  }
}

const isQueryParameterGiven = (query: unknown, name: string): boolean =>
  typeof query === 'object' && query !== null && Object.hasOwn(query, name);

/** Who writes, as the audit log names them: the signed-in user of the request. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const { userId, email } = authOf(request);
  return { userId, email };
}
