import * as drizzleOrm from 'drizzle-orm';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { compileRowMapper, type OrderedField } from '../../server/db/rowMapper';
import { users } from '../../server/db/schema/auth';
import { uploads } from '../../server/db/schema/uploads';

/** drizzle's own mapping, which the compiled one replaces: exported at run time, not in its types. */
const { mapResultRow } = drizzleOrm as unknown as {
  mapResultRow(fields: OrderedField[], row: unknown[], joins: Record<string, boolean> | undefined): unknown;
};

/** A pool that never connects: preparing a statement only builds it. */
const db = drizzle({ client: new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' }) });

interface PreparedShape {
  fields: OrderedField[];
  joinsNotNullableMap: Record<string, boolean>;
}

/** A page of uploads with their owners (left join), a decoded expression and a nested object of columns. */
const prepared = db
  .select({
    upload: uploads,
    owner: { id: users.id, email: users.email, createdAt: users.createdAt },
    size: sql<number>`${uploads.sizeBytes} * 2`.mapWith(Number),
    nested: { name: uploads.originalName, at: uploads.createdAt },
    label: sql<string>`'x'`,
  })
  .from(uploads)
  .leftJoin(users, eq(users.id, uploads.ownerUserId))
  .prepare('row_mapper_test') as unknown as PreparedShape;

const uploadColumns = [7, 'a/b.png', null, 'b.png', 'image/png', 1024, 640, null, 3, '2026-11-27 10:00:00+00'];

/** One row as node-postgres answers it in array mode: values in the select's column order, timestamps as text. */
const row = (owner: unknown[], size: unknown = '2048') => [
  ...uploadColumns,
  ...owner,
  size,
  'b.png',
  '2026-11-27 10:00:00+00',
  'x',
];

const cases: Record<string, unknown[][]> = {
  'an upload with its owner': [row([3, 'root@demo.ch', '2026-01-02 03:04:05+00'])],
  'an upload without an owner (every joined column null)': [row([null, null, null])],
  "an owner whose first column is null but not the others (drizzle's rule: the first decides)": [
    row([null, 'root@demo.ch', '2026-01-02 03:04:05+00']),
  ],
  'a null expression': [row([3, 'root@demo.ch', '2026-01-02 03:04:05+00'], null)],
  'several rows, mixed': [
    row([3, 'root@demo.ch', '2026-01-02 03:04:05+00']),
    row([null, null, null]),
    row([4, 'admin@demo.ch', '2026-02-03 04:05:06+00'], '10'),
  ],
};

describe('compileRowMapper', () => {
  const mapRows = compileRowMapper(prepared.fields, prepared.joinsNotNullableMap);

  for (const [name, rows] of Object.entries(cases)) {
    it(`makes the objects drizzle makes: ${name}`, () => {
      const expected = rows.map((each) => mapResultRow(prepared.fields, each, prepared.joinsNotNullableMap));
      expect(mapRows(rows)).toEqual(expected);
    });
  }

  it('decodes values as their columns and expressions say, and nulls a left join that found nothing', () => {
    const [found, missing] = mapRows([row([3, 'root@demo.ch', '2026-01-02 03:04:05+00']), row([null, null, null])]);
    expect(found).toMatchObject({
      upload: { id: 7, createdAt: new Date('2026-11-27T10:00:00Z') },
      owner: { id: 3, email: 'root@demo.ch', createdAt: new Date('2026-01-02T03:04:05Z') },
      size: 2048,
      nested: { name: 'b.png', at: new Date('2026-11-27T10:00:00Z') },
      label: 'x',
    });
    expect(missing.owner).toBeNull();
  });

  it('maps without a join map as drizzle does (no object is nulled)', () => {
    const rows = [row([null, null, null])];
    const expected = rows.map((each) => mapResultRow(prepared.fields, each, undefined));
    expect(compileRowMapper(prepared.fields, undefined)(rows)).toEqual(expected);
  });
});
