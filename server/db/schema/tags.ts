import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { LANGUAGES } from '../../../domain/languages';
import { checkOneOf, descriptions, ownerReference, timestamps, trigramIndex, version } from './columns';

/**
 * Tags. `tag_name` is the tag's own name; its translations are rows of
 * `tag_translations`, one per language, so a missing translation is simply a missing row.
 */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    tagName: text('tag_name').notNull(),
    category: text('category').notNull(),
    subCategory: text('sub_category'),
    ...descriptions(),
    version: version(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('tags_name_unique').on(sql`lower(${table.tagName})`),
    index('tags_category_idx').on(table.category, table.subCategory),
    index('tags_category_lower_idx').on(sql`lower(${table.category})`, table.id),
    index('tags_sub_category_idx').on(sql`lower(${table.subCategory})`, table.id),
    trigramIndex('tags_name_trgm_idx', table.tagName),
    trigramIndex('tags_category_trgm_idx', table.category),
    trigramIndex('tags_sub_category_trgm_idx', table.subCategory),
  ],
);

/** The record's `translation {french, english, german, italian}` ↔ rows with language fr, en, de, it. */
export const tagTranslations = pgTable(
  'tag_translations',
  {
    tagId: ownerReference('tag_id', () => tags.id),
    language: text('language').notNull(),
    label: text('label').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tagId, table.language] }),
    checkOneOf('tag_translations_language_check', table.language, LANGUAGES),
    trigramIndex('tag_translations_label_trgm_idx', table.label),
  ],
);

/** A tag reference that survives nothing: deleting a tag removes its links (tagTerms) everywhere. */
export const tagReference = () =>
  integer('tag_id')
    .notNull()
    .references(() => tags.id, { onDelete: 'cascade' });
