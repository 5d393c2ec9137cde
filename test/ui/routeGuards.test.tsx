import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RoleKey } from '../../domain/roles';
import type { SessionUser } from '../../domain/user';
import { ana, apiUrl, meHandler, server } from './msw';
import { renderApp, startSignedIn } from './renderApp';

/**
 * The route guards: every private page and every resource screen opens only when the role keys
 * that the server gives the user (`GET /auth/me`) open its path; otherwise the visitor lands on
 * /unauthorized. The stored session says ROOT in every test, so only the server's answer can let anyone in.
 */

const withRoles = (...keys: RoleKey[]): SessionUser => ({
  ...ana,
  userRoles: keys.map((key, index) => ({ role: { id: index + 1, key } })),
});

const currentPath = () => screen.getByTestId('location').textContent;

const expectUnauthorized = async () => {
  await waitFor(() => expect(currentPath()).toBe('/unauthorized'));
  expect(await screen.findByRole('heading', { name: 'Ooops, unAuthorized :(' })).toBeInTheDocument();
};

/** A list answer of the simple REST contract, for resource screens that load their records. */
const emptyList = (resource: string) =>
  HttpResponse.json([], {
    headers: { 'Content-Range': `${resource} 0-0/0`, 'Access-Control-Expose-Headers': 'Content-Range' },
  });

/** `GET /auth/me` answered only when the test says so. */
const heldMeAnswer = (user: SessionUser) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get(apiUrl('/auth/me'), async () => {
      await released;
      return HttpResponse.json(user);
    }),
  );
  return release;
};

