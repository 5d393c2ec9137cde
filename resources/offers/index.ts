import DiscountIcon from '@mui/icons-material/Discount';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../shared/lazyScreen';

/**
 * The offers resource: spread into `<Resource {...offers} />` so react-admin knows the API collection. Its
 * screen lives under the menu's area (`/discount`, the permission table's route), not under the collection's
 * name, so the shell routes it itself: `/discount` lists, `/discount/create` and `/discount/:id` open the drawer.
 */
export const offers = {
  name: 'offers',
  icon: DiscountIcon,
  recordRepresentation: (record: { id: number }) => `#${record.id}`,
} satisfies ResourceProps;

/** `/discount/*`: the list and its create/edit drawer. */
export const OfferListPage = lazyScreen(() => import('./OfferList'), 'OfferListPage');

export default offers;
