import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../../domain/user';
import { readSession, subscribeToSession } from '../../providers/session';

const readSessionUser = (): SessionUser | null => {
  try {
    return readSession()?.authenticatedUser ?? null;
  } catch {
    return null;
  }
};

/** The signed-in user as stored in the session, kept current when it changes (here or in another tab). */
export const useSessionUser = (): SessionUser | null => useSyncExternalStore(subscribeToSession, readSessionUser);
