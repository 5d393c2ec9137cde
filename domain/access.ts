import type { RoleKey } from './roles';
import { ROLE_KEYS } from './roles';
import { REFERENCE_RESOURCES, type ReferenceResource } from './reference';

/**
 * The role and permission table of the specification, once, as data. The browser's
 * `canAccess`, the menu, the route guards and every server endpoint read it.
 *
 * Two parts per role:
 * - `routes`: the route prefixes (pages) the role may open, the specification's column plus the extensions below;
 * - `grants`: the actions per resource, the specification's column plus the extensions below.
 *
 * Everything the specification grants is here unchanged (`SPEC_ROUTES`, `SPEC_GRANTS`); each extension the product
 * needs is written beside it in `ROUTE_EXTENSIONS` / `GRANT_EXTENSIONS` with its reason. The effective
 * table (`ACCESS_TABLE`) is their union, so an extension can add but never take away a grant of the spec.
 */

export const ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** What a permission is about. The first four are the specification's names; the others are the product's areas. */
export const PERMISSION_RESOURCES = [
  'ESTABLISHMENT',
  'PROMOTER_GROUP',
  'EVENT',
  'USER',
  'TAG',
  'OFFER',
  'OFFER_TEMPLATE',
  'PROMO_CODE',
  'WIDGET_SETTINGS',
  'REFERENCE_DATA',
  'AUDIT_LOG',
  'MAIL_OUTBOX',
  'ASK',
  'STATISTICS',
  'BILLING',
  'TAG_TERMS',
] as const;
export type PermissionResource = (typeof PERMISSION_RESOURCES)[number];

/** Every route prefix of the specification and the product's own pages (without the leading slash). */
export const ROUTE_PREFIXES = [
  'dashboard',
  'establishments',
  'events',
  'discount',
  'discount-template',
  'request-discount-template',
  'promoters',
  'promo-code',
  'tags',
  'tag-terms',
  'users',
  'settings',
  'iframe',
  'notifications',
  'billing',
  'asks',
  'statistics',
  'audit-log',
  'outbox',
  'reference-data',
] as const;
export type RoutePrefix = (typeof ROUTE_PREFIXES)[number];

type Grants = Partial<Record<PermissionResource, readonly Action[]>>;

const FULL: readonly Action[] = ['read', 'create', 'update', 'delete'];

/** The specification's table, column "Routes", verbatim. */
export const SPEC_ROUTES: Record<RoleKey, readonly RoutePrefix[]> = {
  ROOT: [
    'dashboard',
    'promoters',
    'discount',
    'discount-template',
    'establishments',
    'events',
    'request-discount-template',
    'tags',
    'iframe',
    'settings',
  ],
  PROMOTER: ['dashboard', 'promoters', 'discount', 'events', 'settings'],
  CUSTOMER: ['dashboard'],
  ADMIN: ['dashboard', 'establishments', 'discount', 'events', 'settings', 'iframe'],
  COORDINATOR: ['dashboard', 'establishments', 'discount', 'events', 'settings'],
  COORDINATOR_ADMIN_LIMITED: ['dashboard', 'events', 'settings', 'promoters', 'establishments'],
  COORDINATOR_ADMIN_FULL: [
    'dashboard',
    'events',
    'settings',
    'promoters',
    'discount',
    'discount-template',
    'establishments',
    'request-discount-template',
    'tags',
    'iframe',
  ],
};

/** The specification's table, column "Permissions", verbatim ("full" = read, create, update, delete). */
export const SPEC_GRANTS: Record<RoleKey, Grants> = {
  ROOT: {
    ESTABLISHMENT: ['read', 'create'],
    PROMOTER_GROUP: ['read', 'create'],
    EVENT: FULL,
    USER: ['read'],
  },
  PROMOTER: { PROMOTER_GROUP: ['read', 'create'], EVENT: ['read', 'create'], USER: ['read'] },
  CUSTOMER: { EVENT: ['read'], USER: ['read'] },
  ADMIN: { ESTABLISHMENT: ['read', 'create'], EVENT: FULL, USER: ['read'] },
  COORDINATOR: { EVENT: FULL },
  COORDINATOR_ADMIN_LIMITED: { EVENT: FULL },
  COORDINATOR_ADMIN_FULL: { EVENT: FULL },
};

export interface Extension<Value> {
  roles: readonly RoleKey[];
  value: Value;
  reason: string;
}

