import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * PostgreSQL's autovacuum for a database that has none. PGlite runs PostgreSQL in single-user mode, without
 * the autovacuum launcher: nothing ever vacuums or analyses the embedded database. Its tables then never get a
 * visibility map (a search's count read every matching row's page again, 2.4 times slower at 100,000 events),
 * dead rows are never reclaimed, and the planner's statistics stay those of the demo seed.
 *
 * The thresholds are autovacuum's defaults, so that the embedded database is kept as a PostgreSQL server keeps
 * itself: vacuum a table once its dead rows pass 50 + 20 % of its rows, or the rows inserted since its last
 * vacuum 1,000 + 20 %; analyse it once the rows changed since its last analysis pass 50 + 10 %.
 */
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const INSERT_THRESHOLD = 1_000;
const INSERT_SCALE = 0.2;
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;

interface TableActivity {
  table: string;
  rows: number;
  deadRows: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
}

export interface VacuumPass {
  /** Tables vacuumed (and analysed with it). */
  vacuumed: string[];
  /** Tables only analysed. */
  analyzed: string[];
}

async function tableActivity(db: Database): Promise<TableActivity[]> {
  const result = await db.execute(sql`
    SELECT s.relname AS "table", greatest(c.reltuples, 0)::float8 AS rows, s.n_dead_tup::float8 AS "deadRows",
      s.n_ins_since_vacuum::float8 AS "insertedSinceVacuum", s.n_mod_since_analyze::float8 AS "modifiedSinceAnalyze"
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = 'public'`);
  return (result as unknown as { rows: TableActivity[] }).rows;
}

const needsVacuum = (activity: TableActivity) =>
  activity.deadRows > VACUUM_THRESHOLD + VACUUM_SCALE * activity.rows ||
  activity.insertedSinceVacuum > INSERT_THRESHOLD + INSERT_SCALE * activity.rows;

const needsAnalyze = (activity: TableActivity) =>
  activity.modifiedSinceAnalyze > ANALYZE_THRESHOLD + ANALYZE_SCALE * activity.rows;

/** `"name"` with its quotes doubled: the names come from the catalogue, not from a request. */
const quotedName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * One pass of autovacuum's decisions over the public tables: each table past a threshold is vacuumed (with its
 * analysis) or analysed, one after another. Each statement holds the embedded database's single session for its
 * time (a vacuum of 100,000 events took about 0.1 s), so the pass is run from a timer, never from a request.
 */
export async function vacuumWhereDue(db: Database): Promise<VacuumPass> {
  const pass: VacuumPass = { vacuumed: [], analyzed: [] };
  for (const activity of await tableActivity(db)) {
    if (needsVacuum(activity)) {
      await db.execute(sql.raw(`VACUUM (ANALYZE) ${quotedName(activity.table)}`));
      pass.vacuumed.push(activity.table);
    } else if (needsAnalyze(activity)) {
      await db.execute(sql.raw(`ANALYZE ${quotedName(activity.table)}`));
      pass.analyzed.push(activity.table);
    }
  }
  return pass;
}
