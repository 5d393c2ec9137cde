import { and, eq, inArray } from 'drizzle-orm';
import { updateRowAtVersion, type VersionedRowUpdate } from '../../db/versionedUpdate';
import type { Viewer } from '../../../domain/access';
import type { ApprovalStatus } from '../../../domain/enums';
import { RESOURCE_ERROR_CODES } from '../../../domain/errors';
import {
  derivedEndDate,
  EVENT_PROBLEMS,
  type Event,
  type EventInput,
  type OutOfScheduleEvent,
  type OutOfScheduleEventInput,
} from '../../../domain/event';
import {
  generatesOccurrenceAt,
  rekeyRows,
  ruleOf,
  seriesBounds,
  type RecurrenceRule,
} from '../../../domain/recurrence';
import { resolveGallery } from '../../../domain/upload';
import { establishments } from '../../db/schema/establishments';
import { eventOutOfSchedule, events } from '../../db/schema/events';
import { promoterGroups } from '../../db/schema/promoterGroups';
import { environments, eventTypes, games, musics, services } from '../../db/schema/reference';
import { tags } from '../../db/schema/tags';
import { ApiError } from '../../errors';
import { replaceChildren } from '../../db/links';
import { checkPartnerWrite, descriptionColumnsOf, referenceCheck, type ReferenceCheck } from '../partners/checks';
import type { Queryable } from '../../db/queryable';
import { requireUsableUploads, type UploadUse } from '../uploadRecords';
import {
  EVENT_LINKS,
  EVENT_MEDIA,
  instantOrNull,
  loadEvent,
  loadEventRow,
  loadOutOfScheduleRows,
  ruleOfRow,
  sameRule,
  storedRuleOf,
} from './record';

/**
 * Writing an event (docs/server.md "Events"): the `events` row, its links, gallery and menu file, its
 * out-of-schedule rows, and the bounds `first_starts_at` / `last_ends_at` the occurrence query reads. One
 * entry point, `writeEventRow`, used by the `events` resource and by the occurrence edits (a split writes
 * the tail segment through it), so that every write checks, stores and bounds a series the same way.
 */

/** Approval columns to set with the write; left out, an update keeps them and an insert leaves them null. */
export interface EventApproval {
  approvalStatus: ApprovalStatus | null;
  approvalReason?: string | null;
  requestedByUserId?: number | null;
  /** When the request was made (again); left out, the stored time stays (a change of a pending request). */
  approvalRequestedAt?: Date | null;
  reviewedByUserId?: number | null;
  reviewedAt?: Date | null;
}

export interface WriteEventArguments {
  /** The series to update; left out, a new row is inserted. */
  id?: number;
  /** The input as written: its `visibility` is stored as is (save actions are resolved by the caller). */
  input: EventInput;
  viewer: Viewer;
  /**
   * The record whose references and uploads the input may keep (retired reference values, another user's
   * pictures already on it) and whose gallery `mediaListState` edits. Defaults to the stored record of `id`;
   * a new tail segment passes the series it is split from.
   */
  current?: Event | null;
  approval?: EventApproval;
  /** Segment links, written when given (a new tail segment sets both). */
  extra?: { parentEventId?: number | null; segmentIsRecurrenceTail?: boolean };
  /** On update, the version bump and guard the save adds to its UPDATE of the row (the generic's). */
  versionedUpdate?: VersionedRowUpdate;
}

/** Rows are keyed by the instant, whatever its spelling. */
const keyOf = (instant: string): number => Date.parse(instant);

const ROW_PROBLEMS = {
  duplicate: 'Another row has the same original start',
} as const;

// ---- the rule ------------------------------------------------------------------------------------------

/** The rule the input describes (the engine's input). */
export const ruleOfInput = (input: EventInput): RecurrenceRule => {
  const dates = input.dateAndCalendar;
  return {
    startDate: dates.startDate,
    endDate: storedEndDate(input),
    startTime: dates.startTime,
    endTime: dates.endTime,
    recurrencePattern: dates.recurrencePattern,
    recurrenceDaysOfWeek: dates.recurrencePattern === 'WEEKLY' ? dates.recurrenceDaysOfWeek : [],
    recurrenceEndType: dates.recurrencePattern === 'NONE' ? 'NEVER' : dates.recurrenceEndType,
    maxOccurrences: dates.maxOccurrences,
    recurrenceEndDate: dates.recurrenceEndDate,
  };
};

