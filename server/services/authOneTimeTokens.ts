import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { oneTimeTokens } from '../db/schema/auth';
import { hashToken, randomToken } from './tokens';

/**
 * Reset-password, access-link and delete-account tokens: 256 random bits sent by mail, stored as SHA-256
 * digests, expiring, and consumed at most once by an atomic UPDATE … RETURNING (a GET only looks).
 */
export const ONE_TIME_TOKEN_PURPOSES = ['resetPassword', 'accessLink', 'deleteAccount'] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

export class OneTimeTokens {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  async issue(userId: number, purpose: OneTimeTokenPurpose, lifetimeMinutes: number): Promise<string> {
    const token = randomToken();
    const now = this.now();
    await this.db.insert(oneTimeTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetimeMinutes * 60_000),
    });
    return token;
  }

  /** The owner of a usable token, without consuming it. */
  async peek(purpose: OneTimeTokenPurpose, token: string): Promise<{ userId: number } | undefined> {
    const [row] = await this.db
      .select({ userId: oneTimeTokens.userId })
      .from(oneTimeTokens)
      .where(this.usable(purpose, token))
      .limit(1);
    return row;
  }

  /**
   * Marks a usable token consumed and answers its owner; a concurrent second consumer gets nothing.
   * `userId` restricts the token to one user (access links name their user by auth id).
   */
  async consume(
    db: Database,
    purpose: OneTimeTokenPurpose,
    token: string,
    userId?: number,
  ): Promise<{ userId: number } | undefined> {
    const [row] = await db
      .update(oneTimeTokens)
      .set({ consumedAt: this.now() })
      .where(and(this.usable(purpose, token), userId === undefined ? undefined : eq(oneTimeTokens.userId, userId)))
      .returning({ userId: oneTimeTokens.userId });
    return row;
  }

  /** Voids a user's other outstanding tokens of one purpose (e.g. older reset mails after a reset). */
  async consumeAllOfUser(db: Database, userId: number, purpose: OneTimeTokenPurpose): Promise<void> {
    await db
      .update(oneTimeTokens)
      .set({ consumedAt: this.now() })
      .where(
        and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.consumedAt)),
      );
  }

  private usable(purpose: OneTimeTokenPurpose, token: string) {
    return and(
      eq(oneTimeTokens.tokenHash, hashToken(token)),
      eq(oneTimeTokens.purpose, purpose),
      isNull(oneTimeTokens.consumedAt),
      gt(oneTimeTokens.expiresAt, this.now()),
    );
  }
}
