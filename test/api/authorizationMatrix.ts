import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  eventOwnership as ownershipOfEvent,
  hasPermission,
  isInScope,
  type Action,
  type PermissionResource,
  type RecordOwnership,
  type Viewer,
} from '../../domain/access';
import { DASHBOARD_CARDS, dashboardCardsOf, isDashboardCardId } from '../../domain/dashboard';
import { isRoleKey, type RoleKey } from '../../domain/roles';
import type { Database } from '../../server/db/client';
import { nextPeriodStartOf, periodEndOf } from '../../domain/billing';
import {
  asks,
  auditLog,
  invoices,
  plans,
  subscriptions,
  establishments,
  establishmentTypes,
  events,
  eventTypes,
  offers,
  offerTemplates,
  promoCodes,
  promoCodeTemplates,
  promoterGroups,
  referenceTables,
  roles,
  tags,
  users,
  widgetSettings,
} from '../../server/db/schema';
import { REFERENCE_KINDS, referenceResourceOf, type ReferenceKind } from '../../domain/reference';
import { offerTypes } from '../../server/db/schema/reference';
import { userOwnership } from '../../server/services/users';

/**
 * The data behind test/api/authorization.test.ts: the resources under test and what each demo account
 * must get from every endpoint, computed from domain/access.ts (`hasPermission` and `isInScope` over the
 * record's ownership), never by asking the server. A new resource joins
 * by adding one entry to `RESOURCE_FIXTURES`.
 */

/** The endpoints of ra-data-simple-rest. */
export const MATRIX_ACTIONS = ['list', 'getOne', 'getMany', 'create', 'update', 'delete'] as const;
/** `POST /<collection>/visibility`: the bulk change of resources that have a visibility. */
export const VISIBILITY_ACTION = 'visibility';
export type MatrixAction = (typeof MATRIX_ACTIONS)[number] | typeof VISIBILITY_ACTION;

const PERMISSION_ACTION: Record<MatrixAction, Action> = {
  list: 'read',
  getOne: 'read',
  getMany: 'read',
  create: 'create',
  update: 'update',
  delete: 'delete',
  visibility: 'update',
};

/** The status of a granted call (the generic resource's answers, server/routes/shared/resource.ts). */
export const SUCCESS_STATUS: Record<MatrixAction, number> = {
  list: 200,
  getOne: 200,
  getMany: 200,
  create: 201,
  update: 200,
  delete: 200,
  visibility: 200,
};

/** The seeded records the fixtures place throwaway records in, read from the demo accounts' own scope. */
export interface SeededScopes {
  firstEstablishmentId: number;
  secondEstablishmentId: number;
  firstPromoterGroupId: number;
  secondPromoterGroupId: number;
  roleIds: Record<RoleKey, number>;
  /** A seeded establishment type, which every establishment needs. */
  establishmentTypeId: number;
  /** A seeded event type, which every event needs. */
  eventTypeId: number;
  /** What a new offer of the first establishment names: a seeded offer type, its approved exclusive template, its event. */
  offer: { offerTypeId: number; templateId: number; eventId: number };
  /** A seeded promo code template, which every promo code needs. */
  promoCodeTemplateId: number;
}

/** Whom a throwaway record belongs to: the first and second establishment and promoter group, or nobody. */
export const OWNER_CLASSES = [
  'firstEstablishment',
  'secondEstablishment',
  'firstPromoterGroup',
  'secondPromoterGroup',
  'nobody',
] as const;
export type OwnerClass = (typeof OWNER_CLASSES)[number];

export function ownerScopeFields(
  owner: OwnerClass,
  scopes: SeededScopes,
): { establishmentId: number | null; promoterGroupId: number | null } {
  switch (owner) {
    case 'firstEstablishment':
      return { establishmentId: scopes.firstEstablishmentId, promoterGroupId: null };
    case 'secondEstablishment':
      return { establishmentId: scopes.secondEstablishmentId, promoterGroupId: null };
    case 'firstPromoterGroup':
      return { establishmentId: null, promoterGroupId: scopes.firstPromoterGroupId };
    case 'secondPromoterGroup':
      return { establishmentId: null, promoterGroupId: scopes.secondPromoterGroupId };
    case 'nobody':
      return { establishmentId: null, promoterGroupId: null };
  }
}

export interface OwnedRow {
  id: number;
  ownership: RecordOwnership;
}

/** How a resource that accepts writes is exercised: a fresh body to create, throwaway records to change. */
export interface WritableFixture {
  /** A valid create body, unique on every call. */
  newInput(scopes: SeededScopes): Record<string, unknown>;
  /** The ownership of what that body would create (the create's scope check). */
  ownershipOfInput(input: Record<string, unknown>): RecordOwnership;
  /** The owner classes worth a throwaway record (a global resource needs one). */
  owners: readonly OwnerClass[];
  /** Inserts a throwaway record straight into the database; answers its id. */
  insertThrowaway(db: Database, owner: OwnerClass, scopes: SeededScopes): Promise<number>;
  /** The PUT body: the record as read, with `mark` written into one field. */
  edit(record: Record<string, unknown>, mark: string): Record<string, unknown>;
  /** The marked field of a record as read. */
  markOf(record: Record<string, unknown>): unknown;
  /**
   * The status a bulk visibility change of this record (as read) is refused with whoever asks, beyond the
   * permission and the scope: a rule of the resource (a pending request is published only by approving it).
   */
  visibilityRefusal?(record: Record<string, unknown>): number | undefined;
}

export interface ResourceFixture {
  /** The collection under /api/v1. */
  collection: string;
  permission: PermissionResource;
  /** The endpoints the resource has; every other one must not exist for anybody (404). */
  actions: readonly MatrixAction[];
  /** Every record with its ownership, straight from the database. */
  rows(db: Database): Promise<OwnedRow[]>;
  writes?: WritableFixture;
}

const globalRows = async (rows: Promise<{ id: number }[]>): Promise<OwnedRow[]> =>
  (await rows).map((row) => ({ id: row.id, ownership: { global: true } }));

const suffix = () => randomUUID().slice(0, 8);

