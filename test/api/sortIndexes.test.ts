import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { auditLogResource } from '../../server/routes/auditLog';
import { establishmentResource } from '../../server/routes/establishments';
import { eventResource } from '../../server/routes/events';
import { promoterResource } from '../../server/routes/promoters';
import { tagResource } from '../../server/routes/tags';
import { userResource } from '../../server/routes/users';
import { startTestServer, type TestServer } from './harness';

/**
 * Every sort a big list offers is read in index order: the list orders by the field and then by id, and an index
 * that ends with id gives the page without sorting the rows that share the field (a role, a state, a day of
 * imports). With sorting priced out, a plan that still sorts has no index to read the order from.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface SortedList {
  name: string;
  table: PgTable;
  id: PgColumn;
  sortable: Record<string, PgColumn | SQL>;
}

const noSessions = { revokeAllOf: async () => undefined } as unknown as Parameters<typeof userResource>[0];
const lists: SortedList[] = [
  eventResource,
  establishmentResource,
  promoterResource,
  tagResource,
  auditLogResource,
  userResource(noSessions, 'http://localhost'),
] as unknown as SortedList[];

/**
 * Fields that are unique (case-insensitively, through their unique index): the plan sorts each run of rows that
 * share the field by id, and every such run is one row.
 */
const UNIQUE_FIELDS = new Set(['tags.tagName', 'users.username', 'users.email']);

interface PlanNode {
  'Node Type': string;
  Plans?: PlanNode[];
}

const nodeTypesOf = (node: PlanNode): string[] => [node['Node Type'], ...(node.Plans ?? []).flatMap(nodeTypesOf)];

async function nodeTypesOfPage(list: SortedList, field: PgColumn | SQL, order: typeof asc): Promise<string[]> {
  const query = server.db
    .select({ id: list.id })
    .from(list.table)
    .orderBy(order(field), order(list.id))
    .limit(25)
    .toSQL();
  return server.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_sort = off`);
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const explained = (await tx.execute(sql.raw(`EXPLAIN (FORMAT JSON) ${inlined(query.sql, query.params)}`))) as {
      rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
    };
    const [{ 'QUERY PLAN': plan }] = explained.rows;
    const [{ Plan: root }] = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan;
    return nodeTypesOf(root);
  });
}

/** The statement with its parameters written in (the sorts' statements take none but the page size). */
function inlined(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    if (typeof value !== 'number') throw new Error(`unexpected parameter ${String(value)}`);
    return String(value);
  });
}

describe('sort indexes', () => {
  for (const list of lists) {
    for (const [key, field] of Object.entries(list.sortable)) {
      const name = `${list.name}.${key}`;
      it(`reads ${name} in index order, both ways`, async () => {
        for (const order of [asc, desc]) {
          const sorts = (await nodeTypesOfPage(list, field, order)).filter((type) => /Sort/.test(type));
          expect(sorts).toEqual(UNIQUE_FIELDS.has(name) ? ['Incremental Sort'] : []);
        }
      });
    }
  }

  it('names only sorts that exist', () => {
    const offered = new Set(lists.flatMap((list) => Object.keys(list.sortable).map((key) => `${list.name}.${key}`)));
    expect([...UNIQUE_FIELDS].filter((name) => !offered.has(name))).toEqual([]);
  });
});
