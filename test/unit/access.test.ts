import { describe, expect, it } from 'vitest';
import {
  ACCESS_TABLE,
  ACTIONS,
  canOpenRoute,
  hasPermission,
  isInScope,
  PERMISSION_RESOURCES,
  ROUTE_PREFIXES,
  routesOf,
  SPEC_GRANTS,
  SPEC_ROUTES,
  type Action,
  type PermissionResource,
  type RecordOwnership,
  type RoutePrefix,
  type Viewer,
} from '../../domain/access';
import { ROLE_KEYS, type RoleKey } from '../../domain/roles';

/**
 * The permission table walked cell by cell against expectations written out here by hand, from the
 * specification's table and the extensions (with their reasons) documented in domain/access.ts, never
 * computed from its code.
 */

/** Column order of the matrices below. */
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
 * Role × route prefix → may open. `x` opens, `.` does not. Columns: ROOT, PROMOTER, CUSTOMER, ADMIN,
 * COORDINATOR, COORDINATOR_ADMIN_LIMITED (LIM), COORDINATOR_ADMIN_FULL (FULL).
 * The specification's table plus: settings for customers; users for whoever opens tags (ROOT, FULL); tag
 * terms and promo codes with the tags roles; notifications for all; billing for ROOT, PROMOTER, ADMIN; asks
 * and statistics for every partner role (not customers); audit log and outbox for ROOT; template requests for
 * the partners with the discount route (PROMOTER, ADMIN, COORDINATOR).
 */
const EXPECTED_ROUTES = `
                            ROOT PROM CUST ADMN COOR LIM  FULL
dashboard                    x    x    x    x    x    x    x
establishments               x    .    .    x    x    x    x
events                       x    x    .    x    x    x    x
discount                     x    x    .    x    x    .    x
discount-template            x    .    .    .    .    .    x
request-discount-template    x    x    .    x    x    .    x
promoters                    x    x    .    .    .    x    x
promo-code                   x    .    .    .    .    .    x
tags                         x    .    .    .    .    .    x
tag-terms                    x    .    .    .    .    .    x
users                        x    .    .    .    .    .    x
settings                     x    x    x    x    x    x    x
iframe                       x    .    .    x    .    .    x
notifications                x    x    x    x    x    x    x
billing                      x    x    .    x    .    .    .
asks                         x    x    .    x    x    x    x
statistics                   x    x    .    x    x    x    x
audit-log                    x    .    .    .    .    .    .
outbox                       x    .    .    .    .    .    .
reference-data               x    .    .    .    .    .    .
`;

/**
 * Role × resource → the actions granted, as letters of `crud` in the order r, c, u, d (`-` for none).
 * The specification's table plus: who creates may update (ROOT and ADMIN establishments, ROOT and PROMOTER
 * promoter groups, PROMOTER events); ROOT manages users, removes partners, reads the audit log and the
 * outbox, manages reference data; FULL and the two coordinator roles read users (everybody reads their own
 * user record); everybody reads establishments, promoter groups, tags and reference data (pickers); ROOT and
 * FULL manage tags, promo codes and offer templates; the discount roles manage offers and read templates;
 * the iframe roles read and update widget settings; the discount partners request templates (create, update);
 * the roles with the asks route read the asks of their scope; ROOT runs billing and the paying partners read their
 * own; ROOT and FULL manage tag terms.
 */
const EXPECTED_GRANTS = `
                 ROOT PROM CUST ADMN COOR LIM  FULL
ESTABLISHMENT    rcud r    r    rcu  r    r    r
PROMOTER_GROUP   rcud rcu  r    r    r    r    r
EVENT            rcud rcu  r    rcud rcud rcud rcud
USER             rcud r    r    r    r    r    r
TAG              rcud r    r    r    r    r    rcud
OFFER            rcud rcud r    rcud rcud -    rcud
OFFER_TEMPLATE   rcud rcu  -    rcu  rcu  -    rcud
PROMO_CODE       rcud -    -    -    -    -    rcud
WIDGET_SETTINGS  ru   -    -    ru   -    -    ru
REFERENCE_DATA   rcud r    r    r    r    r    r
AUDIT_LOG        r    -    -    -    -    -    -
MAIL_OUTBOX      r    -    -    -    -    -    -
ASK              r    r    -    r    r    r    r
STATISTICS       r    r    -    r    r    r    r
BILLING          rcud r    -    r    -    -    -
TAG_TERMS        rcud -    -    -    -    -    rcud
`;

