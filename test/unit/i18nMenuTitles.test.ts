import { describe, expect, it } from 'vitest';
import type { TranslationMessages } from 'react-admin';
import en from '../../src/i18n/en';
import fr from '../../src/i18n/fr';
import de from '../../src/i18n/de';
import it_ from '../../src/i18n/it';
import { AREA_LABELS } from '../../src/layout/menuItems';

const CATALOGUES: Record<string, TranslationMessages> = { en, fr, de, it: it_ };

/** The areas that are react-admin resources: their list's title is the plural of `resources.<name>.name`. */
const RESOURCE_AREAS = ['establishments', 'promoters', 'events', 'users', 'tags', 'audit-log', 'outbox'] as const;

const textAt = (messages: TranslationMessages, key: string): string => {
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  if (typeof text !== 'string') throw new Error(`${key} is missing`);
  return text;
};

/** The plural form of a polyglot `singular |||| plural` text. */
const pluralOf = (text: string) => text.split('||||').at(-1)?.trim();

describe('a menu entry and the title of the page it opens use the same words', () => {
  describe.each(Object.entries(CATALOGUES))('in %s', (_language, messages) => {
    it.each(RESOURCE_AREAS)('%s', (area) => {
      expect(textAt(messages, AREA_LABELS[area])).toBe(pluralOf(textAt(messages, `resources.${area}.name`)));
    });

    it('reference-data', () => {
      expect(textAt(messages, AREA_LABELS['reference-data'])).toBe(textAt(messages, 'resources.referenceData.title'));
    });
  });
});