const usersFixture: ResourceFixture = {
  collection: 'users',
  permission: 'USER',
  actions: MATRIX_ACTIONS,
  rows: async (db) =>
    (
      await db
        .select({ id: users.id, establishmentId: users.establishmentId, promoterGroupId: users.promoterGroupId })
        .from(users)
    ).map((row) => ({ id: row.id, ownership: userOwnership(row) })),
  writes: {
    newInput: (scopes) => {
      const unique = suffix();
      return {
        firstName: 'Matrix',
        lastName: `Created ${unique}`,
        username: `matrix-${unique}`,
        email: `matrix-${unique}@example.ch`,
        roleId: scopes.roleIds.CUSTOMER,
      };
    },
    // A new user has no id yet: only its scope fields can place it in the viewer's scope.
    ownershipOfInput: (input) => ({
      establishmentIds: typeof input.establishmentId === 'number' ? [input.establishmentId] : [],
      promoterGroupIds: typeof input.promoterGroupId === 'number' ? [input.promoterGroupId] : [],
    }),
    owners: OWNER_CLASSES,
    insertThrowaway: async (db, owner, scopes) => {
      const scopeFields = ownerScopeFields(owner, scopes);
      const roleKey: RoleKey =
        scopeFields.establishmentId !== null ? 'ADMIN' : scopeFields.promoterGroupId !== null ? 'PROMOTER' : 'CUSTOMER';
      const unique = suffix();
      const [row] = await db
        .insert(users)
        .values({
          firstName: 'Throwaway',
          lastName: owner,
          username: `throwaway-${unique}`,
          email: `throwaway-${unique}@example.ch`,
          roleId: scopes.roleIds[roleKey],
          ...scopeFields,
        })
        .returning({ id: users.id });
      return row.id;
    },
    edit: (record, mark) => ({ ...record, firstName: mark }),
    markOf: (record) => record.firstName,
  },
};

const tagsFixture: ResourceFixture = {
  collection: 'tags',
  permission: 'TAG',
  actions: MATRIX_ACTIONS,
  rows: (db) => globalRows(db.select({ id: tags.id }).from(tags)),
  writes: {
    newInput: () => ({ generalInfos: { tagName: `Matrix ${suffix()}`, category: 'Matrix' } }),
    ownershipOfInput: () => ({ global: true }),
    owners: ['nobody'],
    insertThrowaway: async (db) => {
      const [row] = await db
        .insert(tags)
        .values({ tagName: `Throwaway ${suffix()}`, category: 'Matrix' })
        .returning({ id: tags.id });
      return row.id;
    },
    edit: (record, mark) => ({ ...record, advanced: { ...(record.advanced as object), description: mark } }),
    markOf: (record) => (record.advanced as { description?: unknown } | undefined)?.description,
  },
};

const auditLogFixture: ResourceFixture = {
  collection: 'audit-log',
  permission: 'AUDIT_LOG',
  actions: ['list', 'getOne', 'getMany'],
  rows: (db) => globalRows(db.select({ id: auditLog.id }).from(auditLog)),
};

/** Every signed-in user reads the roles, as every role reads reference data (pickers need names). */
const rolesFixture: ResourceFixture = {
  collection: 'roles',
  permission: 'REFERENCE_DATA',
  actions: ['list', 'getOne', 'getMany'],
  rows: (db) => globalRows(db.select({ id: roles.id }).from(roles)),
};

/** A reference-data kind: global, read by everyone, written by ROOT. */
function referenceDataFixture(kind: ReferenceKind): ResourceFixture {
  const table = referenceTables[REFERENCE_KINDS[kind]];
  const labels = (text: string) => ({ en: text, fr: text, de: text, it: text });
  return {
    collection: referenceResourceOf(kind),
    permission: 'REFERENCE_DATA',
    actions: MATRIX_ACTIONS,
    rows: (db) => globalRows(db.select({ id: table.id }).from(table)),
    writes: {
      newInput: () => ({ key: `MATRIX_${suffix().toUpperCase()}`, label: labels('Matrix') }),
      ownershipOfInput: () => ({ global: true }),
      owners: ['nobody'],
      insertThrowaway: async (db) => {
        const key = `THROWAWAY_${suffix().toUpperCase()}`;
        const [row] = await db
          .insert(table)
          .values({ key, labelEn: key, labelFr: key, labelDe: key, labelIt: key })
          .returning({ id: table.id });
        return row.id;
      },
      edit: (record, mark) => ({ ...record, label: { ...(record.label as object), en: mark } }),
      markOf: (record) => (record.label as { en?: unknown } | undefined)?.en,
    },
  };
}

/**
 * Establishments and promoter groups own themselves: a record is in the scope of the staff whose
 * `establishmentId` / `promoterGroupId` is its id, and readable by everyone once published. Throwaway ones belong
 * to nobody's staff and alternate between PUBLISHED and DRAFT, so that across the update and delete tests
 * every account meets both (a published one of another is a 403 to change, a draft one a 404).
 */
let throwawayCount = 0;
const nextThrowawayVisibility = () => (throwawayCount++ % 2 === 0 ? 'PUBLISHED' : 'DRAFT');

const partnerOwnership =
  (kind: 'establishmentIds' | 'promoterGroupIds') =>
  (row: { id: number; visibility: string }): OwnedRow => ({
    id: row.id,
    ownership: { [kind]: [row.id], visibility: row.visibility },
  });

/**
 * A new partner record has no id yet, so no partner's staff owns it: only the platform roles create one
 * (onboarding aside).
 */
const newPartnerOwnership =
  (kind: 'establishmentIds' | 'promoterGroupIds') =>
  (input: Record<string, unknown>): RecordOwnership => ({
    [kind]: [],
    visibility: typeof input.visibility === 'string' ? input.visibility : 'PUBLISHED',
  });

const editDescription = (record: Record<string, unknown>, mark: string) => ({
  ...record,
  description: { ...(record.description as object), description: mark },
});
const descriptionOf = (record: Record<string, unknown>) =>
  (record.description as { description?: unknown } | undefined)?.description;

/** A new establishment that belongs to nobody, straight into the database; answers its id. */
export async function insertThrowawayEstablishment(db: Database, scopes: SeededScopes): Promise<number> {
  const [row] = await db
    .insert(establishments)
    .values({
      name: `Throwaway ${suffix()}`,
      city: 'Bern',
      establishmentTypeId: scopes.establishmentTypeId,
      visibility: nextThrowawayVisibility(),
    })
    .returning({ id: establishments.id });
  return row.id;
}