/** The specification's own table, copied from it, to prove that the code keeps it verbatim. */
const SPEC_TABLE: Record<RoleKey, { routes: string; permissions: string }> = {
  ROOT: {
    routes:
      'dashboard, promoters, discount, discount-template, establishments, events, request-discount-template, tags, iframe, settings',
    permissions: 'ESTABLISHMENT read/create; PROMOTER_GROUP read/create; EVENT read/create/update/delete; USER read',
  },
  PROMOTER: {
    routes: 'dashboard, promoters, discount, events, settings',
    permissions: 'PROMOTER_GROUP read/create; EVENT read/create; USER read',
  },
  CUSTOMER: { routes: 'dashboard', permissions: 'EVENT read; USER read' },
  ADMIN: {
    routes: 'dashboard, establishments, discount, events, settings, iframe',
    permissions: 'ESTABLISHMENT read/create; EVENT read/create/update/delete; USER read',
  },
  COORDINATOR: {
    routes: 'dashboard, establishments, discount, events, settings',
    permissions: 'EVENT read/create/update/delete',
  },
  COORDINATOR_ADMIN_LIMITED: {
    routes: 'dashboard, events, settings, promoters, establishments',
    permissions: 'EVENT read/create/update/delete',
  },
  COORDINATOR_ADMIN_FULL: {
    routes:
      'dashboard, events, settings, promoters, discount, discount-template, establishments, request-discount-template, tags, iframe',
    permissions: 'EVENT read/create/update/delete',
  },
};

const rowsOf = (matrix: string): string[][] =>
  matrix
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/));

const routeCells: Array<[RoleKey, RoutePrefix, boolean]> = rowsOf(EXPECTED_ROUTES).flatMap(([prefix, ...cells]) =>
  ROLES.map((role, column): [RoleKey, RoutePrefix, boolean] => [role, prefix as RoutePrefix, cells[column] === 'x']),
);

const LETTER_OF: Record<Action, string> = { read: 'r', create: 'c', update: 'u', delete: 'd' };

const grantCells: Array<[RoleKey, PermissionResource, Action, boolean]> = rowsOf(EXPECTED_GRANTS).flatMap(
  ([resource, ...cells]) =>
    ROLES.flatMap((role, column) =>
      ACTIONS.map((action): [RoleKey, PermissionResource, Action, boolean] => [
        role,
        resource as PermissionResource,
        action,
        (cells[column] ?? '').includes(LETTER_OF[action]),
      ]),
    ),
);

describe('the expected matrices', () => {
  it('cover every role, every route prefix and every resource of the table, and nothing else', () => {
    expect([...ROLES].sort()).toEqual([...ROLE_KEYS].sort());
    expect(
      rowsOf(EXPECTED_ROUTES)
        .map(([prefix]) => prefix)
        .sort(),
    ).toEqual([...ROUTE_PREFIXES].sort());
    expect(
      rowsOf(EXPECTED_GRANTS)
        .map(([resource]) => resource)
        .sort(),
    ).toEqual([...PERMISSION_RESOURCES].sort());
    for (const row of [...rowsOf(EXPECTED_ROUTES), ...rowsOf(EXPECTED_GRANTS)])
      expect(row).toHaveLength(ROLES.length + 1);
  });
});

describe('canOpenRoute walks role × route prefix', () => {
  it.each(routeCells)('%s on /%s: %s', (role, prefix, allowed) => {
    expect(canOpenRoute([role], `/${prefix}`)).toBe(allowed);
    // A page below the prefix follows the prefix (an edit screen, a show screen).
    expect(canOpenRoute([role], `/${prefix}/12/show`)).toBe(allowed);
  });

  it('gives each role exactly its routes', () => {
    for (const role of ROLES) {
      const expected = routeCells
        .filter(([cellRole, , allowed]) => cellRole === role && allowed)
        .map(([, prefix]) => prefix);
      expect(routesOf([role]).sort(), role).toEqual(expected.sort());
    }
  });
});