/**
 * The rule as the series row's columns (the reverse of record.ts's `ruleOfRow`); every write of a rule goes
 * through it.
 */
export const ruleColumnsOf = (rule: RecurrenceRule) => ruleOf(rule);

/**
 * The end date as stored: null when it is the one the times derive, so a record read back (which shows the
 * derived date) and saved again after a time change derives it anew instead of keeping a stale date.
 */
function storedEndDate(input: EventInput): string | null {
  const { startDate, endDate, startTime, endTime } = input.dateAndCalendar;
  return endDate === null || endDate === derivedEndDate(startDate, startTime, endTime) ? null : endDate;
}

// ---- checks before anything is written -----------------------------------------------------------------

const referenceChecksOf = (input: EventInput): ReferenceCheck[] => {
  const { generalInfos: general, descriptionAndMedia: media } = input;
  const one = (id: number | null) => (id === null ? [] : [id]);
  return [
    referenceCheck('generalInfos.eventType', eventTypes, [general.eventType.id]),
    referenceCheck('generalInfos.musics', musics, general.musics),
    referenceCheck('descriptionAndMedia.services', services, media.services),
    referenceCheck('descriptionAndMedia.games', games, media.games),
    referenceCheck('descriptionAndMedia.environments', environments, media.environments),
    { field: 'descriptionAndMedia.tagTerms', column: tags.id, ids: media.tagTerms },
    { field: 'generalInfos.establishmentId', column: establishments.id, ids: one(general.establishmentId) },
    { field: 'generalInfos.promoterGroupId', column: promoterGroups.id, ids: one(general.promoterGroupId) },
  ];
};

/** The stored record's ids in the shape of an input, for the retired-value rule of `checkPartnerWrite`. */
const storedReferenceChecksOf = (current: Event): ReferenceCheck[] =>
  referenceChecksOf(current as unknown as EventInput);

/** The problems a check reports as a 400, or none. */
async function problemsOf(check: () => Promise<unknown>): Promise<Record<string, string>> {
  try {
    await check();
    return {};
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400 && error.errors) return error.errors;
    throw error;
  }
}

/**
 * Every check the schema cannot make, all at once: reference, tag, establishment and promoter group ids
 * exist (and retired values only where the record has them), the gallery edit is consistent, and the
 * pictures and the menu file are the caller's or already on the record (the menu may be a PDF).
 * Answers the gallery to store; throws one 400 naming every field.
 */
async function checkEventWrite(
  tx: Queryable,
  viewer: Viewer,
  input: EventInput,
  current: Event | null,
): Promise<number[]> {
  const media = input.descriptionAndMedia;
  const storedMediaIds = current?.descriptionAndMedia.media.map((upload) => upload.id) ?? [];
  const gallery = resolveGallery(storedMediaIds, media.media, media.mediaListState, 'descriptionAndMedia');
  const attached = new Set([
    ...storedMediaIds,
    ...(current?.descriptionAndMedia.fileCarte ? [current.descriptionAndMedia.fileCarte.id] : []),
  ]);
  const uses: UploadUse[] = [
    ...gallery.ids.map((id, index) => ({ field: `descriptionAndMedia.media.${index}`, id, imageOnly: true })),
    ...(media.fileCarte ? [{ field: 'descriptionAndMedia.fileCarte', id: media.fileCarte.id, imageOnly: false }] : []),
  ];
  const noPictures = { logo: null, media: [], mediaListState: null };
  const problems = {
    ...(await problemsOf(() =>
      checkPartnerWrite(
        tx,
        viewer,
        noPictures,
        null,
        referenceChecksOf(input),
        current ? storedReferenceChecksOf(current) : [],
      ),
    )),
    ...(await problemsOf(() => requireUsableUploads(tx, viewer, uses, attached))),
    ...gallery.problems,
  };
  if (Object.keys(problems).length > 0) throw new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, problems);
  return gallery.ids;
}

