import type { Database } from './client';

/** What a query helper may run queries on: the database outside a transaction, the transaction handle inside. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