describe('hasPermission walks role × resource × action', () => {
  it.each(grantCells)('%s on %s, %s: %s', (role, resource, action, allowed) => {
    expect(hasPermission([role], resource, action)).toBe(allowed);
    expect(hasPermission([role], resource, [action])).toBe(allowed);
  });

  it('asks for all the requested actions at once', () => {
    for (const role of ROLES) {
      for (const resource of PERMISSION_RESOURCES) {
        const granted = grantCells
          .filter(([r, res, , allowed]) => r === role && res === resource && allowed)
          .map(([, , action]) => action);
        expect(hasPermission([role], resource, ACTIONS), `${role} ${resource}`).toBe(granted.length === ACTIONS.length);
        if (granted.length > 0) expect(hasPermission([role], resource, granted), `${role} ${resource}`).toBe(true);
      }
    }
  });
});

describe('the semantics of several role keys (SPEC §6)', () => {
  it('grants when any one role grants all the requested actions', () => {
    expect(hasPermission(['CUSTOMER', 'ADMIN'], 'ESTABLISHMENT', ['create', 'update'])).toBe(true);
    expect(hasPermission(['ADMIN', 'CUSTOMER'], 'ESTABLISHMENT', ['create', 'update'])).toBe(true);
    expect(hasPermission(['CUSTOMER', 'COORDINATOR'], 'EVENT', ['read', 'delete'])).toBe(true);
    expect(hasPermission(['PROMOTER', 'COORDINATOR_ADMIN_LIMITED'], 'OFFER', 'delete')).toBe(true);
  });

  it('refuses when no role grants every requested action', () => {
    // Neither PROMOTER (read) nor ADMIN (read, create, update) may delete an establishment.
    expect(hasPermission(['PROMOTER', 'ADMIN'], 'ESTABLISHMENT', ['update', 'delete'])).toBe(false);
    expect(hasPermission(['CUSTOMER', 'COORDINATOR'], 'USER', 'update')).toBe(false);
  });

  it('opens the routes of every role a user has', () => {
    expect(canOpenRoute(['CUSTOMER', 'COORDINATOR'], '/events')).toBe(true);
    expect(canOpenRoute(['PROMOTER', 'ADMIN'], '/iframe')).toBe(true);
    expect(canOpenRoute(['PROMOTER', 'ADMIN'], '/tags')).toBe(false);
  });

  it('gives nothing to a user with no roles', () => {
    for (const resource of PERMISSION_RESOURCES) {
      for (const action of ACTIONS) expect(hasPermission([], resource, action)).toBe(false);
    }
    for (const prefix of ROUTE_PREFIXES) expect(canOpenRoute([], `/${prefix}`)).toBe(false);
    expect(routesOf([])).toEqual([]);
  });

  it('gives nothing for unknown role keys, and ignores them beside known ones', () => {
    for (const roleKeys of [['SUPERUSER'], ['root'], [''], ['toString'], ['__proto__']]) {
      expect(hasPermission(roleKeys, 'EVENT', 'read')).toBe(false);
      expect(canOpenRoute(roleKeys, '/dashboard')).toBe(false);
    }
    expect(hasPermission(['SUPERUSER', 'ADMIN'], 'ESTABLISHMENT', 'create')).toBe(true);
    expect(hasPermission(['SUPERUSER', 'ADMIN'], 'ESTABLISHMENT', 'delete')).toBe(false);
  });

  it('refuses an empty list of actions, even to ROOT', () => {
    expect(hasPermission(['ROOT'], 'EVENT', [])).toBe(false);
  });
});

