import GroupsIcon from '@mui/icons-material/Groups';
import type { ResourceProps } from 'react-admin';
import type { Promoter } from '../../domain/promoter';
import { lazyScreen } from '../shared/lazyScreen';

/**
 * The promoter groups resource: spread into `<Resource name="promoters" {...promoters} />`. Create and edit
 * are drawers over the list; a group outside the viewer's write scope opens read only.
 */
export const promoters = {
  list: lazyScreen(() => import('./PromoterList'), 'PromoterList'),
  hasCreate: true,
  hasEdit: true,
  hasShow: true,
  icon: GroupsIcon,
  recordRepresentation: (promoter: Promoter) => promoter.generalInfos.promoterName,
} satisfies Omit<ResourceProps, 'name'>;

export default promoters;
