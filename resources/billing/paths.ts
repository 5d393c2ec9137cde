import type { Identifier } from 'react-admin';

/**
 * The billing page lives under the permission table's `billing` route. ROOT's tabs each have their address:
 * `/billing/invoices` (also `/billing`), `/billing/subscriptions`, `/billing/plans`; `/create` and `/:id` below a
 * tab open its drawer, a URL to share. Partners (PROMOTER, ADMIN) see their own subscription and invoices at
 * `/billing`; `/billing/invoices/:id` opens one of their invoices.
 */
export const BILLING_AREA = '/billing';

export const BILLING_TABS = ['invoices', 'subscriptions', 'plans'] as const;
export type BillingTab = (typeof BILLING_TABS)[number];

export const listPathOf = (tab: BillingTab) => `${BILLING_AREA}/${tab}`;
export const recordPathOf = (tab: BillingTab, id: Identifier | 'create') =>
  `${listPathOf(tab)}/${encodeURIComponent(String(id))}`;

export type BillingDrawer = { mode: 'create' } | { mode: 'open'; id: string } | { mode: 'closed' };

const isTab = (segment: string | undefined): segment is BillingTab =>
  (BILLING_TABS as readonly (string | undefined)[]).includes(segment);

/** The tab and drawer a path asks for (`/billing` and unknown tabs: the invoices). */
export function routeOf(pathname: string): { tab: BillingTab; drawer: BillingDrawer } {
  const rest = pathname.replace(/\/+$/, '').slice(BILLING_AREA.length).split('/').filter(Boolean);
  const tab: BillingTab = isTab(rest[0]) ? rest[0] : 'invoices';
  const segment = isTab(rest[0]) ? rest[1] : undefined;
  if (!segment) return { tab, drawer: { mode: 'closed' } };
  if (segment === 'create') return { tab, drawer: { mode: 'create' } };
  return { tab, drawer: { mode: 'open', id: decodeURIComponent(segment) } };
}
