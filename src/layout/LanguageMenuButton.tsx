import { useLocales, useLocaleState, useTranslate } from 'react-admin';
import { LanguageMenu } from './LanguageMenu';
import { useChooseLanguage } from './useChooseLanguage';

/**
 * The app bar's language menu: react-admin's LocalesMenuButton, except that a choice here is the user's
 * explicit choice and is stored with their account (useChooseLanguage).
 */
export const LanguageMenuButton = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <LanguageMenu
      languages={useLocales()}
      current={locale}
      onChoose={useChooseLanguage()}
      title={translate('app.settings.language')}
    />
  );
};