const establishmentsFixture: ResourceFixture = {
  collection: 'establishments',
  permission: 'ESTABLISHMENT',
  actions: [...MATRIX_ACTIONS, VISIBILITY_ACTION],
  rows: async (db) =>
    (await db.select({ id: establishments.id, visibility: establishments.visibility }).from(establishments)).map(
      partnerOwnership('establishmentIds'),
    ),
  writes: {
    newInput: (scopes) => ({
      generalInfos: {
        establishmentName: `Matrix ${suffix()}`,
        establishmentTypeId: scopes.establishmentTypeId,
        city: 'Bern',
      },
    }),
    ownershipOfInput: newPartnerOwnership('establishmentIds'),
    owners: ['nobody'],
    insertThrowaway: (db, _owner, scopes) => insertThrowawayEstablishment(db, scopes),
    edit: editDescription,
    markOf: descriptionOf,
  },
};

const promotersFixture: ResourceFixture = {
  collection: 'promoters',
  permission: 'PROMOTER_GROUP',
  actions: [...MATRIX_ACTIONS, VISIBILITY_ACTION],
  rows: async (db) =>
    (await db.select({ id: promoterGroups.id, visibility: promoterGroups.visibility }).from(promoterGroups)).map(
      partnerOwnership('promoterGroupIds'),
    ),
  writes: {
    newInput: () => ({ generalInfos: { promoterName: `Matrix ${suffix()}` } }),
    ownershipOfInput: newPartnerOwnership('promoterGroupIds'),
    owners: ['nobody'],
    insertThrowaway: async (db) => {
      const [row] = await db
        .insert(promoterGroups)
        .values({ name: `Throwaway ${suffix()}`, visibility: nextThrowawayVisibility() })
        .returning({ id: promoterGroups.id });
      return row.id;
    },
    edit: editDescription,
    markOf: descriptionOf,
  },
};

/**
 * Events belong to their establishment and to their promoter group (either or both). Throwaway ones
 * alternate PUBLISHED / DRAFT (customers read the published ones); a promoter group's also name a venue of
 * the other pair, because a promoter's write is a request, which needs one (server/routes/events.ts), and
 * they are pending requests (drafts): a promoter changes its requests only, the venue's own events never.
 */
const eventOwnership = (row: {
  id: number;
  establishmentId: number | null;
  promoterGroupId: number | null;
  visibility: string;
}): OwnedRow => ({
  id: row.id,
  ownership: {
    establishmentIds: row.establishmentId === null ? [] : [row.establishmentId],
    promoterGroupIds: row.promoterGroupId === null ? [] : [row.promoterGroupId],
    visibility: row.visibility,
  },
});

const throwawayEventOwners = (owner: OwnerClass, scopes: SeededScopes) => {
  const fields = ownerScopeFields(owner, scopes);
  if (owner === 'firstPromoterGroup') return { ...fields, establishmentId: scopes.secondEstablishmentId };
  if (owner === 'secondPromoterGroup') return { ...fields, establishmentId: scopes.firstEstablishmentId };
  return fields;
};

const eventsFixture: ResourceFixture = {
  collection: 'events',
  permission: 'EVENT',
  actions: [...MATRIX_ACTIONS, VISIBILITY_ACTION],
  rows: async (db) =>
    (
      await db
        .select({
          id: events.id,
          establishmentId: events.establishmentId,
          promoterGroupId: events.promoterGroupId,
          visibility: events.visibility,
        })
        .from(events)
    ).map(eventOwnership),
  writes: {
    // The first venue and the first group: venue staff, the group's promoter and the platform roles may create it.
    newInput: (scopes) => ({
      generalInfos: {
        establishmentId: scopes.firstEstablishmentId,
        promoterGroupId: scopes.firstPromoterGroupId,
        eventType: { id: scopes.eventTypeId },
        eventTitle: `Matrix ${suffix()}`,
      },
      dateAndCalendar: { startDate: '2026-11-07', startTime: '20:00', endTime: '23:00' },
    }),
    ownershipOfInput: (input) => {
      const general = input.generalInfos as { establishmentId: number | null; promoterGroupId: number | null };
      return {
        establishmentIds: general.establishmentId === null ? [] : [general.establishmentId],
        promoterGroupIds: general.promoterGroupId === null ? [] : [general.promoterGroupId],
        visibility: 'PUBLISHED',
      };
    },
    owners: ['firstEstablishment', 'secondEstablishment', 'firstPromoterGroup', 'secondPromoterGroup'],
    insertThrowaway: async (db, owner, scopes) => {
      const [row] = await db
        .insert(events)
        .values({
          title: `Throwaway ${suffix()}`,
          ...throwawayEventOwners(owner, scopes),
          eventTypeId: scopes.eventTypeId,
          startDate: '2026-11-07',
          startTime: '20:00',
          endTime: '23:00',
          firstStartsAt: new Date('2026-11-07T19:00:00Z'),
          lastEndsAt: new Date('2026-11-07T22:00:00Z'),
          visibility: nextThrowawayVisibility(),
          ...(owner === 'firstPromoterGroup' || owner === 'secondPromoterGroup'
            ? { visibility: 'DRAFT', approvalStatus: 'PENDING' }
            : {}),
        })
        .returning({ id: events.id });
      return row.id;
    },
    edit: editDescription,
    markOf: descriptionOf,
    visibilityRefusal: (record) =>
      (record.generalInfos as { approvalStatus?: unknown }).approvalStatus === 'PENDING' ? 400 : undefined,
  },
};

/**
 * One widget-settings record per establishment, made with it: no POST and no DELETE. Its "throwaway" records
 * are those of the first and second establishment, and of a new establishment that belongs to nobody.
 */
