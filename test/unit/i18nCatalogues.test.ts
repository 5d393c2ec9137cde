import { describe, expect, it } from 'vitest';
import type { TranslationMessages } from 'react-admin';
import enApp from '../../src/i18n/en/app';
import frApp from '../../src/i18n/fr/app';
import deApp from '../../src/i18n/de/app';
import itApp from '../../src/i18n/it/app';
import enFramework from '../../src/i18n/en/framework';
import frFramework from '../../src/i18n/fr/framework';
import deFramework from '../../src/i18n/de/framework';
import itFramework from '../../src/i18n/it/framework';
import enResources from '../../src/i18n/en/resources';
import frResources from '../../src/i18n/fr/resources';
import deResources from '../../src/i18n/de/resources';
import itResources from '../../src/i18n/it/resources';
import en from '../../src/i18n/en';
import fr from '../../src/i18n/fr';
import de from '../../src/i18n/de';
import it_ from '../../src/i18n/it';

type Catalogue = TranslationMessages | Record<string, unknown>;

/** Every leaf of a catalogue as `dotted.key → text`. */
const leaves = (messages: Catalogue, prefix = ''): Map<string, unknown> => {
  const result = new Map<string, unknown>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'object' && value !== null) {
      leaves(value as Catalogue, `${prefix}${key}.`).forEach((text, path) => result.set(path, text));
    } else {
      result.set(`${prefix}${key}`, value);
    }
  }
  return result;
};

/** Polyglot placeholders such as %{name}: a translation may leave one out, never invent one. */
const variablesOf = (text: string) => new Set([...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]));
/** Singular |||| plural: a translation keeps the number of forms. */
const pluralFormsOf = (text: string) => text.split('||||').length;

const catalogues: Array<[string, Record<string, Catalogue>]> = [
  ['framework', { en: enFramework, fr: frFramework, de: deFramework, it: itFramework }],
  ['app', { en: enApp, fr: frApp, de: deApp, it: itApp }],
  ['resources', { en: enResources, fr: frResources, de: deResources, it: itResources }],
  ['merged', { en, fr, de, it: it_ }],
];

describe.each(catalogues)('%s messages', (_name, byLocale) => {
  const english = leaves(byLocale.en!);

  it('has English messages', () => {
    expect(english.size).toBeGreaterThan(0);
  });

  describe.each(['fr', 'de', 'it'])('%s', (locale) => {
    const translated = leaves(byLocale[locale]!);

    it('has exactly the keys of English', () => {
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it('translates every key into text with known placeholders and the same plural forms', () => {
      for (const [key, englishText] of english) {
        const text = translated.get(key);
        expect(typeof text, key).toBe('string');
        if (typeof englishText !== 'string' || typeof text !== 'string') continue;
        if (englishText.trim() !== '') expect(text.trim(), key).not.toBe('');
        const unknownVariables = [...variablesOf(text)].filter((name) => !variablesOf(englishText).has(name));
        expect(unknownVariables, key).toEqual([]);
        expect(pluralFormsOf(text), key).toBe(pluralFormsOf(englishText));
      }
    });
  });
});

describe('German framework messages', () => {
  it('use Swiss spelling (no ß)', () => {
    for (const [key, text] of leaves(deFramework)) expect(String(text), key).not.toContain('ß');
  });
});

describe('German resource messages', () => {
  it('use Swiss spelling (no ß)', () => {
    for (const [key, text] of leaves(deResources)) expect(String(text), key).not.toContain('ß');
  });
});