/** Roles that run the platform as a whole: they see every record. */
const PLATFORM_ROLES: readonly RoleKey[] = ['ROOT', 'COORDINATOR_ADMIN_FULL'];
const ALL_ROLES: readonly RoleKey[] = ROLE_KEYS;
const PARTNER_STAFF: readonly RoleKey[] = [
  'ROOT',
  'PROMOTER',
  'ADMIN',
  'COORDINATOR',
  'COORDINATOR_ADMIN_LIMITED',
  'COORDINATOR_ADMIN_FULL',
];

/** Route prefixes the product adds to the specification's table, each with its reason (README "Access"). */
export const ROUTE_EXTENSIONS: readonly Extension<readonly RoutePrefix[]>[] = [
  {
    roles: ['CUSTOMER'],
    value: ['settings'],
    reason:
      'Every signed-in person must be able to change their password, language and account; SPEC §6 leaves customers only the dashboard.',
  },
  {
    roles: PLATFORM_ROLES,
    value: ['users'],
    reason: 'SPEC §6 guards the users route "with the rule of the /tags path": whoever may open /tags may open /users.',
  },
  {
    roles: PLATFORM_ROLES,
    value: ['tag-terms', 'promo-code'],
    reason:
      'Tag terms and promo codes are platform-wide vocabularies and marketing tools, kept with the roles that manage tags.',
  },
  {
    roles: ALL_ROLES,
    value: ['notifications'],
    reason: 'Everyone who signs in may receive notifications.',
  },
  {
    roles: ['ROOT', 'PROMOTER', 'ADMIN'],
    value: ['billing'],
    reason:
      'Billing concerns the accounts that pay a subscription (User.hasPaidSubscription, billingLink): venues and promoter groups, and ROOT who runs it.',
  },
  {
    roles: PARTNER_STAFF,
    value: ['asks', 'statistics'],
    reason:
      "Requests between partners and the statistics of one's own records are for every partner role; a customer has neither.",
  },
  {
    roles: ['ROOT'],
    value: ['audit-log', 'outbox'],
    reason: "The audit log and the Mail outbox (outside production) are ROOT's tools for running the platform.",
  },
  {
    roles: ['ADMIN', 'PROMOTER', 'COORDINATOR'],
    value: ['request-discount-template'],
    reason:
      "The partners with the discount route (a venue's staff, a promoter group) ask for offer templates of their own there and follow their requests; SPEC §6 gives the route only to the roles that decide on them.",
  },
  {
    roles: ['ROOT'],
    value: ['reference-data'],
    reason:
      'ROOT manages the reference data (types, musics, ambiances, services, games, environments) that every form picks from.',
  },
];

