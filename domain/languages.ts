/** Interface and mail languages; English is the default. */
export const LANGUAGES = ['en', 'fr', 'de', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The interface languages, each named in itself, as the language menus list them. */
export const LOCALES: ReadonlyArray<{ locale: Language; name: string }> = [
  { locale: 'en', name: 'English' },
  { locale: 'fr', name: 'Français' },
  { locale: 'de', name: 'Deutsch' },
  { locale: 'it', name: 'Italiano' },
];
