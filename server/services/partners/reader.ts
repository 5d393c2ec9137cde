import { loadLinkSets, loadTagLinks, NO_TAGS, type LinkTable } from '../../db/links';
import type { Queryable } from '../../db/queryable';
import type { PartnerDefinition, PartnerLinks, PartnerReading, PartnerRow } from './definition';
import { loadPictures } from './pictures';
import { partnerRecordBasicsOf } from './record';
import { idIn } from '../../db/conditions';

/** The linked ids of every link table but the tags, for a page of owners, in one statement. */
async function loadLinked<Links extends PartnerLinks>(db: Queryable, links: Links, ownerIds: readonly number[]) {
  const { tags: _tags, ...plainLinks } = links;
  const linked = await loadLinkSets(db, plainLinks as Record<string, LinkTable>, ownerIds);
  return (ownerId: number) =>
    Object.fromEntries([...linked].map(([name, byOwner]) => [name, byOwner.get(ownerId) ?? []])) as PartnerReading<
      Links,
      unknown
    >['linked'];
}

/**
 * The partner records of these ids in a fixed number of queries whatever the page size: the rows, one per
 * link table, the tags, the pictures (two), and the kind's own children.
 */
export async function loadPartners<Row extends PartnerRow, Input, RecordShape, Links extends PartnerLinks, Extras>(
  db: Queryable,
  definition: PartnerDefinition<Row, Input, RecordShape, Links, Extras>,
  ids: readonly number[],
): Promise<RecordShape[]> {
  const rows = (await db.select().from(definition.table).where(idIn(definition.id, ids))) as Row[];
  if (rows.length === 0) return [];
  const ownerIds = rows.map((row) => row.id);
  const extrasOf = definition.loadExtras ? await definition.loadExtras(db, ownerIds) : () => undefined as Extras;
  const linkedOf = await loadLinked(db, definition.links, ownerIds);
  const tagLinks = await loadTagLinks(db, definition.links.tags, ownerIds);
  const picturesOf = await loadPictures(db, definition.media, rows);
  return rows.map((row) => {
    const tags = tagLinks.get(row.id) ?? NO_TAGS;
    const reading = { linked: linkedOf(row.id), tags, pictures: picturesOf(row.id), extras: extrasOf(row.id) };
    return { ...definition.recordOf(row, reading), ...partnerRecordBasicsOf(row, tags) } as RecordShape;
  });
}
