import { eq } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import { Temporal } from 'temporal-polyfill';
import { WEEK_DAYS } from '../../domain/enums';
import { ruleOf } from '../../domain/recurrence';
import type { Language } from '../../domain/languages';
import { ROLE_KEYS } from '../../domain/roles';
import { WIDGET_DEFAULTS } from '../../domain/widget';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_PEOPLE } from './accounts';
import { ESTABLISHMENTS } from './establishments';
import { buildSeedEvents, recurrenceRuleOf, scheduleOf, type SeedEvent } from './events';
import { drawLogo, drawPicture, type DemoImage } from './images';
import { eventTimesOf, instantBefore, seededRandom, spreadInstants, templateTimesOf } from './history';
import { OFFER_TEMPLATES, OFFERS, PROMO_CODE_TEMPLATES, PROMO_CODES } from './offers';
import { PROMOTER_GROUPS } from './promoterGroups';
import { REFERENCE_DATA } from './reference';
import { TAGS } from './tags';

/** The database or a transaction handle: the seed only ever uses the transaction's. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Ids by natural key, so that the data files can refer to rows by key or by position. */
export type ReferenceIds = Record<schema.ReferenceKind, Map<string, number>>;

export interface SeedFile {
  storageKey: string;
  bytes: Buffer;
  contentType: string;
}

const toHtml = (text: string) => `<p>${escapeHtml(text)}</p>`;
const idsOf = (ids: Map<string, number>, keys: string[]) => keys.map((key) => lookup(ids, key));

