import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { isRoleKey, type RoleKey } from '../../domain/roles';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database, DatabaseHandle } from '../db/client';
import { authSessions, refreshTokens, roles, users } from '../db/schema/auth';
import { builtOncePerDatabase } from '../db/prepared';
import type { SessionUser } from '../../domain/user';
import { sessionUserOf } from './authUsers';
import { deriveKey, hashToken, randomToken, successorRefreshToken } from './tokens';
import { AUTH_CHANGES_CHANNEL, SessionIdentityCache } from './sessionIdentityCache';

/**
 * Sessions and their refresh tokens (docs/server.md "Refresh rotation").
 *
 * A session is one sign-in and one refresh-token family. Every refresh rotates the token; the successor
 * is HMAC(key, presented token), so a token presented again within the grace window while its successor
 * is still unused (concurrent refreshes from several tabs or requests) gets the same successor back.
 * Any other second use of a rotated token is a reuse: the whole family (session) is revoked.
 */

export interface SessionLifetimes {
  /** Absolute lifetime of a session: the refresh cookie never outlives it. */
  sessionSeconds: number;
  /** How long a rotated token may still be presented to obtain its (unused) successor. */
  refreshReuseGraceSeconds: number;
}

export interface SessionTokens {
  sessionId: string;
  userId: number;
  refreshToken: string;
  expiresAt: Date;
}

export type RotationResult =
  | ({ kind: 'rotated' } & SessionTokens)
  | { kind: 'invalid' }
  /** A rotated token came back outside the grace window or after its successor was used: family revoked. */
  | { kind: 'reused'; sessionId: string; userId: number };

/** The signed-in caller: a domain/access.ts `Viewer` (role keys and scope fields) plus its session and email. */
export interface SessionIdentity {
  userId: number;
  sessionId: string;
  roleKeys: RoleKey[];
  /** The user's establishment (ADMIN, COORDINATOR…) and promoter group (PROMOTER): the record scope. */
  establishmentId: number | null;
  promoterGroupId: number | null;
  /** For the audit log's actor, so that writes need no extra query. */
  email: string;
  /** The user's stored language (their mails'; labels when the request names none), read with the session. */
  language: string | null;
}

export interface ClientMetadata {
  userAgent?: string;
  ipAddress?: string;
}

export const REVOKE_REASONS = {
  signOut: 'sign-out',
  reuse: 'refresh-token-reuse',
  passwordReset: 'password-reset',
  passwordChanged: 'password-changed',
  accountDeleted: 'account-deleted',
  /** An administrator disabled the user or deleted the account through /users (server/routes/users.ts). */
  disabledByAdmin: 'disabled-by-admin',
  deletedByAdmin: 'deleted-by-admin',
} as const;
export type RevokeReason = (typeof REVOKE_REASONS)[keyof typeof REVOKE_REASONS];

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The session of the access token's ids, with its user and role: what the session statements read from. */
function ofTheSession<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(users, eq(users.id, authSessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(authSessions.id, sql.placeholder('sessionId')), eq(authSessions.userId, sql.placeholder('userId'))))
    .limit(1);
}

/** The session check every authenticated request makes, built once. */
const activeIdentityQuery = builtOncePerDatabase('active_identity', (db, statementName) =>
  ofTheSession(
    db
      .select({
        roleKey: roles.key,
        revokedAt: authSessions.revokedAt,
        expiresAt: authSessions.expiresAt,
        isActive: users.isActive,
        establishmentId: users.establishmentId,
        promoterGroupId: users.promoterGroupId,
        email: users.email,
        language: users.language,
      })
      .from(authSessions)
      .$dynamic(),
  ).prepare(statementName),
);

/**
 * The session check with the whole user row beside it, for the one route that answers with the user
 * (`GET /auth/me`, read on every navigation): one statement instead of the check and then the user.
 */
const activeSessionUserQuery = builtOncePerDatabase('active_session_user', (db, statementName) =>
  ofTheSession(
    db
      .select({ user: users, roleKey: roles.key, revokedAt: authSessions.revokedAt, expiresAt: authSessions.expiresAt })
      .from(authSessions)
      .$dynamic(),
  ).prepare(statementName),
);

