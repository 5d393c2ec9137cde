import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { API_PREFIX, CSRF_HEADER, REFRESH_COOKIE_NAME } from '../../domain/auth';
import { apiErrorBodySchema } from '../../domain/errors';

/**
 * The API describes itself (docs/server.md "API document"): an OpenAPI 3.1 document at
 * `/api/v1/openapi.json`, generated from the routes as Fastify registers them and from the zod schemas of
 * domain/ that they declare in their `schema` (body, querystring, params, headers, response). Outside
 * production a reference page (Swagger UI, served from its package) browses it at `/api/v1/docs`.
 *
 * Route schemas document, they do not validate: handlers keep validating with `parseInput`, after the
 * bearer and permission checks, so a stranger's bad body is still a 401 and every 400 keeps the API's error
 * body. The validator and serializer compilers below are therefore pass-through, and they refuse a schema
 * that is not zod, which Fastify would otherwise have validated with Ajv behind the handlers' back.
 *
 * What the plugin adds to every operation by itself: the bearer requirement and its 401 (the route has
 * `app.authenticate` among its preHandlers), a 400 when the route takes input, a 404 when its path has a
 * parameter, a 429 when it is rate limited; `errorStatuses` adds the others, `paginated` the
 * Content-Range header of a list answer.
 */

export const OPENAPI_DOCUMENT_PATH = `${API_PREFIX}/openapi.json`;
export const API_REFERENCE_PATH = `${API_PREFIX}/docs`;

const ERROR_ANSWERS = {
  400: ['BadRequest', 'Invalid input: `errors` names each field path with its problem (never a 500).'],
  401: ['Unauthorized', 'Not signed in: no bearer token, or an expired or revoked one (NOT_SIGNED_IN).'],
  403: ['Forbidden', "Not allowed: the role may not do this, or the record lies outside the caller's write scope."],
  404: ['NotFound', "Unknown, or outside the caller's read scope."],
  409: [
    'Conflict',
    'The record changed since it was read (EDIT_CONFLICT), a unique value is taken (ALREADY_TAKEN), or the record is still in use (IN_USE).',
  ],
  413: ['PayloadTooLarge', 'The upload is larger than the limit.'],
  415: ['UnsupportedMediaType', 'The upload is not an accepted type.'],
  429: ['TooManyRequests', 'Too many attempts (TOO_MANY_ATTEMPTS); `Retry-After` tells how many seconds to wait.'],
  503: ['ServiceUnavailable', 'Busy processing other uploads; `Retry-After` tells when to try again.'],
} as const;

export type ErrorStatus = keyof typeof ERROR_ANSWERS;

declare module 'fastify' {
  interface FastifySchema {
    /** Error answers beyond those the API document infers (400 input, 401 bearer, 404 path id, 429 limit). */
    errorStatuses?: readonly ErrorStatus[];
    /** A page of a list: the answer carries `Content-Range: <resource> <first>-<last>/<total>`. */
    paginated?: boolean;
  }
}

const ERRORS_KEY = 'x-error-statuses';
const PAGINATED_KEY = 'x-paginated';

const BEARER = 'bearerAuth';
export const REFRESH_COOKIE_SECURITY = [{ refreshCookie: [] }] as const;

/** The document's fixed parts: the error body, its answers, Content-Range and the two credentials. */
function components(): OpenAPIV3_1.ComponentsObject {
  const { $schema: _dialect, ...errorBody } = z.toJSONSchema(apiErrorBodySchema, { target: 'draft-2020-12' });
  const content = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };
  return {
    schemas: { ApiError: errorBody as OpenAPIV3_1.SchemaObject },
    responses: Object.fromEntries(
      Object.values(ERROR_ANSWERS).map(([name, description]) => [name, { description, content }]),
    ),
    headers: {
      ContentRange: {
        description:
          'The page and the total, as ra-data-simple-rest reads them: `tags 0-24/319`; an empty page is `tags */319`.',
        schema: { type: 'string' },
        example: 'tags 0-24/319',
      },
    },
    securitySchemes: {
      [BEARER]: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description:
          'The access token answered by /auth/sign-in, /auth/access-link and /auth/refresh-tokens. It is short-lived: renew it with the refresh cookie.',
      },
      refreshCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: REFRESH_COOKIE_NAME,
        description: `The refresh token, set by sign-in (httpOnly, SameSite=Strict, path ${API_PREFIX}/auth) and rotated by every refresh. Requests that use it also send the header \`${CSRF_HEADER.name}: ${CSRF_HEADER.value}\`.`,
      },
    },
  };
}

const handlersOf = (hooks: RouteOptions['preHandler']) => (hooks === undefined ? [] : [hooks].flat());

/** The inferred and declared error answers of a route, and its credential. */
function describeRoute(app: FastifyInstance, route: RouteOptions, schema: NonNullable<RouteOptions['schema']>) {
  const authenticated = handlersOf(route.preHandler).includes(app.authenticate);
  const statuses = new Set<ErrorStatus>(schema.errorStatuses ?? []);
  if (schema.body || schema.querystring || schema.params || schema.headers) statuses.add(400);
  if (authenticated) statuses.add(401);
  if (/[:*]/.test(route.url)) statuses.add(404);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.add(429);
  const { errorStatuses: _declared, paginated, ...rest } = schema;
  return {
    ...rest,
    ...(authenticated && !rest.security ? { security: [{ [BEARER]: [] }] } : {}),
    [ERRORS_KEY]: [...statuses].sort(),
    ...(paginated ? { [PAGINATED_KEY]: true } : {}),
  };
}

type TransformInput = Parameters<NonNullable<FastifyDynamicSwaggerOptions['transform']>>[0];

