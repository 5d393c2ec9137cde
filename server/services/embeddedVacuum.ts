import type { FastifyInstance } from 'fastify';
import { vacuumWhereDue } from '../db/embeddedVacuum';
import { scheduleRepeatingJob } from './repeatingJob';

/** How often an API process on the embedded database looks for tables to vacuum: autovacuum's own nap time. */
export const EMBEDDED_VACUUM_CHECK_MS = 60 * 1000;

/**
 * Autovacuum for the embedded database (server/db/embeddedVacuum.ts), which PGlite lacks: every `intervalMs`, the
 * tables past autovacuum's thresholds are vacuumed or analysed. PostgreSQL servers run their own autovacuum.
 * Only what was done is logged; a failure is logged and the next pass tries again.
 */
export function scheduleEmbeddedVacuum(app: FastifyInstance, intervalMs: number): void {
  scheduleRepeatingJob(app, {
    everyMs: intervalMs,
    atReady: false,
    failureMessage: 'embedded database: vacuum failed',
    run: async () => {
      const pass = await vacuumWhereDue(app.db);
      if (pass.vacuumed.length > 0 || pass.analyzed.length > 0) app.log.info(pass, 'embedded database: vacuumed');
    },
  });
}
