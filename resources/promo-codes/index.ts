import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import type { ResourceProps } from 'react-admin';
import type { PromoCode, PromoCodeTemplate } from '../../domain/promoCode';
import { lazyScreen } from '../shared/lazyScreen';

/**
 * The promo code resources: spread into `<Resource {...promoCodes} />` and `<Resource {...promoCodeTemplates} />`
 * so react-admin knows the API collections (titles, references). Their screens live on one page under the
 * permission table's `promo-code` route, which the shell routes itself (resources/promo-codes/paths.ts).
 */
export const promoCodes = {
  name: 'promo-codes',
  icon: ConfirmationNumberIcon,
  recordRepresentation: (record: PromoCode) => record.code,
} satisfies ResourceProps;

export const promoCodeTemplates = {
  name: 'promo-code-templates',
  recordRepresentation: (record: PromoCodeTemplate) => record.name,
} satisfies ResourceProps;

/** `/promo-code/*`: the codes and the templates, each with its drawer. */
export const PromoCodesPage = lazyScreen(() => import('./PromoCodesPage'), 'PromoCodesPage');

export default promoCodes;
