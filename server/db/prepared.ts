import type { Queryable } from './queryable';
import { compileRowMapper, type OrderedField } from './rowMapper';

/**
 * A query that runs on every request (the session check, a page of records) is built by drizzle once per
 * database handle and then only given new values: building its SQL was about a fifth of such a request's CPU.
 *
 * Through the server's pool the statement is also named, so that each connection parses it once and the
 * database keeps its plan (planning a page of records with its correlated subqueries costs more than running it;
 * on the embedded database a session check took 1.2 ms planned each time, 0.35 ms prepared). The embedded
 * database's connections share one session, where the socket gives each connection's names a prefix of its own
 * (pgliteStatementNames.ts); the tests' in-process PGlite is spoken to the same way. Inside a transaction
 * (another handle, made for that transaction alone) the statement is left unnamed: there the database plans it
 * on each run.
 */

const ownBackendDatabases = new WeakSet<Queryable>();

/** Called by the code that opens the server's pool: each of its connections keeps its own named statements. */
export function allowNamedStatements(db: Queryable): void {
  ownBackendDatabases.add(db);
}

export function builtOncePerDatabase<Prepared>(
  name: string,
  build: (db: Queryable, statementName: string) => Prepared,
): (db: Queryable) => Prepared {
  const built = new WeakMap<Queryable, Prepared>();
  return (db) => {
    let prepared = built.get(db);
    if (!prepared) {
      // drizzle's `prepare` without a name leaves the statement unnamed on the server.
      const statementName = ownBackendDatabases.has(db) ? name : (undefined as unknown as string);
      built.set(db, (prepared = withCompiledRowMapper(build(db, statementName))));
    }
    return prepared;
  };
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
function withCompiledRowMapper<Prepared>(prepared: Prepared): Prepared {
  const select = prepared as DrizzlePreparedSelect;
  if (Array.isArray(select.fields) && select.customResultMapper === undefined) {
    select.customResultMapper = compileRowMapper(select.fields, select.joinsNotNullableMap);
  }
  return prepared;
}
