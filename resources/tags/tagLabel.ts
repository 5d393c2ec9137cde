import { isLanguage, type Language } from '../../domain/languages';
import { TAG_TRANSLATION_FIELDS, type Tag, type TagTranslationField } from '../../domain/tag';

/** The record's translation field (`french`…) holding each interface language's label. */
const TRANSLATION_FIELD_OF = Object.fromEntries(
  Object.entries(TAG_TRANSLATION_FIELDS).map(([field, language]) => [language, field]),
) as Record<Language, TagTranslationField>;

/**
 * A tag as its reader sees it where records pick tags: the translation in the interface language, else
 * the tag's `tagName`. Why this order: the Tag record makes `generalInfos.tagName` the one name every tag has
 * (required, unique) and each translation optional, so the name is the only fallback that always exists;
 * stepping through another language first (say English for a French reader) would show a label that is
 * neither the reader's language nor the name the Tags screen lists and searches. A blank translation
 * counts as missing, as on the Tags screen (domain/tag.ts missingTranslations).
 */
export const tagLabelIn = (tag: Pick<Tag, 'generalInfos' | 'translation'>, locale: string): string => {
  const translated = isLanguage(locale) ? tag.translation?.[TRANSLATION_FIELD_OF[locale]]?.trim() : undefined;
  return translated || tag.generalInfos.tagName;
};

/** Orders tags by the label the reader sees, with the reader's collation (é after e, umlauts in place). */
export const byTagLabelIn =
  (locale: string) =>
  (left: Pick<Tag, 'generalInfos' | 'translation'>, right: Pick<Tag, 'generalInfos' | 'translation'>): number =>
    tagLabelIn(left, locale).localeCompare(tagLabelIn(right, locale), locale, { sensitivity: 'base' });
