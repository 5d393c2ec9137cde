import type { Queryable } from './queryable';

/**
 * A query that runs on every request (the session check, the signed-in user) is built by drizzle once per
 * database handle and then only given new values: building its SQL was about a fifth of such a request's CPU.
 * The statement is left unnamed on the server: a named one would be prepared once per connection, and the
 * embedded database's connections share one backend, where a second PREPARE of the same name fails.
 */
export function builtOncePerDatabase<Prepared>(build: (db: Queryable) => Prepared): (db: Queryable) => Prepared {
  const built = new WeakMap<Queryable, Prepared>();
  return (db) => {
    let prepared = built.get(db);
    if (!prepared) built.set(db, (prepared = build(db)));
    return prepared;
  };
}

/** drizzle's `prepare` without a statement name: built once, planned by the server on each run. */
export const unnamed = undefined as unknown as string;
