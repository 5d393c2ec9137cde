import { isLanguage, LOCALES, type Language } from '../../domain/languages';
import { ColorSchemeMenu } from '../layout/ColorSchemeMenu';
import { LanguageMenu } from '../layout/LanguageMenu';
import { hasStoredSession, loadProviders } from './lazyProviders';
import { usePageTranslate } from './pageText';
import { usePublicShell } from './publicShell';

/**
 * The language menu of the public pages: as in the app bar (useChooseLanguage), a choice is explicit, so the
 * signed-in user's stored language follows it.
 */
const storeLanguageOfUser = async (chosen: Language) => {
  const { readSessionOrNull, updateLanguage } = await loadProviders();
  const user = readSessionOrNull()?.authenticatedUser;
  if (user && user.language !== chosen) await updateLanguage(chosen);
};

export const PublicLanguageMenu = () => {
  const { language, setLanguage } = usePublicShell();
  const choose = (chosen: string) => {
    if (!isLanguage(chosen)) return;
    setLanguage(chosen);
    // Nobody signed in (nothing stored): nothing to tell the server, nor any code to load for it.
    if (hasStoredSession()) storeLanguageOfUser(chosen).catch((error: unknown) => console.warn('Cannot store the language of the user', error));
  };
  return (
    <LanguageMenu
      languages={LOCALES}
      current={language}
      onChoose={choose}
      title={usePageTranslate()('app.settings.language')}
    />
  );
};

export const PublicColorSchemeMenu = () => {
  const { themePreference, setThemePreference } = usePublicShell();
  return <ColorSchemeMenu preference={themePreference} onChoose={setThemePreference} translate={usePageTranslate()} />;
};
