/**
 * A database at the scale of a platform with years behind it: the demo seed copied until there are
 * 100,000 events, 10,000 establishments and 10,000 users (and their link rows), in plain SQL so that
 * building it takes seconds. The copies keep the demo's shapes (titles, cities, rules, visibility,
 * approvals) and spread over the copied establishments, so that every filter the browser offers selects a
 * realistic share of rows. For benchmarks only: never run against a database that matters.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';

export const SCALE = { events: 100_000, establishments: 10_000, users: 10_000 } as const;

type Rows = Record<string, unknown>[];

async function rowsOf(db: Database, query: ReturnType<typeof sql>): Promise<Rows> {
  const result = (await db.execute(query)) as unknown as { rows: Rows };
  return result.rows;
}

async function countOf(db: Database, table: string): Promise<number> {
  const [row] = await rowsOf(db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return Number(row.n);
}

async function columnsOf(db: Database, table: string): Promise<string[]> {
  const rows = await rowsOf(
    db,
    sql`SELECT column_name FROM information_schema.columns WHERE table_name = ${table} AND table_schema = 'public' ORDER BY ordinal_position`,
  );
  return rows.map((row) => String(row.column_name)).filter((column) => column !== 'id');
}

/**
 * Copies the rows of `table` `copies` times, and remembers in the temporary table `<table>_copies` which
 * copy (`copy_id`, the `k`-th, from 1) came from which row (`original_id`). `overrides` gives the SQL of a
 * column in a copy; it reads the original row as `t`, the copy's number as `m.k`, and `joins` are added.
 */
async function copyRows(
  db: Database,
  table: string,
  copies: number,
  overrides: Record<string, string> = {},
  joins = '',
) {
  const mapping = `${table}_copies`;
  await db.execute(sql.raw(`DROP TABLE IF EXISTS ${mapping}`));
  await db.execute(
    sql.raw(
      `CREATE TEMP TABLE ${mapping} AS SELECT nextval(pg_get_serial_sequence('${table}', 'id'))::int AS copy_id, t.id AS original_id, n AS k FROM ${table} t, generate_series(1, ${copies}) n`,
    ),
  );
  await db.execute(sql.raw(`CREATE INDEX ON ${mapping} (original_id, k)`));
  await db.execute(sql.raw(`ANALYZE ${mapping}`));
  const columns = await columnsOf(db, table);
  const values = columns.map((column) => overrides[column] ?? `t.${column}`);
  await db.execute(
    sql.raw(
      `INSERT INTO ${table} (id, ${columns.join(', ')}) SELECT m.copy_id, ${values.join(', ')} FROM ${mapping} m JOIN ${table} t ON t.id = m.original_id ${joins}`,
    ),
  );
}

/** Copies the link rows of every copied owner from its original. */
async function copyLinks(db: Database, linkTable: string, ownerColumn: string, mapping: string) {
  const columns = await columnsOf(db, linkTable);
  const values = columns.map((column) => (column === ownerColumn ? 'm.copy_id' : `l.${column}`));
  await db.execute(
    sql.raw(
      `INSERT INTO ${linkTable} (${columns.join(', ')}) SELECT ${values.join(', ')} FROM ${mapping} m JOIN ${linkTable} l ON l.${ownerColumn} = m.original_id ON CONFLICT DO NOTHING`,
    ),
  );
}

/** The copy of the row's venue that this copy belongs to: copies of a venue share its events and staff. */
const copiedVenue = (copies: number) =>
  `LEFT JOIN establishments_copies v ON v.original_id = t.establishment_id AND v.k = 1 + (m.k - 1) % ${copies}`;

/** A copy's shift in weeks, from -100 to 99. */
const weeksShift = '((m.k % 200) - 100)';

/** Grows the seeded database to SCALE. */
export async function scaleUp(db: Database, scale: typeof SCALE = SCALE): Promise<void> {
  const venueCopies = Math.ceil(scale.establishments / (await countOf(db, 'establishments'))) - 1;
  await copyRows(db, 'establishments', venueCopies, { name: `t.name || ' ' || m.k` });
  for (const link of [
    'establishment_musics',
    'establishment_ambiances',
    'establishment_tags',
    'establishment_secondary_types',
  ])
    await copyLinks(db, link, 'establishment_id', 'establishments_copies');

  const userCopies = Math.ceil(scale.users / (await countOf(db, 'users'))) - 1;
  await copyRows(
    db,
    'users',
    userCopies,
    {
      auth_id: 'gen_random_uuid()',
      username: `t.username || '.' || m.k`,
      email: `'copy' || m.k || '.' || t.email`,
      establishment_id: 'coalesce(v.copy_id, t.establishment_id)',
    },
    copiedVenue(venueCopies),
  );

  const eventCopies = Math.ceil(scale.events / (await countOf(db, 'events'))) - 1;
  await copyRows(
    db,
    'events',
    eventCopies,
    {
      title: `t.title || ' ' || m.k`,
      parent_event_id: 'NULL',
      // Spread over two years before and after, whole weeks so that weekly rules keep their weekdays (the
      // instants are shifted by the same number of days; an hour off across a DST change is no matter here).
      ...Object.fromEntries(
        ['start_date', 'end_date', 'recurrence_end_date'].map((column) => [column, `t.${column} + ${weeksShift} * 7`]),
      ),
      ...Object.fromEntries(
        ['first_starts_at', 'last_ends_at'].map((column) => [
          column,
          `t.${column} + make_interval(weeks => ${weeksShift})`,
        ]),
      ),
      establishment_id: 'coalesce(v.copy_id, t.establishment_id)',
    },
    copiedVenue(venueCopies),
  );
  for (const link of ['event_musics', 'event_services', 'event_games', 'event_environments', 'event_tags'])
    await copyLinks(db, link, 'event_id', 'events_copies');
  await db.execute(sql.raw('ANALYZE'));
}