function lookup<Key>(ids: Map<Key, number>, key: Key): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Seed data refers to an unknown key: ${String(key)}`);
  return id;
}

/** Inserts the seven roles that are missing; safe on every start, production included. */
export async function ensureRoles(db: Executor): Promise<Map<string, number>> {
  await db
    .insert(schema.roles)
    .values(ROLE_KEYS.map((key) => ({ key })))
    .onConflictDoNothing({ target: schema.roles.key });
  const rows = await db.select({ id: schema.roles.id, key: schema.roles.key }).from(schema.roles);
  return new Map(rows.map((row) => [row.key, row.id]));
}

export async function seedReferenceData(tx: Executor): Promise<ReferenceIds> {
  const ids = {} as ReferenceIds;
  for (const kind of Object.keys(REFERENCE_DATA) as schema.ReferenceKind[]) {
    const rows = await tx
      .insert(schema.referenceTables[kind])
      .values(
        REFERENCE_DATA[kind].map(([key, labelEn, labelFr, labelDe, labelIt], position) => ({
          key,
          labelEn,
          labelFr,
          labelDe,
          labelIt,
          position,
        })),
      )
      .returning({ id: schema.referenceTables[kind].id, key: schema.referenceTables[kind].key });
    ids[kind] = new Map(rows.map((row) => [row.key, row.id]));
  }
  return ids;
}

export async function seedTags(tx: Executor): Promise<Map<string, number>> {
  const rows = await tx
    .insert(schema.tags)
    .values(
      TAGS.map((tag) => ({
        tagName: tag.tagName,
        category: tag.category,
        subCategory: tag.subCategory,
        description: tag.description,
        htmlDescription: toHtml(tag.description),
      })),
    )
    .returning({ id: schema.tags.id, tagName: schema.tags.tagName });
  const ids = new Map(rows.map((row) => [row.tagName, row.id]));
  await tx.insert(schema.tagTranslations).values(
    TAGS.flatMap((tag) =>
      (Object.entries(tag.translations) as [Language, string][]).map(([language, label]) => ({
        tagId: lookup(ids, tag.tagName),
        language,
        label,
      })),
    ),
  );
  return ids;
}

/** A demo picture: the upload's key and name, and the drawn image with its preview. */
interface PictureSpec {
  storageKey: string;
  name: string;
  image: DemoImage;
  preview: DemoImage;
}

/** How many venues get a two-picture gallery. */
const GALLERY_VENUES = 4;
const FLYER = { name: 'Nachtwerk Warehouse flyer', color: '#0D0D0D' };
const logoKey = (name: string) => `demo/${slug(name)}-logo.png`;
const pictureKey = (name: string, variant: number) => `demo/${slug(name)}-${variant + 1}.png`;
const DEMO_MIME_TYPE = 'image/png';
const previewKeyOf = (storageKey: string) => storageKey.replace(/\.png$/, '.preview.png');

const logoSpec = (name: string, color: string): PictureSpec => ({
  storageKey: logoKey(name),
  name: `${name} logo.png`,
  image: drawLogo(color, 256),
  preview: drawLogo(color, 64),
});

const pictureSpec = (name: string, color: string, variant: number): PictureSpec => ({
  storageKey: pictureKey(name, variant),
  name: `${name} ${variant + 1}.png`,
  image: drawPicture(color, 640, 400, variant),
  preview: drawPicture(color, 160, 100, variant),
});

export async function seedEstablishments(
  tx: Executor,
  context: { reference: ReferenceIds; tagIds: Map<string, number>; uploadIds: Map<string, number> },
): Promise<number[]> {
  const { reference, tagIds, uploadIds } = context;
  const rows = await tx
    .insert(schema.establishments)
    .values(
      ESTABLISHMENTS.map((venue) => ({
        name: venue.name,
        logoUploadId: lookup(uploadIds, logoKey(venue.name)),
        establishmentTypeId: lookup(reference.establishmentTypes, venue.typeKey),
        localisation: `${venue.street}, ${venue.postcode} ${venue.city}, Switzerland`,
        city: venue.city,
        lat: venue.lat,
        lang: venue.lang,
        placeId: `demo-place-${venue.postcode}-${slug(venue.name)}`,
        email: venue.email,
        phone: venue.phone,
        urlBilletterie: venue.urlBilletterie,
        urlSite: venue.urlSite,
        ageMin: venue.ageMin,
        tarifMin: venue.tarifMin,
        tarifMax: venue.tarifMax,
        externalCapacity: venue.externalCapacity,
        internalCapacity: venue.internalCapacity,
        description: venue.description,
        htmlDescription: toHtml(venue.description),
        visibility: venue.visibility,
      })),
    )
    .returning({ id: schema.establishments.id });
  const ids = rows.map((row) => row.id);
  const each = <Row>(build: (venue: (typeof ESTABLISHMENTS)[number], establishmentId: number) => Row[]) =>
    ESTABLISHMENTS.flatMap((venue, index) => build(venue, ids[index]));

  await tx.insert(schema.establishmentWorkSchedules).values(
    each((venue, establishmentId) =>
      WEEK_DAYS.map((dayOfWeek) => {
        const opening = venue.openings.find((candidate) => candidate.days.includes(dayOfWeek));
        return {
          establishmentId,
          dayOfWeek,
          isActive: Boolean(opening),
          startTime: opening?.start ?? null,
          endTime: opening?.end ?? null,
        };
      }),
    ),
  );
  await insertIfAny(
    tx,
    schema.establishmentHappyHours,
    each((venue, establishmentId) =>
      venue.happyHours.map((happyHour, position) => ({
        establishmentId,
        title: happyHour.title,
        days: happyHour.days,
        startTime: happyHour.start,
        endTime: happyHour.end,
        position,
      })),
    ),
  );
  await insertIfAny(
    tx,
    schema.establishmentSecondaryTypes,
    each((venue, establishmentId) =>
      idsOf(reference.establishmentTypes, venue.secondaryTypeKeys).map((establishmentTypeId) => ({
        establishmentId,
        establishmentTypeId,
      })),
    ),
  );
  await insertIfAny(
    tx,
    schema.establishmentMusics,
    each((venue, establishmentId) =>
      idsOf(reference.musics, venue.musicKeys).map((musicId) => ({ establishmentId, musicId })),
    ),
  );
  await insertIfAny(
    tx,
    schema.establishmentAmbiances,
    each((venue, establishmentId) =>
      idsOf(reference.ambiances, venue.ambianceKeys).map((ambianceId) => ({ establishmentId, ambianceId })),
    ),
  );
  await insertIfAny(
    tx,
    schema.establishmentTags,
    each((venue, establishmentId) => idsOf(tagIds, venue.tagNames).map((tagId) => ({ establishmentId, tagId }))),
  );
  await tx.insert(schema.establishmentMedia).values(
    ESTABLISHMENTS.slice(0, GALLERY_VENUES).flatMap((venue, index) =>
      [0, 1].map((position) => ({
        establishmentId: ids[index],
        uploadId: lookup(uploadIds, pictureKey(venue.name, position)),
        position,
      })),
    ),
  );
  return ids;
}

export async function seedPromoterGroups(
  tx: Executor,
  context: { reference: ReferenceIds; tagIds: Map<string, number>; uploadIds: Map<string, number> },
): Promise<number[]> {
  const { reference, tagIds, uploadIds } = context;
  const rows = await tx
    .insert(schema.promoterGroups)
    .values(
      PROMOTER_GROUPS.map((group) => ({
        name: group.name,
        logoUploadId: lookup(uploadIds, logoKey(group.name)),
        email: group.email,
        phone: group.phone,
        urlSite: group.urlSite,
        urlBilletterie: group.urlBilletterie,
        description: group.description,
        htmlDescription: toHtml(group.description),
        visibility: group.visibility,
      })),
    )
    .returning({ id: schema.promoterGroups.id });
  const ids = rows.map((row) => row.id);
  const each = <Row>(build: (group: (typeof PROMOTER_GROUPS)[number], promoterGroupId: number) => Row[]) =>
    PROMOTER_GROUPS.flatMap((group, index) => build(group, ids[index]));

  await insertIfAny(
    tx,
    schema.promoterGroupPromoterTypes,
    each((group, promoterGroupId) =>
      idsOf(reference.promoterTypes, group.promoterTypeKeys).map((promoterTypeId) => ({
        promoterGroupId,
        promoterTypeId,
      })),
    ),
  );
  await insertIfAny(
    tx,
    schema.promoterGroupEventTypes,
    each((group, promoterGroupId) =>
      idsOf(reference.eventTypes, group.eventTypeKeys).map((eventTypeId) => ({ promoterGroupId, eventTypeId })),
    ),
  );
  await insertIfAny(
    tx,
    schema.promoterGroupMusics,
    each((group, promoterGroupId) =>
      idsOf(reference.musics, group.musicKeys).map((musicId) => ({ promoterGroupId, musicId })),
    ),
  );
  await insertIfAny(
    tx,
    schema.promoterGroupAmbiances,
    each((group, promoterGroupId) =>
      idsOf(reference.ambiances, group.ambianceKeys).map((ambianceId) => ({ promoterGroupId, ambianceId })),
    ),
  );
  await insertIfAny(
    tx,
    schema.promoterGroupTags,
    each((group, promoterGroupId) => idsOf(tagIds, group.tagNames).map((tagId) => ({ promoterGroupId, tagId }))),
  );
  await tx.insert(schema.promoterGroupMedia).values({
    promoterGroupId: ids[0],
    uploadId: lookup(uploadIds, pictureKey(FLYER.name, 0)),
    position: 0,
  });
  return ids;
}

export async function seedUsers(
  tx: Executor,
  context: {
    roleIds: Map<string, number>;
    passwordHash: string;
    establishmentIds: number[];
    promoterGroupIds: number[];
  },
): Promise<Map<string, number>> {
  const rows = await tx
    .insert(schema.users)
    .values(
      DEMO_ACCOUNTS.map((account) => {
        const person = DEMO_PEOPLE[account.email];
        const scope = person.scope;
        return {
          email: account.email,
          firstName: person.firstName,
          lastName: person.lastName,
          username: person.username,
          phoneNumber: person.phoneNumber,
          gender: person.gender,
          language: person.language,
          hasPaidSubscription: person.hasPaidSubscription,
          billingLink: person.hasPaidSubscription ? `https://billing.example.ch/customers/${person.username}` : null,
          roleId: lookup(context.roleIds, account.roleKey),
          establishmentId: scope && 'establishment' in scope ? context.establishmentIds[scope.establishment] : null,
          promoterGroupId: scope && 'promoterGroup' in scope ? context.promoterGroupIds[scope.promoterGroup] : null,
          passwordHash: context.passwordHash,
        };
      }),
    )
    .returning({ id: schema.users.id, email: schema.users.email });
  return new Map(rows.map((row) => [row.email, row.id]));
}

