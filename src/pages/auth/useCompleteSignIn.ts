import { useCallback } from 'react';
import { isLanguage } from '../../../domain/languages';
import { isPublicPagePath, loadAdminApp } from '../../appChunks';
import { loadProviders } from '../../public/lazyProviders';
import { dropNotices } from '../../public/notices';
import { usePublicShell } from '../../public/publicShell';
import { useNavigateTo } from '../../public/publicRouter';
import { useRefreshSessionAnswers } from '../../public/sessionAnswers';

/**
 * What follows a successful sign-in, whichever way it happened (password or access link): the app takes the
 * language stored with the account (the one its mails come in), whatever the sign-in screen was shown in, and
 * leaves the stored language as it is; what the signed-in app cached while signed out is dropped before moving on,
 * otherwise its private routes would still see the visitor as signed out, or without roles. The
 * signed-in app's code is loaded before moving on, so that its first screen follows this one directly.
 */
export const useCompleteSignIn = () => {
  const navigate = useNavigateTo();
  const refreshSessionAnswers = useRefreshSessionAnswers();
  const { setLanguage } = usePublicShell();
  return useCallback(
    async (nextPath: string) => {
      dropNotices();
      const { readSessionOrNull } = await loadProviders();
      const storedLanguage = readSessionOrNull()?.authenticatedUser.language;
      if (isLanguage(storedLanguage)) setLanguage(storedLanguage);
      await Promise.all([refreshSessionAnswers(), isPublicPagePath(nextPath) ? undefined : loadAdminApp()]);
      navigate(nextPath, { replace: true });
    },
    [navigate, refreshSessionAnswers, setLanguage],
  );
};
