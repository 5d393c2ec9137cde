import TranslateIcon from '@mui/icons-material/Translate';
import { createElement } from 'react';
import type { ResourceProps } from 'react-admin';
import { Route } from 'react-router-dom';
import type { TagTerm } from '../../domain/tagTerms';
import { lazyScreen } from '../shared/lazyScreen';
import { UNTAGGED_SEGMENT } from './paths';

const TaggedRecordsPage = lazyScreen(() => import('./TagTermRecords'), 'TaggedRecordsPage');
const UntaggedRecordsPage = lazyScreen(() => import('./TagTermRecords'), 'UntaggedRecordsPage');

/**
 * The tag terms resource (`GET /tag-terms`): spread into `<Resource {...tagTerms} />`. Its views, each at its own
 * address (resources/tag-terms/paths.ts): the list at `/tag-terms`, the records carrying a tag at
 * `/tag-terms/:id[/kind]`, the records carrying none at `/tag-terms/untagged[/kind]` (routes below the resource;
 * the more specific `untagged` wins over `:id`). Merging, assigning and removing are dialogs and bulk actions.
 */
export const tagTerms = {
  name: 'tag-terms',
  list: lazyScreen(() => import('./TagTermList'), 'TagTermList'),
  icon: TranslateIcon,
  recordRepresentation: (term: TagTerm) => term.tagName,
  children: [
    createElement(Route, {
      key: 'untagged',
      path: `${UNTAGGED_SEGMENT}/*`,
      element: createElement(UntaggedRecordsPage),
    }),
    createElement(Route, { key: 'records', path: ':id/*', element: createElement(TaggedRecordsPage) }),
  ],
} satisfies ResourceProps;

export default tagTerms;
