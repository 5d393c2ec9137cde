import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey, randomToken } from './tokens';

/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies", docs/server.md): after a
 * successful sign-in the client receives a signed statement "this client signed in to user X". A client that
 * presents one for the account it signs in to is a known device and gets its own failure budget, so attackers
 * elsewhere, however many addresses they use, cannot lock the owner out of that account.
 *
 * Value: `<user id>.<issued at, seconds>.<nonce>.<HMAC of the first three>`. Nothing is stored on the server;
 * the nonce tells one device of a user from another, the signature makes the statement unforgeable and the
 * issue time lets the server refuse statements older than their lifetime even if a client keeps the cookie.
 */

export const DEVICE_COOKIE_NAME = 'device_token';

const NONCE_BYTES = 16;
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]+$/;

export interface IssuedDeviceCookie {
  value: string;
  expiresAt: Date;
}

export interface DeviceStatement {
  userId: number;
  /** Tells this device's failure counter from the ones of the user's other devices. */
  nonce: string;
}

export class DeviceCookies {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly lifetimeSeconds: number,
    private readonly now: () => Date,
  ) {
    this.key = deriveKey(secret, 'device-cookie');
  }

  issue(userId: number): IssuedDeviceCookie {
    const issuedAtMs = this.now().getTime();
    const statement = `${userId}.${Math.floor(issuedAtMs / 1000)}.${randomToken(NONCE_BYTES)}`;
    return {
      value: `${statement}.${this.sign(statement)}`,
      expiresAt: new Date(issuedAtMs + this.lifetimeSeconds * 1000),
    };
  }

  /** The statement of a genuine, unexpired cookie; undefined for anything else (absent, malformed, forged, old). */
  verify(value: string | undefined): DeviceStatement | undefined {
    const parts = value?.split('.') ?? [];
    if (parts.length !== 4) return undefined;
    const [userIdPart, issuedAtPart, nonce, signature] = parts;
    if (!SIGNATURE_PATTERN.test(signature) || !this.hasSignature(`${userIdPart}.${issuedAtPart}.${nonce}`, signature)) {
      return undefined;
    }
    const userId = Number(userIdPart);
    const issuedAtSeconds = Number(issuedAtPart);
    if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(issuedAtSeconds)) return undefined;
    const ageSeconds = this.now().getTime() / 1000 - issuedAtSeconds;
    if (ageSeconds < -60 || ageSeconds > this.lifetimeSeconds) return undefined;
    return { userId, nonce };
  }

  private sign(statement: string): string {
    return createHmac('sha256', this.key).update(statement).digest('base64url');
  }

  private hasSignature(statement: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(statement));
    const presented = Buffer.from(signature);
    return presented.length === expected.length && timingSafeEqual(presented, expected);
  }
}
