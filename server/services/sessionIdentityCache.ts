/**
 * The identities behind live sessions, kept between requests so that an authenticated request need not read its
 * session from the database each time (a round trip that was a third of a short list's cost).
 *
 * Kept only while the process hears every change that could alter one: the database notifies channel
 * `auth_changes` (migration 0026) when a session is revoked or a user's role, activity, scope, address or
 * language changes, and every pooled connection listens, so the process that commits such a change has
 * forgotten every identity before its COMMIT returns. `forgetAll` is also called when notifications may have
 * been missed. An entry lives at most `maxAgeMs` even so, and never past its session's end.
 *
 * A lookup that began before a `forgetAll` is answered but not kept: it may have read what the change replaced.
 */

export const AUTH_CHANGES_CHANNEL = 'auth_changes';

/** How long an identity is kept at most without being read again. */
export const IDENTITY_MAX_AGE_MS = 10_000;

/** At most this many sessions are kept; beyond, the oldest entry goes. */
export const IDENTITY_CACHE_ENTRIES = 10_000;

interface Entry<Identity> {
  userId: number;
  identity: Identity;
  sessionEndsAt: number;
  keptUntil: number;
}

export class SessionIdentityCache<Identity> {
  readonly #entries = new Map<string, Entry<Identity>>();
  #generation = 0;

  constructor(
    /** The clock sessions end by (the service's, which tests move). */
    private readonly now: () => Date,
    private readonly maxAgeMs = IDENTITY_MAX_AGE_MS,
    private readonly maxEntries = IDENTITY_CACHE_ENTRIES,
    /** The clock of the entries' age: real time, whatever `now` says. */
    private readonly monotonicMs: () => number = () => performance.now(),
  ) {}

  /**
   * The identity of session `sessionId` of user `userId`: kept, else `read` and kept when it is live.
   * `read` answers the identity and the session's end, or undefined for a session that is not live.
   */
  async lookup(
    sessionId: string,
    userId: number,
    read: () => Promise<{ identity: Identity; sessionEndsAt: Date } | undefined>,
  ): Promise<Identity | undefined> {
    const kept = this.#entries.get(sessionId);
    if (kept && kept.userId === userId && this.#isFresh(kept)) return kept.identity;
    if (kept) this.#entries.delete(sessionId);
    const generation = this.#generation;
    const found = await read();
    if (!found) return undefined;
    if (generation === this.#generation) this.#keep(sessionId, userId, found.identity, found.sessionEndsAt);
    return found.identity;
  }

  /** Forgets every identity: something changed, or changes may have gone unheard. */
  forgetAll(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  #isFresh(entry: Entry<Identity>): boolean {
    return entry.keptUntil > this.monotonicMs() && entry.sessionEndsAt > this.now().getTime();
  }

  #keep(sessionId: string, userId: number, identity: Identity, sessionEndsAt: Date): void {
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(sessionId, {
      userId,
      identity,
      sessionEndsAt: sessionEndsAt.getTime(),
      keptUntil: this.monotonicMs() + this.maxAgeMs,
    });
  }
}
