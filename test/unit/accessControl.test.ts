import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { RoleKey } from '../../domain/roles';
import type { SessionUser } from '../../domain/user';
import { canAccessWithRoles, canOpenPath, createServerRoles } from '../../providers/accessControl';
import { createAuthApi } from '../../providers/authApi';
import { createAuthProvider } from '../../providers/authProvider';
import { createApi, createHttpClient } from '../../providers/httpClient';
import { createSessionStore } from '../../providers/session';
import { MemoryStorage, rootUser, signInResponse } from './sessionFixtures';

/**
 * The browser's canAccess (providers/accessControl.ts, through the auth provider): react-admin's
 * resource × action for every role, against expectations written out here by hand, and the role keys
 * taken from the server (`GET /auth/me`), never from the stored session.
 */

const API = 'http://backoffice.test/api/v1';

const ROLES = [
  'ROOT',
  'PROMOTER',
  'CUSTOMER',
  'ADMIN',
  'COORDINATOR',
  'COORDINATOR_ADMIN_LIMITED',
  'COORDINATOR_ADMIN_FULL',
] as const;

/**
 * react-admin resource × role → the actions allowed outside production: `r` list/show/export,
 * `c` create/clone, `e` edit, `d` delete, `-` none. A screen needs both the page of the resource (its
 * route prefix) and the table's grant: a promoter reads establishments through the API for its pickers,
 * but the Establishments page is not its own.
 */
const EXPECTED = `
                 ROOT PROM CUST ADMN COOR LIM  FULL
establishments   rced -    -    rce  r    r    r
promoters        rced rce  -    -    -    r    r
events           rced rce  -    rced rced rced rced
occurrences      rced rce  -    rced rced rced rced
offers           rced rced -    rced rced -    rced
offer-templates  rced -    -    -    -    -    rced
tags             rced -    -    -    -    -    rced
users            rced -    -    -    -    -    r
promo-codes      rced -    -    -    -    -    rced
widget-settings  re   -    -    re   -    -    re
audit-log        r    -    -    -    -    -    -
outbox           r    -    -    -    -    -    -
`;

const LETTER_OF_ACTION: Record<string, string> = {
  list: 'r',
  show: 'r',
  export: 'r',
  create: 'c',
  clone: 'c',
  edit: 'e',
  delete: 'd',
};
const REACT_ADMIN_ACTIONS = Object.keys(LETTER_OF_ACTION);

const cells: Array<[RoleKey, string, string, boolean]> = EXPECTED.trim()
  .split('\n')
  .slice(1)
  .map((line) => line.trim().split(/\s+/))
  .flatMap(([resource = '', ...letters]) =>
    ROLES.flatMap((role, column) =>
      REACT_ADMIN_ACTIONS.map((action): [RoleKey, string, string, boolean] => [
        role,
        resource,
        action,
        (letters[column] ?? '').includes(LETTER_OF_ACTION[action] ?? '?'),
      ]),
    ),
  );

const development = { isProduction: false };
const production = { isProduction: true };

describe('canAccessWithRoles: react-admin resource × action × role', () => {
  it.each(cells)('%s may %s… %s %s', (role, resource, action, allowed) => {
    expect(canAccessWithRoles([role], { resource, action }, development)).toBe(allowed);
  });

  it('refuses unknown resources and actions, and users without roles', () => {
    expect(canAccessWithRoles(['ROOT'], { resource: 'secrets', action: 'list' }, development)).toBe(false);
    expect(canAccessWithRoles(['ROOT'], { resource: 'events', action: 'approve' }, development)).toBe(false);
    expect(canAccessWithRoles([], { resource: 'events', action: 'list' }, development)).toBe(false);
    expect(canAccessWithRoles(['SUPERUSER'], { resource: 'events', action: 'list' }, development)).toBe(false);
  });

  it('hides the Mail outbox in production, even from ROOT, and nothing else', () => {
    for (const action of REACT_ADMIN_ACTIONS) {
      expect(canAccessWithRoles(['ROOT'], { resource: 'outbox', action }, production)).toBe(false);
    }
    for (const [role, resource, action, allowed] of cells.filter(([, resource]) => resource !== 'outbox')) {
      expect(canAccessWithRoles([role], { resource, action }, production), `${role} ${resource} ${action}`).toBe(
        allowed,
      );
    }
  });
});

