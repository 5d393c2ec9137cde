import type { FastifyInstance } from 'fastify';
import { scheduleRepeatingJob } from '../repeatingJob';
import { runDueOccurrenceJobs } from './occurrences';

/** How often a process looks for a day the occurrences job has not counted (the day changes at midnight). */
export const OCCURRENCES_JOB_CHECK_MS = 15 * 60 * 1000;

/**
 * The statistics' daily job in an API process (docs/statistics.md "Occurrences published"): at start-up and
 * every OCCURRENCES_JOB_CHECK_MS, every day of the last 35 that no process has counted yet is counted
 * (yesterday once the Zurich day has changed, the missed ones after a stop). `scheduled_job_runs` makes several
 * processes count each day once.
 */
export function scheduleStatisticsJobs(app: FastifyInstance, now: () => Date): void {
  scheduleRepeatingJob(app, {
    everyMs: OCCURRENCES_JOB_CHECK_MS,
    atReady: true,
    failureMessage: 'statistics occurrences job failed',
    run: async (closing) => {
      const counted = await runDueOccurrenceJobs(app.db, now(), closing);
      if (counted.length > 0) app.log.info({ days: counted }, 'statistics: occurrences counted');
    },
  });
}
