import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Viewer } from '../../../domain/access';
import type { OccurrenceItem } from '../../../domain/event';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../domain/languages';
import { offerWindowInstants, spotsLeft } from '../../../domain/offer';
import { EVENT_TIME_ZONE, zonedInstant } from '../../../domain/recurrence';
import { uploadFileUrl } from '../../../domain/upload';
import { WIDGET_DAYS_AHEAD, type WidgetSettings } from '../../../domain/widget';
import type { Queryable } from '../../db/queryable';
import {
  establishmentHappyHours,
  establishments,
  eventMedia,
  eventMusics,
  eventOutOfSchedule,
  events,
  eventTypes,
  musics,
  offers,
  offerTemplates,
  roles,
  uploads,
  users,
  widgetSettings,
} from '../../db/schema';
import { listOccurrences } from '../occurrences';
import { widgetSettingsColumns, widgetSettingsOf } from '../widgetSettings';

/**
 * What the widget page shows, read from the database: the settings by their public key, the venue, its
 * happy hours, and its upcoming published occurrences (the occurrences engine, as an anonymous reader).
 */

/** The engine's reader for the public: a customer, who reads published events only. */
const PUBLIC_READER: Viewer = { userId: 0, roleKeys: ['CUSTOMER'], establishmentId: null, promoterGroupId: null };

/** More occurrences than a venue has in the widget's 60 days; the list pages them, the calendar needs them all. */
const MOST_OCCURRENCES = 2_000;

export interface WidgetVenue {
  id: number;
  name: string;
  address: string | null;
  city: string | null;
  logoUrl: string | null;
  websiteUrl: string | null;
  ticketUrl: string | null;
  /** The language of the venue's first ADMIN, the page's language when the visitor names none we have. */
  language: Language;
  happyHours: { title: string; days: string[]; startTime: string; endTime: string }[];
}

export async function loadSettingsByKey(db: Queryable, key: string): Promise<WidgetSettings | null> {
  // A key is 22 URL-safe characters; anything else is not looked up at all.
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(key)) return null;
  const [found] = await db
    .select(widgetSettingsColumns())
    .from(widgetSettings)
    .where(eq(widgetSettings.externalApiKey, key))
    .limit(1);
  if (!found) return null;
  const settings = widgetSettingsOf(found.row, Boolean(found.proLogoIncluded));
  // The pro logo shows only while the venue's paid plan includes it (docs/billing.md "Paid state").
  const proLogo = settings.widgetTheme.hasEnabledProLogo && settings.proLogoIncluded;
  return { ...settings, widgetTheme: { ...settings.widgetTheme, hasEnabledProLogo: proLogo } };
}

export async function loadVenue(db: Queryable, establishmentId: number): Promise<WidgetVenue | null> {
  const [venue] = await db
    .select({
      id: establishments.id,
      name: establishments.name,
      address: establishments.localisation,
      city: establishments.city,
      logoKey: uploads.storageKey,
      websiteUrl: establishments.urlSite,
      ticketUrl: establishments.urlBilletterie,
    })
    .from(establishments)
    .leftJoin(uploads, eq(uploads.id, establishments.logoUploadId))
    .where(eq(establishments.id, establishmentId));
  if (!venue) return null;
  const [happyHours, language] = await Promise.all([
    db
      .select({
        title: establishmentHappyHours.title,
        days: establishmentHappyHours.days,
        startTime: establishmentHappyHours.startTime,
        endTime: establishmentHappyHours.endTime,
      })
      .from(establishmentHappyHours)
      .where(eq(establishmentHappyHours.establishmentId, establishmentId))
      .orderBy(asc(establishmentHappyHours.position), asc(establishmentHappyHours.id)),
    venueLanguage(db, establishmentId),
  ]);
  const { logoKey, ...rest } = venue;
  return { ...rest, logoUrl: logoKey ? uploadFileUrl(logoKey) : null, language, happyHours };
}

/**
 * Establishments have no language of their own: the one of their earliest created active ADMIN stands for the
 * venue's, else German (most Swiss venues' visitors read it).
 */
async function venueLanguage(db: Queryable, establishmentId: number): Promise<Language> {
  const [admin] = await db
    .select({ language: users.language })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.establishmentId, establishmentId), eq(roles.key, 'ADMIN'), eq(users.isActive, true)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return admin && isLanguage(admin.language) ? admin.language : VENUE_LANGUAGE_FALLBACK;
}

export const VENUE_LANGUAGE_FALLBACK: Language = 'de';
export { DEFAULT_LANGUAGE };

export interface WidgetFilter {
  musicIds?: number[];
  eventTypeIds?: number[];
  cities?: string[];
}

/** The widget's window: from now to the end of the local day WIDGET_DAYS_AHEAD days on. */
export function widgetWindow(now: Date): { from: string; to: string; today: Temporal.PlainDate } {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(EVENT_TIME_ZONE).toPlainDate();
  const to = zonedInstant(today.add({ days: WIDGET_DAYS_AHEAD + 1 }).toString(), '00:00');
  return { from: now.toISOString(), to, today };
}