describe('canOpenPath', () => {
  it('opens the outbox pages to ROOT outside production only', () => {
    expect(canOpenPath(['ROOT'], '/outbox', development)).toBe(true);
    expect(canOpenPath(['ROOT'], '/outbox/3/show', development)).toBe(true);
    expect(canOpenPath(['ROOT'], '/outbox', production)).toBe(false);
    expect(canOpenPath(['ROOT'], '/outbox/3/show', production)).toBe(false);
    expect(canOpenPath(['ADMIN'], '/outbox', development)).toBe(false);
  });

  it('follows the table for every other page, in production too', () => {
    expect(canOpenPath(['ROOT'], '/audit-log', production)).toBe(true);
    expect(canOpenPath(['ROOT'], '/outboxes', production)).toBe(false);
    expect(canOpenPath(['ADMIN'], '/tags', production)).toBe(false);
    expect(canOpenPath(['PROMOTER'], '/discount-template', production)).toBe(false);
    expect(canOpenPath(['PROMOTER'], '/discount/4', production)).toBe(true);
    expect(canOpenPath(['COORDINATOR_ADMIN_FULL'], '/users/12', production)).toBe(true);
    expect(canOpenPath([], '/settings', production)).toBe(false);
  });
});

/** The user the server answers for `GET /auth/me`, and how often it was asked. */
let serverUser: SessionUser | null = null;
let meStatus = 200;
let meRequests = 0;

const server = setupServer(
  http.get(`${API}/auth/me`, () => {
    meRequests += 1;
    if (meStatus !== 200 || !serverUser) return HttpResponse.json({ message: 'boom' }, { status: meStatus });
    return HttpResponse.json(serverUser);
  }),
);

const userWithRoles = (...keys: RoleKey[]): SessionUser => ({
  ...rootUser,
  userRoles: keys.map((key, index) => ({ role: { id: index + 1, key } })),
});

