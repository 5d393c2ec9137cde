import argon2 from 'argon2';

/** argon2id at OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane). */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, ARGON2_OPTIONS);

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified when the email is unknown or the user has no password,
 * so that a wrong email and a wrong password take the same time (enumeration resistance).
 */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = (): Promise<string> =>
  (decoyHash ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`));
