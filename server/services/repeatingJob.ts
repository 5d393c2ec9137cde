import type { FastifyInstance } from 'fastify';

export interface RepeatingJob {
  /** One run; `closing()` turns true once the app closes, for a long run to stop between its steps. */
  run: (closing: () => boolean) => Promise<void>;
  everyMs: number;
  /** Also run as soon as the app is ready, not awaited: start-up does not wait for a backlog. */
  atReady: boolean;
  /** The message logged with the error of a failed run; the next run tries again. */
  failureMessage: string;
}

/**
 * A job an API process runs every `everyMs` on an unref'd timer (it never keeps the process alive), never two runs
 * at once. Closing the app stops the timer and waits for a run in progress.
 */
export function scheduleRepeatingJob(app: FastifyInstance, job: RepeatingJob): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closing = false;
  const run = () => {
    running ??= job
      .run(() => closing)
      .catch((error: unknown) => app.log.error({ err: error }, job.failureMessage))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    if (job.atReady) run();
    timer = setInterval(run, job.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}