describe('the auth provider over the role keys of the server', () => {
  let session: ReturnType<typeof createSessionStore>;
  let authApi: ReturnType<typeof createAuthApi>;
  let signIns = 0;
  let logger: { warn: Mock<Console['warn']> };

  /** A new sign-in (a new auth id) whose stored roles say `storedRoles`, whatever the server says. */
  const signInAs = (...storedRoles: RoleKey[]) => {
    signIns += 1;
    const authId = `2b5d8c8e-6f1a-4c39-9a57-${String(signIns).padStart(12, '0')}`;
    session.signIn({ ...signInResponse, authId, user: userWithRoles(...storedRoles) });
  };

  const providerFor = (isProduction = false) => createAuthProvider({ authApi, session, isProduction, logger });

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    serverUser = null;
    meStatus = 200;
    meRequests = 0;
    logger = { warn: vi.fn<Console['warn']>() };
    const storage = new MemoryStorage();
    session = createSessionStore({ secret: 'unit-test-secret', storage: () => storage, events: () => undefined });
    const client = createHttpClient({
      apiBaseUrl: API,
      authApiBaseUrl: API,
      session,
      navigation: { currentPath: () => '/dashboard', goTo: () => undefined },
      logger: { warn: vi.fn() },
    });
    authApi = createAuthApi({ api: createApi(client), session, logger: { warn: vi.fn() } });
  });
  afterEach(() => server.resetHandlers());

  it.each(ROLES)('answers canAccess for %s from the table, for every resource and action', async (role) => {
    const authProvider = providerFor();
    // The stored session claims CUSTOMER: only the server's answer may count.
    signInAs('CUSTOMER');
    serverUser = userWithRoles(role);
    for (const [cellRole, resource, action, allowed] of cells) {
      if (cellRole !== role) continue;
      await expect(authProvider.canAccess?.({ resource, action }), `${resource} ${action}`).resolves.toBe(allowed);
    }
    await expect(authProvider.getPermissions?.({})).resolves.toEqual([role]);
    // Every check of one sign-in shares one fetch.
    expect(meRequests).toBe(1);
  });

  it('denies what the stored roles would allow when the server no longer gives those roles', async () => {
    const authProvider = providerFor();
    signInAs('ROOT');
    serverUser = userWithRoles('CUSTOMER');
    await expect(authProvider.canAccess?.({ resource: 'tags', action: 'list' })).resolves.toBe(false);
    await expect(authProvider.getPermissions?.({})).resolves.toEqual(['CUSTOMER']);
    // Asking leaves the stored session alone (a write would make the cache forget its own answer).
    expect(session.readSession()?.roles).toEqual(['ROOT']);
  });

  it('lets any of several server roles grant, and hides the outbox in production', async () => {
    signInAs('CUSTOMER');
    serverUser = userWithRoles('CUSTOMER', 'ROOT');
    await expect(providerFor().canAccess?.({ resource: 'outbox', action: 'list' })).resolves.toBe(true);
    await expect(providerFor(true).canAccess?.({ resource: 'outbox', action: 'list' })).resolves.toBe(false);
    await expect(providerFor(true).canAccess?.({ resource: 'users', action: 'delete' })).resolves.toBe(true);
  });

  it('fetches once for simultaneous checks, and again after another sign-in', async () => {
    const authProvider = providerFor();
    signInAs('ADMIN');
    serverUser = userWithRoles('ADMIN');
    const answers = await Promise.all(
      ['establishments', 'promoters', 'events', 'offers', 'tags'].map((resource) =>
        authProvider.canAccess?.({ resource, action: 'list' }),
      ),
    );
    expect(answers).toEqual([true, false, true, true, false]);
    expect(meRequests).toBe(1);

    signInAs('ADMIN');
    serverUser = userWithRoles('COORDINATOR_ADMIN_FULL');
    await expect(authProvider.canAccess?.({ resource: 'tags', action: 'list' })).resolves.toBe(true);
    expect(meRequests).toBe(2);
  });

  it('asks again after any change of the stored session: the same sign-in stored again, a refreshed token', async () => {
    const authProvider = providerFor();
    signInAs('ADMIN');
    const stored = session.readSession();
    serverUser = userWithRoles('ADMIN');
    await expect(authProvider.canAccess?.({ resource: 'tags', action: 'list' })).resolves.toBe(false);

    serverUser = userWithRoles('ROOT');
    session.signIn({ accessToken: 'another-token', authId: stored?.authId ?? '', user: userWithRoles('ADMIN') });
    await expect(authProvider.canAccess?.({ resource: 'tags', action: 'list' })).resolves.toBe(true);

    serverUser = userWithRoles('CUSTOMER');
    session.updateAccessToken('a-refreshed-token');
    await expect(authProvider.canAccess?.({ resource: 'tags', action: 'list' })).resolves.toBe(false);
    expect(meRequests).toBe(3);
  });

  it('asks nothing of the server and denies everything when nobody is signed in', async () => {
    const authProvider = providerFor();
    await expect(authProvider.canAccess?.({ resource: 'events', action: 'list' })).resolves.toBe(false);
    await expect(authProvider.getPermissions?.({})).resolves.toEqual([]);
    expect(meRequests).toBe(0);

    signInAs('ROOT');
    serverUser = userWithRoles('ROOT');
    await expect(authProvider.canAccess?.({ resource: 'events', action: 'list' })).resolves.toBe(true);
    session.clearSession();
    await expect(authProvider.canAccess?.({ resource: 'events', action: 'list' })).resolves.toBe(false);
    expect(meRequests).toBe(1);
  });

  it('denies everything when the fetch fails, and asks the server again at the next check', async () => {
    const authProvider = providerFor();
    signInAs('ROOT');
    serverUser = userWithRoles('ROOT');
    meStatus = 500;
    await expect(authProvider.canAccess?.({ resource: 'events', action: 'list' })).resolves.toBe(false);
    await expect(authProvider.getPermissions?.({})).resolves.toEqual([]);
    expect(logger.warn).toHaveBeenCalledTimes(2);

    meStatus = 200;
    await expect(authProvider.canAccess?.({ resource: 'events', action: 'list' })).resolves.toBe(true);
    expect(meRequests).toBe(3);
  });

  it('denies everything when the server cannot be reached', async () => {
    server.use(http.get(`${API}/auth/me`, () => HttpResponse.error()));
    const authProvider = providerFor();
    signInAs('ROOT');
    await expect(authProvider.canAccess?.({ resource: 'events', action: 'list' })).resolves.toBe(false);
  });

  describe('with a record: its scope too (react-admin useCanAccess with a record)', () => {
    const VENUE = 3;
    const OTHER_VENUE = 4;
    const GROUP = 5;
    const OTHER_GROUP = 6;

    /** Signed in (and known to the server) as a user of these roles and scope. */
    const signInWithScope = (scope: Partial<SessionUser>, ...roles: RoleKey[]) => {
      const user = { ...userWithRoles(...roles), establishmentId: null, promoterGroupId: null, ...scope };
      session.signIn({ ...signInResponse, user });
      serverUser = user;
    };

    const canAccess = (resource: string, action: string, record: Record<string, unknown>) =>
      providerFor().canAccess?.({ resource, action, record });

    const establishment = (id: number, visibility = 'PUBLISHED') => ({ id, visibility });
    const event = (establishmentId: number | null, promoterGroupId: number | null, visibility = 'DRAFT') => ({
      id: 40,
      visibility,
      generalInfos: { establishmentId, promoterGroupId, approvalStatus: 'PENDING' },
    });

    it('lets a venue administrator edit their own establishment, and only read another published one', async () => {
      signInWithScope({ establishmentId: VENUE }, 'ADMIN');
      await expect(canAccess('establishments', 'edit', establishment(VENUE))).resolves.toBe(true);
      await expect(canAccess('establishments', 'edit', establishment(OTHER_VENUE))).resolves.toBe(false);
      await expect(canAccess('establishments', 'show', establishment(OTHER_VENUE))).resolves.toBe(true);
      await expect(canAccess('establishments', 'show', establishment(OTHER_VENUE, 'DRAFT'))).resolves.toBe(false);
      // The scope narrows the table, never widens it: an ADMIN deletes no establishment, not even its own.
      await expect(canAccess('establishments', 'delete', establishment(VENUE))).resolves.toBe(false);
    });

    it('leaves the actions about a whole collection to the table, whatever record surrounds them', async () => {
      // The events list on an establishment's page: react-admin passes the establishment along.
      signInWithScope({ establishmentId: VENUE }, 'ADMIN');
      await expect(canAccess('events', 'list', establishment(VENUE))).resolves.toBe(true);
      await expect(canAccess('events', 'create', establishment(VENUE))).resolves.toBe(true);
      await expect(canAccess('establishments', 'export', establishment(OTHER_VENUE, 'DRAFT'))).resolves.toBe(true);
    });

    it("lets a venue's staff change the events of their venue only", async () => {
      signInWithScope({ establishmentId: VENUE }, 'COORDINATOR');
      await expect(canAccess('events', 'edit', event(VENUE, null))).resolves.toBe(true);
      await expect(canAccess('events', 'delete', event(VENUE, GROUP))).resolves.toBe(true);
      await expect(canAccess('events', 'edit', event(OTHER_VENUE, null))).resolves.toBe(false);
    });

    it("lets a promoter edit their own group and their group's events, not another group's", async () => {
      signInWithScope({ promoterGroupId: GROUP }, 'PROMOTER');
      await expect(canAccess('promoters', 'edit', { id: GROUP })).resolves.toBe(true);
      await expect(canAccess('promoters', 'edit', { id: OTHER_GROUP })).resolves.toBe(false);
      await expect(canAccess('events', 'edit', event(VENUE, GROUP))).resolves.toBe(true);
      await expect(canAccess('events', 'edit', event(VENUE, OTHER_GROUP))).resolves.toBe(false);
      // Its own venue-less draft (no establishment yet) is still its group's.
      await expect(canAccess('events', 'edit', event(null, GROUP))).resolves.toBe(true);
    });

    it('lets the platform roles change any record, within what the table grants them', async () => {
      signInWithScope({}, 'ROOT');
      await expect(canAccess('establishments', 'delete', establishment(OTHER_VENUE))).resolves.toBe(true);
      await expect(canAccess('promoters', 'edit', { id: OTHER_GROUP })).resolves.toBe(true);
      signInWithScope({}, 'COORDINATOR_ADMIN_FULL');
      await expect(canAccess('events', 'edit', event(OTHER_VENUE, OTHER_GROUP))).resolves.toBe(true);
      await expect(canAccess('establishments', 'edit', establishment(OTHER_VENUE))).resolves.toBe(false);
    });

    it("lets only the venue's side decide a promoter's request for the venue", async () => {
      signInWithScope({ establishmentId: VENUE }, 'ADMIN');
      await expect(canAccess('events', 'decide', event(VENUE, GROUP))).resolves.toBe(true);
      await expect(canAccess('events', 'decide', event(OTHER_VENUE, GROUP))).resolves.toBe(false);
      signInWithScope({ promoterGroupId: GROUP }, 'PROMOTER');
      await expect(canAccess('events', 'decide', event(VENUE, GROUP))).resolves.toBe(false);
      signInWithScope({}, 'ROOT');
      await expect(canAccess('events', 'decide', event(OTHER_VENUE, GROUP))).resolves.toBe(true);
      await expect(canAccess('promoters', 'decide', { id: GROUP })).resolves.toBe(false);
    });

    it('asks the server again for a partner who signed in without a record of the kind (onboarding)', async () => {
      signInWithScope({ promoterGroupId: null }, 'PROMOTER');
      // Their first create made group 5 theirs on the server.
      serverUser = { ...(serverUser as SessionUser), promoterGroupId: GROUP };
      await expect(canAccess('promoters', 'edit', { id: GROUP })).resolves.toBe(true);
      await expect(canAccess('promoters', 'edit', { id: OTHER_GROUP })).resolves.toBe(false);
      expect(session.readSession()?.authenticatedUser.promoterGroupId).toBe(GROUP);
    });

    it('refuses every record check when nobody is signed in', async () => {
      await expect(canAccess('establishments', 'show', establishment(VENUE))).resolves.toBe(false);
    });
  });
});