/**
 * Logos for every establishment and promoter group, a small gallery for the first venues and a flyer,
 * as upload rows keyed by storage key; returns the files to store under those keys. The owner is set
 * once the users exist (assignUploadsOwner).
 */
export async function seedUploads(tx: Executor): Promise<{ files: SeedFile[]; uploadIds: Map<string, number> }> {
  const specs: PictureSpec[] = [
    ...ESTABLISHMENTS.map((venue) => logoSpec(venue.name, venue.logoColor)),
    ...PROMOTER_GROUPS.map((group) => logoSpec(group.name, group.logoColor)),
    ...ESTABLISHMENTS.slice(0, GALLERY_VENUES).flatMap((venue) =>
      [0, 1].map((variant) => pictureSpec(venue.name, venue.logoColor, variant)),
    ),
    pictureSpec(FLYER.name, FLYER.color, 0),
  ];
  const rows = await tx
    .insert(schema.uploads)
    .values(
      specs.map((spec) => ({
        storageKey: spec.storageKey,
        previewKey: previewKeyOf(spec.storageKey),
        originalName: spec.name,
        mimeType: DEMO_MIME_TYPE,
        sizeBytes: spec.image.bytes.length,
        width: spec.image.width,
        height: spec.image.height,
      })),
    )
    .returning({ id: schema.uploads.id, storageKey: schema.uploads.storageKey });
  const files = specs.flatMap((spec) => [
    { storageKey: spec.storageKey, bytes: spec.image.bytes, contentType: DEMO_MIME_TYPE },
    { storageKey: previewKeyOf(spec.storageKey), bytes: spec.preview.bytes, contentType: DEMO_MIME_TYPE },
  ]);
  return { files, uploadIds: new Map(rows.map((row) => [row.storageKey, row.id])) };
}