describe('route matching (SPEC §2: the path starts with a prefix, by whole segments)', () => {
  it('does not let /discount open /discount-template', () => {
    expect(canOpenRoute(['PROMOTER'], '/discount')).toBe(true);
    expect(canOpenRoute(['PROMOTER'], '/discount/12')).toBe(true);
    expect(canOpenRoute(['PROMOTER'], '/discount-template')).toBe(false);
    expect(canOpenRoute(['PROMOTER'], '/discount-template/3')).toBe(false);
    expect(canOpenRoute(['PROMOTER'], '/discounts')).toBe(false);
  });

  it('opens a nested path with the prefix of its first segment', () => {
    expect(canOpenRoute(['COORDINATOR'], '/events/12/show')).toBe(true);
    expect(canOpenRoute(['COORDINATOR'], '/events/')).toBe(true);
    expect(canOpenRoute(['CUSTOMER'], '/events/12/show')).toBe(false);
    // A prefix deeper in the path opens nothing.
    expect(canOpenRoute(['CUSTOMER'], '/settings-old')).toBe(false);
    expect(canOpenRoute(['CUSTOMER'], '/other/settings')).toBe(false);
  });

  it('reads a path with or without its leading slash, and opens no empty path', () => {
    expect(canOpenRoute(['ADMIN'], 'iframe')).toBe(true);
    expect(canOpenRoute(['ADMIN'], '//iframe')).toBe(true);
    expect(canOpenRoute(['ROOT'], '/')).toBe(false);
    expect(canOpenRoute(['ROOT'], '')).toBe(false);
  });

  it('lets the users route follow the rule of the /tags path', () => {
    for (const role of ROLES) expect(canOpenRoute([role], '/users'), role).toBe(canOpenRoute([role], '/tags'));
  });
});

describe('the extensions never take away a grant of SPEC §6', () => {
  const specLists = (text: string) => text.split(', ');
  const specGrants = (text: string): Array<[PermissionResource, Action[]]> =>
    text.split('; ').map((part) => {
      const [resource, actions] = part.split(' ') as [PermissionResource, string];
      return [resource, actions.split('/') as Action[]];
    });

  it('keeps SPEC §6 verbatim in SPEC_ROUTES and SPEC_GRANTS', () => {
    for (const role of ROLES) {
      expect([...SPEC_ROUTES[role]].sort(), role).toEqual(specLists(SPEC_TABLE[role].routes).sort());
      const grants = Object.fromEntries(
        Object.entries(SPEC_GRANTS[role]).map(([resource, actions]) => [resource, [...actions].sort()]),
      );
      expect(grants, role).toEqual(
        Object.fromEntries(
          specGrants(SPEC_TABLE[role].permissions).map(([resource, actions]) => [resource, actions.sort()]),
        ),
      );
    }
  });

  it('grants in ACCESS_TABLE every route and action of SPEC_ROUTES and SPEC_GRANTS', () => {
    for (const role of ROLES) {
      for (const prefix of SPEC_ROUTES[role]) {
        expect(ACCESS_TABLE[role].routes, `${role} ${prefix}`).toContain(prefix);
        expect(canOpenRoute([role], `/${prefix}`), `${role} ${prefix}`).toBe(true);
      }
      for (const [resource, actions] of Object.entries(SPEC_GRANTS[role]) as Array<
        [PermissionResource, readonly Action[]]
      >) {
        for (const action of actions) {
          expect(ACCESS_TABLE[role].grants[resource], `${role} ${resource}`).toContain(action);
          expect(hasPermission([role], resource, action), `${role} ${resource} ${action}`).toBe(true);
        }
      }
    }
  });
});