describe('route guards', () => {
  it.each<[string, RoleKey[]]>([
    ['/tags', ['ADMIN']],
    ['/promo-code/3', ['PROMOTER']],
    ['/users', ['ADMIN']],
    ['/audit-log', ['COORDINATOR_ADMIN_FULL']],
    ['/outbox', ['COORDINATOR_ADMIN_FULL']],
    ['/discount-template', ['PROMOTER']],
    ['/establishments', ['PROMOTER']],
    ['/iframe', ['COORDINATOR']],
    ['/billing', ['COORDINATOR_ADMIN_FULL']],
    ['/events/12/show', ['CUSTOMER']],
    ['/statistics', ['CUSTOMER']],
    ['/asks', ['CUSTOMER']],
    ['/settings', []],
    ['/dashboard', []],
  ])('sends %s as %j to /unauthorized', async (path, roles) => {
    server.use(meHandler(() => withRoles(...roles)));
    startSignedIn(withRoles('ROOT'));
    renderApp(path);
    await expectUnauthorized();
  });

  it('never loads the records of a forbidden list', async () => {
    const requested: string[] = [];
    server.use(
      meHandler(() => withRoles('ADMIN')),
      http.get(apiUrl('/:resource'), ({ params }) => {
        requested.push(String(params.resource));
        return emptyList(String(params.resource));
      }),
    );
    startSignedIn(withRoles('ROOT'));
    renderApp('/tags');
    await expectUnauthorized();
    // The app bar's bell asks for one's own notifications on every page; no list is loaded.
    expect(requested.filter((resource) => resource !== 'notifications')).toEqual([]);
  });

  it('denies every page when the server cannot tell the roles', async () => {
    server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    startSignedIn(withRoles('ROOT'));
    renderApp('/dashboard');
    await expectUnauthorized();
  });

  it('denies a resource screen when the server cannot be reached', async () => {
    server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.error()));
    startSignedIn(withRoles('ROOT'));
    renderApp('/outbox');
    await expectUnauthorized();
  });

  it.each<[string, RoleKey[], string]>([
    ['/dashboard', ['CUSTOMER'], 'Hello, Ana'],
    ['/notifications', ['CUSTOMER'], 'No notifications yet.'],
  ])('opens %s to %j', async (path, roles, text) => {
    server.use(meHandler(() => withRoles(...roles)));
    startSignedIn(withRoles('ROOT'));
    renderApp(path);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(currentPath()).toBe(path);
  });

  it('opens the billing page to an ADMIN: its own subscription and invoices', async () => {
    server.use(
      meHandler(() => withRoles('ADMIN')),
      http.get(apiUrl('/:resource'), ({ params }) => emptyList(String(params.resource))),
    );
    startSignedIn(withRoles('ROOT'));
    renderApp('/billing');
    expect(await screen.findByText('You have no subscription yet. Contact us to choose a plan.')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Plans' })).not.toBeInTheDocument();
    expect(currentPath()).toBe('/billing');
  });

  it('opens the statistics page to a PROMOTER', async () => {
    server.use(
      meHandler(() => withRoles('PROMOTER')),
      http.get(apiUrl('/statistics'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
    );
    startSignedIn(withRoles('ROOT'));
    renderApp('/statistics');
    // The page is open (its request answered 500 here: the page says so).
    expect(await screen.findByText('The statistics could not be loaded.')).toBeInTheDocument();
    expect(currentPath()).toBe('/statistics');
  });

  it("opens the Request inbox to a COORDINATOR, who decides its venue's event requests", async () => {
    server.use(meHandler(() => withRoles('COORDINATOR')));
    startSignedIn(withRoles('ROOT'));
    renderApp('/asks');
    expect(await screen.findByText(/No request here yet/)).toBeInTheDocument();
    expect(currentPath()).toBe('/asks');
  });

  it('opens Settings to a customer (every signed-in person manages their account)', async () => {
    server.use(meHandler(() => withRoles('CUSTOMER')));
    startSignedIn(withRoles('ROOT'));
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Preferences' })).toBeInTheDocument();
    expect(currentPath()).toBe('/settings');
  });

  it('opens a resource screen that the server roles allow, and loads its records only then', async () => {
    const listed: string[] = [];
    server.use(
      meHandler(() => withRoles('ROOT')),
      http.get(apiUrl('/outbox'), ({ request }) => {
        listed.push(new URL(request.url).pathname);
        return emptyList('outbox');
      }),
    );
    startSignedIn(withRoles('ROOT'));
    renderApp('/outbox');
    expect(await screen.findByText('No mail was recorded yet.')).toBeInTheDocument();
    expect(currentPath()).toBe('/outbox');
    expect(listed.length).toBeGreaterThan(0);
  });

  it('lets the users route follow the rule of /tags: COORDINATOR_ADMIN_FULL opens the users list', async () => {
    const listed: string[] = [];
    server.use(
      meHandler(() => withRoles('COORDINATOR_ADMIN_FULL')),
      http.get(apiUrl('/:resource'), ({ params }) => {
        const resource = String(params.resource);
        listed.push(resource);
        return emptyList(resource);
      }),
    );
    startSignedIn(withRoles('ROOT'));
    renderApp('/users');
    await waitFor(() => expect(listed).toContain('users'));
    expect(currentPath()).toBe('/users');
  });

  it('shows nothing of a page while the roles load, and never the forbidden page', async () => {
    const listed: string[] = [];
    server.use(
      http.get(apiUrl('/tag-terms'), () => {
        listed.push('tag-terms');
        return emptyList('tag-terms');
      }),
    );
    const release = heldMeAnswer(withRoles('PROMOTER'));
    startSignedIn(withRoles('ROOT'));
    renderApp('/tag-terms');
    // The layout is there, the page is not: neither its list nor the unauthorized screen yet.
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Search')).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/tag-terms');

    release();
    await expectUnauthorized();
    expect(screen.queryByPlaceholderText('Search')).not.toBeInTheDocument();
    expect(listed).toEqual([]);
  });

  it('opens the tag terms page to a COORDINATOR_ADMIN_FULL, and not to an ADMIN', async () => {
    server.use(
      meHandler(() => withRoles('COORDINATOR_ADMIN_FULL')),
      http.get(apiUrl('/tag-terms'), () =>
        HttpResponse.json(
          [
            {
              id: 1,
              tagName: 'jazz',
              category: 'Music',
              establishments: 2,
              promoterGroups: 0,
              events: 5,
              missingTranslations: [],
            },
          ],
          { headers: { 'Content-Range': 'tag-terms 0-0/1', 'Access-Control-Expose-Headers': 'Content-Range' } },
        ),
      ),
    );
    startSignedIn(withRoles('ROOT'));
    renderApp('/tag-terms');
    expect(await screen.findByText('jazz')).toBeInTheDocument();
    expect(currentPath()).toBe('/tag-terms');
  });

  it.each(['/tag-terms', '/tag-terms/1', '/tag-terms/untagged/events'])(
    'sends an ADMIN from %s to /unauthorized',
    async (path) => {
      server.use(meHandler(() => withRoles('ADMIN')));
      startSignedIn(withRoles('ROOT'));
      renderApp(path);
      await expectUnauthorized();
    },
  );

  it('sends a signed-out visitor of a placeholder area to /auth, not to /unauthorized', async () => {
    renderApp('/tag-terms');
    await waitFor(() => expect(currentPath()).toBe('/auth'));
  });
});
