import type { AuthProvider } from 'react-admin';
import { isUnreadableSessionError } from './signInCheck';
import { rememberSignInNotice } from './signInNotice';

/**
 * react-admin drops the reason of a failed check when it sends the visitor to /auth; this remembers the one the
 * sign-in screen must explain (the session could not be read), whichever of the provider's methods met it first.
 * The first to read an unreadable session also signs it out, so the methods after it find no session at all:
 * on a busy page the identity is asked for before the auth check as often as after it.
 */
export const withSignInNotice = (provider: AuthProvider): AuthProvider =>
  Object.fromEntries(
    Object.entries(provider).map(([name, member]) => [
      name,
      typeof member === 'function'
        ? async (...args: unknown[]) => {
            try {
              return await (member as (...params: unknown[]) => unknown).apply(provider, args);
            } catch (error) {
              if (isUnreadableSessionError(error)) rememberSignInNotice(error.reason);
              throw error;
            }
          }
        : member,
    ]),
  ) as AuthProvider;