export const widgetSettingsFixture: ResourceFixture = {
  collection: 'widget-settings',
  permission: 'WIDGET_SETTINGS',
  actions: ['list', 'getOne', 'getMany', 'update'],
  rows: async (db) =>
    (
      await db.select({ id: widgetSettings.id, establishmentId: widgetSettings.establishmentId }).from(widgetSettings)
    ).map((row) => ({ id: row.id, ownership: { establishmentIds: [row.establishmentId] } })),
  writes: {
    newInput: () => ({ widgetTheme: {} }),
    ownershipOfInput: () => ({ establishmentIds: [] }),
    owners: ['firstEstablishment', 'secondEstablishment', 'nobody'],
    insertThrowaway: async (db, owner, scopes) => {
      const establishmentId =
        ownerScopeFields(owner, scopes).establishmentId ?? (await insertThrowawayEstablishment(db, scopes));
      const [row] = await db
        .select({ id: widgetSettings.id })
        .from(widgetSettings)
        .where(eq(widgetSettings.establishmentId, establishmentId));
      return row.id;
    },
    edit: (record, mark) => ({
      ...record,
      widgetTheme: { ...(record.widgetTheme as Record<string, unknown>), happyHoursTitle: mark },
    }),
    markOf: (record) => (record.widgetTheme as Record<string, unknown> | undefined)?.happyHoursTitle,
  },
};

/**
 * Offers belong to their establishment and promoter group. Customers read a published offer only when its
 * event is published too, which the ownership's `visibility` says. Throwaway offers are exclusive ones with an
 * event and a platform-wide approved template of their owner's, alternating PUBLISHED / DRAFT. Offers have no
 * text of their own: the mark is a number of spots, remembered beside the mark it stands for.
 */
const offerMarks = new Map<number, string>();
let offerSpots = 1000;
let platformOfferTemplate: number | undefined;

async function throwawayOfferReferences(db: Database, owner: OwnerClass, scopes: SeededScopes) {
  const fields = ownerScopeFields(owner, scopes);
  if (platformOfferTemplate === undefined) {
    const [template] = await db
      .insert(offerTemplates)
      .values({ kind: 'EXCLUSIVE', longTitle: 'Matrix offer', shortTitle: 'Matrix', approvalStatus: 'APPROVED' })
      .returning({ id: offerTemplates.id });
    platformOfferTemplate = template.id;
  }
  const [event] = await db
    .insert(events)
    .values({
      title: `Throwaway offer event ${suffix()}`,
      ...fields,
      eventTypeId: scopes.eventTypeId,
      startDate: '2026-11-07',
      startTime: '20:00',
      endTime: '23:00',
      firstStartsAt: new Date('2026-11-07T19:00:00Z'),
      lastEndsAt: new Date('2026-11-07T22:00:00Z'),
      visibility: 'PUBLISHED',
    })
    .returning({ id: events.id });
  return { fields, templateId: platformOfferTemplate, eventId: event.id };
}

const offersFixture: ResourceFixture = {
  collection: 'offers',
  permission: 'OFFER',
  actions: [...MATRIX_ACTIONS, VISIBILITY_ACTION],
  rows: async (db) =>
    (
      await db
        .select({
          id: offers.id,
          establishmentId: offers.establishmentId,
          promoterGroupId: offers.promoterGroupId,
          visibility: offers.visibility,
          eventVisibility: events.visibility,
        })
        .from(offers)
        .leftJoin(events, eq(events.id, offers.eventId))
    ).map((row) => ({
      id: row.id,
      ownership: {
        establishmentIds: row.establishmentId === null ? [] : [row.establishmentId],
        promoterGroupIds: row.promoterGroupId === null ? [] : [row.promoterGroupId],
        visibility:
          row.visibility === 'PUBLISHED' && (row.eventVisibility ?? 'PUBLISHED') === 'PUBLISHED'
            ? 'PUBLISHED'
            : 'DRAFT',
      },
    })),
  writes: {
    newInput: (scopes) => ({
      offerType: 'EXCLUSIVE',
      establishmentId: scopes.firstEstablishmentId,
      eventId: scopes.offer.eventId,
      offerTypeId: scopes.offer.offerTypeId,
      promotionId: scopes.offer.templateId,
      availableSpots: 10,
      startDate: '2026-11-01',
      startTime: '20:00',
      endDate: '2026-11-30',
      endTime: '23:00',
    }),
    ownershipOfInput: (input) => ({
      establishmentIds: typeof input.establishmentId === 'number' ? [input.establishmentId] : [],
      promoterGroupIds: typeof input.promoterGroupId === 'number' ? [input.promoterGroupId] : [],
      visibility: 'DRAFT',
    }),
    owners: ['firstEstablishment', 'secondEstablishment', 'firstPromoterGroup', 'secondPromoterGroup'],
    insertThrowaway: async (db, owner, scopes) => {
      const { fields, templateId, eventId } = await throwawayOfferReferences(db, owner, scopes);
      const [row] = await db
        .insert(offers)
        .values({
          kind: 'EXCLUSIVE',
          ...fields,
          eventId,
          templateId,
          offerTypeId: scopes.offer.offerTypeId,
          availableSpots: 10,
          startDate: '2026-11-01',
          startTime: '20:00',
          endDate: '2026-11-30',
          endTime: '23:00',
          visibility: nextThrowawayVisibility(),
        })
        .returning({ id: offers.id });
      return row.id;
    },
    edit: (record, mark) => {
      offerSpots += 1;
      offerMarks.set(offerSpots, mark);
      return { ...record, availableSpots: offerSpots };
    },
    markOf: (record) => offerMarks.get(record.availableSpots as number) ?? record.availableSpots,
  },
};

/** A promo code template belongs to its establishment or promoter group, or to nobody (platform-wide). */
const templateOwnership = (row: { establishmentId: number | null; promoterGroupId: number | null }) => ({
  establishmentIds: row.establishmentId === null ? [] : [row.establishmentId],
  promoterGroupIds: row.promoterGroupId === null ? [] : [row.promoterGroupId],
});

async function insertThrowawayPromoCodeTemplate(db: Database, owner: OwnerClass, scopes: SeededScopes) {
  const [row] = await db
    .insert(promoCodeTemplates)
    .values({ name: `Throwaway ${suffix()}`, discountKind: 'FREE_ENTRY', ...ownerScopeFields(owner, scopes) })
    .returning({ id: promoCodeTemplates.id });
  return row.id;
}

