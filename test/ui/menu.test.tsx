import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RoleKey } from '../../domain/roles';
import type { SessionUser } from '../../domain/user';
import { ana, apiUrl, listAnswer, meHandler, server } from './msw';
import { renderApp, startSignedIn } from './renderApp';

/**
 * The side menu as each role sees it: group headings and entries in order, written out here from the
 * permission table's documented rules (the specification's table and the extensions of domain/access.ts). The
 * roles are the server's (`GET /auth/me`); the stored session always says ROOT, so a menu wider than the
 * role's would show.
 */
const EXPECTED_MENUS: Record<RoleKey, string[]> = {
  ROOT: [
    'Overview',
    'Dashboard',
    'Statistics',
    'Notifications',
    'Request inbox',
    'Venues & events',
    'Establishments',
    'Promoters',
    'Events',
    'Offers & promotions',
    'Offers',
    'Offer templates',
    'Template requests',
    'Promo codes',
    'Content',
    'Tags',
    'Tag terms',
    'Widget',
    'Administration',
    'Users',
    'Audit log',
    'Mail outbox',
    'Reference data',
    'Account',
    'Billing',
    'Settings',
  ],
  PROMOTER: [
    'Overview',
    'Dashboard',
    'Statistics',
    'Notifications',
    'Request inbox',
    'Venues & events',
    'Promoters',
    'Events',
    'Offers & promotions',
    'Offers',
    'Template requests',
    'Account',
    'Billing',
    'Settings',
  ],
  CUSTOMER: ['Overview', 'Dashboard', 'Notifications', 'Account', 'Settings'],
  ADMIN: [
    'Overview',
    'Dashboard',
    'Statistics',
    'Notifications',
    'Request inbox',
    'Venues & events',
    'Establishments',
    'Events',
    'Offers & promotions',
    'Offers',
    'Template requests',
    'Content',
    'Widget',
    'Account',
    'Billing',
    'Settings',
  ],
  COORDINATOR: [
    'Overview',
    'Dashboard',
    'Statistics',
    'Notifications',
    'Request inbox',
    'Venues & events',
    'Establishments',
    'Events',
    'Offers & promotions',
    'Offers',
    'Template requests',
    'Account',
    'Settings',
  ],
  COORDINATOR_ADMIN_LIMITED: [
    'Overview',
    'Dashboard',
    'Statistics',
    'Notifications',
    'Request inbox',
    'Venues & events',
    'Establishments',
    'Promoters',
    'Events',
    'Account',
    'Settings',
  ],
  COORDINATOR_ADMIN_FULL: [
    'Overview',
    'Dashboard',
    'Statistics',
    'Notifications',
    'Request inbox',
    'Venues & events',
    'Establishments',
    'Promoters',
    'Events',
    'Offers & promotions',
    'Offers',
    'Offer templates',
    'Template requests',
    'Promo codes',
    'Content',
    'Tags',
    'Tag terms',
    'Widget',
    'Administration',
    'Users',
    'Account',
    'Settings',
  ],
};

const withRoles = (...keys: RoleKey[]): SessionUser => ({
  ...ana,
  userRoles: keys.map((key, index) => ({ role: { id: index + 1, key } })),
});

/** The side menu (react-admin's MenuList), once its entries are there. */
const findMenu = async () => {
  const menu = await screen.findByRole('menu');
  await within(menu).findByRole('menuitem', { name: 'Dashboard' });
  return menu;
};

/** Headings and entries, in the order they show. */
const menuTexts = (menu: HTMLElement) =>
  [...menu.querySelectorAll('.MuiListSubheader-root, [role="menuitem"]')].map((element) => element.textContent?.trim());

const entryLinks = (menu: HTMLElement) => within(menu).getAllByRole('menuitem');

describe('the side menu', () => {
  it.each(Object.entries(EXPECTED_MENUS) as Array<[RoleKey, string[]]>)(
    'shows %s exactly its areas',
    async (role, expected) => {
      server.use(meHandler(() => withRoles(role)));
      startSignedIn(withRoles('ROOT'));
      renderApp('/dashboard');
      const menu = await findMenu();
      expect(menuTexts(menu)).toEqual(expected);
      // Every entry leads to its area's page.
      for (const link of entryLinks(menu)) expect(link.getAttribute('href')).toMatch(/^\/[a-z-]+$/);
    },
  );

  it('shows the areas of every role a user has', async () => {
    server.use(meHandler(() => withRoles('CUSTOMER', 'ADMIN')));
    startSignedIn();
    renderApp('/dashboard');
    const menu = await findMenu();
    expect(menuTexts(menu)).toEqual(EXPECTED_MENUS.ADMIN);
  });

  it('highlights the current area, below its own path too, and no area that only shares a prefix', async () => {
    server.use(http.get(apiUrl('/offers'), () => listAnswer('offers', [])));
    startSignedIn();
    renderApp('/discount-template');
    const menu = await findMenu();
    const current = () =>
      within(menu)
        .getAllByRole('menuitem')
        .filter((item) => item.getAttribute('aria-current') === 'page');
    await waitFor(() => expect(current().map((item) => item.textContent)).toEqual(['Offer templates']));
    expect(current()[0]).toHaveClass('RaMenuItemLink-active');

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Offers' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/discount'));
    // /discount-template shares the prefix /discount but is another area.
    expect(current().map((item) => item.textContent)).toEqual(['Offers']);
  });

  it('keeps the highlight on a page below the area', async () => {
    startSignedIn();
    renderApp('/events/12');
    const menu = await findMenu();
    const events = within(menu).getByRole('menuitem', { name: 'Events' });
    expect(events).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('shows only icons, with dividers instead of headings, when the sidebar is closed', async () => {
    startSignedIn(withRoles('CUSTOMER'));
    server.use(meHandler(() => withRoles('CUSTOMER')));
    renderApp('/dashboard');
    const menu = await findMenu();
    expect(within(menu).getByText('Overview')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(within(menu).queryByText('Overview')).not.toBeInTheDocument());
    expect(within(menu).queryByText('Account')).not.toBeInTheDocument();
    expect(menu.querySelectorAll('hr')).toHaveLength(1);
    expect(entryLinks(menu)).toHaveLength(3);
    for (const entry of entryLinks(menu)) expect(entry.querySelector('svg')).not.toBeNull();

    // The label becomes the entry's tooltip.
    await userEvent.hover(within(menu).getByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('tooltip', { name: 'Settings' })).toBeInTheDocument();
  });
});