/** Grants the product adds to the specification's table, each with its reason (README "Access"). */
export const GRANT_EXTENSIONS: readonly Extension<Grants>[] = [
  {
    roles: ['ROOT', 'ADMIN'],
    value: { ESTABLISHMENT: ['update'] },
    reason: 'Who may create may update within scope: SPEC §6 grants create but never update, yet edit drawers exist.',
  },
  {
    roles: ['ROOT', 'PROMOTER'],
    value: { PROMOTER_GROUP: ['update'] },
    reason: 'Who may create may update within scope (a promoter edits its own group).',
  },
  {
    roles: ['PROMOTER'],
    value: { EVENT: ['update'] },
    reason: 'Who may create may update within scope: a promoter edits the events it requested for its group.',
  },
  {
    roles: ['ROOT'],
    value: {
      USER: FULL,
      ESTABLISHMENT: ['delete'],
      PROMOTER_GROUP: ['delete'],
      AUDIT_LOG: ['read'],
      MAIL_OUTBOX: ['read'],
      REFERENCE_DATA: FULL,
    },
    reason:
      'ROOT manages users, removes partners, reads the audit log and the Mail outbox, and manages reference data (ARCHITECTURE.md §4).',
  },
  {
    roles: ['COORDINATOR', 'COORDINATOR_ADMIN_LIMITED'],
    value: { USER: ['read'] },
    reason:
      'Everybody reads their own user record (Settings shows it); SPEC §6 gives these two roles no USER read. Like the venue administrator, they read it within their scope: themselves and the users of their establishment.',
  },
  {
    roles: ['COORDINATOR_ADMIN_FULL'],
    value: { USER: ['read'] },
    reason:
      'The users route follows the /tags rule, which lets this role in: it may read the users it then sees (never change them).',
  },
  {
    roles: ALL_ROLES,
    value: { ESTABLISHMENT: ['read'], PROMOTER_GROUP: ['read'], TAG: ['read'], REFERENCE_DATA: ['read'] },
    reason:
      'Pickers need names: every signed-in user reads published establishments, promoter groups, tags and reference data; writes stay scoped.',
  },
  {
    roles: PLATFORM_ROLES,
    value: { TAG: FULL, PROMO_CODE: FULL, OFFER_TEMPLATE: FULL },
    reason: 'The roles with the tags, promo-code and discount-template routes manage what those pages show.',
  },
  {
    roles: ['ROOT', 'PROMOTER', 'ADMIN', 'COORDINATOR', 'COORDINATOR_ADMIN_FULL'],
    value: { OFFER: FULL, OFFER_TEMPLATE: ['read'] },
    reason:
      'The roles with the discount route manage the offers of their scope and read the templates they start from.',
  },
  {
    roles: ['ADMIN', 'PROMOTER', 'COORDINATOR'],
    value: { OFFER_TEMPLATE: ['create', 'update'] },
    reason:
      'Template requests: these partners create offers, so they may ask for a template of their own establishment or group (it waits as PENDING) and change it while it waits; approving, rejecting and deleting stay with the platform roles.',
  },
  {
    roles: ['CUSTOMER'],
    value: { OFFER: ['read'] },
    reason:
      'Customers claim spots of published exclusive offers, so they read the published offers of published events (never drafts, never claims).',
  },
  {
    roles: ['ROOT', 'ADMIN', 'COORDINATOR_ADMIN_FULL'],
    value: { WIDGET_SETTINGS: ['read', 'update'] },
    reason: 'The roles with the iframe route configure the widget of the establishments in their scope.',
  },
  {
    roles: PARTNER_STAFF,
    value: { ASK: ['read'] },
    reason:
      "The roles with the asks route read the requests of their scope (event requests at their venue or of their group, template requests of their establishment or group; the platform roles all); decisions go through the record's own approve and reject.",
  },
  {
    roles: PARTNER_STAFF,
    value: { STATISTICS: ['read'] },
    reason:
      'The roles with the statistics route read the figures of their own scope (their venue, their group and its events; the platform roles every partner and the platform); figures are never read through published visibility.',
  },
  {
    roles: ['ROOT'],
    value: { BILLING: FULL },
    reason: 'ROOT runs billing: plans, subscriptions, invoices, payments and reminders (docs/billing.md).',
  },
  {
    roles: ['PROMOTER', 'ADMIN'],
    value: { BILLING: ['read'] },
    reason:
      "The accounts that pay a subscription read their own partner's subscription, plans and invoices (and download them); nobody else's.",
  },
  {
    roles: PLATFORM_ROLES,
    value: { TAG_TERMS: FULL },
    reason:
      'The roles with the tag-terms route see how every tag is used across all records and merge, assign and remove tags in bulk (docs/tag-terms.md).',
  },
];

export interface RoleAccess {
  routes: readonly RoutePrefix[];
  grants: Readonly<Record<PermissionResource, readonly Action[]>>;
}

const unique = <Value>(values: Iterable<Value>): Value[] => [...new Set(values)];

function buildRoleAccess(role: RoleKey): RoleAccess {
  const routes = unique([
    ...SPEC_ROUTES[role],
    ...ROUTE_EXTENSIONS.filter((extension) => extension.roles.includes(role)).flatMap((extension) => extension.value),
  ]);
  const grantSources = [
    SPEC_GRANTS[role],
    ...GRANT_EXTENSIONS.filter((extension) => extension.roles.includes(role)).map((extension) => extension.value),
  ];
  const grants = Object.fromEntries(
    PERMISSION_RESOURCES.map((resource) => [
      resource,
      ACTIONS.filter((action) => grantSources.some((source) => source[resource]?.includes(action))),
    ]),
  ) as Record<PermissionResource, Action[]>;
  return { routes, grants };
}

/** The effective table: the specification's plus the extensions, per role. */
export const ACCESS_TABLE: Readonly<Record<RoleKey, RoleAccess>> = Object.fromEntries(
  ROLE_KEYS.map((role) => [role, buildRoleAccess(role)]),
) as Record<RoleKey, RoleAccess>;

const knownRoles = (roleKeys: readonly string[]): RoleKey[] =>
  roleKeys.filter((key): key is RoleKey => (ROLE_KEYS as readonly string[]).includes(key));

/**
 * True when any one of the role keys grants all the requested actions on the resource.
 * No roles (or only unknown ones), or no action asked for, is no permission.
 */