describe('isInScope (ARCHITECTURE.md §4)', () => {
  const viewer = (
    roleKeys: RoleKey[],
    scope: Partial<Pick<Viewer, 'establishmentId' | 'promoterGroupId'>> = {},
  ): Viewer => ({
    userId: 40,
    roleKeys,
    establishmentId: scope.establishmentId ?? null,
    promoterGroupId: scope.promoterGroupId ?? null,
  });
  const root = viewer(['ROOT']);
  const full = viewer(['COORDINATOR_ADMIN_FULL']);
  const admin = viewer(['ADMIN'], { establishmentId: 1 });
  const coordinator = viewer(['COORDINATOR'], { establishmentId: 1 });
  const limited = viewer(['COORDINATOR_ADMIN_LIMITED'], { establishmentId: 1 });
  const promoter = viewer(['PROMOTER'], { promoterGroupId: 5 });
  const customer = viewer(['CUSTOMER']);

  const draftEventOf = (ownership: RecordOwnership): RecordOwnership => ({ ...ownership, visibility: 'DRAFT' });
  const firstEstablishmentEvent = draftEventOf({ establishmentIds: [1] });
  const secondEstablishmentEvent = draftEventOf({ establishmentIds: [2] });
  const firstGroupEvent = draftEventOf({ promoterGroupIds: [5] });
  const secondGroupEvent = draftEventOf({ promoterGroupIds: [6] });

  it('all: ROOT and COORDINATOR_ADMIN_FULL read and write every record', () => {
    for (const who of [root, full]) {
      for (const record of [firstEstablishmentEvent, secondEstablishmentEvent, firstGroupEvent, secondGroupEvent, {}]) {
        expect(isInScope(who, 'EVENT', record, 'read')).toBe(true);
        expect(isInScope(who, 'EVENT', record, 'write')).toBe(true);
      }
    }
  });

  it("establishment: ADMIN, COORDINATOR and LIMITED read and write their establishment's records only", () => {
    for (const who of [admin, coordinator, limited]) {
      expect(isInScope(who, 'EVENT', firstEstablishmentEvent, 'read')).toBe(true);
      expect(isInScope(who, 'EVENT', firstEstablishmentEvent, 'write')).toBe(true);
      expect(isInScope(who, 'EVENT', draftEventOf({ establishmentIds: [2, 1] }), 'write')).toBe(true);
      expect(isInScope(who, 'EVENT', secondEstablishmentEvent, 'read')).toBe(false);
      expect(isInScope(who, 'EVENT', secondEstablishmentEvent, 'write')).toBe(false);
      expect(isInScope(who, 'EVENT', firstGroupEvent, 'read')).toBe(false);
    }
    // Without an establishment of their own, they own nothing.
    expect(isInScope(viewer(['ADMIN']), 'EVENT', firstEstablishmentEvent, 'read')).toBe(false);
  });

  it("promoterGroup: PROMOTER reads and writes its group's records only", () => {
    expect(isInScope(promoter, 'EVENT', firstGroupEvent, 'read')).toBe(true);
    expect(isInScope(promoter, 'EVENT', firstGroupEvent, 'write')).toBe(true);
    expect(isInScope(promoter, 'EVENT', secondGroupEvent, 'read')).toBe(false);
    expect(isInScope(promoter, 'EVENT', secondGroupEvent, 'write')).toBe(false);
    expect(isInScope(promoter, 'EVENT', firstEstablishmentEvent, 'read')).toBe(false);
    expect(isInScope(viewer(['PROMOTER']), 'EVENT', firstGroupEvent, 'read')).toBe(false);
  });

  it('published: CUSTOMER reads published events, never drafts, and writes none', () => {
    const publishedEvent: RecordOwnership = { establishmentIds: [2], visibility: 'PUBLISHED' };
    expect(isInScope(customer, 'EVENT', publishedEvent, 'read')).toBe(true);
    expect(isInScope(customer, 'EVENT', publishedEvent, 'write')).toBe(false);
    expect(isInScope(customer, 'EVENT', secondEstablishmentEvent, 'read')).toBe(false);
    expect(isInScope(customer, 'EVENT', { establishmentIds: [2] }, 'read')).toBe(false);
  });

  it('published: CUSTOMER reads offers published with their event, never drafts, and writes none', () => {
    const publishedOffer: RecordOwnership = { establishmentIds: [2], visibility: 'PUBLISHED' };
    expect(isInScope(customer, 'OFFER', publishedOffer, 'read')).toBe(true);
    expect(isInScope(customer, 'OFFER', publishedOffer, 'write')).toBe(false);
    expect(isInScope(customer, 'OFFER', { establishmentIds: [2], visibility: 'DRAFT' }, 'read')).toBe(false);
    expect(isInScope(admin, 'OFFER', publishedOffer, 'read')).toBe(false);
  });

  it("leaves other partners' published events to their own scope", () => {
    const publishedEvent: RecordOwnership = { promoterGroupIds: [6], visibility: 'PUBLISHED' };
    expect(isInScope(promoter, 'EVENT', publishedEvent, 'read')).toBe(false);
    expect(isInScope(admin, 'EVENT', { establishmentIds: [2], visibility: 'PUBLISHED' }, 'read')).toBe(false);
  });

  it('lets everybody read published establishments and promoter groups, not drafts, and write neither', () => {
    const publishedEstablishment: RecordOwnership = { establishmentIds: [2], visibility: 'PUBLISHED' };
    const draftEstablishment: RecordOwnership = { establishmentIds: [2], visibility: 'DRAFT' };
    const publishedGroup: RecordOwnership = { promoterGroupIds: [6], visibility: 'PUBLISHED' };
    for (const who of [promoter, customer, admin, coordinator, limited]) {
      expect(isInScope(who, 'ESTABLISHMENT', publishedEstablishment, 'read')).toBe(true);
      expect(isInScope(who, 'ESTABLISHMENT', publishedEstablishment, 'write')).toBe(false);
      expect(isInScope(who, 'ESTABLISHMENT', draftEstablishment, 'read')).toBe(false);
      expect(isInScope(who, 'PROMOTER_GROUP', publishedGroup, 'read')).toBe(true);
      expect(isInScope(who, 'PROMOTER_GROUP', { ...publishedGroup, visibility: 'DRAFT' }, 'read')).toBe(false);
    }
    // Its own draft establishment stays visible to its staff.
    expect(isInScope(admin, 'ESTABLISHMENT', { establishmentIds: [1], visibility: 'DRAFT' }, 'read')).toBe(true);
  });

  it('lets a user read their own user record but not change it through scope', () => {
    const ownRecord: RecordOwnership = { userId: 40 };
    for (const who of [customer, promoter, coordinator]) {
      expect(isInScope(who, 'USER', ownRecord, 'read')).toBe(true);
      expect(isInScope(who, 'USER', ownRecord, 'write')).toBe(false);
      expect(isInScope(who, 'USER', { userId: 41 }, 'read')).toBe(false);
    }
    expect(isInScope(root, 'USER', { userId: 41 }, 'write')).toBe(true);
  });

  it('lets every role read its own user record: the permission and the scope both allow it (README Access)', () => {
    for (const role of ROLE_KEYS) {
      const viewer = { userId: 40, roleKeys: [role], establishmentId: null, promoterGroupId: null };
      expect(hasPermission([role], 'USER', 'read'), role).toBe(true);
      expect(isInScope(viewer, 'USER', { userId: 40, establishmentIds: [], promoterGroupIds: [] }, 'read'), role).toBe(
        true,
      );
    }
  });

  it('leaves global records (tags, reference data, the audit log) to the permission alone', () => {
    for (const who of [root, promoter, customer, viewer([])]) {
      expect(isInScope(who, 'TAG', { global: true }, 'read')).toBe(true);
      expect(isInScope(who, 'TAG', { global: true }, 'write')).toBe(true);
    }
  });

  it('unites the scopes of several roles', () => {
    const both = viewer(['PROMOTER', 'ADMIN'], { establishmentId: 1, promoterGroupId: 5 });
    expect(isInScope(both, 'EVENT', firstEstablishmentEvent, 'write')).toBe(true);
    expect(isInScope(both, 'EVENT', firstGroupEvent, 'write')).toBe(true);
    expect(isInScope(both, 'EVENT', secondGroupEvent, 'read')).toBe(false);
  });

  it('gives a viewer without known roles no record of anybody', () => {
    for (const roleKeys of [[], ['SUPERUSER']]) {
      const nobody = { ...viewer([]), roleKeys, establishmentId: 1, promoterGroupId: 5 };
      expect(isInScope(nobody, 'EVENT', firstEstablishmentEvent, 'read')).toBe(false);
      expect(isInScope(nobody, 'EVENT', firstGroupEvent, 'write')).toBe(false);
      expect(isInScope(nobody, 'EVENT', { establishmentIds: [1], visibility: 'PUBLISHED' }, 'read')).toBe(false);
    }
  });
});
