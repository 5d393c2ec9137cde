import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/services/rateLimits';
import { CSRF, TEST_PASSWORD, createUser, mailsTo, signIn, startTestServer, type TestServer } from './harness';

/** The real policy of server/services/rateLimits.ts; each test uses its own client address. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimits: DEFAULT_RATE_LIMITS });
});
afterAll(() => server.close());

let addressCounter = 10;
const nextAddress = () => `203.0.113.${(addressCounter += 1)}`;

const signInFrom = (remoteAddress: string, email: string, password: string) =>
  server.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email, password }, remoteAddress });

describe('failed sign-ins per account and address', () => {
  const { max } = DEFAULT_RATE_LIMITS.failedSignIns;

  it(`answers 429 after ${max} failures, even with the right password, but only for that address`, async () => {
    const user = await createUser(server.db);
    const attacker = nextAddress();
    for (let attempt = 0; attempt < max; attempt += 1) {
      expect((await signInFrom(attacker, user.email, 'wrong-password')).statusCode).toBe(401);
    }
    const blocked = await signInFrom(attacker, user.email, TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'TOO_MANY_ATTEMPTS' });
    // The screen tells how long: the whole window after the last failure, in seconds.
    expect(blocked.headers['retry-after']).toBe(String(DEFAULT_RATE_LIMITS.failedSignIns.windowMs / 1000));

    // The owner, elsewhere, is not locked out, and the attacker's address may still try other accounts.
    expect((await signInFrom(nextAddress(), user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const other = await createUser(server.db);
    expect((await signInFrom(attacker, other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('treats unknown emails alike (429 there too), so the limit reveals nothing', async () => {
    const address = nextAddress();
    for (let attempt = 0; attempt < max; attempt += 1) {
      expect((await signInFrom(address, 'ghost@demo.ch', 'whatever')).statusCode).toBe(401);
    }
    expect((await signInFrom(address, 'ghost@demo.ch', 'whatever')).statusCode).toBe(429);
  });

  it('forgets the failures after a success', async () => {
    const user = await createUser(server.db);
    const address = nextAddress();
    for (let attempt = 0; attempt < max - 1; attempt += 1) await signInFrom(address, user.email, 'wrong-password');
    await signIn(server.app, user.email, TEST_PASSWORD, address);
    for (let attempt = 0; attempt < max - 1; attempt += 1) {
      expect((await signInFrom(address, user.email, 'wrong-password')).statusCode).toBe(401);
    }
  });

  it('lifts the block when the window has passed', async () => {
    const user = await createUser(server.db);
    const address = nextAddress();
    for (let attempt = 0; attempt <= max; attempt += 1) await signInFrom(address, user.email, 'wrong-password');
    expect((await signInFrom(address, user.email, TEST_PASSWORD)).statusCode).toBe(429);
    server.clock.advance(DEFAULT_RATE_LIMITS.failedSignIns.windowMs - 60_000);
    const later = await signInFrom(address, user.email, TEST_PASSWORD);
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('60');
    server.clock.advance(60_000 + 1000);
    expect((await signInFrom(address, user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('requests per address', () => {
  it(`limits sign-in requests to ${DEFAULT_RATE_LIMITS.signIn.max} a minute per address`, async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= DEFAULT_RATE_LIMITS.signIn.max; attempt += 1) {
      // Malformed bodies are cheap (no hashing) and still count.
      statuses.push((await signInFrom(address, 'not-an-email', 'x')).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    const limited = await signInFrom(address, 'not-an-email', 'x');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'TOO_MANY_ATTEMPTS' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await signInFrom(nextAddress(), 'not-an-email', 'x')).statusCode).toBe(400);
  });

  it('limits token submissions (reset, access link, deletion) per address', async () => {
    const address = nextAddress();
    const submit = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: { resetPasswordToken: 'guess', password: 'A-long-enough-password' },
        remoteAddress: address,
      });
    for (let attempt = 0; attempt < DEFAULT_RATE_LIMITS.tokenSubmissions.max; attempt += 1) {
      expect((await submit()).statusCode).toBe(400);
    }
    expect((await submit()).statusCode).toBe(429);
  });

  it('limits refresh requests per address', async () => {
    const address = nextAddress();
    const attempt = () =>
      server.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-tokens', headers: CSRF, remoteAddress: address });
    for (let count = 0; count < DEFAULT_RATE_LIMITS.refresh.max; count += 1)
      expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);
  });

  it('limits forgot-password requests per address', async () => {
    const address = nextAddress();
    const attempt = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: 'x@demo.ch' },
        remoteAddress: address,
      });
    for (let count = 0; count < DEFAULT_RATE_LIMITS.mailRequests.max; count += 1)
      expect((await attempt()).statusCode).toBe(202);
    expect((await attempt()).statusCode).toBe(429);
  });
});

describe('mails per recipient', () => {
  const { max } = DEFAULT_RATE_LIMITS.mailsPerRecipient;
  const requestReset = (email: string, remoteAddress: string) =>
    server.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email }, remoteAddress });

  it(`sends at most ${max} reset mails an hour to one person from one address, still answering 202`, async () => {
    const user = await createUser(server.db);
    const address = nextAddress();
    for (let count = 0; count < max + 2; count += 1)
      expect((await requestReset(user.email, address)).statusCode).toBe(202);
    await server.app.background.idle();
    expect(await mailsTo(server.db, user.email, 'resetPassword')).toHaveLength(max);
  });

  it('lets the owner still get a reset mail after someone elsewhere used up the cap', async () => {
    const user = await createUser(server.db);
    const attacker = nextAddress();
    for (let count = 0; count < max + 2; count += 1) await requestReset(user.email, attacker);
    expect((await requestReset(user.email, nextAddress())).statusCode).toBe(202);
    await server.app.background.idle();
    expect(await mailsTo(server.db, user.email, 'resetPassword')).toHaveLength(max + 1);
  });
});