// ---- the row -------------------------------------------------------------------------------------------

function columnsOf(input: EventInput) {
  const { generalInfos: general, descriptionAndMedia: media } = input;
  return {
    title: general.eventTitle,
    establishmentId: general.establishmentId,
    promoterGroupId: general.promoterGroupId,
    eventTypeId: general.eventType.id,
    ageMin: general.ageMin,
    tarifMin: general.tarifMin,
    tarifMax: general.tarifMax,
    urlBilletterie: general.urlBilletterie,
    promotable: general.promotable,
    isFree: general.isFree,
    ...ruleColumnsOf(ruleOfInput(input)),
    visibility: input.visibility,
    localisation: general.localisation,
    city: general.city,
    lat: general.lat,
    lang: general.lang,
    placeId: general.placeId,
    eventCapacity: media.eventCapacity,
    urlCarte: media.urlCarte,
    fileCarteUploadId: media.fileCarte?.id ?? null,
    ...descriptionColumnsOf(input.description),
  };
}

export const boundsColumns = (bounds: { firstStartsAt: string; lastEndsAt: string | null }) => ({
  firstStartsAt: new Date(bounds.firstStartsAt),
  lastEndsAt: bounds.lastEndsAt === null ? null : new Date(bounds.lastEndsAt),
});

/** Recomputes `first_starts_at` / `last_ends_at` from the stored rule and rows (after any row change). */
export async function updateSeriesBounds(tx: Queryable, eventId: number): Promise<void> {
  const row = await loadEventRow(tx, eventId);
  if (!row) return;
  const rows = (await loadOutOfScheduleRows(tx, [eventId])).get(eventId) ?? [];
  await tx
    .update(events)
    .set(boundsColumns(seriesBounds(ruleOfRow(row), rows)))
    .where(eq(events.id, eventId));
}

// ---- out-of-schedule rows ------------------------------------------------------------------------------

/** 400 naming each row whose key the rule does not generate (SKIP, UPDATE) or that repeats another's key. */
function checkRows(rule: RecurrenceRule, rows: readonly OutOfScheduleEventInput[]): void {
  const problems: Record<string, string> = {};
  const seen = new Set<number>();
  rows.forEach((row, index) => {
    const field = `dateAndCalendar.outOfScheduleEvents.${index}.originalStartsAt`;
    if (seen.has(keyOf(row.originalStartsAt))) problems[field] = ROW_PROBLEMS.duplicate;
    else if (row.action !== 'CREATE' && !generatesOccurrenceAt(rule, row.originalStartsAt))
      problems[field] = EVENT_PROBLEMS.notAnOccurrence;
    seen.add(keyOf(row.originalStartsAt));
  });
  if (Object.keys(problems).length > 0) throw new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, problems);
}

const rowColumns = (row: OutOfScheduleEventInput) => ({
  action: row.action,
  originalStartsAt: new Date(row.originalStartsAt),
  // A SKIP hides the occurrence: it has no instants or title of its own.
  startsAt: row.action === 'SKIP' || row.startsAt === null ? null : new Date(row.startsAt),
  endsAt: row.action === 'SKIP' || row.endsAt === null ? null : new Date(row.endsAt),
  title: row.action === 'SKIP' ? null : row.eventTitle,
});

/** Whether saving `row` over the stored row with its key would change nothing. */
function unchangedRow(stored: OutOfScheduleEvent, row: OutOfScheduleEventInput): boolean {
  const wanted = rowColumns(row);
  return (
    stored.action === wanted.action &&
    stored.startsAt === instantOrNull(wanted.startsAt) &&
    stored.endsAt === instantOrNull(wanted.endsAt) &&
    stored.eventTitle === wanted.title &&
    // Saving a row as a SKIP clears the changes its occurrence had.
    (row.action !== 'SKIP' || Object.keys(stored.changes).length === 0)
  );
}

