import fc from 'fast-check';

/**
 * Random input for the fuzz tests (test/unit/domainSchemas.fuzz.test.ts, test/api/fuzz.test.ts): values that
 * fields meet in the wild, and valid records with a few fields replaced or removed.
 */

/** Malformed dates, times and instants, boundary numbers, wrong types, any JSON. */
export const awkwardValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'x',
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '0000-01-01',
    '9999-12-31',
    '2026-11-28T25:00:00Z',
    '2026-11-28T21:00:00',
    '24:00',
    '-1',
    'NaN',
    '\u0000',
    '%',
    '<script>alert(1)</script>',
    0,
    -1,
    1.005,
    1e308,
    -0,
    2_147_483_648,
    Number.MAX_SAFE_INTEGER,
    null,
    true,
    [],
    {},
    [null],
    { id: 0 },
  ),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  fc.string({ maxLength: 12 }),
  fc.double(),
  fc.integer(),
  fc.jsonValue({ maxDepth: 2 }),
);

export type JsonPath = (string | number)[];

/** Every path to a value inside `value` (objects and arrays walked, the root excluded). */
export function pathsOf(value: unknown, prefix: JsonPath = []): JsonPath[] {
  if (value === null || typeof value !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

/** Marks a field to remove instead of replace. */
export const REMOVE = Symbol('remove');

/** A copy of `record` with the value at `path` replaced, or removed when `replacement` is REMOVE. */
export function withValueAt(record: unknown, path: JsonPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path;
  const copy = (Array.isArray(record) ? [...(record as unknown[])] : { ...(record as object) }) as Record<
    string | number,
    unknown
  >;
  const next = withValueAt(copy[key], rest, replacement);
  if (next === REMOVE) delete copy[key];
  else copy[key] = next;
  return copy;
}

/** `record` with one to three of its fields (at any depth) replaced by awkward values or removed. */
export function mutatedRecord(record: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(record);
  // Nothing to replace in `{}`: fields of its own instead.
  if (paths.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), awkwardValue, { minKeys: 1, maxKeys: 3 });
  const replacement = fc.oneof(
    { weight: 1, arbitrary: fc.constant<unknown>(REMOVE) },
    { weight: 6, arbitrary: awkwardValue },
  );
  return fc
    .array(fc.tuple(fc.constantFrom(...paths), replacement), { minLength: 1, maxLength: 3 })
    .map((mutations) =>
      mutations.reduce((mutated: unknown, [path, value]) => withValueAt(mutated, path, value), record),
    );
}
