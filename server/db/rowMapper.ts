import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

/**
 * Rows of a statement prepared once (server/db/prepared.ts) turned into drizzle's result objects by a plan made
 * once, instead of drizzle's own mapping, which on every column of every row tells anew what the selected field
 * is (a walk up its class chain for each expression) and allocates an iterator over its path: on a page of
 * records that was about a tenth of a list request's CPU. The result is the same object drizzle makes
 * (test/unit/rowMapper.test.ts compares the two), left joins' all-null tables included.
 */

/** One selected field as drizzle orders them: where it goes in the result object and what it is. */
export interface OrderedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface FieldPlan {
  /** The objects on the way to the value (empty for a top-level field). */
  parents: string[];
  key: string;
  decoder: Decoder;
  /** A left-joined table's column at `{ table: { column } }`: that table's name, to null the object when all is null. */
  joinedTable: string | undefined;
}

type ResultObject = Record<string, unknown>;

/** An expression's decoder (`sql\`…\`.mapWith(…)`): private in drizzle's types. */
const decoderOfSql = (expression: SQL): Decoder => (expression as unknown as { decoder: Decoder }).decoder;

/** Chosen as drizzle's mapping chooses it: a column decodes itself; an expression, subquery or alias by its SQL. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as { sql: SQL }).sql);
}

function planOf({ path, field }: OrderedField, joins: Record<string, boolean> | undefined): FieldPlan {
  return {
    parents: path.slice(0, -1),
    key: path[path.length - 1],
    decoder: decoderOf(field),
    joinedTable: joins && path.length === 2 && is(field, Column) ? getTableName(field.table) : undefined,
  };
}

/** The nested object a field's value goes in, made on the way when missing. */
function parentOf(result: ResultObject, parents: readonly string[]): ResultObject {
  let node = result;
  for (const key of parents) {
    if (!(key in node)) node[key] = {};
    node = node[key] as ResultObject;
  }
  return node;
}

/**
 * Where a left join found no row every column of its table is null, and drizzle answers the table's object as
 * null (unless the join cannot miss). As drizzle does, the object's first column decides: `tables` has, per
 * object, its table's name when that value was null, or false when it was not or when another table's column
 * shares the object.
 */
function noteJoined(tables: Map<string, string | false>, objectName: string, table: string, value: unknown): void {
  const seen = tables.get(objectName);
  if (seen === undefined) tables.set(objectName, value === null ? table : false);
  else if (seen !== false && seen !== table) tables.set(objectName, false);
}

export function compileRowMapper(
  fields: readonly OrderedField[],
  joins: Record<string, boolean> | undefined,
): (rows: unknown[][]) => ResultObject[] {
  const plans = fields.map((field) => planOf(field, joins));
  const mapRow = (row: unknown[]): ResultObject => {
    const result: ResultObject = {};
    const joinedTables = joins ? new Map<string, string | false>() : undefined;
    for (let index = 0; index < plans.length; index += 1) {
      const { parents, key, decoder, joinedTable } = plans[index];
      const raw = row[index];
      const value = raw === null ? null : decoder.mapFromDriverValue(raw);
      parentOf(result, parents)[key] = value;
      if (joinedTables && joinedTable !== undefined) noteJoined(joinedTables, parents[0], joinedTable, value);
    }
    if (joinedTables && joins) {
      for (const [objectName, table] of joinedTables) {
        if (table !== false && !joins[table]) result[objectName] = null;
      }
    }
    return result;
  };
  return (rows) => rows.map(mapRow);
}
