import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Queryable } from './queryable';
import { compileRowMapper, type OrderedField } from './rowMapper';

/**
 * A query that runs on every request (the session check, a page of records) is built by drizzle once and then
 * only given new values: building its SQL was about a fifth of such a request's CPU, and a save of an event
 * built its record's statement three times.
 *
 * The statement is also named, so that each connection parses it once and the database keeps its plan
 * (planning a page of records with its correlated subqueries costs more than running it; on the embedded
 * database a session check took 1.2 ms planned each time, 0.35 ms prepared). Every handle is a node-postgres
 * pool, where names belong to one connection; the embedded database's connections share one session, where the
 * socket gives each connection's names a prefix of its own (pgliteStatementNames.ts), and the tests' in-process
 * PGlite is spoken to the same way.
 *
 * A transaction is a handle of its own on one of the pool's connections. Its statements are the ones built for
 * the first transaction that ran them, given this transaction's connection: a write reads its record before and
 * after, and building that statement again in every write cost more than running it.
 */
export function builtOncePerDatabase<Prepared>(
  name: string,
  build: (db: Queryable, statementName: string) => Prepared,
): (db: Queryable) => Prepared {
  const built = new WeakMap<Queryable, Prepared>();
  let builtInTransaction: Prepared | undefined;
  return (db) => {
    let prepared = built.get(db);
    if (!prepared) {
      if (is(db, PgTransaction)) {
        builtInTransaction ??= withCompiledRowMapper(build(db, name));
        prepared = onConnectionOf(builtInTransaction, db);
      } else {
        prepared = withCompiledRowMapper(build(db, name));
      }
      built.set(db, prepared);
    }
    return prepared;
  };
}

/**
 * The prepared statement run on a transaction's connection: drizzle's node-postgres prepared query sends itself
 * through its `client` (the transaction's pool connection), which is all that differs between transactions.
 */
function onConnectionOf<Prepared>(prepared: Prepared, transaction: Queryable): Prepared {
  const { client } = (transaction as unknown as { session: { client: unknown } }).session;
  return Object.create(prepared as object, { client: { value: client } }) as Prepared;
}

/**
 * What drizzle's node-postgres prepared query keeps (private in its types): the selected fields in column order,
 * which left joins cannot miss, and the mapping its `execute` uses instead of its own when one is set.
 */
interface DrizzlePreparedSelect {
  fields?: OrderedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** A prepared select maps its rows through a plan made once (server/db/rowMapper.ts); anything else is left as is. */
export function withCompiledRowMapper<Prepared>(prepared: Prepared): Prepared {
  const select = prepared as DrizzlePreparedSelect;
  if (Array.isArray(select.fields) && select.customResultMapper === undefined) {
    select.customResultMapper = compileRowMapper(select.fields, select.joinsNotNullableMap);
  }
  return prepared;
}