describe('createServerRoles', () => {
  const sessionOf = (authId: string) => ({ authId, accessToken: 't', authenticatedUser: rootUser, roles: [] });

  it('never lets a failed fetch of a previous sign-in drop the answer of the current one', async () => {
    let rejectFirst: (error: Error) => void = () => undefined;
    let current = sessionOf('first');
    const fetchMe = vi
      .fn<() => Promise<SessionUser>>()
      .mockImplementationOnce(() => new Promise((_resolve, reject) => (rejectFirst = reject)))
      .mockResolvedValue(userWithRoles('ADMIN'));
    const serverRoles = createServerRoles({
      readSession: () => current,
      fetchMe,
      subscribeToSession: () => () => undefined,
      logger: { warn: vi.fn() },
    });

    const firstAnswer = serverRoles.roleKeys();
    current = sessionOf('second');
    await expect(serverRoles.roleKeys()).resolves.toEqual(['ADMIN']);
    rejectFirst(new Error('offline'));
    await expect(firstAnswer).resolves.toEqual([]);
    await expect(serverRoles.roleKeys()).resolves.toEqual(['ADMIN']);
    expect(fetchMe).toHaveBeenCalledTimes(2);
  });

  it('forgets its answer when the session announces a change', async () => {
    let announce: () => void = () => undefined;
    const fetchMe = vi
      .fn<() => Promise<SessionUser>>()
      .mockResolvedValueOnce(userWithRoles('ADMIN'))
      .mockResolvedValue(userWithRoles('ROOT'));
    const serverRoles = createServerRoles({
      readSession: () => sessionOf('first'),
      fetchMe,
      subscribeToSession: (listener) => {
        announce = listener;
        return () => undefined;
      },
    });

    await expect(serverRoles.roleKeys()).resolves.toEqual(['ADMIN']);
    await expect(serverRoles.roleKeys()).resolves.toEqual(['ADMIN']);
    announce();
    await expect(serverRoles.roleKeys()).resolves.toEqual(['ROOT']);
    expect(fetchMe).toHaveBeenCalledTimes(2);
  });
});
