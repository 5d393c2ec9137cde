import { z } from 'zod';
import { LANGUAGES } from './languages';
import { sessionUserSchema } from './user';

/**
 * Bodies and answers of `/api/v1/auth/*`, shared by the server (validation)
 * and the browser (forms and types).
 */

/** OWASP ASVS: at least 12 characters, at most 128; no composition rules. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: `Use at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH, { message: `Use at most ${PASSWORD_MAX_LENGTH} characters.` });

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address.' }));
const tokenSchema = z.string().min(1).max(256);

export const signInBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { message: 'Enter your password.' }).max(PASSWORD_MAX_LENGTH),
});
export const accessLinkBodySchema = z.object({ authId: z.uuid(), token: tokenSchema });
export const updatePasswordBodySchema = z.object({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  newPassword: passwordSchema,
});
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
/** The reset token is a string of at least one character; the server check is the real one. */
export const resetPasswordTokenSchema = z.string().min(1);
export const verifyResetPasswordTokenQuerySchema = z.object({ resetPasswordToken: resetPasswordTokenSchema.max(256) });
export const resetPasswordBodySchema = z.object({
  resetPasswordToken: resetPasswordTokenSchema.max(256),
  password: passwordSchema,
});
/**
 * `PATCH /auth/me`: the signed-in user's own preferences. The interface language is stored so that mails
 * (reset, deletion) come in the language the user reads the app in. Unknown fields are refused (400).
 */
export const updateMeBodySchema = z.strictObject({
  language: z.enum(LANGUAGES, { message: `Choose one of ${LANGUAGES.join(', ')}.` }),
});
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;
export const deleteAccountBodySchema = z.object({ email: emailSchema });
export const confirmDeleteAccountBodySchema = z.object({ confirmDeleteAccountToken: tokenSchema });

export const signInResponseSchema = z.object({
  accessToken: z.string(),
  authId: z.uuid(),
  user: sessionUserSchema,
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;
export const refreshResponseSchema = z.object({ accessToken: z.string() });

export type SignInBody = z.infer<typeof signInBodySchema>;
export type AccessLinkBody = z.infer<typeof accessLinkBodySchema>;
export type UpdatePasswordBody = z.infer<typeof updatePasswordBodySchema>;

/** Requests to refresh and sign out must carry this header (CSRF defence besides SameSite=Strict). */
export const CSRF_HEADER = { name: 'X-Requested-With', value: 'XMLHttpRequest' } as const;
export const API_PREFIX = '/api/v1';
/** The auth API's cookies (refresh token) are sent to its paths only. */
export const AUTH_COOKIE_PATH = `${API_PREFIX}/auth`;

/**
 * Paths of the authentication API, relative to the API prefix: the browser prepends its
 * auth API base URL (`appConfig.authApiBaseUrl`, by default `<origin>/api/v1`), the server registers its
 * routes under `API_PREFIX` with exactly these paths, so the two cannot drift apart.
 */
export const AUTH_ENDPOINTS = {
  signIn: '/auth/sign-in',
  accessLink: '/auth/access-link',
  refreshTokens: '/auth/refresh-tokens',
  signOut: '/auth/sign-out',
  updatePassword: '/auth/update-password',
  forgotPassword: '/auth/forgot-password',
  verifyResetPasswordToken: '/auth/verify-reset-password-token',
  resetPassword: '/auth/reset-password',
  deleteAccount: '/auth/delete-account',
  confirmDeleteAccount: '/auth/confirm-delete-account',
  /** `GET` answers the session user. */
  me: '/auth/me',
  /** `PATCH` with `updateMeBodySchema` changes the user's own preferences (the same path as `me`). */
  updateMe: '/auth/me',
} as const;
export const REFRESH_COOKIE_NAME = 'refresh_token';
