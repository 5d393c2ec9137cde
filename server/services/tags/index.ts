import { eq, ilike, sql } from 'drizzle-orm';
import { LANGUAGES, type Language } from '../../../domain/languages';
import {
  TAG_LIMITS,
  TAG_TRANSLATION_FIELDS,
  type Tag,
  type TagInput,
  type TagTranslationField,
} from '../../../domain/tag';
import { escapeLike, qualified, idInIdsPlaceholder } from '../../db/conditions';
import { builtOncePerDatabase } from '../../db/prepared';
import { recordColumns } from '../../db/pages';
import type { Queryable } from '../../db/queryable';
import { tags, tagTranslations } from '../../db/schema/tags';
import { storedDescription } from '../html';

/**
 * Tags: a row of `tags` and its translations, rows of `tag_translations` (a blank translation is no row, so
 * "missing" is simply absent). The resource (server/routes/tags.ts) reads and writes through here.
 */

const LANGUAGE_OF = TAG_TRANSLATION_FIELDS;
const FIELD_OF = Object.fromEntries(
  Object.entries(TAG_TRANSLATION_FIELDS).map(([field, language]) => [language, field]),
) as Record<Language, TagTranslationField>;
const TRANSLATION_FIELDS = Object.keys(TAG_TRANSLATION_FIELDS) as TagTranslationField[];

/** A tag's row with its translations as `[language, label]` pairs beside it. */
const tagColumns = {
  row: tags,
  labels: sql<
    [string, string][]
  >`COALESCE((SELECT json_agg(json_build_array(${qualified(tagTranslations.language)}, ${qualified(tagTranslations.label)})) FROM ${tagTranslations} WHERE ${qualified(tagTranslations.tagId)} = ${qualified(tags.id)}), '[]'::json)`,
};

/** The tags of these ids with their translations: one statement. */
const tagRecordsQuery = builtOncePerDatabase('tag_records', (db, statementName) =>
  db.select(tagColumns).from(tags).where(idInIdsPlaceholder(tags.id)).prepare(statementName),
);

export async function loadTags(db: Queryable, ids: readonly number[]): Promise<Tag[]> {
  const found = await tagRecordsQuery(db).execute({ ids: [...ids] });
  return found.map(toTag);
}

function toTag({ row, labels }: { row: typeof tags.$inferSelect; labels: [string, string][] }): Tag {
  const translation = Object.fromEntries(TRANSLATION_FIELDS.map((field) => [field, null])) as Record<
    TagTranslationField,
    string | null
  >;
  for (const [language, label] of labels) {
    if (language in FIELD_OF) translation[FIELD_OF[language as Language]] = label;
  }
  return {
    id: row.id,
    tagId: row.id,
    generalInfos: { tagName: row.tagName, category: row.category, subCategory: row.subCategory },
    translation,
    advanced: { description: row.description, htmlDescription: row.htmlDescription },
    version: row.version,
  };
}

/** A tag is its row and its translations beside it: a page of tags is read with its records. */
export const tagRecordColumns = recordColumns(tagColumns, toTag);

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

/** Inserts a tag and its translations; answers its id. */
export async function insertTag(tx: Queryable, input: TagInput): Promise<number> {
  const [row] = await tx.insert(tags).values(columnsOf(input)).returning({ id: tags.id });
  await writeTranslations(tx, row.id, input);
  return row.id;
}

/** Replaces a tag's columns and translations with the input's. */
export async function updateTag(tx: Queryable, id: number, input: TagInput): Promise<void> {
  await tx.update(tags).set(columnsOf(input)).where(eq(tags.id, id));
  await writeTranslations(tx, id, input);
}

// ---- list conditions ---------------------------------------------------------------------------------

const translationCount = sql`(SELECT count(*) FROM ${tagTranslations} WHERE ${tagTranslations.tagId} = ${tags.id})`;
/** The category filters are typed into a text box: case-insensitive, matching from the start ("mus" finds Music). */
export const startsWithText = (column: typeof tags.category | typeof tags.subCategory, value: string) =>
  ilike(column, `${escapeLike(value)}%`);
/** true: tags still lacking a language; false: fully translated ones. */
export const missingTranslationCondition = (missing: boolean) =>
  missing ? sql`${translationCount} < ${LANGUAGES.length}` : sql`${translationCount} >= ${LANGUAGES.length}`;

/** `q` in any language's label. */
export const translationMatches = (pattern: string) =>
  sql`EXISTS (SELECT 1 FROM ${tagTranslations} WHERE ${tagTranslations.tagId} = ${tags.id} AND ${tagTranslations.label} ILIKE ${pattern})`;
