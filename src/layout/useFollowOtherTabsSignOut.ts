import { useEffect } from 'react';
import { useLogout } from 'react-admin';
import { readSessionOrNull, subscribeToSession } from '../../providers/session';

/**
 * Issue 2 "other open tabs follow": when another tab signs out (or its session is otherwise removed),
 * this tab signs out too, which clears react-admin's cached data and goes to /auth. Changes made by this
 * tab are left to the code that made them.
 */
export const useFollowOtherTabsSignOut = (): void => {
  const logout = useLogout();
  useEffect(
    () =>
      subscribeToSession(({ fromOtherTab }) => {
        if (fromOtherTab && readSessionOrNull() === null) void logout();
      }),
    [logout],
  );
};
