import type { FastifyInstance } from 'fastify';
import { zurichToday } from '../../../domain/statistics';
import { scheduleRepeatingJob } from '../repeatingJob';
import { runBillingJobFor, type BillingDayResult } from './daily';

/** How often a process looks for a Zurich day the billing job has not run yet. */
export const BILLING_JOB_CHECK_MS = 15 * 60 * 1000;

/**
 * The billing's daily job in an API process (docs/billing.md "Daily job"): at start-up and every
 * BILLING_JOB_CHECK_MS, today's run unless a process did it already (`scheduled_job_runs`). `afterRun` gets the
 * committed result (the invoices to mail).
 */
export function scheduleBillingJobs(
  app: FastifyInstance,
  now: () => Date,
  afterRun: (result: BillingDayResult) => void = () => {},
): void {
  scheduleRepeatingJob(app, {
    everyMs: BILLING_JOB_CHECK_MS,
    atReady: true,
    failureMessage: 'billing daily job failed',
    run: async () => {
      const result = await runBillingJobFor(app.db, {
        today: zurichToday(now()),
        creditor: app.config.billingCreditor,
        publicUrl: app.config.publicUrl,
      });
      if (!result.ran) return;
      app.log.info(
        { advanced: result.advanced.length, ended: result.ended.length, invoices: result.invoiceIds.length },
        'billing: daily job done',
      );
      if (result.skippedInvoices) app.log.error({ reason: result.skippedInvoices }, 'billing: invoices not created');
      afterRun(result);
    },
  });
}