export function hasPermission(
  roleKeys: readonly string[],
  resource: PermissionResource,
  actions: Action | readonly Action[],
): boolean {
  const requested = typeof actions === 'string' ? [actions] : actions;
  if (requested.length === 0) return false;
  return knownRoles(roleKeys).some((role) =>
    requested.every((action) => ACCESS_TABLE[role].grants[resource].includes(action)),
  );
}

/** The route prefixes any of the role keys opens. */
export const routesOf = (roleKeys: readonly string[]): RoutePrefix[] =>
  unique(knownRoles(roleKeys).flatMap((role) => ACCESS_TABLE[role].routes));

/**
 * Whether a path lies under a route prefix, by whole path segments: `/discount/12` is under `discount`,
 * `/discount-template` is not (it is a route of its own that fewer roles have).
 */
export function isPathUnder(pathname: string, prefix: string): boolean {
  const path = `/${pathname.replace(/^\/+/, '')}`;
  return path === `/${prefix}` || path.startsWith(`/${prefix}/`);
}

/** Whether a path belongs to any area of the table (other pages, such as Not Found, belong to none). */
export const isAreaPath = (pathname: string): boolean => ROUTE_PREFIXES.some((prefix) => isPathUnder(pathname, prefix));

/** A route is accessible when the path starts with one of the role's prefixes (whole segments). */
export function canOpenRoute(roleKeys: readonly string[], pathname: string): boolean {
  return routesOf(roleKeys).some((prefix) => isPathUnder(pathname, prefix));
}

/**
 * How far a role sees records: everything; its establishment's; its promoter
 * group's; or only what is published (customers).
 */
