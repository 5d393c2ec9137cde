import type { Identifier } from 'react-admin';

/**
 * The promo codes page lives under the permission table's `promo-code` route, not under the API's collection
 * names: `/promo-code` lists the codes, `/promo-code/templates` the templates; `/create` and `/:id` below each
 * open its drawer, a URL to share.
 */
export const PROMO_CODE_AREA = '/promo-code';
export const PROMO_CODE_TEMPLATES_PATH = `${PROMO_CODE_AREA}/templates`;

export type PromoCodeTab = 'codes' | 'templates';

export const listPathOf = (tab: PromoCodeTab) => (tab === 'codes' ? PROMO_CODE_AREA : PROMO_CODE_TEMPLATES_PATH);
export const recordPathOf = (tab: PromoCodeTab, id: Identifier | 'create') =>
  `${listPathOf(tab)}/${encodeURIComponent(String(id))}`;

export type PromoCodeDrawer = { mode: 'create' } | { mode: 'edit'; id: string } | { mode: 'closed' };

/** The tab and drawer a path asks for. */
export function routeOf(pathname: string): { tab: PromoCodeTab; drawer: PromoCodeDrawer } {
  const rest = pathname.replace(/\/+$/, '').slice(PROMO_CODE_AREA.length).split('/').filter(Boolean);
  const tab: PromoCodeTab = rest[0] === 'templates' ? 'templates' : 'codes';
  const segment = tab === 'templates' ? rest[1] : rest[0];
  if (!segment) return { tab, drawer: { mode: 'closed' } };
  if (segment === 'create') return { tab, drawer: { mode: 'create' } };
  return { tab, drawer: { mode: 'edit', id: decodeURIComponent(segment) } };
}
