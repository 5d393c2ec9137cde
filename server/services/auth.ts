import { eq } from 'drizzle-orm';
import type { SignInResponse, UpdateMeBody } from '../../domain/auth';
import type { SessionUser } from '../../domain/user';
import type { Database } from '../db/client';
import { users } from '../db/schema/auth';
import type { Mailer } from './mail';
import { noticePasswordChanged } from './notifications/accountNotices';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { AccessTokens } from './tokens';
import {
  AuthSessions,
  REVOKE_REASONS,
  type ClientMetadata,
  type SessionLifetimes,
  type SessionTokens,
} from './authSessions';
import { OneTimeTokens, type OneTimeTokenPurpose } from './authOneTimeTokens';
import {
  findAuthIdOfUser,
  findCredentialsByEmail,
  findRecipientByEmail,
  findRecipientById,
  loadSessionUser,
  type MailRecipient,
} from './authUsers';
import { AttemptCounter, DEFAULT_RATE_LIMITS, type RateLimitPolicy } from './rateLimits';
import { DeviceCookies, type IssuedDeviceCookie } from './deviceCookies';
import { SignInThrottle, type SignInAttempt } from './signInThrottle';

/** The authentication flows behind `/api/v1/auth/*`, free of HTTP so other features (the Users screen) reuse them. */

export interface AuthLifetimes extends SessionLifetimes {
  accessTokenSeconds: number;
  resetPasswordMinutes: number;
  accessLinkMinutes: number;
  deleteAccountMinutes: number;
  /** How long a device cookie marks its client as a known device of the user. */
  deviceCookieSeconds: number;
}

export const DEFAULT_AUTH_LIFETIMES: AuthLifetimes = {
  accessTokenSeconds: 15 * 60,
  sessionSeconds: 14 * 24 * 3600,
  refreshReuseGraceSeconds: 30,
  resetPasswordMinutes: 60,
  accessLinkMinutes: 7 * 24 * 60,
  deleteAccountMinutes: 60,
  deviceCookieSeconds: 365 * 24 * 3600,
};

/** What the flows need of the mail service (server/services/mail). */
export type LinkMailer = Pick<Mailer, 'send'>;

export interface AuthServiceOptions {
  db: Database;
  mailer: LinkMailer;
  /** Origin of the app, without a trailing slash: mailed links start with it. */
  publicUrl: string;
  secret: string;
  lifetimes?: Partial<AuthLifetimes>;
  rateLimits?: Partial<RateLimitPolicy>;
  now?: () => Date;
}

/** A signed-in answer: the body of sign-in/access-link plus the refresh token and device cookie to set. */
export interface SignedIn {
  body: SignInResponse;
  session: SessionTokens;
  deviceCookie: IssuedDeviceCookie;
}

export type SignInResult =
  | { kind: 'signedIn'; signedIn: SignedIn }
  | { kind: 'invalidCredentials' }
  /** Too many failures: the client may try again in `retryAfterSeconds`. */
  | { kind: 'throttled'; retryAfterSeconds: number };
export type RefreshResult = { kind: 'refreshed'; accessToken: string; session: SessionTokens } | { kind: 'invalid' };
export type UpdatePasswordResult = 'updated' | 'currentPasswordRequired' | 'wrongCurrentPassword' | 'userNotFound';

export class AuthService {
  readonly lifetimes: AuthLifetimes;
  readonly rateLimits: RateLimitPolicy;
  readonly accessTokens: AccessTokens;
  readonly sessions: AuthSessions;
  readonly oneTimeTokens: OneTimeTokens;
  readonly deviceCookies: DeviceCookies;
  private readonly db: Database;
  private readonly now: () => Date;
  private readonly signInThrottle: SignInThrottle;
  private readonly mailsPerRecipient: AttemptCounter;

  constructor(private readonly options: AuthServiceOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.lifetimes = { ...DEFAULT_AUTH_LIFETIMES, ...options.lifetimes };
    this.rateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
    this.accessTokens = new AccessTokens({
      secret: options.secret,
      ttlSeconds: this.lifetimes.accessTokenSeconds,
      now: this.now,
    });
    this.sessions = new AuthSessions(this.db, options.secret, this.lifetimes, this.now);
    this.oneTimeTokens = new OneTimeTokens(this.db, this.now);
    this.deviceCookies = new DeviceCookies(options.secret, this.lifetimes.deviceCookieSeconds, this.now);
    const clock = () => this.now().getTime();
    this.signInThrottle = new SignInThrottle(this.rateLimits, clock);
    this.mailsPerRecipient = new AttemptCounter(this.rateLimits.mailsPerRecipient, clock);
  }

