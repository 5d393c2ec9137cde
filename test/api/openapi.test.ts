import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../domain/auth';
import { apiErrorBodySchema } from '../../domain/errors';
import { creditNoteSchema, invoiceCreateSchema, markPaidSchema, planWriteSchema } from '../../domain/billing';
import { visibilityChangeSchema } from '../../domain/records';
import { tagInputSchema } from '../../domain/tag';
import { offerTemplateInputSchema, templateRejectionSchema } from '../../domain/offerTemplate';
import { tagAssignmentSchema } from '../../domain/tagTerms';
import { API_REFERENCE_PATH, OPENAPI_DOCUMENT_PATH } from '../../server/plugins/openapi';
import type { RouteOptions } from 'fastify';
import { signIn, startTestServer, type TestServer } from './harness';

/**
 * The API document (server/plugins/openapi.ts): its structure, that every route Fastify registered is in
 * it, that its schemas are the zod schemas that validate, and where the reference page is served.
 */

let server: TestServer;
let document: OpenAPIV3_1.Document;
/** The routes of `server` as Fastify registered them (its onRoute hook), method and URL. */
const registered: RouteOptions[] = [];

beforeAll(async () => {
  server = await startTestServer({ onRoute: (route) => void registered.push(route) });
  const response = await server.app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_PATH });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => server.close());

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function operationsOf(doc: OpenAPIV3_1.Document) {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item?.[method] ? [{ path, method, operation: item[method] }] : [])),
  );
}

/** Every `$ref` anywhere in the document. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === '$ref' && typeof child === 'string' ? [child] : refsIn(child),
  );
}

const resolvePointer = (doc: object, ref: string): unknown =>
  ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], doc);

/** A JSON schema as the document writes it: without the dialect that z.toJSONSchema puts at the root. */
const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' });
  return rest;
};

describe('the document', () => {
  it('is OpenAPI 3.1 with info, servers, paths and components', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBeTruthy();
    expect(document.info.version).toBeTruthy();
    expect(document.servers).toEqual([{ url: API_PREFIX }]);
    expect(Object.keys(document.paths ?? {}).length).toBeGreaterThan(20);
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual(['bearerAuth', 'refreshCookie']);
  });

  it('gives every operation a summary and responses, and declares every parameter of its path', () => {
    for (const { path, method, operation } of operationsOf(document)) {
      const name = `${method.toUpperCase()} ${path}`;
      expect(operation.summary, name).toBeTruthy();
      expect(Object.keys(operation.responses ?? {}).length, name).toBeGreaterThan(0);
      const declared = (operation.parameters ?? [])
        .filter((parameter) => 'in' in parameter && parameter.in === 'path')
        .map((parameter) => (parameter as OpenAPIV3_1.ParameterObject).name);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      expect(declared.sort(), name).toEqual(templated.sort());
    }
  });

  it('resolves every reference', () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      expect(ref, ref).toMatch(/^#\/components\//);
      expect(resolvePointer(document, ref), ref).toBeDefined();
    }
  });
});

// ---- every route ---------------------------------------------------------------------------------------

/**
 * Routes that are not the API, each with its reason: the app's pages and files (`/`, the SPA fallback and
 * static files `/*`, the widget page `/external/widgets/*`, all index.html or built assets), and the
 * documentation itself (the document and the reference page with its assets).
 */
const isUndocumented = (path: string) =>
  !path.startsWith(`${API_PREFIX}/`) || path === OPENAPI_DOCUMENT_PATH || path.startsWith(API_REFERENCE_PATH);

/** A Fastify path as the document writes it: below the server URL, `{id}` for `:id`, no trailing slash. */
const documentPathOf = (path: string) =>
  path
    .slice(API_PREFIX.length)
    .replace(/:([A-Za-z0-9_]+)/g, '{$1}')
    .replace(/\*$/, '{*}')
    .replace(/(.)\/$/, '$1');

