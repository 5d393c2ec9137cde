import type { ResourceProps } from 'react-admin';
import type { Invoice, Plan, Subscription } from '../../domain/billing';
import { lazyScreen } from '../shared/lazyScreen';

/**
 * The billing resources: spread into `<Resource {...plans} />`, `<Resource {...subscriptions} />` and
 * `<Resource {...invoices} />` so react-admin knows the API collections (titles, references, canAccess). Their
 * screens live on one page under the permission table's `billing` route (resources/billing/paths.ts).
 */
export const plans = {
  name: 'plans',
  recordRepresentation: (plan: Plan) => plan.name.en,
} satisfies ResourceProps;

export const subscriptions = {
  name: 'subscriptions',
  recordRepresentation: (subscription: Subscription) => subscription.partner.name,
} satisfies ResourceProps;

export const invoices = {
  name: 'invoices',
  recordRepresentation: (invoice: Invoice) => invoice.number,
} satisfies ResourceProps;

/** `/billing/*`: ROOT's tabs (invoices, subscriptions, plans) or a partner's own subscription and invoices. */
export const BillingPage = lazyScreen(() => import('./BillingPage'), 'BillingPage');

export default invoices;
