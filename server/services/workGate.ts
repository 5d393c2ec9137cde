/**
 * Bounds how much heavy work runs at once: `concurrent` tasks run, up to `waiting` more wait in order of
 * arrival for at most `maxWaitMs`, and any beyond, or one that waited too long, gets `busy()` at once
 * instead of piling up memory and making every caller slow.
 */
export interface WorkGateLimits {
  concurrent: number;
  waiting: number;
  maxWaitMs: number;
}

export class WorkGate {
  private running = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    private readonly limits: WorkGateLimits,
    private readonly busy: () => Error,
  ) {}

  /** How many tasks run and wait now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  private enter(): Promise<void> {
    if (this.running < this.limits.concurrent) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.queue.length >= this.limits.waiting) return Promise.reject(this.busy());
    return new Promise((resolve, reject) => {
      // The slot of the task that leaves passes to this one: `running` does not change.
      const takeTurn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.queue.splice(this.queue.indexOf(takeTurn), 1);
        reject(this.busy());
      }, this.limits.maxWaitMs);
      this.queue.push(takeTurn);
    });
  }

  private leave(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running -= 1;
  }
}
