import { createContext, useContext } from 'react';
import type { Language } from '../../domain/languages';
import type { ThemePreference } from '../../providers/storedPreferences';

/** What the public pages read and change of the shell around them (src/public/PublicApp.tsx). */
export interface PublicShell {
  language: Language;
  /** The interface's language, as a sign-in adopts the account's; nothing is sent to the server. */
  setLanguage: (language: Language) => void;
  themePreference: ThemePreference;
  setThemePreference: (preference: ThemePreference) => void;
}

export const PublicShellContext = createContext<PublicShell | null>(null);

export const usePublicShell = (): PublicShell => {
  const shell = useContext(PublicShellContext);
  if (!shell) throw new Error('usePublicShell: the public pages render inside PublicApp');
  return shell;
};