  /**
   * A wrong password, an unknown email, a user without a password and an inactive user all give the same
   * answer after one argon2 verification, so neither the answer nor its timing tells them apart.
   * `deviceCookie` is the client's device cookie, if any: on a device the user signed in on before, the
   * failures of other clients do not block them (server/services/signInThrottle.ts).
   */
  async signIn(email: string, password: string, client: ClientMetadata, deviceCookie?: string): Promise<SignInResult> {
    const credentials = await findCredentialsByEmail(this.db, email);
    const attempt = this.signInAttempt(email, client, credentials?.id, deviceCookie);
    const msUntilAllowed = this.signInThrottle.msUntilAllowed(attempt);
    if (msUntilAllowed > 0) return { kind: 'throttled', retryAfterSeconds: Math.ceil(msUntilAllowed / 1000) };
    const passwordMatches = await verifyPassword(credentials?.passwordHash ?? (await decoyPasswordHash()), password);
    if (!credentials || !credentials.isActive || credentials.passwordHash === null || !passwordMatches) {
      this.signInThrottle.recordFailure(attempt);
      return { kind: 'invalidCredentials' };
    }
    this.signInThrottle.recordSuccess(attempt);
    return { kind: 'signedIn', signedIn: await this.startSession(credentials.id, client) };
  }

  /** Signs in through a mailed access link; the token is consumed, whatever happens next. */
  async signInWithAccessLink(authId: string, token: string, client: ClientMetadata): Promise<SignedIn | undefined> {
    const [user] = await this.db
      .select({ id: users.id, isActive: users.isActive })
      .from(users)
      .where(eq(users.authId, authId))
      .limit(1);
    if (!user?.isActive) return undefined;
    const consumed = await this.oneTimeTokens.consume(this.db, 'accessLink', token, user.id);
    if (!consumed) return undefined;
    return this.startSession(user.id, client);
  }

  async refresh(presentedToken: string): Promise<RefreshResult> {
    const rotation = await this.sessions.rotate(presentedToken);
    if (rotation.kind !== 'rotated') return { kind: 'invalid' };
    const accessToken = await this.accessTokens.sign({ userId: rotation.userId, sessionId: rotation.sessionId });
    return { kind: 'refreshed', accessToken, session: rotation };
  }

  signOut(presentedToken: string): Promise<void> {
    return this.sessions.revokeByRefreshToken(presentedToken, REVOKE_REASONS.signOut);
  }