const promoCodeTemplatesFixture: ResourceFixture = {
  collection: 'promo-code-templates',
  permission: 'PROMO_CODE',
  actions: MATRIX_ACTIONS,
  rows: async (db) =>
    (
      await db
        .select({
          id: promoCodeTemplates.id,
          establishmentId: promoCodeTemplates.establishmentId,
          promoterGroupId: promoCodeTemplates.promoterGroupId,
        })
        .from(promoCodeTemplates)
    ).map((row) => ({ id: row.id, ownership: templateOwnership(row) })),
  writes: {
    newInput: () => ({ name: `Matrix ${suffix()}`, discountKind: 'FREE_ENTRY' }),
    ownershipOfInput: (input) =>
      templateOwnership({
        establishmentId: (input.establishmentId as number | undefined) ?? null,
        promoterGroupId: (input.promoterGroupId as number | undefined) ?? null,
      }),
    owners: ['firstEstablishment', 'secondPromoterGroup', 'nobody'],
    insertThrowaway: insertThrowawayPromoCodeTemplate,
    edit: (record, mark) => ({ ...record, description: mark }),
    markOf: (record) => record.description,
  },
};

/** A promo code belongs to whom its template belongs. */
const promoCodesFixture: ResourceFixture = {
  collection: 'promo-codes',
  permission: 'PROMO_CODE',
  actions: MATRIX_ACTIONS,
  rows: async (db) =>
    (
      await db
        .select({
          id: promoCodes.id,
          establishmentId: promoCodeTemplates.establishmentId,
          promoterGroupId: promoCodeTemplates.promoterGroupId,
        })
        .from(promoCodes)
        .innerJoin(promoCodeTemplates, eq(promoCodeTemplates.id, promoCodes.promoCodeTemplateId))
    ).map((row) => ({ id: row.id, ownership: templateOwnership(row) })),
  writes: {
    newInput: (scopes) => ({ code: `MATRIX-${suffix()}`, promoCodeTemplateId: scopes.promoCodeTemplateId }),
    // The seeded template the new code takes is platform-wide or a partner's: only the platform roles write codes.
    ownershipOfInput: () => ({ establishmentIds: [], promoterGroupIds: [] }),
    owners: ['firstEstablishment', 'secondPromoterGroup', 'nobody'],
    insertThrowaway: async (db, owner, scopes) => {
      const templateId = await insertThrowawayPromoCodeTemplate(db, owner, scopes);
      const [row] = await db
        .insert(promoCodes)
        .values({ code: `THROWAWAY-${suffix().toUpperCase()}`, promoCodeTemplateId: templateId, maxUsageCount: 5 })
        .returning({ id: promoCodes.id });
      return row.id;
    },
    // The mark (`Edited <hex>`) as a code, which the server stores upper-case, and back.
    edit: (record, mark) => ({ ...record, code: mark.replace('Edited ', 'EDITED-') }),
    markOf: (record) => String(record.code).replace('EDITED-', 'Edited ').toLowerCase().replace('edited ', 'Edited '),
  },
};

/** An ask belongs to the establishment and the promoter group of its request; read-only. */
const asksFixture: ResourceFixture = {
  collection: 'asks',
  permission: 'ASK',
  actions: ['list', 'getOne', 'getMany'],
  rows: async (db) =>
    (
      await db
        .select({ id: asks.id, establishmentId: asks.establishmentId, promoterGroupId: asks.promoterGroupId })
        .from(asks)
    ).map((row) => ({ id: row.id, ownership: templateOwnership(row) })),
};

/** A tag's term (docs/tag-terms.md): one per tag, read-only, no owner; its actions live beside `/tags`. */
const tagTermsFixture: ResourceFixture = {
  collection: 'tag-terms',
  permission: 'TAG_TERMS',
  actions: ['list', 'getOne', 'getMany'],
  rows: (db) => globalRows(db.select({ id: tags.id }).from(tags)),
};

// ---- billing (docs/billing.md) ---------------------------------------------------------------------------

/**
 * What the billing fixtures share, made once per database when first needed (inside `rows`, which every test
 * reads before it calls `newInput`): a plan; a running subscription of each demo partner (unless the seed gave
 * one), each with an invoice; a subscription of a venue of nobody's that started on 2024-01-01, whose past
 * periods the invoice creates take one after the other; and a venue without a subscription for the next create.
 */
interface BillingMatrix {
  planId: number;
  invoicedSubscriptionId: number;
  invoicedEstablishmentId: number;
  periods: string[];
  pendingEstablishmentId: number;
}
let billingMatrix: BillingMatrix | undefined;
let throwawayInvoices = 0;

const MATRIX_ADDRESS = {
  addressName: 'Matrix AG',
  street: 'Matrixweg',
  postalCode: '3000',
  town: 'Bern',
  country: 'CH',
};

async function newBillingVenue(db: Database): Promise<number> {
  const [type] = await db.select({ id: establishmentTypes.id }).from(establishmentTypes).limit(1);
  const [row] = await db
    .insert(establishments)
    .values({ name: `Billing matrix ${suffix()}`, city: 'Bern', establishmentTypeId: type.id })
    .returning({ id: establishments.id });
  return row.id;
}

async function insertMatrixSubscription(
  db: Database,
  partner: { establishmentId: number | null; promoterGroupId: number | null },
  planId: number,
  startsOn: string,
  currentPeriodStart = startsOn,
): Promise<number> {
  const [row] = await db
    .insert(subscriptions)
    .values({
      partnerKind: partner.establishmentId !== null ? 'ESTABLISHMENT' : 'PROMOTER_GROUP',
      ...partner,
      planId,
      startsOn,
      currentPeriodStart,
      currentPeriodEnd: periodEndOf(currentPeriodStart, 'MONTH'),
      ...MATRIX_ADDRESS,
      invoiceEmail: 'matrix@example.ch',
      language: 'en',
    })
    .returning({ id: subscriptions.id });
  return row.id;
}

