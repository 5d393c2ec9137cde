/**
 * Rate-limit policy (docs/server.md). Per-address request limits are enforced by @fastify/rate-limit on each
 * route; this file holds their numbers and the keyed attempt counter used where the key is not the address
 * alone (failed sign-ins per account, address and device, mails per recipient).
 */

export interface WindowLimit {
  max: number;
  windowMs: number;
}

export interface RateLimitPolicy {
  /** Sign-in requests per address. */
  signIn: WindowLimit;
  /** Failed sign-ins per (email, address) of clients without a device cookie of the account. */
  failedSignIns: WindowLimit;
  /**
   * Failed sign-ins per account (normalised email, known or not) summed over every client without a device
   * cookie of that account: bounds a guesser who spreads attempts over many addresses.
   */
  failedUntrustedSignInsPerAccount: WindowLimit;
  /**
   * Failed sign-ins per device cookie: a device the owner signed in on before has its own budget, which the
   * untrusted clients cannot use up (server/services/deviceCookies.ts).
   */
  failedSignInsPerDevice: WindowLimit;
  /** Access-link, reset and delete-account token submissions and verifications per address. */
  tokenSubmissions: WindowLimit;
  /** Refresh and sign-out per address. */
  refresh: WindowLimit;
  /** Forgot-password and delete-account requests per address. */
  mailRequests: WindowLimit;
  /**
   * Mails of one kind to one recipient requested from one address, so nobody can flood a mailbox through the
   * public forms, and nobody elsewhere can use up the owner's reset mails.
   */
  mailsPerRecipient: WindowLimit;
  /** Password changes per address (each one checks the current password). */
  passwordChanges: WindowLimit;
  /**
   * Requests of the public widget's pages, files and links per address: generous, as the visitors of a venue's
   * site may share one address (a school, an office); a benchmark raises it.
   */
  widgetPages: WindowLimit;
  /**
   * Promo code redemptions per user, successful or not: a customer redeems a handful of codes, while a guesser
   * needs millions of tries (generated codes have 31^8 values).
   */
  promoCodeRedemptions: WindowLimit;
}

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimitPolicy = {
  signIn: { max: 20, windowMs: MINUTE },
  failedSignIns: { max: 5, windowMs: 15 * MINUTE },
  failedUntrustedSignInsPerAccount: { max: 20, windowMs: 15 * MINUTE },
  failedSignInsPerDevice: { max: 10, windowMs: 15 * MINUTE },
  tokenSubmissions: { max: 30, windowMs: 15 * MINUTE },
  refresh: { max: 60, windowMs: MINUTE },
  mailRequests: { max: 10, windowMs: 15 * MINUTE },
  mailsPerRecipient: { max: 3, windowMs: 60 * MINUTE },
  passwordChanges: { max: 10, windowMs: 15 * MINUTE },
  widgetPages: { max: 600, windowMs: MINUTE },
  promoCodeRedemptions: { max: 10, windowMs: 15 * MINUTE },
};

interface Window {
  count: number;
  resetsAt: number;
}

/** Above this many keys the oldest windows are dropped, so a flood of keys cannot exhaust memory. */
const MAX_KEYS = 50_000;

/**
 * A fixed-window counter per key, in memory (one process). A Redis-backed counter with the same
 * interface replaces it when several API processes run behind a load balancer.
 */
export class AttemptCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: WindowLimit,
    private readonly now: () => number = Date.now,
  ) {}

  isExhausted(key: string): boolean {
    const window = this.current(key);
    return window !== undefined && window.count >= this.limit.max;
  }

  /** How long until the key may try again: the rest of its window when exhausted, else 0. */
  msUntilAllowed(key: string): number {
    const window = this.current(key);
    return window !== undefined && window.count >= this.limit.max ? window.resetsAt - this.now() : 0;
  }

  /** Counts one attempt; answers whether it was still within the limit. */
  record(key: string): boolean {
    const window = this.current(key) ?? { count: 0, resetsAt: this.now() + this.limit.windowMs };
    window.count += 1;
    this.windows.delete(key);
    this.windows.set(key, window);
    this.evictOldest();
    return window.count <= this.limit.max;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.resetsAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private evictOldest(): void {
    for (const key of this.windows.keys()) {
      if (this.windows.size <= MAX_KEYS) return;
      this.windows.delete(key);
    }
  }
}
