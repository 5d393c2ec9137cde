import DiscountIcon from '@mui/icons-material/Discount';
import type { ResourceProps } from 'react-admin';
import type { OfferTemplate } from '../../domain/offerTemplate';
import { lazyScreen } from '../shared/lazyScreen';

/**
 * The offer templates resource: spread into `<Resource {...offerTemplates} />` so react-admin knows the API
 * collection. Its screens live at the permission table's routes (`/discount-template` for the platform's
 * staff, `/request-discount-template` for the requests), which the shell routes itself.
 */
export const offerTemplates = {
  name: 'offer-templates',
  icon: DiscountIcon,
  recordRepresentation: (template: OfferTemplate) => template.longTitle,
} satisfies ResourceProps;

/** `/discount-template`: the templates, with their drawer. */
export const OfferTemplateListPage = lazyScreen(() => import('./OfferTemplateList'), 'OfferTemplateListPage');

/** `/request-discount-template`: the queue of requests (deciders) or one's own requests (partners). */
export const TemplateRequestsPage = lazyScreen(() => import('./TemplateRequests'), 'TemplateRequestsPage');

export default offerTemplates;
