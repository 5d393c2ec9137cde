import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DEVICE_COOKIE_NAME } from '../../server/services/deviceCookies';
import { DEFAULT_RATE_LIMITS } from '../../server/services/rateLimits';
import {
  CSRF,
  TEST_PASSWORD,
  createUser,
  linkIn,
  mailsTo,
  parseSetCookies,
  startTestServer,
  tokenOf,
  type TestServer,
} from './harness';

/**
 * Device cookies (docs/server.md "Rate limits"): with the real policy, guessers on many addresses use up an
 * account's untrusted budget, while its owner on a device they signed in on before still signs in.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimits: DEFAULT_RATE_LIMITS });
});
afterAll(() => server.close());

let addressCounter = 0;
/** Every call is a client on an address nobody used before. */
const newAddress = () => {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

const signInFrom = (email: string, password: string, deviceCookie?: string, remoteAddress = newAddress()) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email, password },
    cookies: deviceCookie === undefined ? {} : { [DEVICE_COOKIE_NAME]: deviceCookie },
    remoteAddress,
  });

const deviceCookieOf = (response: LightMyRequestResponse) =>
  parseSetCookies(response).find((cookie) => cookie.name === DEVICE_COOKIE_NAME);

async function deviceCookieFor(email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await signInFrom(email, password);
  const cookie = deviceCookieOf(response);
  if (response.statusCode !== 200 || !cookie)
    throw new Error(`sign-in of ${email} answered ${response.statusCode} without a device cookie`);
  return cookie.value;
}

const untrustedMax = DEFAULT_RATE_LIMITS.failedUntrustedSignInsPerAccount.max;

/** Wrong passwords from as many addresses as the account's untrusted budget allows, one each. */
async function guessFromManyAddresses(email: string): Promise<void> {
  for (let attempt = 0; attempt < untrustedMax; attempt += 1) {
    expect((await signInFrom(email, 'wrong-password')).statusCode).toBe(401);
  }
}

const TOO_MANY_ATTEMPTS = { status: 429, body: { message: 'TOO_MANY_ATTEMPTS' } };
const answerOf = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  body: response.json<unknown>(),
});

describe('the device cookie', () => {
  it('is set by a password sign-in: HttpOnly, SameSite=Strict, on the auth path, for a year', async () => {
    const user = await createUser(server.db);
    const response = await signInFrom(user.email, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const cookie = deviceCookieOf(response);
    expect(cookie?.value).toMatch(/^\d+\.\d+\.[\w-]+\.[\w-]+$/);
    expect(cookie?.attributes).toMatchObject({ httponly: true, samesite: 'Strict', path: '/api/v1/auth' });
    // PUBLIC_URL is http://localhost in the tests, where browsers drop Secure cookies (as for the refresh cookie).
    expect(cookie?.attributes.secure).toBeUndefined();
    const expiresInDays =
      (new Date(String(cookie?.attributes.expires)).getTime() - server.clock.now().getTime()) / 86_400_000;
    expect(expiresInDays).toBeGreaterThan(364);
    expect(expiresInDays).toBeLessThanOrEqual(365);
  });

  it('is set by an access-link sign-in and kept at sign-out', async () => {
    const user = await createUser(server.db, { password: null });
    await server.app.authService.sendAccessLink(user.id);
    const [mail] = await mailsTo(server.db, user.email, 'accessLink');
    const link = linkIn(mail.textBody);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/access-link',
      payload: { authId: user.authId, token: tokenOf(link) },
    });
    expect(response.statusCode).toBe(200);
    expect(deviceCookieOf(response)?.value).toMatch(/^\d+\./);

    const signOut = await server.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: CSRF });
    expect(signOut.statusCode).toBe(204);
    expect(deviceCookieOf(signOut)).toBeUndefined();
  });
});

