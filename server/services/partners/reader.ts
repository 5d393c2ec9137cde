import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { linkedIdsOf, mediaIdsOf, tagLinksOfPairs, tagPairsOf } from '../../db/links';
import { idInIdsPlaceholder, qualified } from '../../db/conditions';
import type { RecordColumns } from '../../db/pages';
import { builtOncePerDatabase } from '../../db/prepared';
import type { Queryable } from '../../db/queryable';
import { uploadsBeside, uploadsByIdOf, type UploadTuple } from '../uploadRecords';
import type { PartnerDefinition, PartnerLinks, PartnerReading, PartnerRow } from './definition';
import { picturesOf } from './pictures';
import { partnerRecordBasicsOf } from './record';

/** What the reader's statement answers for one partner: its row and everything read beside it. */
interface PartnerFound<Row> {
  row: Row;
  linked: Record<string, number[]>;
  tags: [number, string][];
  media: number[];
  /** The logo's and the gallery's uploads. */
  uploads: UploadTuple[];
  extras: Record<string, unknown>;
}

type AnyPartner = PartnerDefinition<PartnerRow, never, unknown, PartnerLinks, unknown>;

interface PreparedRead {
  execute(values: { ids: number[] }): Promise<PartnerFound<PartnerRow>[]>;
}

/**
 * A partner's row with its link sets, tags, gallery, the uploads they show and the kind's own child rows, as
 * correlated subqueries beside the row: what the reader selects, whether for ids or with a page.
 */
function selectionOf(definition: AnyPartner) {
  const ownerId = definition.id;
  const { tags: tagLink, ...plainLinks } = definition.links;
  const linked = Object.fromEntries(
    Object.entries(plainLinks).map(([name, link]) => [name, linkedIdsOf(link, ownerId)]),
  );
  const extras: Record<string, SQL> = { ...definition.extras?.columns };
  const media = mediaIdsOf(definition.media, ownerId);
  const { logoUploadId } = getTableColumns(definition.table);
  return {
    row: definition.table,
    linked,
    tags: tagPairsOf(tagLink, ownerId),
    media,
    uploads: uploadsBeside(sql`array_append(${media}, ${qualified(logoUploadId)})`),
    // drizzle wants at least one field in a nested selection.
    extras: { ...extras, none: sql`NULL` },
  } as unknown as SelectedFields;
}

/** The rows of these ids with everything beside them: one statement for a page of records (it used to take seven), built once per kind and database. */
function buildRead(definition: AnyPartner) {
  return builtOncePerDatabase(
    `partner_records_${getTableName(definition.table)}`,
    (db, statementName) =>
      db
        .select(selectionOf(definition))
        .from(definition.table)
        .where(idInIdsPlaceholder(definition.id))
        .prepare(statementName) as unknown as PreparedRead,
  );
}

const reads = new WeakMap<AnyPartner, ReturnType<typeof buildRead>>();

function readOf(definition: AnyPartner) {
  let read = reads.get(definition);
  if (!read) reads.set(definition, (read = buildRead(definition)));
  return read;
}

/**
 * The partner records of these ids (any order; missing ids left out) in one statement whatever the page size:
 * the rows with everything beside them, the uploads they show included.
 */
export async function loadPartners<Row extends PartnerRow, Input, RecordShape, Links extends PartnerLinks, Extras>(
  db: Queryable,
  definition: PartnerDefinition<Row, Input, RecordShape, Links, Extras>,
  ids: readonly number[],
): Promise<RecordShape[]> {
  if (ids.length === 0) return [];
  const found = (await readOf(definition as unknown as AnyPartner)(db).execute({
    ids: [...ids],
  })) as PartnerFound<Row>[];
  return found.map((partner) => recordOfFound(definition, partner));
}

/**
 * A plain list's first page of partners read with its page (the generic resource's `listedColumns`): one
 * statement instead of a page of ids and then its records.
 */
export function partnerPageColumns<Row extends PartnerRow, Input, RecordShape, Links extends PartnerLinks, Extras>(
  definition: PartnerDefinition<Row, Input, RecordShape, Links, Extras>,
): RecordColumns<RecordShape> {
  return {
    columns: selectionOf(definition as unknown as AnyPartner),
    toRecords: (rows) => rows.map((row) => recordOfFound(definition, row as unknown as PartnerFound<Row>)),
    plainFirstPageOnly: true,
  };
}

function recordOfFound<Row extends PartnerRow, Input, RecordShape, Links extends PartnerLinks, Extras>(
  definition: PartnerDefinition<Row, Input, RecordShape, Links, Extras>,
  { row, linked, tags: pairs, media, uploads, extras }: PartnerFound<Row>,
): RecordShape {
  const uploadsById = uploadsByIdOf(uploads);
  const tags = tagLinksOfPairs(pairs);
  const reading = {
    linked: linked as PartnerReading<Links, Extras>['linked'],
    tags,
    pictures: picturesOf(row.logoUploadId, media, uploadsById),
    extras: definition.extras ? definition.extras.of(extras) : (undefined as Extras),
  };
  // recordOf made this object for this row alone; adding to it keeps V8 off the slow path a literal of two
  // spreads takes.
  return Object.assign(definition.recordOf(row, reading), partnerRecordBasicsOf(row, tags)) as RecordShape;
}