/**
 * The out-of-schedule editor's save: the series' rows become exactly `rows`. Rows are matched to the stored
 * ones by their key (`originalStartsAt`), so a kept row keeps its id (and the other fields it changes, in
 * `changes`, unless it became a SKIP); the others are removed or added, and a row sent as it is stored is left
 * alone. Answers whether any row changed.
 */
export async function replaceOutOfScheduleRows(
  tx: Queryable,
  eventId: number,
  rule: RecurrenceRule,
  rows: readonly OutOfScheduleEventInput[],
  /** The series' rows as stored, when the caller read them in this transaction; else they are read here. */
  storedRows?: readonly OutOfScheduleEvent[],
): Promise<boolean> {
  checkRows(rule, rows);
  const stored = storedRows ?? (await loadOutOfScheduleRows(tx, [eventId])).get(eventId) ?? [];
  const storedByKey = new Map(stored.map((row) => [keyOf(row.originalStartsAt), row]));
  const wantedKeys = new Set(rows.map((row) => keyOf(row.originalStartsAt)));
  const removed = stored.filter((row) => !wantedKeys.has(keyOf(row.originalStartsAt))).map((row) => row.id);
  if (removed.length > 0) await tx.delete(eventOutOfSchedule).where(inArray(eventOutOfSchedule.id, removed));
  let changed = removed.length > 0;
  for (const row of rows) {
    const existing = storedByKey.get(keyOf(row.originalStartsAt));
    if (existing && unchangedRow(existing, row)) continue;
    changed = true;
    if (existing) {
      await tx
        .update(eventOutOfSchedule)
        .set({ ...rowColumns(row), ...(row.action === 'SKIP' ? { changes: {} } : {}), updatedAt: new Date() })
        .where(eq(eventOutOfSchedule.id, existing.id));
    } else {
      await tx.insert(eventOutOfSchedule).values({ eventId, ...rowColumns(row) });
    }
  }
  return changed;
}

/**
 * The rows of a whole-record save whose rule changed: the browser sends the rows it read, keyed by the old
 * rule's occurrences. A SKIP or UPDATE the new rule does not generate but the old one did follows its
 * occurrence to the new rule (rekeyRows: same local date) or goes, as when the rows are left out; one the
 * old rule did not generate either stays as sent, for checkRows to refuse. A re-keyed row landing on the key
 * of a row that kept its own goes: that occurrence is already described.
 */
function rowsFollowingRule(
  oldRule: RecurrenceRule,
  newRule: RecurrenceRule,
  rows: readonly OutOfScheduleEventInput[],
): OutOfScheduleEventInput[] {
  const followsOld = (row: OutOfScheduleEventInput) =>
    row.action !== 'CREATE' &&
    !generatesOccurrenceAt(newRule, row.originalStartsAt) &&
    generatesOccurrenceAt(oldRule, row.originalStartsAt);
  const keptKeys = new Set(rows.filter((row) => !followsOld(row)).map((row) => keyOf(row.originalStartsAt)));
  return rows.flatMap((row) => {
    if (!followsOld(row)) return [row];
    const { kept } = rekeyRows(oldRule, newRule, [{ ...row, id: 0 }]);
    if (kept.length === 0 || keptKeys.has(keyOf(kept[0].originalStartsAt))) return [];
    return [{ ...row, originalStartsAt: kept[0].originalStartsAt }];
  });
}

/**
 * After the rule of a series changed: rows follow their occurrence to the new rule (rekeyRows: same local
 * date) or go; a one-off event has none. A re-keyed row that would land on the key of a row that stays (a
 * CREATE at the new time) goes too: that occurrence is already described.
 */