export async function assignUploadsOwner(tx: Executor, ownerUserId: number): Promise<void> {
  await tx.update(schema.uploads).set({ ownerUserId });
}

export async function seedEvents(
  tx: Executor,
  context: {
    today: Temporal.PlainDate;
    reference: ReferenceIds;
    tagIds: Map<string, number>;
    userIds: Map<string, number>;
    establishmentIds: number[];
    promoterGroupIds: number[];
    uploadIds: Map<string, number>;
  },
): Promise<Map<string, number>> {
  const seedEvents = buildSeedEvents(context.today);
  const eventIds = new Map<string, number>();
  // Heads first, then the tail segments, which need their parent's id.
  for (const batch of [seedEvents.filter((event) => !event.parentKey), seedEvents.filter((event) => event.parentKey)]) {
    const rows = await tx
      .insert(schema.events)
      .values(batch.map((event) => eventRow(event, context, eventIds)))
      .returning({ id: schema.events.id });
    batch.forEach((event, index) => eventIds.set(event.key, rows[index].id));
  }
  const each = <Row>(build: (event: SeedEvent, eventId: number) => Row[]) =>
    seedEvents.flatMap((event) => build(event, lookup(eventIds, event.key)));
  const { reference } = context;

  await insertIfAny(
    tx,
    schema.eventMusics,
    each((event, eventId) => idsOf(reference.musics, event.musicKeys).map((musicId) => ({ eventId, musicId }))),
  );
  await insertIfAny(
    tx,
    schema.eventTags,
    each((event, eventId) => idsOf(context.tagIds, event.tagNames).map((tagId) => ({ eventId, tagId }))),
  );
  await insertIfAny(
    tx,
    schema.eventServices,
    each((event, eventId) =>
      idsOf(reference.services, event.promoterFlow?.serviceKeys ?? []).map((serviceId) => ({ eventId, serviceId })),
    ),
  );
  await insertIfAny(
    tx,
    schema.eventGames,
    each((event, eventId) =>
      idsOf(reference.games, event.promoterFlow?.gameKeys ?? []).map((gameId) => ({ eventId, gameId })),
    ),
  );
  await insertIfAny(
    tx,
    schema.eventEnvironments,
    each((event, eventId) =>
      idsOf(reference.environments, event.promoterFlow?.environmentKeys ?? []).map((environmentId) => ({
        eventId,
        environmentId,
      })),
    ),
  );
  await tx.insert(schema.eventMedia).values({
    eventId: lookup(eventIds, 'nachtwerk-warehouse'),
    uploadId: lookup(context.uploadIds, pictureKey(FLYER.name, 0)),
    position: 0,
  });
  await insertIfAny(tx, schema.eventOutOfSchedule, each(outOfScheduleRows));
  return eventIds;
}

