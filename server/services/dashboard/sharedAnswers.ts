/**
 * Answers of the cards that are the same for everyone who asks them: the platform's week of occurrences (ROOT and
 * COORDINATOR_ADMIN_FULL see every event) and the published events a customer sees next. Each expands every
 * recurring series of the platform through the occurrence engine (hundreds of milliseconds at 100,000 events),
 * so one answer serves every such viewer for up to a minute, computed once however many ask at the same time.
 * Any committed change of an event forgets them all (the route clears this on the widget change feed, which
 * announces every event write from every API process), so a new or changed event shows at once.
 */
export class SharedCardAnswers {
  readonly #ttlMs: number;
  readonly #answers = new Map<string, { expiresAt: number; answer: Promise<unknown> }>();

  constructor(ttlMs = 60_000) {
    this.#ttlMs = ttlMs;
  }

  /** The answer kept under `key`, or `compute()`'s, kept until `now + ttl` (a failure is not kept). */
  answer<Value>(key: string, now: number, compute: () => Promise<Value>): Promise<Value> {
    const kept = this.#answers.get(key);
    if (kept && kept.expiresAt > now) return kept.answer as Promise<Value>;
    for (const [other, entry] of this.#answers) if (entry.expiresAt <= now) this.#answers.delete(other);
    const answer = compute();
    const entry = { expiresAt: now + this.#ttlMs, answer };
    this.#answers.set(key, entry);
    answer.catch(() => {
      if (this.#answers.get(key) === entry) this.#answers.delete(key);
    });
    return answer;
  }

  clear(): void {
    this.#answers.clear();
  }
}
