import { describe, expect, it } from 'vitest';
import { DeviceCookies } from '../../server/services/deviceCookies';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const YEAR_SECONDS = 365 * 24 * 3600;

function cookiesAt(startMs = Date.UTC(2026, 0, 1), secret = SECRET) {
  let nowMs = startMs;
  const cookies = new DeviceCookies(secret, YEAR_SECONDS, () => new Date(nowMs));
  return { cookies, advanceSeconds: (seconds: number) => (nowMs += seconds * 1000) };
}

describe('DeviceCookies', () => {
  it('issues a cookie that verifies as a statement about its user, expiring after the lifetime', () => {
    const { cookies } = cookiesAt(Date.UTC(2026, 0, 1));
    const issued = cookies.issue(42);
    expect(issued.expiresAt.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    const statement = cookies.verify(issued.value);
    expect(statement?.userId).toBe(42);
    expect(statement?.nonce).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('gives every sign-in its own nonce, so each device has its own failure counter', () => {
    const { cookies } = cookiesAt();
    expect(cookies.verify(cookies.issue(1).value)?.nonce).not.toBe(cookies.verify(cookies.issue(1).value)?.nonce);
  });

  it('refuses a cookie whose user, time or nonce was changed', () => {
    const { cookies } = cookiesAt();
    const [userId, issuedAt, nonce, signature] = cookies.issue(7).value.split('.');
    expect(cookies.verify([userId, issuedAt, nonce, signature].join('.'))).toBeDefined(); // control
    expect(cookies.verify(['8', issuedAt, nonce, signature].join('.'))).toBeUndefined();
    expect(cookies.verify([userId, String(Number(issuedAt) + 1), nonce, signature].join('.'))).toBeUndefined();
    expect(cookies.verify([userId, issuedAt, `${nonce}x`, signature].join('.'))).toBeUndefined();
    expect(
      cookies.verify(
        [userId, issuedAt, nonce, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`].join('.'),
      ),
    ).toBeUndefined();
  });

  it('refuses a cookie signed with another secret', () => {
    const other = cookiesAt(Date.UTC(2026, 0, 1), 'another-secret-of-at-least-thirty-two-characters').cookies;
    expect(cookiesAt().cookies.verify(other.issue(7).value)).toBeUndefined();
  });

  it('refuses a cookie older than its lifetime even if the client kept it', () => {
    const { cookies, advanceSeconds } = cookiesAt();
    const issued = cookies.issue(7);
    advanceSeconds(YEAR_SECONDS - 10);
    expect(cookies.verify(issued.value)).toBeDefined();
    advanceSeconds(20);
    expect(cookies.verify(issued.value)).toBeUndefined();
  });

  it.each([undefined, '', 'garbage', '1.2.3', '1.2.3.4.5', 'x.1.nonce.sig', '1.2.3.not base64!'])(
    'refuses %j',
    (value) => {
      expect(cookiesAt().cookies.verify(value)).toBeUndefined();
    },
  );
});