/** An invoice row of the owner's, straight into the table, numbered in a year no real invoice has (1990). */
async function insertThrowawayInvoice(
  db: Database,
  partner: { establishmentId: number | null; promoterGroupId: number | null },
): Promise<number> {
  throwawayInvoices += 1;
  const sequence = Number(`${process.pid % 1000}${String(throwawayInvoices).padStart(4, '0')}`);
  const [row] = await db
    .insert(invoices)
    .values({
      number: `1990-${sequence}`,
      year: 1990,
      sequence,
      partnerKind: partner.promoterGroupId !== null ? 'PROMOTER_GROUP' : 'ESTABLISHMENT',
      ...partner,
      partnerName: 'Matrix partner',
      ...MATRIX_ADDRESS,
      lines: [{ description: 'Matrix', quantity: 1, unitCentimes: 1000, amountCentimes: 1000 }],
      subtotalCentimes: 1000,
      vatBasisPoints: 810,
      vatCentimes: 81,
      roundingCentimes: -1,
      totalCentimes: 1080,
      issuedOn: '2026-11-01',
      dueOn: '2026-12-01',
      reference: `MATRIX-${suffix()}-${sequence}`,
      language: 'en',
    })
    .returning({ id: invoices.id });
  return row.id;
}

async function ensureBillingMatrix(db: Database): Promise<BillingMatrix> {
  if (!billingMatrix) {
    const [plan] = await db
      .insert(plans)
      .values({
        name: { en: 'Matrix', fr: 'Matrix', de: 'Matrix', it: 'Matrix' },
        priceCentimes: 4900,
        interval: 'MONTH',
      })
      .returning({ id: plans.id });
    const demo = await Promise.all(
      ['admin@demo.ch', 'admin2@demo.ch', 'promoter@demo.ch', 'promoter2@demo.ch'].map((email) => viewerOf(db, email)),
    );
    for (const viewer of demo) {
      const partner = { establishmentId: viewer.establishmentId, promoterGroupId: viewer.promoterGroupId };
      const column = partner.establishmentId !== null ? subscriptions.establishmentId : subscriptions.promoterGroupId;
      const [running] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(eq(column, (partner.establishmentId ?? partner.promoterGroupId)!), eq(subscriptions.status, 'ACTIVE')),
        );
      if (!running) await insertMatrixSubscription(db, partner, plan.id, '2026-11-01');
      await insertThrowawayInvoice(db, partner);
    }
    const periods: string[] = [];
    for (let start = '2024-01-01'; periods.length < 30; start = nextPeriodStartOf(start, 'MONTH')) periods.push(start);
    const invoicedEstablishmentId = await newBillingVenue(db);
    const invoicedSubscriptionId = await insertMatrixSubscription(
      db,
      { establishmentId: invoicedEstablishmentId, promoterGroupId: null },
      plan.id,
      periods[0],
      periods[periods.length - 1],
    );
    billingMatrix = {
      planId: plan.id,
      invoicedSubscriptionId,
      invoicedEstablishmentId,
      periods,
      pendingEstablishmentId: await newBillingVenue(db),
    };
  }
  const [taken] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.establishmentId, billingMatrix.pendingEstablishmentId));
  if (taken) billingMatrix.pendingEstablishmentId = await newBillingVenue(db);
  return billingMatrix;
}

const partnerOwnershipOf = (row: { establishmentId: number | null; promoterGroupId: number | null }) => ({
  establishmentIds: row.establishmentId === null ? [] : [row.establishmentId],
  promoterGroupIds: row.promoterGroupId === null ? [] : [row.promoterGroupId],
});

const matrixOf = (): BillingMatrix => {
  if (!billingMatrix) throw new Error('the billing fixtures read their rows first');
  return billingMatrix;
};

const plansFixture: ResourceFixture = {
  collection: 'plans',
  permission: 'BILLING',
  actions: MATRIX_ACTIONS,
  rows: async (db) => {
    await ensureBillingMatrix(db);
    return globalRows(db.select({ id: plans.id }).from(plans));
  },
  writes: {
    newInput: () => ({
      name: { en: `Matrix ${suffix()}`, fr: 'Matrix', de: 'Matrix', it: 'Matrix' },
      priceCentimes: 4900,
      interval: 'MONTH',
    }),
    ownershipOfInput: () => ({ global: true }),
    owners: ['nobody'],
    insertThrowaway: async (db) => {
      const [row] = await db
        .insert(plans)
        .values({
          name: { en: `Throwaway ${suffix()}`, fr: 'T', de: 'T', it: 'T' },
          priceCentimes: 100,
          interval: 'YEAR',
        })
        .returning({ id: plans.id });
      return row.id;
    },
    edit: (record, mark) => ({ ...record, name: { ...(record.name as object), en: mark } }),
    markOf: (record) => (record.name as { en?: unknown } | undefined)?.en,
  },
};

/** A subscription belongs to its partner; no DELETE (a cancellation ends it). */
const subscriptionsFixture: ResourceFixture = {
  collection: 'subscriptions',
  permission: 'BILLING',
  actions: ['list', 'getOne', 'getMany', 'create', 'update'],
  rows: async (db) => {
    await ensureBillingMatrix(db);
    return (
      await db
        .select({
          id: subscriptions.id,
          establishmentId: subscriptions.establishmentId,
          promoterGroupId: subscriptions.promoterGroupId,
        })
        .from(subscriptions)
    ).map((row) => ({ id: row.id, ownership: partnerOwnershipOf(row) }));
  },
  writes: {
    newInput: () => ({
      partner: { kind: 'ESTABLISHMENT', id: matrixOf().pendingEstablishmentId },
      planId: matrixOf().planId,
      billingAddress: { name: 'Matrix AG', street: 'Matrixweg', postalCode: '3000', town: 'Bern' },
      invoiceEmail: 'matrix@example.ch',
      language: 'de',
    }),
    ownershipOfInput: (input) => ({
      establishmentIds: [(input.partner as { id: number }).id],
      promoterGroupIds: [],
    }),
    // One running subscription per partner: each throwaway is a new venue's (nobody's staff).
    owners: ['nobody'],
    insertThrowaway: async (db) =>
      insertMatrixSubscription(
        db,
        { establishmentId: await newBillingVenue(db), promoterGroupId: null },
        (await ensureBillingMatrix(db)).planId,
        '2026-11-01',
      ),
    edit: (record, mark) => ({
      ...record,
      billingAddress: { ...(record.billingAddress as object), name: mark },
    }),
    markOf: (record) => (record.billingAddress as { name?: unknown } | undefined)?.name,
  },
};