/** Method and document path of every route Fastify registered, HEAD left out (Fastify adds one per GET). */
function operationsRegistered(routes: readonly RouteOptions[]): string[] {
  const operations = routes.flatMap(({ url, method }) =>
    isUndocumented(url)
      ? []
      : [method]
          .flat()
          .filter((verb) => verb !== 'HEAD')
          .map((verb) => `${verb} ${documentPathOf(url)}`),
  );
  return [...new Set(operations)].sort();
}

const documentedOperations = (doc: OpenAPIV3_1.Document) =>
  operationsOf(doc)
    .map(({ path, method }) => `${method.toUpperCase()} ${path}`)
    .sort();

describe('every registered route', () => {
  it('is in the document, and the document has no route that is not registered', () => {
    const operations = operationsRegistered(registered);
    expect(operations).toContain('GET /tags/{id}');
    expect(operations).toContain('POST /events/{id}/approve');
    expect(operations).toContain('GET /outbox');
    expect(operations).toContain('GET /uploads/files/{*}');
    expect(operations).toContain('GET /dashboard');
    expect(operations).toContain('GET /dashboard/cards/{card}');
    expect(documentedOperations(document)).toEqual(operations);
  });

  it('is in the production document too, which has no outbox, and the JSON stays public there', async () => {
    const productionRoutes: RouteOptions[] = [];
    const production = await startTestServer({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://backoffice.example.ch' },
      onRoute: (route) => void productionRoutes.push(route),
    });
    try {
      const response = await production.app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_PATH });
      expect(response.statusCode).toBe(200);
      const productionDocument = response.json<OpenAPIV3_1.Document>();
      expect(documentedOperations(productionDocument)).toEqual(operationsRegistered(productionRoutes));
      expect(Object.keys(productionDocument.paths ?? {})).not.toContain('/outbox');

      for (const url of [API_REFERENCE_PATH, `${API_REFERENCE_PATH}/`, `${API_REFERENCE_PATH}/json`]) {
        const page = await production.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(404);
        expect(page.json(), url).toEqual({ message: 'Not found' });
      }
    } finally {
      await production.close();
    }
  });
});

// ---- one source ----------------------------------------------------------------------------------------

