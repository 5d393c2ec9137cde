import { describe, expect, it } from 'vitest';
import { decodeSession, encodeSession, SessionUnreadableError } from '../../providers/sessionCodec';
import { rootSession } from './sessionFixtures';

const SECRET = 'unit-test-secret';

const flipCharacterAt = (text: string, index: number) =>
  text.slice(0, index) + (text[index] === 'A' ? 'B' : 'A') + text.slice(index + 1);

describe('session codec', () => {
  it('round-trips a session through an encrypted text string', () => {
    const encoded = encodeSession(rootSession, SECRET);
    expect(typeof encoded).toBe('string');
    expect(encoded).not.toContain('root@demo.ch');
    expect(encoded).not.toContain(rootSession.accessToken);
    expect(decodeSession(encoded, SECRET)).toEqual(rootSession);
  });

  it('encrypts the same session differently each time (random salt)', () => {
    expect(encodeSession(rootSession, SECRET)).not.toBe(encodeSession(rootSession, SECRET));
  });

  it('refuses a tampered text', () => {
    const encoded = encodeSession(rootSession, SECRET);
    for (const index of [20, Math.floor(encoded.length / 2), encoded.length - 5]) {
      expect(() => decodeSession(flipCharacterAt(encoded, index), SECRET)).toThrow(SessionUnreadableError);
    }
  });

  it('refuses a text encrypted with another secret', () => {
    const encoded = encodeSession(rootSession, 'another-secret');
    expect(() => decodeSession(encoded, SECRET)).toThrow(SessionUnreadableError);
  });

  it.each(['', 'garbage', '{"accessToken":"plain"}', 'U2FsdGVkX1'])('refuses %j', (text) => {
    expect(() => decodeSession(text, SECRET)).toThrow(SessionUnreadableError);
  });

  it('refuses an encrypted value that is not a session', () => {
    const encoded = encodeSession({ ...rootSession, accessToken: '' }, SECRET);
    expect(() => decodeSession(encoded, SECRET)).toThrow(SessionUnreadableError);
  });
});
