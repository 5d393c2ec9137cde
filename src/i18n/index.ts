import type { TranslationMessages } from 'react-admin';
import type { Catalogues } from '../../providers/i18nProvider';
import { LOCALES, type Language } from '../../domain/languages';
import englishMessages from './en';

export { LOCALES };

export { englishMessages };

/** English is bundled; every other language is a chunk of its own. */
type LazyLanguage = Exclude<Language, 'en'>;

const lazyCatalogues: Record<LazyLanguage, () => Promise<{ default: TranslationMessages }>> = {
  fr: () => import('./fr'),
  de: () => import('./de'),
  it: () => import('./it'),
};

/** The whole catalogue (react-admin's and the app's messages) of one language. */
export const loadMessages = async (locale: Language): Promise<TranslationMessages> =>
  locale === 'en' ? englishMessages : (await lazyCatalogues[locale]()).default;

/** What the i18n provider is built with (src/providers.ts; tests build their own with it). */
export const catalogues: Catalogues = { english: englishMessages, load: loadMessages };
