import type { Queryable } from './queryable';

/**
 * A query that runs on every request (the session check, a page of records) is built by drizzle once per
 * database handle and then only given new values: building its SQL was about a fifth of such a request's CPU.
 *
 * On PostgreSQL the statement is also named, so that each connection parses it once and the server keeps its
 * plan (planning a page of records with its correlated subqueries costs more than running it). On the
 * embedded database every connection shares one backend, where a second PREPARE of a name fails, and inside a
 * transaction (another handle) the statement is left unnamed: there the server plans it on each run.
 */

const ownBackendDatabases = new WeakSet<Queryable>();

/** Called by the code that opens the database: each of its connections is a server backend of its own. */
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
      built.set(db, (prepared = build(db, statementName)));
    }
    return prepared;
  };
}
