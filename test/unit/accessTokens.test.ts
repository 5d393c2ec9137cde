import { describe, expect, it } from 'vitest';
import { AccessTokens, InvalidAccessTokenError } from '../../server/services/tokens';

const SECRET = 'unit-secret-unit-secret-unit-secret-1234';
const TTL_SECONDS = 3600;

function issuerAt(start: Date) {
  let now = start.getTime();
  const tokens = new AccessTokens({ secret: SECRET, ttlSeconds: TTL_SECONDS, now: () => new Date(now) });
  return { tokens, advanceSeconds: (seconds: number) => (now += seconds * 1000) };
}

const reasonOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return error instanceof InvalidAccessTokenError ? error.reason : error;
};

describe('access tokens verified once and remembered', () => {
  it('a remembered token still expires on time', async () => {
    const { tokens, advanceSeconds } = issuerAt(new Date('2026-11-26T10:00:00Z'));
    const token = await tokens.sign({ userId: 7, sessionId: 'b2c1a7de-2a60-4d7e-9d1c-0a4a1b8e6f11' });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 'b2c1a7de-2a60-4d7e-9d1c-0a4a1b8e6f11' });
    advanceSeconds(TTL_SECONDS - 1);
    expect((await tokens.verify(token)).userId).toBe(7);
    advanceSeconds(1);
    expect(await reasonOf(tokens.verify(token))).toBe('expired');
  });

  it('a token altered after a valid one was remembered is refused', async () => {
    const { tokens } = issuerAt(new Date('2026-11-26T10:00:00Z'));
    const token = await tokens.sign({ userId: 7, sessionId: 'b2c1a7de-2a60-4d7e-9d1c-0a4a1b8e6f11' });
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const otherUser = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '8' }),
    ).toString('base64url');
    expect(await reasonOf(tokens.verify(`${header}.${otherUser}.${signature}`))).toBe('invalid');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await reasonOf(tokens.verify(`${header}.${payload}.${flipped}`))).toBe('invalid');
  });

  it('a token signed with another secret is refused whatever was remembered', async () => {
    const { tokens } = issuerAt(new Date('2026-11-26T10:00:00Z'));
    const other = new AccessTokens({
      secret: 'another-secret-another-secret-another-12',
      ttlSeconds: TTL_SECONDS,
      now: () => new Date('2026-11-26T10:00:00Z'),
    });
    const foreign = await other.sign({ userId: 7, sessionId: 'b2c1a7de-2a60-4d7e-9d1c-0a4a1b8e6f11' });
    await other.verify(foreign);
    expect(await reasonOf(tokens.verify(foreign))).toBe('invalid');
  });
});
