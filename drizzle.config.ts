import { defineConfig } from 'drizzle-kit';

// One schema and one set of SQL migrations for PGlite and PostgreSQL (ARCHITECTURE.md §1).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
