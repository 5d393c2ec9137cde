import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocaleState, useNotificationContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { readSessionOrNull } from '../../providers';

/**
 * What follows a successful sign-in, whichever way it happened (password or access link): the app takes the
 * language stored with the account (the one its mails come in), whatever the sign-in screen was shown in, and
 * leaves the stored language as it is; react-admin's cached "not signed in" answer is refreshed before moving
 * on, otherwise the private routes would still see the visitor as signed out and send them back to /auth.
 */
export const useCompleteSignIn = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [, setLocale] = useLocaleState();
  const { resetNotifications } = useNotificationContext();
  return useCallback(
    async (nextPath: string) => {
      resetNotifications();
      const storedLanguage = readSessionOrNull()?.authenticatedUser.language;
      if (storedLanguage) setLocale(storedLanguage);
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
      navigate(nextPath, { replace: true });
    },
    [queryClient, navigate, setLocale, resetNotifications],
  );
};
