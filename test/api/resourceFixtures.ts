import { randomUUID } from 'node:crypto';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../server/db/client';
import { uploads } from '../../server/db/schema';
import { jsonParam, orderedIds, signIn } from './harness';

/**
 * What the resource tests (establishments, promoters) set up alike: demo accounts signed in once and
 * requests made as them, a list read, `uploads` rows, unique names and the seeded reference ids.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The access token of each account, signed in once for the file. */
export async function accessTokens(app: FastifyInstance, emails: readonly string[]): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const email of emails) tokens[email] = (await signIn(app, email)).accessToken;
  return tokens;
}

/** A request below /api/v1 with an account's bearer token. */
export const injectAs = (
  app: FastifyInstance,
  token: string,
  method: Method,
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> =>
  app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${token}` } });

/** A list page of `path` as ra-data-simple-rest asks for it, which must answer 200. */
export async function listAs<Item>(
  call: (url: string) => Promise<LightMyRequestResponse>,
  path: string,
  filter: object,
  sort: [string, string] = ['id', 'ASC'],
  range = [0, 999],
): Promise<{ records: Item[]; response: LightMyRequestResponse }> {
  const response = await call(`${path}?filter=${jsonParam(filter)}&sort=${jsonParam(sort)}&range=${jsonParam(range)}`);
  expect(response.statusCode, response.body).toBe(200);
  return { records: response.json<Item[]>(), response };
}

/**
 * An `uploads` row as POST /uploads would leave it (an 800×600 PNG with its preview, or a PDF menu); no file
 * is written.
 */
export async function insertUpload(db: Database, ownerUserId: number, mimeType = 'image/png'): Promise<number> {
  const key = randomUUID();
  const pdf = mimeType === 'application/pdf';
  const [row] = await db
    .insert(uploads)
    .values({
      storageKey: `${key}.${pdf ? 'pdf' : 'png'}`,
      previewKey: pdf ? null : `${key}.preview.webp`,
      originalName: pdf ? 'menu.pdf' : 'picture.png',
      mimeType,
      sizeBytes: 1234,
      width: pdf ? null : 800,
      height: pdf ? null : 600,
      ownerUserId,
    })
    .returning({ id: uploads.id });
  return row.id;
}

/** A name of its own, so that a search or a unique-name check meets this record alone. */
export const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

/**
 * The seeded ids of each named table, each in ascending order, e.g. `{ musics: musics.id }` → `{ musics: [1,
 * 2, …] }`.
 */
export async function orderedIdsOf<Name extends string>(
  db: Database,
  columns: Record<Name, PgColumn>,
): Promise<Record<Name, number[]>> {
  const ids: Partial<Record<Name, number[]>> = {};
  for (const [name, column] of Object.entries<PgColumn>(columns)) ids[name as Name] = await orderedIds(db, column);
  return ids as Record<Name, number[]>;
}