/** Every published occurrence of the venue in the window that is not waiting for (or refused) approval. */
export async function loadOccurrences(
  db: Queryable,
  establishmentId: number,
  filter: WidgetFilter,
  window: { from: string; to: string },
): Promise<OccurrenceItem[]> {
  const page = await listOccurrences(db, PUBLIC_READER, {
    filter: { ...filter, from: window.from, to: window.to, establishmentId, visibility: 'PUBLISHED' },
    order: 'ASC',
    offset: 0,
    limit: MOST_OCCURRENCES,
  });
  return page.items.filter((item) => item.approvalStatus === null || item.approvalStatus === 'APPROVED');
}

/** What an occurrence shows beyond the engine's item: its event's facts, its own changes applied. */
export interface OccurrenceDetails {
  eventTypeLabel: string | null;
  musicLabels: string[];
  tarifMin: number | null;
  tarifMax: number | null;
  isFree: boolean;
  ageMin: number;
  ticketUrl: string | null;
  pictureUrl: string | null;
  description: string | null;
  /** The published offers valid at this occurrence, exclusive ones first. */
  offers: WidgetOffer[];
}

/**
 * An offer as a visitor sees it under an occurrence: its template's short title; an exclusive one with its spots
 * left and its validity window (instants), a recurrent one holds for the whole occurrence.
 */
export type WidgetOffer =
  | { id: number; kind: 'EXCLUSIVE'; title: string; spotsLeft: number; startsAt: string; endsAt: string }
  | { id: number; kind: 'RECURRENT'; title: string };

const LABEL_COLUMNS = {
  en: { type: eventTypes.labelEn, music: musics.labelEn },
  fr: { type: eventTypes.labelFr, music: musics.labelFr },
  de: { type: eventTypes.labelDe, music: musics.labelDe },
  it: { type: eventTypes.labelIt, music: musics.labelIt },
} as const;

/** The details of the listed occurrences, by occurrence id. */
export async function loadDetails(
  db: Queryable,
  items: readonly OccurrenceItem[],
  language: Language,
  options: { offers: boolean; now: Date } = { offers: false, now: new Date() },
): Promise<Map<string, OccurrenceDetails>> {
  const eventIds = [...new Set(items.map((item) => item.eventId))];
  if (eventIds.length === 0) return new Map();
  const labels = LABEL_COLUMNS[language];
  const rowIds = items.flatMap((item) => (item.outOfScheduleEventId === null ? [] : [item.outOfScheduleEventId]));
  const [facts, musicRows, pictures, changeRows, offerRows] = await Promise.all([
    db
      .select({
        id: events.id,
        eventTypeLabel: labels.type,
        tarifMin: events.tarifMin,
        tarifMax: events.tarifMax,
        isFree: events.isFree,
        ageMin: events.ageMin,
        ticketUrl: events.urlBilletterie,
        description: events.description,
      })
      .from(events)
      .leftJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
      .where(inArray(events.id, eventIds)),
    db
      .select({ eventId: eventMusics.eventId, label: labels.music })
      .from(eventMusics)
      .innerJoin(musics, eq(musics.id, eventMusics.musicId))
      .where(inArray(eventMusics.eventId, eventIds))
      .orderBy(asc(musics.position), asc(musics.id)),
    db
      .select({ eventId: eventMedia.eventId, key: uploads.storageKey })
      .from(eventMedia)
      .innerJoin(uploads, and(eq(uploads.id, eventMedia.uploadId), sql`${uploads.mimeType} LIKE 'image/%'`))
      .where(inArray(eventMedia.eventId, eventIds))
      .orderBy(asc(eventMedia.eventId), asc(eventMedia.position)),
    rowIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: eventOutOfSchedule.id, changes: eventOutOfSchedule.changes })
          .from(eventOutOfSchedule)
          .where(inArray(eventOutOfSchedule.id, rowIds)),
    options.offers ? loadOfferRows(db, items) : Promise.resolve([]),
  ]);
  const factsById = new Map(facts.map((fact) => [fact.id, fact]));
  const musicsById = groupBy(
    musicRows,
    (row) => row.eventId,
    (row) => row.label,
  );
  // In gallery order: the first picture of each event is its picture.
  const pictureById = new Map<number, string>();
  for (const picture of pictures)
    if (!pictureById.has(picture.eventId)) pictureById.set(picture.eventId, uploadFileUrl(picture.key));
  const changesById = new Map(changeRows.map((row) => [row.id, row.changes]));
  const details = new Map<string, OccurrenceDetails>();
  for (const item of items) {
    const fact = factsById.get(item.eventId);
    if (!fact) continue;
    const changes = item.outOfScheduleEventId === null ? {} : (changesById.get(item.outOfScheduleEventId) ?? {});
    details.set(item.id, {
      eventTypeLabel: fact.eventTypeLabel,
      musicLabels: musicsById.get(item.eventId) ?? [],
      tarifMin: changed(changes, 'tarifMin', fact.tarifMin, isNumberOrNull),
      tarifMax: changed(changes, 'tarifMax', fact.tarifMax, isNumberOrNull),
      isFree: changed(changes, 'isFree', fact.isFree, (value) => typeof value === 'boolean'),
      ageMin: changed(changes, 'ageMin', fact.ageMin, (value) => typeof value === 'number'),
      ticketUrl: changed(changes, 'urlBilletterie', fact.ticketUrl, isStringOrNull),
      pictureUrl: pictureById.get(item.eventId) ?? null,
      description: fact.description,
      offers: offersAt(offerRows, item, options.now),
    });
  }
  return details;
}

