import { useCallback } from 'react';
import { useLocaleState } from 'react-admin';
import { isLanguage } from '../../domain/languages';
import { readSessionOrNull, updateLanguage } from '../providers';

/**
 * The user picks the interface language (Settings, the app bar's language menu): the interface switches, and
 * the signed-in user's stored language follows, because the server writes their mails in it. Only such an
 * explicit choice changes the stored language; a sign-in adopts it instead (useCompleteSignIn). A failure is
 * only logged: the interface already shows the chosen language.
 */
export const useChooseLanguage = (): ((language: string) => void) => {
  const [, setLocale] = useLocaleState();
  return useCallback(
    (language: string) => {
      setLocale(language);
      const user = readSessionOrNull()?.authenticatedUser;
      if (!user || !isLanguage(language) || user.language === language) return;
      updateLanguage(language).catch((error: unknown) => console.warn('Cannot store the language of the user', error));
    },
    [setLocale],
  );
};
