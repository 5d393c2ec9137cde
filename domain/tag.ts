import { z } from 'zod';
import type { Language } from './languages';
import { optionalText, recordVersionSchema, requiredText } from './records';

/**
 * The Tag record as the API carries it: `generalInfos`, `translation` with the four
 * languages under the specification's names, `advanced`; plus `id` (= `tagId`) and `version`.
 */

/** The specification's translation field names and the language each stands for. */
export const TAG_TRANSLATION_FIELDS = {
  french: 'fr',
  english: 'en',
  german: 'de',
  italian: 'it',
} as const satisfies Record<string, Language>;
export type TagTranslationField = keyof typeof TAG_TRANSLATION_FIELDS;

export const TAG_LIMITS = { name: 100, category: 100, translation: 200, description: 2000, html: 20_000 } as const;

const translationSchema = z.object({
  french: optionalText(TAG_LIMITS.translation),
  english: optionalText(TAG_LIMITS.translation),
  german: optionalText(TAG_LIMITS.translation),
  italian: optionalText(TAG_LIMITS.translation),
});

/** What a client sends (POST and PUT); the server sanitises `advanced.htmlDescription`. */
export const tagInputSchema = z.object({
  generalInfos: z.object({
    tagName: requiredText(TAG_LIMITS.name),
    category: requiredText(TAG_LIMITS.category),
    subCategory: optionalText(TAG_LIMITS.category),
  }),
  translation: translationSchema.default({ french: null, english: null, german: null, italian: null }),
  advanced: z
    .object({
      description: optionalText(TAG_LIMITS.description),
      htmlDescription: optionalText(TAG_LIMITS.html),
    })
    .default({ description: null, htmlDescription: null }),
  /** Required on PUT (optimistic concurrency); ignored on POST. */
  version: recordVersionSchema.optional(),
});
export type TagInput = z.output<typeof tagInputSchema>;

export const tagSchema = tagInputSchema.extend({
  id: z.number().int(),
  tagId: z.number().int(),
  version: recordVersionSchema,
});
export type Tag = z.output<typeof tagSchema>;

/** The translation fields a tag still lacks (the Tags screen marks them). */
export const missingTranslations = (
  translation: Partial<Record<TagTranslationField, string | null>>,
): TagTranslationField[] =>
  (Object.keys(TAG_TRANSLATION_FIELDS) as TagTranslationField[]).filter((field) => !translation[field]?.trim());