export async function rekeyOutOfScheduleRows(
  tx: Queryable,
  eventId: number,
  oldRule: RecurrenceRule,
  newRule: RecurrenceRule,
): Promise<void> {
  const stored = (await loadOutOfScheduleRows(tx, [eventId])).get(eventId) ?? [];
  if (stored.length === 0) return;
  if (newRule.recurrencePattern === 'NONE') {
    await tx.delete(eventOutOfSchedule).where(eq(eventOutOfSchedule.eventId, eventId));
    return;
  }
  const { kept, removedIds } = rekeyRows(oldRule, newRule, stored);
  const storedKeyOf = new Map(stored.map((row) => [row.id, keyOf(row.originalStartsAt)]));
  const moved = kept.filter((row) => storedKeyOf.get(row.id) !== keyOf(row.originalStartsAt));
  const stayingKeys = new Set(kept.filter((row) => !moved.includes(row)).map((row) => keyOf(row.originalStartsAt)));
  const colliding = moved.filter((row) => stayingKeys.has(keyOf(row.originalStartsAt))).map((row) => row.id);
  const toRemove = [...new Set([...removedIds, ...colliding])];
  if (toRemove.length > 0) {
    await tx
      .delete(eventOutOfSchedule)
      .where(and(eq(eventOutOfSchedule.eventId, eventId), inArray(eventOutOfSchedule.id, toRemove)));
  }
  for (const row of moved.filter((candidate) => !colliding.includes(candidate.id))) {
    await tx
      .update(eventOutOfSchedule)
      .set({ originalStartsAt: new Date(row.originalStartsAt), updatedAt: new Date() })
      .where(eq(eventOutOfSchedule.id, row.id));
  }
}

// ---- the write -----------------------------------------------------------------------------------------

const approvalColumns = (approval: EventApproval) => ({
  approvalStatus: approval.approvalStatus,
  ...(approval.approvalReason !== undefined ? { approvalReason: approval.approvalReason } : {}),
  ...(approval.requestedByUserId !== undefined ? { requestedByUserId: approval.requestedByUserId } : {}),
  ...(approval.approvalRequestedAt !== undefined ? { approvalRequestedAt: approval.approvalRequestedAt } : {}),
  ...(approval.reviewedByUserId !== undefined ? { reviewedByUserId: approval.reviewedByUserId } : {}),
  ...(approval.reviewedAt !== undefined ? { reviewedAt: approval.reviewedAt } : {}),
});

/**
 * Inserts or updates a series: checks (400 naming every field), the row, its links, gallery and menu, its
 * out-of-schedule rows, then the bounds from what is stored. Rows: without `updateScope`, an input that
 * carries `outOfScheduleEvents` replaces them (replaceOutOfScheduleRows, checked against the new rule; when
 * the rule changed, rows keyed by the old rule's occurrences follow them first: rowsFollowingRule);
 * otherwise, when the rule changed, the stored rows are re-keyed or removed (no orphan). Answers the id.
 *
 * Inside the caller's transaction (`tx`). A split moves the tail's rows to the tail before shrinking the
 * head through this function, or the head's rule change removes them.
 */
