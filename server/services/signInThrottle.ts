import { AttemptCounter, type RateLimitPolicy } from './rateLimits';
import type { DeviceStatement } from './deviceCookies';

/**
 * Which failed sign-ins block which attempts (docs/server.md "Rate limits"), after OWASP's device cookies:
 *
 * - a client with a device cookie of the account (a known device) is limited by its own failures only;
 * - every other client is limited per (account, address) and per account over all such clients.
 *
 * An attacker therefore can exhaust only the untrusted budget of an account; its owner, on a device they
 * signed in on before, still signs in. Accounts are keyed by the normalised email, so unknown emails are
 * throttled exactly like known ones and the 429 reveals nothing.
 */

export interface SignInAttempt {
  /** Trimmed and lower-case. */
  email: string;
  ipAddress: string;
  /** The presented device cookie, when it is genuine and belongs to the account signed in to. */
  knownDevice?: DeviceStatement;
}

export class SignInThrottle {
  private readonly perAccountAndAddress: AttemptCounter;
  private readonly perUntrustedAccount: AttemptCounter;
  private readonly perDevice: AttemptCounter;

  constructor(policy: RateLimitPolicy, now: () => number) {
    this.perAccountAndAddress = new AttemptCounter(policy.failedSignIns, now);
    this.perUntrustedAccount = new AttemptCounter(policy.failedUntrustedSignInsPerAccount, now);
    this.perDevice = new AttemptCounter(policy.failedSignInsPerDevice, now);
  }

  /** How long the attempt must wait before it is heard (the longest of the windows that block it); 0: not blocked. */
  msUntilAllowed(attempt: SignInAttempt): number {
    if (attempt.knownDevice) return this.perDevice.msUntilAllowed(deviceKey(attempt.knownDevice));
    return Math.max(
      this.perAccountAndAddress.msUntilAllowed(accountAndAddressKey(attempt)),
      this.perUntrustedAccount.msUntilAllowed(attempt.email),
    );
  }

  recordFailure(attempt: SignInAttempt): void {
    if (attempt.knownDevice) {
      this.perDevice.record(deviceKey(attempt.knownDevice));
      return;
    }
    this.perAccountAndAddress.record(accountAndAddressKey(attempt));
    this.perUntrustedAccount.record(attempt.email);
  }

  /**
   * The client's own failures are forgotten. The account's untrusted total is not: a success proves nothing
   * about the other clients' failures, and forgetting them would hand a guesser a fresh budget.
   */
  recordSuccess(attempt: SignInAttempt): void {
    if (attempt.knownDevice) this.perDevice.reset(deviceKey(attempt.knownDevice));
    else this.perAccountAndAddress.reset(accountAndAddressKey(attempt));
  }
}

const accountAndAddressKey = ({ email, ipAddress }: SignInAttempt) => `${email}|${ipAddress}`;
const deviceKey = ({ userId, nonce }: DeviceStatement) => `${userId}|${nonce}`;
