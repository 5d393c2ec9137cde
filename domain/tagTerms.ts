import { z } from 'zod';
import { LANGUAGES, type Language } from './languages';
import { idSchema } from './records';

/**
 * Tag terms (docs/tag-terms.md): how the platform's tags are used. One row per tag, with how many records of
 * each kind carry it and which translations it lacks; merging two tags; putting a tag on, or taking it off,
 * many records at once.
 */

/** The kinds of record that carry tags, by their REST resource names. */
export const TAGGED_RESOURCES = ['establishments', 'promoters', 'events'] as const;
export type TaggedResource = (typeof TAGGED_RESOURCES)[number];

/** `GET /tag-terms`: the contract's fields, plus the tag's category (for the list's grouping). */
export interface TagTerm {
  id: number;
  tagName: string;
  category: string;
  establishments: number;
  promoterGroups: number;
  events: number;
  missingTranslations: Language[];
}

/** The most records one assign or unassign takes (a page of a list holds fewer). */
export const MAX_TAG_ASSIGNMENT_IDS = 1000;

export const tagAssignmentSchema = z
  .object({
    resource: z.enum(TAGGED_RESOURCES),
    ids: z.array(idSchema).min(1).max(MAX_TAG_ASSIGNMENT_IDS),
  })
  .strict();
export type TagAssignment = z.output<typeof tagAssignmentSchema>;

/** `POST /tags/:id/assign` and `/unassign` answer how many records changed (those that already were are left). */
export interface TagAssignmentReply {
  tagId: number;
  resource: TaggedResource;
  changed: number;
}

/** `POST /tags/:id/merge-into/:targetId` answers the kept tag's term, with the links it received. */
export interface TagMergeReply {
  kept: TagTerm;
  removedTagId: number;
  moved: { establishments: number; promoterGroups: number; events: number };
}

/** List filters of `tag-terms`: search, a category, only tags lacking a translation (in one language or any), unused tags. */
export const tagTermFilterSchema = z
  .object({
    q: z.string().trim().max(200).optional(),
    category: z.string().trim().max(200).optional(),
    missingTranslation: z.union([z.literal(true), z.enum(LANGUAGES)]).optional(),
    unused: z.boolean().optional(),
  })
  .strict();
export type TagTermFilter = z.output<typeof tagTermFilterSchema>;

export const TAG_TERM_ERROR_CODES = {
  mergeIntoItself: 'MERGE_INTO_ITSELF',
} as const;

// ---- the answers as zod schemas (the API document shows them; the interfaces above are the contract) ------

const countSchema = z.number().int().min(0);

export const tagTermSchema = z.object({
  id: idSchema.describe("The tag's id"),
  tagName: z.string(),
  category: z.string(),
  establishments: countSchema.describe('Establishments carrying the tag, any visibility'),
  promoterGroups: countSchema.describe('Promoter groups carrying the tag, any visibility'),
  events: countSchema.describe('Events carrying the tag, any visibility'),
  missingTranslations: z.array(z.enum(LANGUAGES)).describe('Languages without a translation, in LANGUAGES order'),
}) satisfies z.ZodType<TagTerm>;

export const tagMergeReplySchema = z.object({
  kept: tagTermSchema,
  removedTagId: idSchema,
  moved: z
    .object({ establishments: countSchema, promoterGroups: countSchema, events: countSchema })
    .describe('The links the kept tag received (records that carried both tags keep their one link)'),
}) satisfies z.ZodType<TagMergeReply>;

export const tagAssignmentReplySchema = z.object({
  tagId: idSchema,
  resource: z.enum(TAGGED_RESOURCES),
  changed: countSchema.describe('Records whose tags changed; those already (un)tagged are left as they were'),
}) satisfies z.ZodType<TagAssignmentReply>;
