/**
 * Error codes the browser translates; the server puts them in `message`. Apart from domain/errors.ts (which
 * re-exports them) so that the public pages read them without loading the schemas and zod.
 */
export const AUTH_ERROR_CODES = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  invalidToken: 'INVALID_OR_EXPIRED_TOKEN',
  wrongCurrentPassword: 'WRONG_CURRENT_PASSWORD',
  notSignedIn: 'NOT_SIGNED_IN',
  forbidden: 'FORBIDDEN',
  csrfHeaderMissing: 'CSRF_HEADER_MISSING',
  accessLinkRequired: 'PLEASE_SIGN_IN_USING_THE_ACCESS_LINK_PROVIDED_BY_THE_HOSPITAL',
} as const;
