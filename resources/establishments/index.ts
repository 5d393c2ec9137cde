import StorefrontIcon from '@mui/icons-material/Storefront';
import type { ResourceProps } from 'react-admin';
import type { Establishment } from '../../domain/establishment';
import { lazyScreen } from '../shared/lazyScreen';

/**
 * The Establishments resource: spread into `<Resource name="establishments" {...establishments} />`.
 * Create and edit are drawers over the list (`/establishments/create`, `/establishments/:id`); a record
 * outside the viewer's write scope opens read only.
 */
export const establishments = {
  list: lazyScreen(() => import('./EstablishmentList'), 'EstablishmentList'),
  hasCreate: true,
  hasEdit: true,
  hasShow: true,
  icon: StorefrontIcon,
  recordRepresentation: (establishment: Establishment) => establishment.generalInfos.establishmentName,
} satisfies Omit<ResourceProps, 'name'>;

export default establishments;