type OfferRow = Awaited<ReturnType<typeof loadOfferRows>>[number];

/**
 * The published offers that may hold for the listed occurrences, in one query: those on their events, and the
 * recurrent ones without an event (they hold for every event of their owner, the venue or the promoter group).
 * Recurrent ones only while activated; every one needs its template, whose short title it shows.
 */
function loadOfferRows(db: Queryable, items: readonly OccurrenceItem[]) {
  const eventIds = [...new Set(items.map((item) => item.eventId))];
  const venueIds = [...new Set(items.flatMap((item) => (item.establishmentId === null ? [] : [item.establishmentId])))];
  const groupIds = [...new Set(items.flatMap((item) => (item.promoterGroupId === null ? [] : [item.promoterGroupId])))];
  const ownersOfEventless = [
    ...(venueIds.length > 0 ? [inArray(offers.establishmentId, venueIds)] : []),
    ...(groupIds.length > 0 ? [inArray(offers.promoterGroupId, groupIds)] : []),
  ];
  return db
    .select({
      id: offers.id,
      kind: offers.kind,
      eventId: offers.eventId,
      establishmentId: offers.establishmentId,
      promoterGroupId: offers.promoterGroupId,
      availableSpots: offers.availableSpots,
      claimedSpots: offers.claimedSpots,
      startDate: offers.startDate,
      startTime: offers.startTime,
      endDate: offers.endDate,
      endTime: offers.endTime,
      title: offerTemplates.shortTitle,
    })
    .from(offers)
    .innerJoin(offerTemplates, eq(offerTemplates.id, offers.templateId))
    .where(
      and(
        eq(offers.visibility, 'PUBLISHED'),
        or(eq(offers.kind, 'EXCLUSIVE'), eq(offers.isActivated, true)),
        or(
          inArray(offers.eventId, eventIds),
          ownersOfEventless.length > 0
            ? and(isNull(offers.eventId), eq(offers.kind, 'RECURRENT'), or(...ownersOfEventless))
            : sql`false`,
        ),
      ),
    )
    .orderBy(asc(offers.kind), asc(offers.startDate), asc(offers.startTime), asc(offers.id));
}

/** The offers valid at one occurrence: recurrent ones of its event or owner; exclusive ones whose window overlaps it and has not closed. */
function offersAt(rows: readonly OfferRow[], item: OccurrenceItem, now: Date): WidgetOffer[] {
  const found: WidgetOffer[] = [];
  for (const row of rows) {
    if (row.kind === 'RECURRENT') {
      const holds =
        row.eventId === item.eventId ||
        (row.eventId === null &&
          ((row.establishmentId !== null && row.establishmentId === item.establishmentId) ||
            (row.promoterGroupId !== null && row.promoterGroupId === item.promoterGroupId)));
      if (holds) found.push({ id: row.id, kind: 'RECURRENT', title: row.title });
      continue;
    }
    if (row.eventId !== item.eventId || !row.startDate || !row.startTime || !row.endDate || !row.endTime) continue;
    const window = offerWindowInstants({
      startDate: row.startDate,
      startTime: row.startTime,
      endDate: row.endDate,
      endTime: row.endTime,
    });
    const overlaps =
      Date.parse(window.startsAt) < Date.parse(item.endsAt) && Date.parse(window.endsAt) > Date.parse(item.startsAt);
    if (!overlaps || Date.parse(window.endsAt) <= now.getTime()) continue;
    found.push({
      id: row.id,
      kind: 'EXCLUSIVE',
      title: row.title,
      spotsLeft: spotsLeft({ availableSpots: row.availableSpots ?? 0, claimedSpots: row.claimedSpots }),
      ...window,
    });
  }
  return found;
}

const isNumberOrNull = (value: unknown): value is number | null => value === null || typeof value === 'number';
const isStringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** An occurrence's own value of a general field (a THIS_OCCURRENCE_ONLY edit), else the event's. */
function changed<Value>(
  changes: Record<string, unknown>,
  field: string,
  eventValue: Value,
  accepts: (value: unknown) => value is Value,
): Value {
  const path = `generalInfos.${field}`;
  return path in changes && accepts(changes[path]) ? changes[path] : eventValue;
}

function groupBy<Row, Value>(rows: Row[], key: (row: Row) => number, value: (row: Row) => Value) {
  const groups = new Map<number, Value[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), value(row)]);
  return groups;
}

/** One occurrence by its engine id (`eventId@originalStartsAt`), when the widget lists it. */
export function findOccurrence(items: readonly OccurrenceItem[], occurrenceId: string): OccurrenceItem | undefined {
  return items.find((item) => item.id === occurrenceId);
}
