import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotificationContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/**
 * What follows a successful sign-in, whichever way it happened (password or access link): react-admin's
 * cached "not signed in" answer is refreshed before moving on, otherwise the private routes would
 * still see the visitor as signed out and send them back to /auth.
 */
export const useCompleteSignIn = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { resetNotifications } = useNotificationContext();
  return useCallback(
    async (nextPath: string) => {
      resetNotifications();
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
      navigate(nextPath, { replace: true });
    },
    [queryClient, navigate, resetNotifications],
  );
};
