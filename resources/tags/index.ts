import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import type { ResourceProps } from 'react-admin';
import type { Tag } from '../../domain/tag';
import { lazyScreen } from '../shared/lazyScreen';

/**
 * The Tags resource: spread into `<Resource name="tags" {...tags} />`. Create and edit are drawers over the
 * list (`/tags/create`, `/tags/:id`), declared with `hasCreate`/`hasEdit`; canAccess decides who sees them.
 */
export const tags = {
  list: lazyScreen(() => import('./TagList'), 'TagList'),
  hasCreate: true,
  hasEdit: true,
  icon: LocalOfferIcon,
  recordRepresentation: (tag: Tag) => tag.generalInfos.tagName,
} satisfies Omit<ResourceProps, 'name'>;

export default tags;