describe('the schemas', () => {
  it("are the zod schemas' own: the tag body is tagInputSchema, the tag answer tagSchema", () => {
    const create = document.paths?.['/tags']?.post;
    const body = create?.requestBody as OpenAPIV3_1.RequestBodyObject;
    expect(body.content['application/json'].schema).toEqual(jsonSchemaOf(tagInputSchema, 'input'));
    expect(document.components?.schemas?.ApiError).toEqual(jsonSchemaOf(apiErrorBodySchema, 'output'));
  });

  it('document the bulk visibility endpoint and the occurrence delete behind the events DELETE', () => {
    const bulk = document.paths?.['/establishments/visibility']?.post;
    const body = bulk?.requestBody as OpenAPIV3_1.RequestBodyObject;
    expect(body.content['application/json'].schema).toEqual(jsonSchemaOf(visibilityChangeSchema, 'input'));
    expect(document.paths?.['/tags/visibility']).toBeUndefined();
    const names = (path: string) =>
      (document.paths?.[path]?.delete?.parameters ?? [])
        .map((parameter) => (parameter as OpenAPIV3_1.ParameterObject).name)
        .sort();
    expect(names('/events/{id}')).toEqual(['id', 'originalStartsAt', 'version']);
    expect(names('/tags/{id}')).toEqual(['id', 'version']);
  });

  it("document a list's JSON parameters with the filter keys that are validated", () => {
    const list = document.paths?.['/tags']?.get;
    const filter = list?.parameters?.find(
      (parameter) => (parameter as OpenAPIV3_1.ParameterObject).name === 'filter',
    ) as OpenAPIV3_1.ParameterObject;
    // JSON in the query string, written as OpenAPI writes a parameter with a media type.
    expect(filter.schema).toBeUndefined();
    const schema = filter.content?.['application/json'].schema as { properties: object };
    expect(Object.keys(schema.properties).sort()).toEqual(
      ['category', 'id', 'missingTranslation', 'q', 'subCategory'].sort(),
    );
    // A closed tuple without `items: false`, on which Swagger UI fails; `maxItems` still closes it.
    const sort = list?.parameters?.find(
      (parameter) => (parameter as OpenAPIV3_1.ParameterObject).name === 'sort',
    ) as OpenAPIV3_1.ParameterObject;
    expect(sort.content?.['application/json'].schema).toMatchObject({ type: 'array', maxItems: 2 });
    expect(sort.content?.['application/json'].schema).not.toHaveProperty('items');
    const page = list?.responses?.['200'] as OpenAPIV3_1.ResponseObject;
    expect(page.headers?.['Content-Range']).toEqual({ $ref: '#/components/headers/ContentRange' });
  });

  it('document the credentials and error answers of each route', () => {
    const paths = document.paths ?? {};
    expect(paths['/tags']?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect(paths['/auth/refresh-tokens']?.post?.security).toEqual([{ refreshCookie: [] }]);
    expect(paths['/auth/sign-in']?.post?.security).toBeUndefined();
    expect(Object.keys(paths['/tags/{id}']?.put?.responses ?? {}).sort()).toEqual(
      ['200', '400', '401', '403', '404', '409'].sort(),
    );
    expect(paths['/tags/{id}']?.put?.responses?.['409']).toEqual({ $ref: '#/components/responses/Conflict' });
    // A dashboard card: its name in the path (400 malformed, 404 unknown), 403 for a card not the caller's.
    expect(Object.keys(paths['/dashboard/cards/{card}']?.get?.responses ?? {}).sort()).toEqual(
      ['200', '400', '401', '403', '404'].sort(),
    );
    expect(Object.keys(paths['/dashboard']?.get?.responses ?? {}).sort()).toEqual(['200', '401']);
  });
});

describe('route schemas document without validating', () => {
  it('still answers 401 before looking at a bad body, and the same 400 body once signed in', async () => {
    const anonymous = await server.app.inject({ method: 'POST', url: '/api/v1/tags', payload: { nonsense: true } });
    expect(anonymous.statusCode).toBe(401);
    const { accessToken } = await signIn(server.app, 'root@demo.ch');
    const invalid = await server.app.inject({
      method: 'POST',
      url: '/api/v1/tags',
      payload: { generalInfos: { tagName: '' } },
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      message: 'Invalid input',
      errors: expect.objectContaining({ 'generalInfos.tagName': expect.any(String) }),
    });
  });
});

// ---- the reference page --------------------------------------------------------------------------------

describe('offer templates', () => {
  it('document the collection with its input, the bulk visibility, and the decisions with their bodies', () => {
    const bodyOf = (operation: OpenAPIV3_1.OperationObject | undefined) =>
      (operation?.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json'].schema;
    expect(bodyOf(document.paths?.['/offer-templates']?.post)).toEqual(jsonSchemaOf(offerTemplateInputSchema, 'input'));
    expect(document.paths?.['/offer-templates/visibility']?.post).toBeDefined();
    expect(document.paths?.['/offer-templates/{id}/approve']?.post?.summary).toMatch(/Approve/);
    expect(bodyOf(document.paths?.['/offer-templates/{id}/reject']?.post)).toEqual(
      jsonSchemaOf(templateRejectionSchema, 'input'),
    );
  });
});

describe('the statistics', () => {
  it('document GET /statistics with its JSON filter, its answer and its 403 and 404', () => {
    const operation = document.paths?.['/statistics']?.get;
    const filter = operation?.parameters?.find(
      (parameter) => (parameter as OpenAPIV3_1.ParameterObject).name === 'filter',
    ) as OpenAPIV3_1.ParameterObject;
    const schema = filter.content?.['application/json'].schema as { properties: object };
    expect(Object.keys(schema.properties).sort()).toEqual(
      ['establishmentId', 'eventId', 'from', 'promoterGroupId', 'to'].sort(),
    );
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404'].sort());
    const answer = (operation?.responses?.['200'] as OpenAPIV3_1.ResponseObject).content?.['application/json']
      .schema as { properties: object };
    expect(Object.keys(answer.properties).sort()).toEqual(
      [
        'scope',
        'metrics',
        'period',
        'previousPeriod',
        'bucket',
        'totals',
        'previous',
        'series',
        'embeddingSites',
        'offers',
      ].sort(),
    );
  });
});

describe('the reference page', () => {
  it('is served outside production, with its assets from the package, under the app CSP', async () => {
    const page = await server.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self';/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script, 'no CDN').not.toMatch(/^https?:/);
      const asset = await server.app.inject({
        method: 'GET',
        url: new URL(script, `http://x${API_REFERENCE_PATH}/`).pathname,
      });
      expect(asset.statusCode, script).toBe(200);
    }
    const json = await server.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/json` });
    expect(json.json()).toEqual(document);
  });
});

describe('the tag terms', () => {
  it('document the read-only collection, the merge with both ids, and the assignments with their body', () => {
    const bodyOf = (operation: OpenAPIV3_1.OperationObject | undefined) =>
      (operation?.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json'].schema;
    expect(document.paths?.['/tag-terms']?.get?.summary).toMatch(/tag/);
    expect(document.paths?.['/tag-terms']?.post).toBeUndefined();
    expect(document.paths?.['/tag-terms/{id}']?.get).toBeDefined();
    const merge = document.paths?.['/tags/{id}/merge-into/{targetId}']?.post;
    expect(merge?.summary).toMatch(/MERGE_INTO_ITSELF/);
    const parameters = (merge?.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
    expect(parameters.map((parameter) => parameter.name).sort()).toEqual(['id', 'targetId']);
    for (const action of ['assign', 'unassign']) {
      expect(bodyOf(document.paths?.[`/tags/{id}/${action}`]?.post)).toEqual(
        jsonSchemaOf(tagAssignmentSchema, 'input'),
      );
    }
  });
});

describe('billing', () => {
  it('documents the resources, the invoice actions with their bodies, the PDF and the camt.054 import', () => {
    const bodyOf = (operation: OpenAPIV3_1.OperationObject | undefined, type = 'application/json') =>
      (operation?.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content[type]?.schema;
    for (const path of ['/plans', '/subscriptions', '/invoices']) expect(document.paths?.[path]?.get).toBeDefined();
    expect(bodyOf(document.paths?.['/plans']?.post)).toEqual(jsonSchemaOf(planWriteSchema, 'input'));
    expect(bodyOf(document.paths?.['/invoices']?.post)).toEqual(jsonSchemaOf(invoiceCreateSchema, 'input'));
    expect(bodyOf(document.paths?.['/invoices/{id}/mark-paid']?.post)).toEqual(jsonSchemaOf(markPaidSchema, 'input'));
    expect(bodyOf(document.paths?.['/invoices/{id}/credit-note']?.post)).toEqual(
      jsonSchemaOf(creditNoteSchema, 'input'),
    );
    expect(document.paths?.['/invoices/{id}/send-reminder']?.post?.summary).toMatch(/reminder/);
    expect(document.paths?.['/invoices/{id}']?.put).toBeUndefined();
    expect(document.paths?.['/invoices/{id}']?.delete).toBeUndefined();
    expect(document.paths?.['/subscriptions/{id}']?.delete).toBeUndefined();
    const pdf = document.paths?.['/invoices/{id}/pdf']?.get?.responses?.['200'] as OpenAPIV3_1.ResponseObject;
    expect(Object.keys(pdf.content ?? {})).toEqual(['application/pdf']);
    expect(document.paths?.['/invoices/payments-import']?.post?.summary).toMatch(/camt\.054/);
  });
});
