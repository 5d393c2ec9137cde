import type { TranslationMessages } from 'react-admin';
import type { Language } from '../../domain/languages';
import englishMessages from './en';

/**
 * The interface languages (SPEC §1: Swiss context) with their own names. English ships in the main
 * bundle; the others are separate chunks loaded when chosen.
 */
export const LOCALES: ReadonlyArray<{ locale: Language; name: string }> = [
  { locale: 'en', name: 'English' },
  { locale: 'fr', name: 'Français' },
  { locale: 'de', name: 'Deutsch' },
  { locale: 'it', name: 'Italiano' },
];

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