/**
 * An invoice belongs to its partner; created by ROOT only (each create takes the next past period of the
 * matrix's subscription), never replaced nor deleted: PUT and DELETE are 404 for everybody.
 */
let nextInvoicedPeriod = 0;
const invoicesFixture: ResourceFixture = {
  collection: 'invoices',
  permission: 'BILLING',
  actions: ['list', 'getOne', 'getMany', 'create'],
  rows: async (db) => {
    await ensureBillingMatrix(db);
    return (
      await db
        .select({
          id: invoices.id,
          establishmentId: invoices.establishmentId,
          promoterGroupId: invoices.promoterGroupId,
        })
        .from(invoices)
    ).map((row) => ({ id: row.id, ownership: partnerOwnershipOf(row) }));
  },
  writes: {
    newInput: () => {
      const matrix = matrixOf();
      const periodStart = matrix.periods[nextInvoicedPeriod++ % matrix.periods.length];
      return { subscriptionId: matrix.invoicedSubscriptionId, periodStart };
    },
    ownershipOfInput: () => ({ establishmentIds: [matrixOf().invoicedEstablishmentId], promoterGroupIds: [] }),
    owners: ['firstEstablishment', 'secondPromoterGroup', 'nobody'],
    insertThrowaway: async (db, owner, scopes) => {
      const fields = ownerScopeFields(owner, scopes);
      return insertThrowawayInvoice(
        db,
        owner === 'nobody' ? { establishmentId: await newBillingVenue(db), promoterGroupId: null } : fields,
      );
    },
    edit: (record, mark) => ({ ...record, number: mark }),
    markOf: (record) => record.number,
  },
};

export const RESOURCE_FIXTURES: readonly ResourceFixture[] = [
  usersFixture,
  tagsFixture,
  auditLogFixture,
  rolesFixture,
  // The nine kinds are one definition (server/routes/referenceData.ts): one stands for all here, and
  // test/api/referenceData.test.ts checks every kind's reads and refused writes for every account.
  referenceDataFixture('musics'),
  establishmentsFixture,
  promotersFixture,
  eventsFixture,
  widgetSettingsFixture,
  offersFixture,
  promoCodeTemplatesFixture,
  promoCodesFixture,
  asksFixture,
  tagTermsFixture,
  plansFixture,
  subscriptionsFixture,
  invoicesFixture,
];

/**
 * What the table says a call must answer:
 * - 404 for an endpoint the resource does not have;
 * - 403 when no role of the caller grants the action;
 * - on a record: 404 outside the caller's read scope (it does not exist for them); for a change, 403 when
 *   readable but outside the write scope;
 * - on a create: 403 when the new record would lie outside the caller's write scope;
 * - else the success status.
 */
export function expectedStatus(
  viewer: Viewer,
  fixture: ResourceFixture,
  action: MatrixAction,
  ownership?: RecordOwnership,
): number {
  if (!fixture.actions.includes(action)) return 404;
  if (!hasPermission(viewer.roleKeys, fixture.permission, PERMISSION_ACTION[action])) return 403;
  if (ownership) {
    const inScope = (mode: 'read' | 'write') => isInScope(viewer, fixture.permission, ownership, mode);
    if (action === 'create') {
      if (!inScope('write')) return 403;
    } else {
      if (!inScope('read')) return 404;
      if (PERMISSION_ACTION[action] !== 'read' && !inScope('write')) return 403;
    }
  }
  return SUCCESS_STATUS[action];
}

/** The ids a list or getMany must answer: the rows the viewer may read, in id order. */
export const visibleIds = (viewer: Viewer, fixture: ResourceFixture, rows: readonly OwnedRow[]): number[] =>
  rows
    .filter((row) => isInScope(viewer, fixture.permission, row.ownership, 'read'))
    .map((row) => row.id)
    .sort((a, b) => a - b);

/**
 * A few rows per distinct ownership, so that getOne tries every kind of record without a request per row
 * (users all differ by `userId`: every user is tried).
 */
export function representativeRows(rows: readonly OwnedRow[], perOwnership = 2): OwnedRow[] {
  const taken = new Map<string, number>();
  return rows.filter((row) => {
    const key = JSON.stringify(row.ownership);
    const count = taken.get(key) ?? 0;
    taken.set(key, count + 1);
    return count < perOwnership;
  });
}

/**
 * The dashboard's endpoints (server/routes/dashboard.ts, docs/dashboard.md), outside the permission-table
 * resources: `GET /dashboard` answers every signed-in account; a card answers the accounts it is for
 * (domain/dashboard.ts `dashboardCardsOf`), 403 the others; a name that is no card is a 404 for everybody.
 */
export const DASHBOARD_ENDPOINTS: readonly string[] = [
  'dashboard',
  ...DASHBOARD_CARDS.map((card) => `dashboard/cards/${card}`),
  'dashboard/cards/noSuchCard',
];

export function expectedDashboardStatus(viewer: Viewer, endpoint: string): number {
  if (endpoint === 'dashboard') return 200;
  const card = endpoint.slice('dashboard/cards/'.length);
  if (!isDashboardCardId(card)) return 404;
  return dashboardCardsOf(viewer).includes(card) ? 200 : 403;
}

/** A demo account as the server sees it: its viewer, read from the database. */
export async function viewerOf(db: Database, email: string): Promise<Viewer & { roleKey: RoleKey }> {
  const [row] = await db
    .select({
      id: users.id,
      roleKey: roles.key,
      establishmentId: users.establishmentId,
      promoterGroupId: users.promoterGroupId,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.email, email));
  if (!row || !isRoleKey(row.roleKey)) throw new Error(`no demo account ${email}`);
  return {
    userId: row.id,
    roleKeys: [row.roleKey],
    roleKey: row.roleKey,
    establishmentId: row.establishmentId,
    promoterGroupId: row.promoterGroupId,
  };
}