function eventRow(
  event: SeedEvent,
  context: Parameters<typeof seedEvents>[1],
  eventIds: Map<string, number>,
): typeof schema.events.$inferInsert {
  const venue = event.establishment === null ? null : ESTABLISHMENTS[event.establishment];
  // The recurrence engine's end date and bounds (rows included), as the events resource stores them.
  const { endDate, firstStartsAt, lastEndsAt } = scheduleOf(event);
  const userId = (email: string | undefined) => (email ? lookup(context.userIds, email) : null);
  const times = eventTimesOf(event.key, context.today, event);
  return {
    title: event.title,
    establishmentId: event.establishment === null ? null : context.establishmentIds[event.establishment],
    promoterGroupId: event.promoterGroup === null ? null : context.promoterGroupIds[event.promoterGroup],
    eventTypeId: lookup(context.reference.eventTypes, event.eventTypeKey),
    ageMin: event.ageMin,
    tarifMin: event.tarifMin,
    tarifMax: event.tarifMax,
    urlBilletterie: venue?.urlBilletterie ?? null,
    promotable: event.promotable,
    isFree: event.isFree,
    ...ruleOf(recurrenceRuleOf(event.rule)),
    endDate,
    firstStartsAt,
    lastEndsAt,
    parentEventId: event.parentKey ? lookup(eventIds, event.parentKey) : null,
    segmentIsRecurrenceTail: Boolean(event.parentKey),
    visibility: event.visibility,
    approvalStatus: event.request?.status ?? null,
    approvalReason: event.request?.reason ?? null,
    requestedByUserId: userId(event.request?.requestedBy),
    reviewedByUserId: userId(event.request?.reviewedBy),
    ...times,
    ...(event.promoterFlow && venue
      ? {
          localisation: `${venue.street}, ${venue.postcode} ${venue.city}, Switzerland`,
          city: venue.city,
          lat: venue.lat,
          lang: venue.lang,
          placeId: `demo-place-${venue.postcode}-${slug(venue.name)}`,
          eventCapacity: event.promoterFlow.eventCapacity,
          urlCarte: event.promoterFlow.urlCarte,
        }
      : { city: venue?.city ?? null }),
    description: event.description,
    htmlDescription: toHtml(event.description),
  };
}

function outOfScheduleRows(event: SeedEvent, eventId: number): (typeof schema.eventOutOfSchedule.$inferInsert)[] {
  return scheduleOf(event).rows.map((row) => ({ eventId, ...row }));
}