/** Only the API is documented: the app's pages and files, and these documentation routes, are not. */
function routeTransform(app: FastifyInstance) {
  const fromZod = createJsonSchemaTransform({ skipList: [] });
  return (input: TransformInput) => {
    const route = input.route as RouteOptions;
    if (!input.url.startsWith(`${API_PREFIX}/`) || input.schema?.hide)
      return { schema: { hide: true }, url: input.url };
    // A prefixed plugin's root route (`/outbox/`) is also served without the slash, as clients call it.
    const url = input.url.replace(/(.)\/$/, '$1');
    return fromZod({ ...input, url, schema: describeRoute(app, route, input.schema ?? {}) });
  };
}

type Operation = OpenAPIV3_1.OperationObject & { [ERRORS_KEY]?: ErrorStatus[]; [PAGINATED_KEY]?: boolean };

/** What a success answer is when its schema has no description of its own. */
const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created: the record as stored',
  202: 'Accepted: the work goes on after the answer',
  204: 'Done; no content',
};
const SWAGGER_DEFAULT_DESCRIPTION = 'Default Response';

type JsonTextSchema = { contentMediaType?: string; contentSchema?: object };

/**
 * `items: false` after `prefixItems` says what `maxItems` already says when it equals their count (zod
 * writes both for a tuple): dropped, because Swagger UI fails on a boolean schema in a parameter.
 */
function withoutRedundantItems(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutRedundantItems);
  if (schema === null || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([key, child]) => [key, withoutRedundantItems(child)]));
  const closedTuple =
    node.items === false && Array.isArray(node.prefixItems) && node.maxItems === node.prefixItems.length;
  if (closedTuple) delete node.items;
  return node;
}

/**
 * A query parameter that holds JSON (a list's `sort`, `range`, `filter`: listQuery.ts) is written the
 * OpenAPI way, `content: { application/json: { schema } }`, so that readers and the reference page show
 * and take the JSON itself, not an opaque string (Swagger UI offers a file picker for one).
 */
function asJsonParameter(parameter: OpenAPIV3_1.ParameterObject): OpenAPIV3_1.ParameterObject {
  const schema = parameter.schema as JsonTextSchema | undefined;
  if (schema?.contentMediaType !== 'application/json' || !schema.contentSchema) return parameter;
  const { schema: _text, ...rest } = parameter;
  // openapi-types types a 3.1 parameter's content with 3.0 schemas: the JSON Schema of zod is 3.1's.
  return {
    ...rest,
    content: { 'application/json': { schema: withoutRedundantItems(schema.contentSchema) } },
  } as OpenAPIV3_1.ParameterObject;
}

/** Turns the markers of `describeRoute` into references to the shared answers and header. */
function finishOperation(operation: Operation): void {
  operation.parameters = operation.parameters?.map((parameter) =>
    '$ref' in parameter ? parameter : asJsonParameter(parameter),
  );
  const responses = (operation.responses ??= {});
  for (const [status, response] of Object.entries(responses)) {
    if ('description' in response && response.description === SWAGGER_DEFAULT_DESCRIPTION)
      response.description = SUCCESS_DESCRIPTIONS[status] ?? response.description;
  }
  for (const status of operation[ERRORS_KEY] ?? [])
    responses[status] = { $ref: `#/components/responses/${ERROR_ANSWERS[status][0]}` };
  if (operation[PAGINATED_KEY]) {
    const page = responses['200'] as OpenAPIV3_1.ResponseObject;
    page.headers = { ...page.headers, 'Content-Range': { $ref: '#/components/headers/ContentRange' } };
  }
  delete operation[ERRORS_KEY];
  delete operation[PAGINATED_KEY];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

function documentTransform(): NonNullable<FastifyDynamicSwaggerOptions['transformObject']> {
  const withZodComponents = createJsonSchemaTransformObject({});
  return (input) => {
    const document = withZodComponents(input) as OpenAPIV3_1.Document;
    for (const path of Object.values(document.paths ?? {})) {
      for (const method of METHODS) {
        const operation = path?.[method];
        if (operation) finishOperation(operation as Operation);
      }
    }
    return document;
  };
}

/** Route schemas are zod schemas from domain/, for the document only (see above). */
function documentationOnlyCompilers(app: FastifyInstance): void {
  const requireZod = (schema: unknown, url: string) => {
    if (!(schema instanceof z.ZodType))
      throw new Error(`${url}: a route schema is a zod schema of domain/, validated in the handler with parseInput`);
  };
  app.setValidatorCompiler(({ schema, url }) => {
    requireZod(schema, url);
    return () => true;
  });
  app.setSerializerCompiler(({ schema, url }) => {
    requireZod(schema, url);
    return (data) => JSON.stringify(data);
  });
}

export interface OpenApiOptions {
  /** The browsable reference page; the document itself is always served. */
  referencePage: boolean;
}

/** Register before the routes: the document only sees routes registered after it. */
export async function registerOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  documentationOnlyCompilers(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Venue back office API',
        // The contract's version, as in /api/v1.
        version: '1',
        description:
          'The REST contract of the back office: ra-data-simple-rest collections (`sort`, `range` and `filter` are JSON in the query string; lists answer `Content-Range`), the authentication calls, and the actions beside them. Errors are `{ message, errors? }`.',
      },
      servers: [{ url: API_PREFIX }],
      components: components(),
    },
    transform: routeTransform(app),
    transformObject: documentTransform(),
  });
  // The document is fixed once the routes are registered: written as JSON once, not on every request (a large
  // document that anyone may ask for).
  let documentText: string | undefined;
  app.get(OPENAPI_DOCUMENT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send((documentText ??= JSON.stringify(app.swagger()))),
  );
  if (options.referencePage) {
    await app.register(swaggerUi, {
      routePrefix: API_REFERENCE_PATH,
      uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
    });
  }
}
