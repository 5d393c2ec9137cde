import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations, type I18nProvider, type TranslationMessages } from 'react-admin';
import { AUTH_ERROR_CODES } from '../domain/errors';
import { DEFAULT_LANGUAGE, isLanguage, LOCALES, type Language } from '../domain/languages';
import { fixDayNumbers } from './dayNumbers';

/**
 * The i18n provider (ra-i18n-polyglot): English at once, French, German and Italian loaded on demand.
 * A key missing from a language falls back to its English text; a key unknown everywhere shows the
 * key (or the caller's `_` default) instead of failing.
 */

/** The app's messages: English at hand, the other languages loaded on demand (src/i18n gives them). */
export interface Catalogues {
  english: TranslationMessages;
  /** The whole catalogue (react-admin's and the app's messages) of one language. */
  load: (language: Language) => Promise<TranslationMessages>;
}

/** A language's catalogue on top of English, so that a missing key reads in English. */
export const withEnglishFallback = (
  english: TranslationMessages,
  messages: TranslationMessages,
): TranslationMessages => (messages === english ? english : mergeTranslations(english, messages));

const catalogueLoader =
  ({ english, load }: Catalogues) =>
  (locale: string): TranslationMessages | Promise<TranslationMessages> =>
    isLanguage(locale) && locale !== DEFAULT_LANGUAGE
      ? load(locale).then((messages) => withEnglishFallback(english, messages))
      : english;

const AUTH_ERROR_CODE_SET: ReadonlySet<string> = new Set(Object.values(AUTH_ERROR_CODES));

/**
 * Errors of the auth flow carry a bare code as their message, and react-admin translates
 * error messages as keys: read such a code as the app's sentence for it.
 */
const keyFor = (key: string): string => (AUTH_ERROR_CODE_SET.has(key) ? `app.auth.errors.${key}` : key);

const setDocumentLanguage = (locale: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
};

export interface I18nProviderOptions {
  catalogues: Catalogues;
  /** The stored preference; English is loaded first in any case, then this language. */
  initialLocale?: Language;
  onLoadError?: (error: unknown) => void;
}

export const createI18nProvider = ({
  catalogues,
  initialLocale = DEFAULT_LANGUAGE,
  onLoadError = (error) => console.error('Cannot load the translations', error),
}: I18nProviderOptions): I18nProvider => {
  // ra-i18n-polyglot needs the first catalogue synchronously: that is English.
  const polyglot = polyglotI18nProvider(catalogueLoader(catalogues), DEFAULT_LANGUAGE, [...LOCALES], {
    allowMissing: true,
  });
  const provider: I18nProvider = {
    ...polyglot,
    // A date put into a sentence may need its article or day number adjusted (providers/dayNumbers.ts).
    translate: (key, options = {}) => {
      const resolvedKey = keyFor(key);
      const text = polyglot.translate(resolvedKey, resolvedKey === key ? options : { _: key, ...options });
      return fixDayNumbers(text, polyglot.getLocale());
    },
    changeLocale: async (locale, options) => {
      await polyglot.changeLocale(locale, options);
      setDocumentLanguage(locale);
    },
  };
  setDocumentLanguage(DEFAULT_LANGUAGE);
  // Start loading the preferred language now; react-admin waits for it before its first render.
  if (initialLocale !== DEFAULT_LANGUAGE) provider.changeLocale(initialLocale).catch(onLoadError);
  return provider;
};
