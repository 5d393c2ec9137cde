import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../../domain/user';
import { readSessionOrNull, subscribeToSession } from '../../providers/session';

const readSessionUser = (): SessionUser | null => readSessionOrNull()?.authenticatedUser ?? null;

/** The signed-in user as stored in the session, kept current when it changes (here or in another tab). */
export const useSessionUser = (): SessionUser | null => useSyncExternalStore(subscribeToSession, readSessionUser);
