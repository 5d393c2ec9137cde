import { createHash } from 'node:crypto';
import { is, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { PgTransaction, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import { withCompiledRowMapper } from './prepared';
import type { Queryable } from './queryable';
import { rowCounts } from './schema/rowCounts';

/**
 * A list page and its exact total in one statement. Every statement costs the server a round trip (the socket
 * write alone is a good part of a cheap list request here), so the total rides along with the page as an
 * uncorrelated subquery, which PostgreSQL runs once: the stored counter when the list has one, else a count
 * through the filter's index. COALESCE evaluates its second argument only when the first is null, so kept
 * counters never count rows (a counter a write has not yet made is no row: zero, unless none of them is). Only a page
 * past the end asks for its total on its own: a first page without rows means that nothing matches.
 */

export interface PageQuery {
  table: PgTable;
  where: SQL | undefined;
  orderBy: SQL[];
  /**
   * The counters (server/db/rowCounts.ts) whose sum is the total of exactly these rows, when they are kept:
   * names, or SQL that makes one (`'events:city:DRAFT:' || lower($1)`).
   */
  counters?: readonly (string | SQL)[];
  /**
   * The rows of the list that the counters leave out, when there are few and an index finds them (a viewer's
   * own unpublished records beside every published one): counted and added to the counters' sum.
   */
  alsoCounted?: SQL;
  offset: number;
  limit: number;
  /**
   * Whether one plan serves the statement whatever its values, so that it may be named and keep its plan
   * (pageStatementName): a list without filters, whose only values are the viewer's scope.
   */
  keepsPlan?: boolean;
  /**
   * For a page that keeps its plan: everything its statement is made of (the list, the viewer, the sort and the
   * range), when the caller can say so. Pages with the same `madeOf` are the same statement with the same values,
   * built once and run again (pagesBuiltFor).
   */
  madeOf?: string;
}

/** Pages past these are rarely read: their statements are planned each time rather than kept on every connection. */
const KEPT_PAGES = 5;
/**
 * Statement shapes named per database handle. Each connection of its pool keeps a plan of every shape it ran
 * (about 56 kB each), which the embedded database holds for all its connections in one session.
 */
const MAX_KEPT_SHAPES = 64;
const keptShapes = new WeakMap<Queryable, Set<string>>();

/** Whether the page may be a named statement (pageStatementName): a plain list's first pages, outside transactions. */
const keepsItsPlan = (db: Queryable, query: PageQuery) =>
  query.keepsPlan === true && query.offset < KEPT_PAGES * query.limit && !is(db, PgTransaction);

/**
 * The name that lets each connection plan this page statement once and keep the plan, or none. Planning a page
 * statement was most of what the database spent on a short list (0.12–0.2 ms against 0.03–0.16 ms running it).
 * PostgreSQL keeps a named statement's one plan for every run only while it costs about what a plan for the
 * values would, and it plans a LIMIT or OFFSET given as a parameter as a tenth of the rows: a page size and
 * offset are therefore written into the statement (literalPageBound), which makes every page a statement of
 * its own. Only the first pages are named, and no more than MAX_KEPT_SHAPES shapes, which bounds the plans a
 * connection keeps. A transaction is a handle of its own on some connection: its pages stay unnamed.
 */
function pageStatementName(db: Queryable, text: string, query: PageQuery): string | undefined {
  if (!keepsItsPlan(db, query)) return undefined;
  let shapes = keptShapes.get(db);
  if (!shapes) keptShapes.set(db, (shapes = new Set()));
  const name = `page_${createHash('sha1').update(text).digest('base64url')}`;
  if (shapes.has(name)) return name;
  if (shapes.size >= MAX_KEPT_SHAPES) return undefined;
  shapes.add(name);
  return name;
}

/**
 * What drizzle's node-postgres prepared query keeps (private in its types): its text, and the configurations it
 * hands node-postgres, whose `name` decides whether the connection keeps the statement.
 */
interface DrizzleNodePgPrepared {
  queryString?: string;
  rawQueryConfig?: { name?: string };
  queryConfig?: { name?: string };
}

/**
 * The page statement, named when it keeps its plan (pageStatementName) after the text drizzle built for it:
 * building it a second time only to learn the text cost as much as the first build.
 */
function namedWhereKept<Prepared>(db: Queryable, prepared: Prepared, query: PageQuery): Prepared {
  const configured = prepared as DrizzleNodePgPrepared;
  if (!configured.queryString || !configured.rawQueryConfig || !configured.queryConfig) return prepared;
  // Unnamed, as a statement awaited without `prepare` goes, unless it keeps its plan.
  const name = pageStatementName(db, configured.queryString, query);
  configured.rawQueryConfig.name = name;
  configured.queryConfig.name = name;
  return prepared;
}

/**
 * A page bound written into the statement's text. drizzle's `limit` and `offset` take a number (which it sends
 * as a parameter) or SQL, which it writes as is; the bound is the parsed range's integer.
 */
function literalPageBound(bound: number): number {
  if (!Number.isSafeInteger(bound) || bound < 0) throw new Error(`not a page bound: ${bound}`);
  return sql.raw(String(bound)) as unknown as number;
}

function totalOf({ table, where, counters = [], alsoCounted }: PageQuery): SQL<string> {
  const counted = sql<string>`(SELECT count(*) FROM ${table}${where ? sql` WHERE ${where}` : sql``})`;
  if (counters.length === 0) return counted;
  const names = sql.join(
    counters.map((counter) => sql`${counter}`),
    sql`, `,
  );
  const stored = sql`(SELECT sum(${rowCounts.total}) FROM ${rowCounts} WHERE ${rowCounts.counter} IN (${names}))`;
  // A sum without counters is null, and so is null + n: the whole count then stands in, as above.
  const kept = alsoCounted ? sql`${stored} + (SELECT count(*) FROM ${table} WHERE ${alsoCounted})` : stored;
  return sql<string>`COALESCE(${kept}, ${counted})`;
}

/** Statements of pages built once per database handle, by what they are made of; forgotten all at once when full. */
const MAX_BUILT_PAGES = 1000;
const builtPages = new WeakMap<Queryable, Map<string, unknown>>();

function pagesBuiltFor(db: Queryable): Map<string, unknown> {
  let built = builtPages.get(db);
  if (!built) builtPages.set(db, (built = new Map()));
  return built;
}

function buildPage<Columns extends SelectedFields>(db: Queryable, query: PageQuery, columns: Columns) {
  const page = db
    .select({ ...columns, pageTotal: totalOf(query) })
    .from(query.table)
    .where(query.where)
    .orderBy(...query.orderBy)
    .offset(literalPageBound(query.offset))
    .limit(literalPageBound(query.limit));
  return namedWhereKept(db, page.prepare(''), query);
}

/**
 * The page's statement: built by drizzle on every request but for a plain list's first pages, which are built once
 * per viewer, sort and range (building one was about a tenth of the thread's time on a short list).
 */
function pageStatement<Columns extends SelectedFields>(db: Queryable, query: PageQuery, columns: Columns) {
  const { madeOf } = query;
  if (madeOf === undefined || !keepsItsPlan(db, query)) return buildPage(db, query, columns);
  const built = pagesBuiltFor(db);
  let page = built.get(madeOf) as ReturnType<typeof buildPage<Columns>> | undefined;
  if (!page) {
    // Run again and again: its rows are mapped by a plan made once, as the other statements built once are.
    page = withCompiledRowMapper(buildPage(db, query, columns));
    if (built.size >= MAX_BUILT_PAGES) built.clear();
    built.set(madeOf, page);
  }
  return page;
}

/** The page's rows (`columns`, in `orderBy` order) and the total of every row that `where` matches. */
export async function pageWithTotal<Columns extends SelectedFields>(
  db: Queryable,
  query: PageQuery,
  columns: Columns,
): Promise<{ rows: SelectResultFields<Columns>[]; total: number }> {
  const found = await pageStatement(db, query, columns).execute();
  // A first page without rows is the whole list: nothing matches (an empty table, a search that finds nothing).
  if (found.length === 0 && query.offset === 0) return { rows: [], total: 0 };
  if (found.length === 0) {
    const result = (await db.execute(sql`SELECT ${totalOf(query)} AS total`)) as unknown as {
      rows: { total: string }[];
    };
    const [{ total: alone }] = result.rows;
    return { rows: [], total: Number(alone) };
  }
  const rows = found.map(({ pageTotal: _total, ...row }) => row as SelectResultFields<Columns>);
  return { rows, total: Number(found[0].pageTotal) };
}

/**
 * A record read from its own row and expressions beside it: the columns a page selects, and how its rows
 * become records. Listing such records is one statement, the page with its records and total, instead of a page
 * of ids and then its records.
 */
export interface RecordColumns<RecordShape> {
  columns: SelectedFields;
  /** The page's records of its rows, reading what they need besides (the uploads an event shows) from `db`. */
  toRecords(rows: readonly Record<string, unknown>[], db: Queryable): RecordShape[] | Promise<RecordShape[]>;
  /**
   * Read with the page only on the first page of a list without filters, whose statement keeps its plan; other
   * pages read their ids, then their records. The columns are correlated subqueries that run for every row the
   * page statement reads, the rows an OFFSET skips included, and a statement planned at every request would plan
   * them all again.
   */
  plainFirstPageOnly?: boolean;
}

export function recordColumns<Columns extends SelectedFields, RecordShape>(
  columns: Columns,
  toRecord: (row: SelectResultFields<Columns>) => RecordShape,
): RecordColumns<RecordShape> {
  return { columns, toRecords: (rows) => rows.map((row) => toRecord(row as SelectResultFields<Columns>)) };
}