export class AuthSessions {
  private readonly successorKey: Buffer;
  /** Set while every change of an identity is heard (`rememberIdentities`); else each check reads. */
  private identities: SessionIdentityCache<SessionIdentity> | undefined;

  constructor(
    private readonly db: Database,
    secret: string,
    private readonly lifetimes: SessionLifetimes,
    private readonly now: () => Date,
  ) {
    this.successorKey = deriveKey(secret, 'refresh-token-successor');
  }

  async start(userId: number, client: ClientMetadata = {}): Promise<SessionTokens> {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.lifetimes.sessionSeconds * 1000);
    const refreshToken = randomToken();
    return this.db.transaction(async (tx) => {
      const [session] = await tx
        .insert(authSessions)
        .values({
          userId,
          createdAt: now,
          lastUsedAt: now,
          expiresAt,
          userAgent: client.userAgent?.slice(0, 500),
          ipAddress: client.ipAddress,
        })
        .returning({ id: authSessions.id });
      await tx
        .insert(refreshTokens)
        .values({ sessionId: session.id, tokenHash: hashToken(refreshToken), createdAt: now });
      return { sessionId: session.id, userId, refreshToken, expiresAt };
    });
  }

  async rotate(presentedToken: string): Promise<RotationResult> {
    const now = this.now();
    const outcome = await this.db.transaction(async (tx) => {
      // The row lock serialises concurrent refreshes of one token on PostgreSQL (PGlite runs one transaction
      // at a time).
      const [current] = await tx
        .select({
          id: refreshTokens.id,
          sessionId: refreshTokens.sessionId,
          rotatedAt: refreshTokens.rotatedAt,
          replacedById: refreshTokens.replacedById,
          userId: authSessions.userId,
          revokedAt: authSessions.revokedAt,
          expiresAt: authSessions.expiresAt,
          isActive: users.isActive,
        })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(eq(refreshTokens.tokenHash, hashToken(presentedToken)))
        .for('update', { of: refreshTokens })
        .limit(1);
      if (!current || current.revokedAt || current.expiresAt <= now || !current.isActive) {
        return { kind: 'invalid' } as const;
      }
      const successor = successorRefreshToken(this.successorKey, presentedToken);
      const tokens = {
        sessionId: current.sessionId,
        userId: current.userId,
        refreshToken: successor,
        expiresAt: current.expiresAt,
      };
      if (current.rotatedAt === null) {
        const [inserted] = await tx
          .insert(refreshTokens)
          .values({ sessionId: current.sessionId, tokenHash: hashToken(successor), createdAt: now })
          .returning({ id: refreshTokens.id });
        await tx
          .update(refreshTokens)
          .set({ rotatedAt: now, replacedById: inserted.id })
          .where(eq(refreshTokens.id, current.id));
        await tx.update(authSessions).set({ lastUsedAt: now }).where(eq(authSessions.id, current.sessionId));
        return { kind: 'rotated', ...tokens } as const;
      }
      const withinGrace = now.getTime() - current.rotatedAt.getTime() <= this.lifetimes.refreshReuseGraceSeconds * 1000;
      if (withinGrace && current.replacedById !== null && (await isUnused(tx, current.replacedById))) {
        return { kind: 'rotated', ...tokens } as const;
      }
      await revokeSessions(
        tx,
        and(eq(authSessions.id, current.sessionId), isNull(authSessions.revokedAt)),
        REVOKE_REASONS.reuse,
        now,
      );
      return { kind: 'reused', sessionId: current.sessionId, userId: current.userId } as const;
    });
    return outcome;
  }

  /** Ends the session that the refresh token belongs to (sign-out); unknown tokens are ignored. */
  async revokeByRefreshToken(presentedToken: string, reason: RevokeReason): Promise<void> {
    const [row] = await this.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(presentedToken)))
      .limit(1);
    if (!row) return;
    await revokeSessions(
      this.db,
      and(eq(authSessions.id, row.sessionId), isNull(authSessions.revokedAt)),
      reason,
      this.now(),
    );
  }

  /** Ends every session of a user, or every other one (`exceptSessionId`); pass the transaction handle when in one. */
  async revokeAllOfUser(
    db: Pick<Database, 'update'>,
    userId: number,
    reason: RevokeReason,
    exceptSessionId?: string,
  ): Promise<void> {
    const condition = and(
      eq(authSessions.userId, userId),
      isNull(authSessions.revokedAt),
      exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined,
    );
    await revokeSessions(db, condition, reason, this.now());
  }

  /**
   * From now on keeps the identities behind live sessions between requests (sessionIdentityCache.ts), told of
   * every change by `database`'s connections. Its result stops that; checks then read every time again.
   */
  async rememberIdentities(database: Pick<DatabaseHandle, 'listenOnEveryConnection'>): Promise<() => Promise<void>> {
    const identities = new SessionIdentityCache<SessionIdentity>(this.now);
    const forget = () => identities.forgetAll();
    const stopListening = await database.listenOnEveryConnection(AUTH_CHANGES_CHANNEL, forget, forget);
    this.identities = identities;
    return async () => {
      if (this.identities === identities) this.identities = undefined;
      await stopListening();
    };
  }

  /** The identity behind an access token, when its session is live and its user active and unchanged. */
  async findActiveIdentity(userId: number, sessionId: string): Promise<SessionIdentity | undefined> {
    if (!UUID_PATTERN.test(sessionId)) return undefined;
    const read = () => this.readActiveIdentity(userId, sessionId);
    if (!this.identities) return (await read())?.identity;
    return this.identities.lookup(sessionId, userId, read);
  }

  private async readActiveIdentity(
    userId: number,
    sessionId: string,
  ): Promise<{ identity: SessionIdentity; sessionEndsAt: Date } | undefined> {
    const [row] = await activeIdentityQuery(this.db).execute({ sessionId, userId });
    const identity = row && this.liveIdentityOf(row, userId, sessionId);
    if (!identity) return undefined;
    // One object serves every request of the session while it is kept: none may change it for the others.
    Object.freeze(identity.roleKeys);
    return { identity: Object.freeze(identity), sessionEndsAt: row.expiresAt };
  }

  /** `findActiveIdentity` and the session's user (domain/user.ts), read together. */
  async findActiveSessionUser(
    userId: number,
    sessionId: string,
  ): Promise<{ identity: SessionIdentity; user: SessionUser } | undefined> {
    if (!UUID_PATTERN.test(sessionId)) return undefined;
    const [row] = await activeSessionUserQuery(this.db).execute({ sessionId, userId });
    if (!row) return undefined;
    const { user, roleKey, revokedAt, expiresAt } = row;
    const identity = this.liveIdentityOf({ ...user, roleKey, revokedAt, expiresAt }, userId, sessionId);
    return identity && { identity, user: sessionUserOf(user, roleKey) };
  }

  private liveIdentityOf(
    row: {
      roleKey: string;
      revokedAt: Date | null;
      expiresAt: Date;
      isActive: boolean;
      establishmentId: number | null;
      promoterGroupId: number | null;
      email: string;
      language: string | null;
    },
    userId: number,
    sessionId: string,
  ): SessionIdentity | undefined {
    if (row.revokedAt || row.expiresAt <= this.now() || !row.isActive) return undefined;
    return {
      userId,
      sessionId,
      roleKeys: isRoleKey(row.roleKey) ? [row.roleKey] : [],
      establishmentId: row.establishmentId,
      promoterGroupId: row.promoterGroupId,
      email: row.email,
      language: row.language,
    };
  }

  /** Removes sessions (and, by cascade, their tokens) that ended more than a grace day ago. */
  async deleteEndedSessions(): Promise<void> {
    const cutoff = new Date(this.now().getTime() - 24 * 3600 * 1000);
    await this.db
      .delete(authSessions)
      .where(or(lt(authSessions.expiresAt, cutoff), lt(authSessions.revokedAt, cutoff)));
  }
}

async function isUnused(db: Database, refreshTokenId: number): Promise<boolean> {
  const [row] = await db
    .select({ rotatedAt: refreshTokens.rotatedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, refreshTokenId));
  return row !== undefined && row.rotatedAt === null;
}

async function revokeSessions(
  db: Pick<Database, 'update'>,
  condition: ReturnType<typeof and>,
  reason: RevokeReason,
  now: Date,
): Promise<void> {
  await db.update(authSessions).set({ revokedAt: now, revokedReason: reason }).where(condition);
}
