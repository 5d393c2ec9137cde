import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import { z } from 'zod';
import { sessionUserSchema } from '../domain/user';

/**
 * The one place that knows how the browser's session is written down: JSON, encrypted with
 * crypto-js AES under the configured secret, kept as a text string. The session only drives the
 * interface; the server decides.
 */

export const sessionSchema = z.object({
  authenticatedUser: sessionUserSchema,
  accessToken: z.string().min(1),
  authId: z.string().min(1),
  /** The role keys of `authenticatedUser.userRoles`, kept flat for quick checks. */
  roles: z.array(z.string()),
});
export type Session = z.infer<typeof sessionSchema>;

/** The stored text cannot be decrypted or does not hold a session (tampered, old format, other secret). */
export class SessionUnreadableError extends Error {
  override readonly name = 'SessionUnreadableError';
  constructor(options?: { cause?: unknown }) {
    super('The stored session cannot be read.', options);
  }
}

export const encodeSession = (session: Session, secret: string): string =>
  AES.encrypt(JSON.stringify(session), secret).toString();

const decryptToText = (encoded: string, secret: string): string => {
  // A wrong key or damaged text either throws ("Malformed UTF-8 data") or yields an empty string.
  const plainText = AES.decrypt(encoded, secret).toString(Utf8);
  if (plainText === '') throw new Error('decryption produced no text');
  return plainText;
};

/** @throws SessionUnreadableError when the text is not a session encrypted with this secret */
export const decodeSession = (encoded: string, secret: string): Session => {
  try {
    return sessionSchema.parse(JSON.parse(decryptToText(encoded, secret)));
  } catch (cause) {
    throw new SessionUnreadableError({ cause });
  }
};