export const SCOPE_KINDS = ['all', 'establishment', 'promoterGroup', 'published'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

export const ROLE_SCOPES: Readonly<Record<RoleKey, ScopeKind>> = {
  ROOT: 'all',
  COORDINATOR_ADMIN_FULL: 'all',
  ADMIN: 'establishment',
  COORDINATOR: 'establishment',
  COORDINATOR_ADMIN_LIMITED: 'establishment',
  PROMOTER: 'promoterGroup',
  CUSTOMER: 'published',
};

/** The user's own scope field for a role: an ADMIN needs an establishment, a PROMOTER a promoter group. */
export const scopeFieldOf = (role: RoleKey): 'establishmentId' | 'promoterGroupId' | null => {
  const kind = ROLE_SCOPES[role];
  return kind === 'establishment' ? 'establishmentId' : kind === 'promoterGroup' ? 'promoterGroupId' : null;
};

/** Who is asking: the signed-in user's id, role keys and scope fields. */
export interface Viewer {
  userId: number;
  roleKeys: readonly string[];
  establishmentId: number | null;
  promoterGroupId: number | null;
}

/**
 * What a record belongs to, for the scope check. `global` records (tags, reference data, the audit log)
 * belong to nobody: the permission alone decides. `userId` is set on user records (one sees oneself).
 */
export interface RecordOwnership {
  global?: boolean;
  establishmentIds?: readonly number[];
  promoterGroupIds?: readonly number[];
  userId?: number;
  visibility?: string | null;
}

/**
 * Resources that every signed-in user may read when published, whatever their scope (pickers need names).
 * Customers also read published events (their scope is "published").
 */
export const READABLE_WHEN_PUBLISHED: readonly PermissionResource[] = ['ESTABLISHMENT', 'PROMOTER_GROUP'];

/**
 * What a `published` reader (a customer) reads of a resource beyond its scope: its published records. Offers
 * count as published only when their event is too (server/services/offers), which the record's ownership
 * states in its `visibility`.
 */
export const PUBLISHED_FOR_CUSTOMERS: readonly PermissionResource[] = ['EVENT', 'OFFER'];

function ownsThroughScope(kind: ScopeKind, viewer: Viewer, record: RecordOwnership): boolean {
  switch (kind) {
    case 'all':
      return true;
    case 'establishment':
      return viewer.establishmentId !== null && (record.establishmentIds ?? []).includes(viewer.establishmentId);
    case 'promoterGroup':
      return viewer.promoterGroupId !== null && (record.promoterGroupIds ?? []).includes(viewer.promoterGroupId);
    case 'published':
      return false;
  }
}

/**
 * The record-scope check, pure: may this viewer see (`read`) or change (`write`)
 * this record at all? The action itself is `hasPermission`'s to decide; out of scope means 404.
 */
export function isInScope(
  viewer: Viewer,
  resource: PermissionResource,
  record: RecordOwnership,
  mode: 'read' | 'write',
): boolean {
  if (record.global) return true;
  const kinds = knownRoles(viewer.roleKeys).map((role) => ROLE_SCOPES[role]);
  if (kinds.some((kind) => ownsThroughScope(kind, viewer, record))) return true;
  if (mode === 'write') return false;
  if (record.userId !== undefined && record.userId === viewer.userId) return true;
  const published = record.visibility === 'PUBLISHED';
  if (published && READABLE_WHEN_PUBLISHED.includes(resource)) return true;
  return published && PUBLISHED_FOR_CUSTOMERS.includes(resource) && kinds.includes('published');
}

/** react-admin resource names (the API's collections) → what they are about. */
export const RESOURCE_PERMISSIONS = {
  establishments: 'ESTABLISHMENT',
  promoters: 'PROMOTER_GROUP',
  events: 'EVENT',
  occurrences: 'EVENT',
  offers: 'OFFER',
  'offer-templates': 'OFFER_TEMPLATE',
  tags: 'TAG',
  'tag-terms': 'TAG_TERMS',
  users: 'USER',
  'promo-codes': 'PROMO_CODE',
  'promo-code-templates': 'PROMO_CODE',
  'widget-settings': 'WIDGET_SETTINGS',
  'audit-log': 'AUDIT_LOG',
  outbox: 'MAIL_OUTBOX',
  asks: 'ASK',
  plans: 'BILLING',
  subscriptions: 'BILLING',
  invoices: 'BILLING',
  ...(Object.fromEntries(REFERENCE_RESOURCES.map((resource) => [resource, 'REFERENCE_DATA'])) as Record<
    ReferenceResource,
    'REFERENCE_DATA'
  >),
} as const satisfies Record<string, PermissionResource>;
export type ResourceName = keyof typeof RESOURCE_PERMISSIONS;

/** react-admin's action names (canAccess) → the table's. */
export const REACT_ADMIN_ACTIONS: Readonly<Record<string, Action>> = {
  list: 'read',
  show: 'read',
  export: 'read',
  create: 'create',
  clone: 'create',
  edit: 'update',
  delete: 'delete',
};

export const permissionOf = (resource: string): PermissionResource | undefined =>
  (RESOURCE_PERMISSIONS as Record<string, PermissionResource>)[resource];

/** The page (route prefix) where a resource's screens live; the API collection name may differ. */
export const RESOURCE_ROUTES: Readonly<Partial<Record<ResourceName, RoutePrefix>>> = {
  establishments: 'establishments',
  promoters: 'promoters',
  events: 'events',
  occurrences: 'events',
  offers: 'discount',
  'offer-templates': 'discount-template',
  tags: 'tags',
  'tag-terms': 'tag-terms',
  users: 'users',
  'promo-codes': 'promo-code',
  'promo-code-templates': 'promo-code',
  'widget-settings': 'iframe',
  'audit-log': 'audit-log',
  outbox: 'outbox',
  asks: 'asks',
  plans: 'billing',
  subscriptions: 'billing',
  invoices: 'billing',
  ...(Object.fromEntries(REFERENCE_RESOURCES.map((resource) => [resource, 'reference-data'])) as Record<
    ReferenceResource,
    'reference-data'
  >),
};

/**
 * react-admin's `canAccess` for a resource screen: the role opens the resource's page (route prefix) and
 * the table grants the action. A page and an API read are distinct: a promoter reads
 * tags through the API for its pickers, but the Tags page is not its own.
 */
export function canAccessResource(roleKeys: readonly string[], resource: string, reactAdminAction: string): boolean {
  const permission = permissionOf(resource);
  const action = REACT_ADMIN_ACTIONS[reactAdminAction];
  const route = RESOURCE_ROUTES[resource as ResourceName];
  if (!permission || !action || !route) return false;
  return canOpenRoute(roleKeys, `/${route}`) && hasPermission(roleKeys, permission, action);
}

/** The resources whose records carry files (logos, galleries, menus): who may write one may upload. */
export const RESOURCES_WITH_UPLOADS: readonly PermissionResource[] = ['ESTABLISHMENT', 'PROMOTER_GROUP', 'EVENT'];

/** `POST /uploads`: whoever may create or update a record that takes files (a customer may not). */
export const canUpload = (roleKeys: readonly string[]): boolean =>
  RESOURCES_WITH_UPLOADS.some(
    (resource) => hasPermission(roleKeys, resource, 'create') || hasPermission(roleKeys, resource, 'update'),
  );

/** A record as react-admin holds it, reduced to what its scope depends on. */
export interface ScopedRecord {
  id?: unknown;
  visibility?: unknown;
  generalInfos?: { establishmentId?: number | null; promoterGroupId?: number | null } | null;
}

/** An event belongs to its venue and to the promoter group it was requested for. */
export const eventOwnership = ({
  establishmentId = null,
  promoterGroupId = null,
}: {
  establishmentId?: number | null;
  promoterGroupId?: number | null;
}): RecordOwnership => ({
  establishmentIds: establishmentId === null ? [] : [establishmentId],
  promoterGroupIds: promoterGroupId === null ? [] : [promoterGroupId],
});

/**
 * What a record of a react-admin resource belongs to: an establishment and a promoter group own themselves
 * (their ids are the scope ids), an event its venue and its group. Null for the resources whose records
 * the browser does not narrow by scope (the permission table alone decides there).
 */
export function ownershipOfRecord(resource: string, record: ScopedRecord): RecordOwnership | null {
  const visibility = typeof record.visibility === 'string' ? record.visibility : null;
  switch (resource) {
    case 'establishments':
      return { establishmentIds: [Number(record.id)], visibility };
    case 'promoters':
      return { promoterGroupIds: [Number(record.id)], visibility };
    case 'events':
      return { ...eventOwnership(record.generalInfos ?? {}), visibility };
    default:
      return null;
  }
}

/**
 * Who redeems a promo code (`POST /promo-codes/redeem`): customers only. A redemption is a customer's use of a
 * benefit and counts against the code's limit and in the statistics; a staff account redeeming would use up
 * codes meant for guests. Staff try a code with a customer account.
 */
export const PROMO_CODE_REDEEMERS: readonly RoleKey[] = ['CUSTOMER'];
export const canRedeemPromoCode = (roleKeys: readonly string[]): boolean =>
  knownRoles(roleKeys).some((role) => PROMO_CODE_REDEEMERS.includes(role));

/** A promoter requests events; deciding is never theirs, whatever other grant it would meet. */
const NEVER_DECIDES: ReadonlySet<string> = new Set<RoleKey>(['PROMOTER']);

/**
 * May this viewer approve or reject a promoter's request for this venue (`POST /events/:id/approve|reject`)?
 * EVENT update through a role whose write scope reaches the venue: its staff, or a role that sees
 * everything; never a promoter. The server decides by it too (server/routes/eventApprovals.ts).
 */
export function canDecideRequest(viewer: Viewer, venueId: number | null): boolean {
  const decidingRoles = viewer.roleKeys.filter((key) => !NEVER_DECIDES.has(key));
  if (!hasPermission(decidingRoles, 'EVENT', 'update')) return false;
  const decider = { ...viewer, roleKeys: decidingRoles, promoterGroupId: null };
  return isInScope(decider, 'EVENT', { establishmentIds: venueId === null ? [] : [venueId] }, 'write');
}

/** react-admin's action for deciding a promoter's request (canAccess `{ resource: 'events', action: 'decide' }`). */
export const DECIDE_ACTION = 'decide';

/**
 * The actions about one record. react-admin hands `canAccess` the record of the surrounding record context
 * whatever the resource asked about (the events list on an establishment's page gets the establishment):
 * for the actions about a whole collection (list, export, create, clone) the record is not theirs, and the
 * table alone decides.
 */
const RECORD_ACTIONS: readonly string[] = ['show', 'edit', 'delete'];

/**
 * react-admin's `canAccess({ resource, action, record })`, with the record: the table (canAccessResource),
 * then for the record actions the record's scope (isInScope): showing needs the read scope, editing or
 * deleting the write scope.
 * An ADMIN reads other venues when they are published but edits only its own; a PROMOTER edits only its
 * group and its group's events. Deciding a request is canDecideRequest's.
 */
export function canAccessRecord(
  viewer: Viewer,
  resource: string,
  reactAdminAction: string,
  record: ScopedRecord,
): boolean {
  if (reactAdminAction === DECIDE_ACTION) {
    return resource === 'events' && canDecideRequest(viewer, record.generalInfos?.establishmentId ?? null);
  }
  if (!canAccessResource(viewer.roleKeys, resource, reactAdminAction)) return false;
  const permission = permissionOf(resource);
  const ownership = ownershipOfRecord(resource, record);
  if (!permission || !ownership || !RECORD_ACTIONS.includes(reactAdminAction)) return true;
  return isInScope(viewer, permission, ownership, reactAdminAction === 'show' ? 'read' : 'write');
}