  /** Changing the password ends the user's other sessions; the current one continues. */
  async updatePassword(
    userId: number,
    sessionId: string,
    currentPassword: string | undefined,
    newPassword: string,
  ): Promise<UpdatePasswordResult> {
    const [user] = await this.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (!user) return 'userNotFound';
    if (user.passwordHash !== null) {
      if (!currentPassword) return 'currentPasswordRequired';
      if (!(await verifyPassword(user.passwordHash, currentPassword))) return 'wrongCurrentPassword';
    }
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: this.now() }).where(eq(users.id, userId));
      await this.sessions.revokeAllOfUser(tx, userId, REVOKE_REASONS.passwordChanged, sessionId);
      // A first password (the account had none: set after signing in through an access link) counts as a reset.
      await noticePasswordChanged(tx, userId, user.passwordHash === null ? 'RESET' : 'CHANGED');
    });
    return 'updated';
  }

  /**
   * The user's own preferences (`PATCH /auth/me`); the language is the one of their mails from now on.
   * Answers the updated session user, undefined when the user no longer exists.
   */
  async updateOwnPreferences(userId: number, preferences: UpdateMeBody): Promise<SessionUser | undefined> {
    const updated = await this.db
      .update(users)
      .set({ language: preferences.language, updatedAt: this.now() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    return updated.length === 0 ? undefined : loadSessionUser(this.db, userId);
  }

  /** Mails a reset link when the email belongs to an active user; says nothing either way. */
  async requestPasswordReset(email: string, client: ClientMetadata = {}): Promise<void> {
    const recipient = await findRecipientByEmail(this.db, email);
    if (!recipient?.isActive) return;
    await this.mailLink(
      recipient,
      'resetPassword',
      this.lifetimes.resetPasswordMinutes,
      (token) => `/reset-password/${token}`,
      {
        requestedFrom: client.ipAddress ?? '',
      },
    );
  }

  async isResetTokenUsable(token: string): Promise<boolean> {
    return (await this.oneTimeTokens.peek('resetPassword', token)) !== undefined;
  }

  /** Sets the new password and ends every session of the user; false when the token is not usable. */
  async resetPassword(token: string, newPassword: string): Promise<boolean> {
    // A cheap look first: guessed tokens must not cost an argon2 hash each.
    if (!(await this.isResetTokenUsable(token))) return false;
    const passwordHash = await hashPassword(newPassword);
    return this.db.transaction(async (tx) => {
      const consumed = await this.oneTimeTokens.consume(tx, 'resetPassword', token);
      if (!consumed) return false;
      await tx.update(users).set({ passwordHash, updatedAt: this.now() }).where(eq(users.id, consumed.userId));
      await this.oneTimeTokens.consumeAllOfUser(tx, consumed.userId, 'resetPassword');
      await this.sessions.revokeAllOfUser(tx, consumed.userId, REVOKE_REASONS.passwordReset);
      await noticePasswordChanged(tx, consumed.userId, 'RESET');
      return true;
    });
  }

  async requestAccountDeletion(email: string, client: ClientMetadata = {}): Promise<void> {
    const recipient = await findRecipientByEmail(this.db, email);
    if (!recipient?.isActive) return;
    await this.mailLink(
      recipient,
      'deleteAccount',
      this.lifetimes.deleteAccountMinutes,
      (token) => `/delete-account/${token}`,
      {
        requestedFrom: client.ipAddress ?? '',
      },
    );
  }

  /** Deletes the account; its sessions and tokens go with it (foreign keys cascade). */
  async confirmAccountDeletion(token: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const consumed = await this.oneTimeTokens.consume(tx, 'deleteAccount', token);
      if (!consumed) return false;
      await this.sessions.revokeAllOfUser(tx, consumed.userId, REVOKE_REASONS.accountDeleted);
      await tx.delete(users).where(eq(users.id, consumed.userId));
      return true;
    });
  }

  /**
   * Mails a user a single-use sign-in link (onboarding, or a user who lost access): the Users screen
   * calls this. Answers false when the user does not exist or is inactive.
   */
  async sendAccessLink(userId: number): Promise<boolean> {
    const recipient = await findRecipientById(this.db, userId);
    if (!recipient?.isActive) return false;
    const link = (token: string) =>
      `/auth/sign_in?authId=${encodeURIComponent(recipient.authId)}&token=${encodeURIComponent(token)}`;
    await this.mailLink(recipient, 'accessLink', this.lifetimes.accessLinkMinutes, link, { requestedFrom: null });
    return true;
  }

  /** A device cookie counts only for the account it was issued for; any other is ignored (untrusted client). */
  private signInAttempt(
    email: string,
    client: ClientMetadata,
    userId: number | undefined,
    deviceCookie: string | undefined,
  ): SignInAttempt {
    const device = this.deviceCookies.verify(deviceCookie);
    return {
      email: email.trim().toLowerCase(),
      ipAddress: client.ipAddress ?? '',
      knownDevice: device !== undefined && device.userId === userId ? device : undefined,
    };
  }

  private async startSession(userId: number, client: ClientMetadata): Promise<SignedIn> {
    const session = await this.sessions.start(userId, client);
    const [accessToken, user, authId] = await Promise.all([
      this.accessTokens.sign({ userId, sessionId: session.sessionId }),
      loadSessionUser(this.db, userId),
      findAuthIdOfUser(this.db, userId),
    ]);
    if (!user || !authId) throw new Error(`User ${userId} vanished while signing in`);
    return { body: { accessToken, authId, user }, session, deviceCookie: this.deviceCookies.issue(userId) };
  }

  private async mailLink(
    recipient: MailRecipient,
    purpose: OneTimeTokenPurpose,
    lifetimeMinutes: number,
    pathOf: (token: string) => string,
    /** The address of a public form's request, whose mails are capped; null for a signed-in staff action. */
    { requestedFrom }: { requestedFrom: string | null },
  ): Promise<void> {
    // Public forms could otherwise flood someone's mailbox; the cap is silent, the answer stays 202. It counts
    // per address as well, so that requests made elsewhere can never use up the owner's own reset mails.
    const capKey = `${purpose}|${recipient.id}|${requestedFrom}`;
    if (requestedFrom !== null && !this.mailsPerRecipient.record(capKey)) return;
    const token = await this.oneTimeTokens.issue(recipient.id, purpose, lifetimeMinutes);
    await this.options.mailer.send({
      to: recipient.email,
      userId: recipient.id,
      language: recipient.language,
      template: purpose,
      params: {
        firstName: recipient.firstName,
        link: `${this.options.publicUrl}${pathOf(token)}`,
        expiresInMinutes: lifetimeMinutes,
      },
    });
  }
}
