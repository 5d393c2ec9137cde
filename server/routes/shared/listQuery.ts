import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../errors';

/**
 * The list parameters of ra-data-simple-rest:
 * `?sort=["field","ASC"]&range=[0,24]&filter={…}`, answered with `Content-Range: <resource> 0-24/319`.
 */

export type SortOrder = 'ASC' | 'DESC';

export interface ListQuery<Field extends string, Filter> {
  sort: { field: Field; order: SortOrder };
  /** Inclusive bounds, as react-admin sends them. */
  range: { start: number; end: number };
  offset: number;
  limit: number;
  filter: Filter;
}

export const MAX_PAGE_SIZE = 1000;

/** Whether a parsed JSON value holds the NUL character anywhere (a key or a string). */
const holdsNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\u0000')
    : typeof value === 'object' &&
      value !== null &&
      Object.entries(value).some(([key, child]) => key.includes('\u0000') || holdsNul(child));

const jsonText = (label: string) =>
  z.string().transform((text, context) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      context.addIssue({ code: 'custom', message: `${label} must be JSON` });
      return z.NEVER;
    }
    // PostgreSQL text cannot hold NUL: comparing with it fails the query, which would be a 500.
    if (holdsNul(value)) {
      context.addIssue({ code: 'custom', message: `${label} must not contain a NUL character` });
      return z.NEVER;
    }
    return value;
  });

export interface ListQueryOptions<Field extends string, FilterSchema extends z.ZodType> {
  sortable: readonly [Field, ...Field[]];
  defaultSort: { field: Field; order: SortOrder };
  filter: FilterSchema;
  defaultPageSize?: number;
}

/**
 * A query parameter holding JSON that `schema` validates. The API document shows it as a string whose
 * content is that JSON (JSON Schema's contentMediaType and contentSchema), read from `schema` itself.
 */
export const jsonParameter = <Schema extends z.ZodType>(label: string, schema: Schema, description: string) =>
  jsonText(label)
    .pipe(schema)
    .optional()
    .meta({
      description,
      contentMediaType: 'application/json',
      contentSchema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }),
    });

/** The zod schema of `sort`, `range` and `filter` for one sortable list and one filter schema. */
function querySchemaOf<Field extends string, FilterSchema extends z.ZodType>(
  sortable: readonly [Field, ...Field[]],
  filter: FilterSchema,
) {
  return z.object({
    sort: jsonParameter(
      'sort',
      z.tuple([z.enum(sortable), z.enum(['ASC', 'DESC'])]),
      'JSON `["field","ASC"|"DESC"]`; the record id is always the secondary order',
    ),
    range: jsonParameter(
      'range',
      z
        .tuple([z.number().int().min(0), z.number().int().min(0)])
        .refine(([start, end]) => end >= start, { message: 'range end must not be before its start' })
        .refine(([start, end]) => end - start < MAX_PAGE_SIZE, {
          message: `at most ${MAX_PAGE_SIZE} records per page`,
        }),
      `JSON \`[first, last]\`, both included, at most ${MAX_PAGE_SIZE} records`,
    ),
    filter: jsonParameter('filter', filter, 'JSON object of the declared filter keys; any other key is a 400'),
  });
}

/** Parses one request's list parameters; `schema` is the zod schema it validates with (the API document's). */
export type ListQueryParser<Field extends string, Filter> = ((query: unknown) => ListQuery<Field, Filter>) & {
  schema: z.ZodType;
};

/**
 * The parser of one list's parameters, its zod schemas built once: zod compiles each new object schema on
 * its first parse, about a millisecond that a list paid on every request while they were built per call.
 * Build it where the list is declared (a route plugin, `registerResource`), not in the handler.
 */
export function listQueryParser<Field extends string, FilterSchema extends z.ZodType>(
  options: ListQueryOptions<Field, FilterSchema>,
): ListQueryParser<Field, z.output<FilterSchema>> {
  const pageSize = options.defaultPageSize ?? 25;
  const schema = querySchemaOf(options.sortable, options.filter);
  const parse = (query: unknown) => {
    const parsed = parseInput(schema, query);
    const [start, end] = parsed.range ?? [0, pageSize - 1];
    const [field, order] = parsed.sort ?? [options.defaultSort.field, options.defaultSort.order];
    return {
      sort: { field, order },
      range: { start, end },
      offset: start,
      limit: end - start + 1,
      // Parsed anew per request: the default filter is the caller's to change, never shared between requests.
      filter: (parsed.filter ?? options.filter.parse({})) as z.output<FilterSchema>,
    };
  };
  return Object.assign(parse, { schema });
}

/**
 * Parsers already built, by filter schema (the list's own constant) and then by the rest of the options, so
 * that `parseListQuery` called in a handler with the same options builds its schemas once as well.
 */
const parsersByFilter = new WeakMap<z.ZodType, Map<string, ListQueryParser<string, unknown>>>();

/** Parses one request's list parameters; the parser for these options is built on the first call only. */
export function parseListQuery<Field extends string, FilterSchema extends z.ZodType>(
  query: unknown,
  options: ListQueryOptions<Field, FilterSchema>,
): ListQuery<Field, z.output<FilterSchema>> {
  const optionsKey = JSON.stringify([options.sortable, options.defaultSort, options.defaultPageSize ?? null]);
  let parsers = parsersByFilter.get(options.filter);
  if (!parsers) parsersByFilter.set(options.filter, (parsers = new Map()));
  let parser = parsers.get(optionsKey);
  if (!parser) parsers.set(optionsKey, (parser = listQueryParser(options) as ListQueryParser<string, unknown>));
  return parser(query) as ListQuery<Field, z.output<FilterSchema>>;
}

/**
 * Sets `Content-Range` for a page of `count` records out of `total`, exposed through CORS
 * so that react-admin can read it when the app is served from another origin than the API.
 */
export function setContentRange(
  reply: FastifyReply,
  resource: string,
  start: number,
  count: number,
  total: number,
): void {
  // An empty page (no records, or a range past the end) names no record: `*/total`, as RFC 9110 writes an
  // unsatisfied range; ra-data-simple-rest reads only the total after the slash.
  const range = count === 0 ? '*' : `${start}-${start + count - 1}`;
  reply.header('Content-Range', `${resource} ${range}/${total}`);
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
}