export async function seededScopes(db: Database): Promise<SeededScopes> {
  const [admin, admin2, promoter, promoter2] = await Promise.all(
    ['admin@demo.ch', 'admin2@demo.ch', 'promoter@demo.ch', 'promoter2@demo.ch'].map((email) => viewerOf(db, email)),
  );
  const roleRows = await db.select({ id: roles.id, key: roles.key }).from(roles);
  const roleIds = Object.fromEntries(roleRows.map((row) => [row.key, row.id])) as Record<RoleKey, number>;
  const [establishmentType] = await db.select({ id: establishmentTypes.id }).from(establishmentTypes).limit(1);
  const [eventType] = await db.select({ id: eventTypes.id }).from(eventTypes).limit(1);
  const [promoCodeTemplate] = await db.select({ id: promoCodeTemplates.id }).from(promoCodeTemplates).limit(1);
  const [offerType] = await db.select({ id: offerTypes.id }).from(offerTypes).limit(1);
  const required = (value: number | null, what: string): number => {
    if (value === null) throw new Error(`the seed gives no ${what}`);
    return value;
  };
  return {
    firstEstablishmentId: required(admin.establishmentId, 'first establishment'),
    secondEstablishmentId: required(admin2.establishmentId, 'second establishment'),
    firstPromoterGroupId: required(promoter.promoterGroupId, 'first promoter group'),
    secondPromoterGroupId: required(promoter2.promoterGroupId, 'second promoter group'),
    roleIds,
    establishmentTypeId: required(establishmentType?.id ?? null, 'establishment type'),
    eventTypeId: required(eventType?.id ?? null, 'event type'),
    promoCodeTemplateId: required(promoCodeTemplate?.id ?? null, 'promo code template'),
    offer: await offerReferences(db, required(admin.establishmentId, 'first establishment'), offerType?.id ?? null),
  };
}

/** The first establishment's approved exclusive template and published event, for new offers. */
async function offerReferences(db: Database, establishmentId: number, offerTypeId: number | null) {
  const [template] = await db
    .select({ id: offerTemplates.id })
    .from(offerTemplates)
    .where(
      and(
        eq(offerTemplates.establishmentId, establishmentId),
        eq(offerTemplates.kind, 'EXCLUSIVE'),
        eq(offerTemplates.approvalStatus, 'APPROVED'),
      ),
    )
    .limit(1);
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.establishmentId, establishmentId), eq(events.visibility, 'PUBLISHED')))
    .limit(1);
  if (!template || !event || offerTypeId === null)
    throw new Error('the seed gives the first venue no offer template or event');
  return { offerTypeId, templateId: template.id, eventId: event.id };
}

// ---- GET /statistics -------------------------------------------------------------------------------------

/** A scope `GET /statistics` is asked for, and what its record belongs to (null: the caller's own scope). */
export interface StatisticsScopeCase {
  name: string;
  filter: Record<string, number>;
  ownership: RecordOwnership | null;
}

/**
 * The scopes every account asks `GET /statistics` for: its own (no filter), both establishments, both promoter
 * groups, and an event of each kind of owner (the first venue alone, the first group, the second venue).
 */
export async function statisticsScopeCases(db: Database, scopes: SeededScopes): Promise<StatisticsScopeCase[]> {
  const eventRows = await db
    .select({ id: events.id, establishmentId: events.establishmentId, promoterGroupId: events.promoterGroupId })
    .from(events);
  const eventWhere = (name: string, test: (row: (typeof eventRows)[number]) => boolean): StatisticsScopeCase => {
    const row = eventRows.find(test);
    if (!row) throw new Error(`the seed has no event of ${name}`);
    return {
      name: `an event of ${name}`,
      filter: { eventId: row.id },
      ownership: ownershipOfEvent({ establishmentId: row.establishmentId, promoterGroupId: row.promoterGroupId }),
    };
  };
  return [
    { name: 'its own scope', filter: {}, ownership: null },
    {
      name: 'the first establishment',
      filter: { establishmentId: scopes.firstEstablishmentId },
      ownership: { establishmentIds: [scopes.firstEstablishmentId] },
    },
    {
      name: 'the second establishment',
      filter: { establishmentId: scopes.secondEstablishmentId },
      ownership: { establishmentIds: [scopes.secondEstablishmentId] },
    },
    {
      name: 'the first promoter group',
      filter: { promoterGroupId: scopes.firstPromoterGroupId },
      ownership: { promoterGroupIds: [scopes.firstPromoterGroupId] },
    },
    {
      name: 'the second promoter group',
      filter: { promoterGroupId: scopes.secondPromoterGroupId },
      ownership: { promoterGroupIds: [scopes.secondPromoterGroupId] },
    },
    eventWhere(
      'the first establishment alone',
      (row) => row.establishmentId === scopes.firstEstablishmentId && row.promoterGroupId === null,
    ),
    eventWhere('the first promoter group', (row) => row.promoterGroupId === scopes.firstPromoterGroupId),
    eventWhere(
      'the second establishment alone',
      (row) => row.establishmentId === scopes.secondEstablishmentId && row.promoterGroupId === null,
    ),
  ];
}

/**
 * What `GET /statistics` must answer (docs/statistics.md "Scopes and access"): 403 without the STATISTICS
 * permission; the caller's own scope; a record's figures only within the caller's own scope (the write scope:
 * reading another venue's published event does not show its figures), else 404 as for a record one cannot read.
 */
export function expectedStatisticsStatus(viewer: Viewer, ownership: RecordOwnership | null): number {
  if (!hasPermission(viewer.roleKeys, 'STATISTICS', 'read')) return 403;
  if (ownership === null) return 200;
  return isInScope(viewer, 'STATISTICS', ownership, 'write') ? 200 : 404;
}

/**
 * The tag actions of the tag terms (docs/tag-terms.md): `POST /tags/:id/merge-into/:targetId`, `/assign` and
 * `/unassign`, which need TAG_TERMS update whatever the tag or the records (counts and links of every scope).
 */
export const TAG_TERM_ACTIONS = ['merge-into', 'assign', 'unassign'] as const;
export type TagTermAction = (typeof TAG_TERM_ACTIONS)[number];

export function expectedTagTermActionStatus(viewer: Viewer, tagExists: boolean): number {
  if (!hasPermission(viewer.roleKeys, 'TAG_TERMS', 'update')) return 403;
  return tagExists ? 200 : 404;
}
