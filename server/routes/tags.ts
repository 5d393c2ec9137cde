import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { TAG_LIMITS, tagInputSchema, tagSchema, type Tag, type TagInput } from '../../domain/tag';
import { tags } from '../db/schema/tags';
import {
  insertTag,
  loadTags,
  tagRecordColumns,
  missingTranslationCondition,
  startsWithText,
  translationMatches,
  updateTag,
} from '../services/tags';
import { defineFilter, registerResource, type ResourceDefinition } from './shared/resource';

/**
 * `/tags`: the Tag record through the generic resource API. Every signed-in user reads tags (pickers); the
 * roles with TAG create/update/delete manage them (domain/access.ts). Reading and writing live in
 * server/services/tags/.
 */

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
    missingTranslation: defineFilter(z.boolean(), missingTranslationCondition),
  },
  search: [tags.tagName, tags.category, tags.subCategory, translationMatches],
  scope: 'global',
  load: loadTags,
  listedColumns: tagRecordColumns,
  recordSchema: tagSchema,
  write: {
    input: tagInputSchema,
    version: tags.version,
    updatedAt: tags.updatedAt,
    insert: (tx, input) => insertTag(tx, input),
    update: (tx, id, input) => updateTag(tx, id, input),
    uniqueFields: { tags_name_unique: 'generalInfos.tagName' },
    auditOmit: ['tagId'],
  },
};

export async function tagRoutes(app: FastifyInstance): Promise<void> {
  registerResource(app, tagResource);
}
