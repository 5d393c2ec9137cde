import type { Identifier } from 'react-admin';
import { TAGGED_RESOURCES, type TaggedResource } from '../../domain/tagTerms';

/**
 * The tag terms page's addresses, each view its own URL:
 * - `/tag-terms`: every tag with its counts (the list);
 * - `/tag-terms/:id` (`/establishments`, `/promoters`, `/events`): the records carrying tag `id`, one kind per tab;
 * - `/tag-terms/untagged` (`/establishments`, `/promoters`, `/events`): the records carrying no tag.
 * The kind segment is the API's collection name; none means establishments.
 */
export const TAG_TERMS_PATH = '/tag-terms';
export const UNTAGGED_SEGMENT = 'untagged';

export const DEFAULT_KIND: TaggedResource = 'establishments';

export const isTaggedResource = (value: string | undefined): value is TaggedResource =>
  (TAGGED_RESOURCES as readonly string[]).includes(value ?? '');

/** The kind a path's trailing segment asks for (an unknown one is the default). */
export const kindOf = (segment: string | undefined): TaggedResource =>
  isTaggedResource(segment) ? segment : DEFAULT_KIND;

export const taggedRecordsPathOf = (tagId: Identifier, kind: TaggedResource = DEFAULT_KIND) =>
  `${TAG_TERMS_PATH}/${encodeURIComponent(String(tagId))}${kind === DEFAULT_KIND ? '' : `/${kind}`}`;

export const untaggedRecordsPathOf = (kind: TaggedResource = DEFAULT_KIND) =>
  `${TAG_TERMS_PATH}/${UNTAGGED_SEGMENT}${kind === DEFAULT_KIND ? '' : `/${kind}`}`;

/** A record's own page, where its screens live (an establishment's and a group's drawer, an event's page). */
export const recordPathOf = (kind: TaggedResource, id: Identifier) => `/${kind}/${encodeURIComponent(String(id))}`;

/** The counts of a TagTerm, by the kind of record they count. */
export const COUNT_FIELDS = {
  establishments: 'establishments',
  promoters: 'promoterGroups',
  events: 'events',
} as const satisfies Record<TaggedResource, string>;
