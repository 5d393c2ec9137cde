import { useEffect } from 'react';
import { useLogout } from 'react-admin';
import type { Session } from '../../providers/session';
import { readSessionOrNull, subscribeToSession } from '../providers';
import { PATHS } from '../pages/paths';

/** Who a session belongs to (the user's id and public auth id): a sign-in as another user differs. */
const identityOf = (session: Session | null): string | null =>
  session === null ? null : `${session.authenticatedUser.id}:${session.authId}`;

/** A full page load: nothing react-admin or the query cache holds of the previous user survives it. */
const reloadAppAt = (path: string): void => window.location.assign(path);

/**
 * Other open tabs follow. When another tab signs out (or its session is otherwise removed),
 * this tab signs out too, which clears react-admin's cached data and goes to /auth. When another tab
 * signs in as someone else, this tab must not keep showing the previous user's page and data: it reloads
 * the app at /dashboard. A token refresh in another tab (same user, same sign-in) changes nothing here;
 * changes made by this tab are left to the code that made them.
 */
export const useFollowOtherTabs = (): void => {
  const logout = useLogout();
  useEffect(() => {
    let shownIdentity = identityOf(readSessionOrNull());
    return subscribeToSession(({ fromOtherTab }) => {
      const identity = identityOf(readSessionOrNull());
      if (!fromOtherTab) {
        shownIdentity = identity ?? shownIdentity;
        return;
      }
      if (identity === null) void logout();
      else if (shownIdentity !== null && identity !== shownIdentity) reloadAppAt(PATHS.dashboard);
    });
  }, [logout]);
};