describe('failed sign-ins spread over many addresses', () => {
  it(`answer 429 to every new client after ${untrustedMax} failures, even with the right password`, async () => {
    const user = await createUser(server.db);
    await guessFromManyAddresses(user.email);
    expect(answerOf(await signInFrom(user.email, TEST_PASSWORD))).toEqual(TOO_MANY_ATTEMPTS);
  });

  it('do not lock out the owner on a device they signed in on before, from any address', async () => {
    const user = await createUser(server.db);
    const ownersDevice = await deviceCookieFor(user.email);
    await guessFromManyAddresses(user.email);
    const response = await signInFrom(user.email, TEST_PASSWORD, ownersDevice);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { id: user.id } });
    // Failing there does not count against the exhausted untrusted budget either: it is the device's own.
    expect((await signInFrom(user.email, 'wrong-password', ownersDevice)).statusCode).toBe(401);
  });

  it('still block a forged device cookie or one of another account', async () => {
    const user = await createUser(server.db);
    const other = await createUser(server.db);
    const ownersDevice = await deviceCookieFor(user.email);
    const othersDevice = await deviceCookieFor(other.email);
    await guessFromManyAddresses(user.email);

    const [, issuedAt, nonce, signature] = ownersDevice.split('.');
    const [otherUserId] = othersDevice.split('.');
    const forgeries = [
      `${ownersDevice.slice(0, -1)}${ownersDevice.endsWith('A') ? 'B' : 'A'}`, // signature altered
      [user.id, issuedAt, `${nonce}x`, signature].join('.'), // another nonce under the owner's signature
      othersDevice, // genuine, but a statement about another user
      [user.id, ...othersDevice.split('.').slice(1)].join('.'), // another user's cookie relabelled
      'not-a-device-cookie',
    ];
    expect(otherUserId).not.toBe(String(user.id));
    for (const forgery of forgeries) {
      expect(answerOf(await signInFrom(user.email, TEST_PASSWORD, forgery))).toEqual(TOO_MANY_ATTEMPTS);
    }
    expect((await signInFrom(user.email, TEST_PASSWORD, ownersDevice)).statusCode).toBe(200); // control
  });

  it('are throttled alike for an unknown email, so the 429 tells nothing about the account', async () => {
    const someonesDevice = await deviceCookieFor((await createUser(server.db)).email);
    const unknown = `nobody-${addressCounter}@demo.ch`;
    await guessFromManyAddresses(unknown);
    expect(answerOf(await signInFrom(unknown, TEST_PASSWORD))).toEqual(TOO_MANY_ATTEMPTS);
    expect(answerOf(await signInFrom(unknown, TEST_PASSWORD, someonesDevice))).toEqual(TOO_MANY_ATTEMPTS);
    // Normalised: the same account in another spelling is blocked too.
    expect(answerOf(await signInFrom(`  ${unknown.toUpperCase()} `, TEST_PASSWORD))).toEqual(TOO_MANY_ATTEMPTS);
  });

  it('are forgotten when the window has passed', async () => {
    const user = await createUser(server.db);
    await guessFromManyAddresses(user.email);
    expect((await signInFrom(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    server.clock.advance(DEFAULT_RATE_LIMITS.failedUntrustedSignInsPerAccount.windowMs + 1000);
    expect((await signInFrom(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('failed sign-ins on a known device', () => {
  const deviceMax = DEFAULT_RATE_LIMITS.failedSignInsPerDevice.max;

  it(`block that device after ${deviceMax}, and only that device`, async () => {
    const user = await createUser(server.db);
    const laptop = await deviceCookieFor(user.email);
    const phone = await deviceCookieFor(user.email);
    for (let attempt = 0; attempt < deviceMax; attempt += 1) {
      // Each from another address: the device's budget does not depend on where it is.
      expect((await signInFrom(user.email, 'wrong-password', laptop)).statusCode).toBe(401);
    }
    expect(answerOf(await signInFrom(user.email, TEST_PASSWORD, laptop))).toEqual(TOO_MANY_ATTEMPTS);
    expect((await signInFrom(user.email, TEST_PASSWORD, phone)).statusCode).toBe(200);
    // The untrusted budget of the account was not touched by the device's failures.
    expect((await signInFrom(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
