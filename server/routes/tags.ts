import type { FastifyInstance } from 'fastify';
import { eq, ilike, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LANGUAGES, type Language } from '../../domain/languages';
import {
  TAG_LIMITS,
  TAG_TRANSLATION_FIELDS,
  tagInputSchema,
  tagSchema,
  type Tag,
  type TagInput,
  type TagTranslationField,
} from '../../domain/tag';
import { tags, tagTranslations } from '../db/schema';
import { storedDescription } from '../services/html';
import { defineFilter, escapeLike, registerResource, type Queryable, type ResourceDefinition } from './shared/resource';

/**
 * `/tags` (issue 3): the Tag record of SPEC §3 through the generic resource API. Every signed-in user reads
 * tags (pickers); the roles with TAG create/update/delete manage them (domain/access.ts). Translations are
 * rows of `tag_translations`: a blank translation is no row, so "missing" is simply absent.
 */

const LANGUAGE_OF = TAG_TRANSLATION_FIELDS;
const FIELD_OF = Object.fromEntries(
  Object.entries(TAG_TRANSLATION_FIELDS).map(([field, language]) => [language, field]),
) as Record<Language, TagTranslationField>;
const TRANSLATION_FIELDS = Object.keys(TAG_TRANSLATION_FIELDS) as TagTranslationField[];

async function loadTags(db: Queryable, ids: readonly number[]): Promise<Tag[]> {
  const rows = await db
    .select()
    .from(tags)
    .where(inArray(tags.id, [...ids]));
  const labels = await db
    .select()
    .from(tagTranslations)
    .where(inArray(tagTranslations.tagId, [...ids]));
  return rows.map((row) => {
    const translation = Object.fromEntries(TRANSLATION_FIELDS.map((field) => [field, null])) as Record<
      TagTranslationField,
      string | null
    >;
    for (const label of labels) {
      if (label.tagId === row.id && label.language in FIELD_OF)
        translation[FIELD_OF[label.language as Language]] = label.label;
    }
    return {
      id: row.id,
      tagId: row.id,
      generalInfos: { tagName: row.tagName, category: row.category, subCategory: row.subCategory },
      translation,
      advanced: { description: row.description, htmlDescription: row.htmlDescription },
      version: row.version,
    };
  });
}

/** The stored columns of a tag input; the description pair as services/html.ts stores every user HTML. */
function columnsOf(input: TagInput) {
  return {
    tagName: input.generalInfos.tagName,
    category: input.generalInfos.category,
    subCategory: input.generalInfos.subCategory,
    ...storedDescription(input.advanced, {
      plain: TAG_LIMITS.description,
      html: TAG_LIMITS.html,
      htmlField: 'advanced.htmlDescription',
    }),
  };
}

async function writeTranslations(tx: Queryable, tagId: number, input: TagInput): Promise<void> {
  await tx.delete(tagTranslations).where(eq(tagTranslations.tagId, tagId));
  const rows = TRANSLATION_FIELDS.flatMap((field) => {
    const label = input.translation[field];
    return label ? [{ tagId, language: LANGUAGE_OF[field], label }] : [];
  });
  if (rows.length > 0) await tx.insert(tagTranslations).values(rows);
}

const translationCount = sql`(SELECT count(*) FROM ${tagTranslations} WHERE ${tagTranslations.tagId} = ${tags.id})`;
/** The category filters are typed into a text box: case-insensitive, matching from the start ("mus" finds Music). */
const startsWithText = (column: typeof tags.category | typeof tags.subCategory, value: string) =>
  ilike(column, `${escapeLike(value)}%`);
const categoryText = z.string().trim().min(1).max(TAG_LIMITS.category);

export const tagResource: ResourceDefinition<Tag, TagInput> = {
  name: 'tags',
  permission: 'TAG',
  table: tags,
  id: tags.id,
  sortable: {
    id: tags.id,
    tagName: sql`lower(${tags.tagName})`,
    category: sql`lower(${tags.category})`,
    subCategory: sql`lower(${tags.subCategory})`,
  },
  defaultSort: { field: 'tagName', order: 'ASC' },
  filters: {
    category: defineFilter(categoryText, (value) => startsWithText(tags.category, value)),
    subCategory: defineFilter(categoryText, (value) => startsWithText(tags.subCategory, value)),
    /** true: tags still lacking a language (the Tags screen marks them); false: fully translated ones. */
    missingTranslation: defineFilter(z.boolean(), (missing) =>
      missing ? sql`${translationCount} < ${LANGUAGES.length}` : sql`${translationCount} >= ${LANGUAGES.length}`,
    ),
  },
  search: [
    tags.tagName,
    tags.category,
    tags.subCategory,
    (pattern) =>
      sql`EXISTS (SELECT 1 FROM ${tagTranslations} WHERE ${tagTranslations.tagId} = ${tags.id} AND ${tagTranslations.label} ILIKE ${pattern})`,
  ],
  scope: 'global',
  load: loadTags,
  recordSchema: tagSchema,
  write: {
    input: tagInputSchema,
    version: tags.version,
    updatedAt: tags.updatedAt,
    async insert(tx, input) {
      const [row] = await tx.insert(tags).values(columnsOf(input)).returning({ id: tags.id });
      await writeTranslations(tx, row.id, input);
      return row.id;
    },
    async update(tx, id, input) {
      await tx.update(tags).set(columnsOf(input)).where(eq(tags.id, id));
      await writeTranslations(tx, id, input);
    },
    uniqueFields: { tags_name_unique: 'generalInfos.tagName' },
    auditOmit: ['tagId'],
  },
};

export async function tagRoutes(app: FastifyInstance): Promise<void> {
  registerResource(app, tagResource);
}