export async function seedOffers(
  tx: Executor,
  context: {
    today: Temporal.PlainDate;
    reference: ReferenceIds;
    userIds: Map<string, number>;
    establishmentIds: number[];
    promoterGroupIds: number[];
    eventIds: Map<string, number>;
  },
): Promise<void> {
  const establishmentId = (index: number | null) => (index === null ? null : context.establishmentIds[index]);
  const promoterGroupId = (index: number | null) => (index === null ? null : context.promoterGroupIds[index]);
  const templates = await tx
    .insert(schema.offerTemplates)
    .values(
      OFFER_TEMPLATES.map((template) => {
        const times = templateTimesOf(template.key, context.today, template.approvalStatus !== 'PENDING');
        return {
          kind: template.kind,
          longTitle: template.longTitle,
          shortTitle: template.shortTitle,
          htmlLongTitle: `<strong>${escapeHtml(template.longTitle)}</strong>`,
          htmlShortTitle: escapeHtml(template.shortTitle),
          description: template.description,
          htmlDescription: toHtml(template.description),
          establishmentId: establishmentId(template.establishment),
          promoterGroupId: promoterGroupId(template.promoterGroup),
          recurrencePattern: template.recurrencePattern,
          approvalStatus: template.approvalStatus,
          approvalReason: template.approvalReason ?? null,
          requestedByUserId: template.requestedBy ? lookup(context.userIds, template.requestedBy) : null,
          decidedByUserId: times.decidedBy ? lookup(context.userIds, times.decidedBy) : null,
          decidedAt: times.decidedAt,
          createdAt: times.createdAt,
          visibility: template.visibility,
        };
      }),
    )
    .returning({ id: schema.offerTemplates.id });
  const templateIds = new Map(OFFER_TEMPLATES.map((template, index) => [template.key, templates[index].id]));
  const day = (offset: number) => context.today.add({ days: offset }).toString();
  const offerIds = await tx
    .insert(schema.offers)
    .values(
      OFFERS.map((offer) => ({
        kind: offer.kind,
        establishmentId: establishmentId(offer.establishment),
        promoterGroupId: promoterGroupId(offer.promoterGroup),
        eventId: offer.eventKey ? lookup(context.eventIds, offer.eventKey) : null,
        offerTypeId: lookup(context.reference.offerTypes, offer.offerTypeKey),
        templateId: lookup(templateIds, offer.templateKey),
        availableSpots: offer.availableSpots ?? null,
        startDate: offer.window ? day(offer.window.fromDay) : null,
        endDate: offer.window ? day(offer.window.toDay) : null,
        startTime: offer.window?.startTime ?? null,
        endTime: offer.window?.endTime ?? null,
        isActivated: offer.isActivated ?? false,
        claimedSpots: (offer.claims ?? []).filter((claim) => claim.cancelledDaysAgo === undefined).length,
        visibility: offer.visibility,
      })),
    )
    .returning({ id: schema.offers.id });
  const claims = OFFERS.flatMap((offer, index) =>
    (offer.claims ?? []).map((claim) => ({
      offerId: offerIds[index].id,
      userId: lookup(context.userIds, claim.by),
      createdAt: instantBefore(context.today, claim.daysAgo, claim.at),
      cancelledAt:
        claim.cancelledDaysAgo === undefined ? null : instantBefore(context.today, claim.cancelledDaysAgo, '12:00'),
      cancelledByUserId: claim.cancelledDaysAgo === undefined ? null : lookup(context.userIds, claim.by),
    })),
  );
  if (claims.length > 0) await tx.insert(schema.offerClaims).values(claims);
}

export async function seedPromoCodes(
  tx: Executor,
  context: {
    today: Temporal.PlainDate;
    userIds: Map<string, number>;
    establishmentIds: number[];
    promoterGroupIds: number[];
  },
): Promise<void> {
  const templates = await tx
    .insert(schema.promoCodeTemplates)
    .values(
      PROMO_CODE_TEMPLATES.map((template) => ({
        name: template.name,
        description: template.description,
        htmlDescription: toHtml(template.description),
        discountKind: template.discountKind,
        discountValue: template.discountValue,
        validFrom: context.today.subtract({ days: template.sinceDays }).toString(),
        validUntil: context.today.add({ days: template.validDays }).toString(),
        establishmentId: template.establishment === null ? null : context.establishmentIds[template.establishment],
        promoterGroupId: template.promoterGroup === null ? null : context.promoterGroupIds[template.promoterGroup],
      })),
    )
    .returning({ id: schema.promoCodeTemplates.id });
  const templateIds = new Map(PROMO_CODE_TEMPLATES.map((template, index) => [template.key, templates[index].id]));
  const codeIds = await tx
    .insert(schema.promoCodes)
    .values(
      PROMO_CODES.map((promoCode) => ({
        code: promoCode.code,
        maxUsageCount: promoCode.maxUsageCount,
        usageCount: promoCode.usageCount,
        promoCodeTemplateId: lookup(templateIds, promoCode.templateKey),
      })),
    )
    .returning({ id: schema.promoCodes.id });
  // Redeemed over the days since the template is valid, more at the weekend; the demo account's last.
  const random = seededRandom(42);
  const redemptions = PROMO_CODES.flatMap((promoCode, index) => {
    const template = PROMO_CODE_TEMPLATES.find((candidate) => candidate.key === promoCode.templateKey)!;
    const instants = spreadInstants(context.today, promoCode.usageCount, template.sinceDays, random).reverse();
    return instants.map((createdAt, redemption) => ({
      promoCodeId: codeIds[index].id,
      userId: redemption === 0 && promoCode.redeemedBy ? lookup(context.userIds, promoCode.redeemedBy) : null,
      createdAt,
    }));
  });
  if (redemptions.length > 0) await tx.insert(schema.promoCodeRedemptions).values(redemptions);
}

