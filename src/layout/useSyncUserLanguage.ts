import { useEffect, useRef } from 'react';
import { useLocaleState } from 'react-admin';
import { isLanguage } from '../../domain/languages';
import { updateLanguage } from '../../providers/authApi';
import { useSessionUser } from '../pages/useSessionUser';

/**
 * The server writes mails (password reset, account deletion) in the user's stored language: keep it equal
 * to the language the user reads the app in. It runs in the layout of the signed-in pages, so it covers a
 * change of language there (app bar, settings) and the first page after a sign-in into an account stored
 * with another language. A failure is only logged: the interface already shows the chosen language.
 */
export const useSyncUserLanguage = (): void => {
  const [locale] = useLocaleState();
  const user = useSessionUser();
  const userId = user?.id;
  const userLanguage = user?.language;
  // One request per user and language: a pending or failed one is not sent again on the next render.
  const lastRequest = useRef<string | null>(null);

  useEffect(() => {
    if (userId === undefined || !isLanguage(locale) || userLanguage === locale) return;
    const request = `${userId}:${locale}`;
    if (lastRequest.current === request) return;
    lastRequest.current = request;
    updateLanguage(locale).catch((error: unknown) => console.warn('Cannot store the language of the user', error));
  }, [userId, userLanguage, locale]);
};