export async function writeEventRow(tx: Queryable, args: WriteEventArguments): Promise<number> {
  const { input, viewer } = args;
  const current =
    args.current !== undefined ? args.current : args.id !== undefined ? ((await loadEvent(tx, args.id)) ?? null) : null;
  // For an update: the record it replaces as read in this transaction, when it is this event's; its links,
  // stored rule and out-of-schedule rows need not be read again. The UPDATE of the row below carries the version
  // that record was read at (`versionedUpdate`), and nothing is written before it.
  const replaced = args.id !== undefined && current?.id === args.id ? current : undefined;
  const galleryIds = await checkEventWrite(tx, viewer, input, current);
  const newRule = ruleOfInput(input);
  const columns = {
    ...columnsOf(input),
    ...(args.approval ? approvalColumns(args.approval) : {}),
    ...(args.extra?.parentEventId !== undefined ? { parentEventId: args.extra.parentEventId } : {}),
    ...(args.extra?.segmentIsRecurrenceTail !== undefined
      ? { segmentIsRecurrenceTail: args.extra.segmentIsRecurrenceTail }
      : {}),
  };
  let id: number;
  let oldRule: RecurrenceRule | null = null;
  if (args.id === undefined) {
    const [row] = await tx
      .insert(events)
      .values({ ...columns, ...boundsColumns(seriesBounds(newRule, [])) })
      .returning({ id: events.id });
    id = row.id;
  } else {
    id = args.id;
    oldRule = await storedRuleFor(tx, id, replaced);
    await updateRowAtVersion(tx, { table: events, id: events.id, key: id }, columns, args.versionedUpdate);
  }
  // The record as stored: none for a row just inserted; for an update, the one read in this transaction.
  await writeLinks(tx, id, { input, galleryIds, stored: args.id === undefined ? null : replaced });
  const rows = input.dateAndCalendar.outOfScheduleEvents;
  const ruleChanged = oldRule !== null && !sameRule(oldRule, newRule);
  let rowsChanged = false;
  if (input.dateAndCalendar.updateScope === null && rows !== undefined) {
    if (oldRule !== null && ruleChanged) {
      // Stored and sent rows follow the rule alike, so a row the save keeps keeps its id.
      await rekeyOutOfScheduleRows(tx, id, oldRule, newRule);
      rowsChanged = await replaceOutOfScheduleRows(tx, id, newRule, rowsFollowingRule(oldRule, newRule, rows));
    } else {
      // The rows are as the replaced record shows them: nothing rekeyed them since it was read.
      const storedRows = replaced?.dateAndCalendar.outOfScheduleEvents;
      rowsChanged = await replaceOutOfScheduleRows(tx, id, newRule, rows, storedRows);
    }
  } else if (oldRule !== null && ruleChanged) {
    await rekeyOutOfScheduleRows(tx, id, oldRule, newRule);
  }
  // The bounds follow from the rule and the rows alone: a new row has its rule's (written with it), and an
  // update that changed neither rule nor rows keeps its own.
  if (rowsChanged || ruleChanged) await updateSeriesBounds(tx, id);
  return id;
}

/** The rule an update replaces, as stored: the one the replaced record was read with, else the row's. */
async function storedRuleFor(tx: Queryable, id: number, replaced: Event | undefined): Promise<RecurrenceRule> {
  const known = replaced && storedRuleOf(replaced);
  if (known) return known;
  const stored = await loadEventRow(tx, id);
  if (!stored) throw new ApiError(404, RESOURCE_ERROR_CODES.notFound);
  return ruleOfRow(stored);
}

/**
 * Musics, services, games, environments, tags and the gallery: each set becomes the input's. `stored` is the
 * record as it is stored now (null for a row just inserted); sets it already has are left alone.
 */
async function writeLinks(
  tx: Queryable,
  id: number,
  { input, galleryIds, stored }: { input: EventInput; galleryIds: readonly number[]; stored: Event | null | undefined },
): Promise<void> {
  const before = stored === null ? NOTHING_STORED : stored && storedSetsOf(stored);
  const sets = linkSetsOf(input).map(({ name, link, targetIds }) => ({ link, targetIds, stored: before?.[name] }));
  await replaceChildren(tx, id, sets, { media: EVENT_MEDIA, uploadIds: galleryIds, stored: before?.media });
}

/** The input's link sets, each named as `storedSetsOf` names the stored one. */
const linkSetsOf = ({ generalInfos, descriptionAndMedia: media }: EventInput) =>
  [
    { name: 'musics', link: EVENT_LINKS.musics, targetIds: generalInfos.musics },
    { name: 'services', link: EVENT_LINKS.services, targetIds: media.services },
    { name: 'games', link: EVENT_LINKS.games, targetIds: media.games },
    { name: 'environments', link: EVENT_LINKS.environments, targetIds: media.environments },
    { name: 'tags', link: EVENT_LINKS.tags, targetIds: media.tagTerms },
  ] as const;

const storedSetsOf = ({ generalInfos, descriptionAndMedia }: Event) => ({
  musics: generalInfos.musics,
  services: descriptionAndMedia.services,
  games: descriptionAndMedia.games,
  environments: descriptionAndMedia.environments,
  tags: descriptionAndMedia.tagTerms,
  media: descriptionAndMedia.media.map((upload) => upload.id),
});

const NOTHING_STORED: ReturnType<typeof storedSetsOf> = {
  musics: [],
  services: [],
  games: [],
  environments: [],
  tags: [],
  media: [],
};