/**
 * Every venue has its widget settings with the defaults from the moment it exists (migration 0009's trigger);
 * the first keeps them, the next two show customised themes.
 */
export async function seedWidgetSettings(tx: Executor, establishmentIds: number[]): Promise<void> {
  const customised: [number, Partial<typeof schema.widgetSettings.$inferInsert>][] = [
    [
      establishmentIds[1],
      {
        fontFamilyName: 'Playfair Display',
        hasRoundedBorders: true,
        hasEnabledCalendar: true,
        hasEnabledHappyHours: true,
        happyHoursTitle: 'Before midnight',
        colorPrimaryText: '#1F2933',
        colorAccent: '#FE555C',
        colorBackgroundPrimary: '#FFF8F0',
      },
    ],
    [
      establishmentIds[2],
      {
        fontFamilyName: 'Oswald',
        hasTransparentBackground: true,
        hasEnabledHappyHours: true,
        hasEnabledProLogo: true,
        happyHoursTitle: 'Feierabend',
        happyHoursIconName: WIDGET_DEFAULTS.happyHoursIconName,
        colorAccent: '#59B090',
      },
    ],
  ];
  for (const [establishmentId, theme] of customised) {
    await tx.update(schema.widgetSettings).set(theme).where(eq(schema.widgetSettings.establishmentId, establishmentId));
  }
}

/** A short history, so that the audit screen has something to show. */
export async function seedAuditLog(
  tx: Executor,
  context: { userIds: Map<string, number>; establishmentIds: number[]; eventIds: Map<string, number> },
): Promise<void> {
  const actor = (email: string) => ({ actorUserId: lookup(context.userIds, email), actorEmail: email });
  await tx.insert(schema.auditLog).values([
    ...ESTABLISHMENTS.map((venue, index) => ({
      ...actor('root@demo.ch'),
      resource: 'establishments',
      recordId: String(context.establishmentIds[index]),
      action: 'CREATE',
      changes: { 'generalInfos.establishmentName': { after: venue.name } },
    })),
    {
      ...actor('admin@demo.ch'),
      resource: 'events',
      recordId: String(lookup(context.eventIds, 'gleis7-saturdays')),
      action: 'UPDATE',
      changes: { 'generalInfos.tarifMax': { before: 25, after: 30 } },
    },
    {
      ...actor('admin2@demo.ch'),
      resource: 'events',
      recordId: String(lookup(context.eventIds, 'leman-afro-brunch')),
      action: 'UPDATE',
      changes: { 'generalInfos.approvalStatus': { before: 'PENDING', after: 'REJECTED' } },
    },
  ]);
}

/** `Léman Sound System` → `leman-sound-system`. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Multi-row insert that skips empty lists (an INSERT needs at least one row). */
async function insertIfAny<Table extends Parameters<Executor['insert']>[0]>(
  tx: Executor,
  table: Table,
  rows: Table['$inferInsert'][],
): Promise<void> {
  if (rows.length > 0) await tx.insert(table).values(rows);
}
