import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The extensions the migrations create: trigram indexes serve the lists' free-text search. Its own module so
 * that the database thread (pgliteWorker.ts) loads them without the server's database code.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
