import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReferenceRecord } from '../../domain/reference';
import type { SessionUser } from '../../domain/user';
import { apiUrl, filterOf, listAnswer, server } from './msw';
import { renderApp, startSignedIn } from './renderApp';

/** What the establishment and promoter group screens' tests share: the served API and the drawer's steps. */

/** Reference data of every kind (lists and getMany, by `filter.id`), and no tags for the tag picker. */
export const serveReferenceData = (referenceData: Record<string, ReferenceRecord[]>) =>
  server.use(
    http.get(apiUrl('/reference-data/:kind'), ({ request, params }) => {
      const records = referenceData[String(params.kind)] ?? [];
      const ids = filterOf(request).id;
      const wanted = Array.isArray(ids) ? records.filter((record) => ids.includes(record.id)) : records;
      return listAnswer(`reference-data/${String(params.kind)}`, wanted);
    }),
    http.get(apiUrl('/tags'), () => listAnswer('tags', [])),
  );

/**
 * GET /<resource> (the records of `filter.id`, or all) and GET /<resource>/:id (404 for another id).
 * Answers the query of every list request.
 */
export const servePartnerRecords = <Record extends { id: number }>(
  resource: 'establishments' | 'promoters',
  records: Record[],
) => {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl(`/${resource}`), ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      const ids = filterOf(request).id;
      return listAnswer(resource, Array.isArray(ids) ? records.filter((record) => ids.includes(record.id)) : records);
    }),
    http.get(apiUrl(`/${resource}/:id`), ({ params }) => {
      const found = records.find((record) => String(record.id) === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'NOT_FOUND' }, { status: 404 });
    }),
  );
  return queries;
};

/** The list requests' filters, leaving out the getMany of ids. */
export const listFiltersOf = (queries: readonly URLSearchParams[]) =>
  queries
    .map((query) => JSON.parse(query.get('filter') ?? '{}') as Record<string, unknown>)
    .filter((filter) => !('id' in filter));

/** POST /<resource>, recording each body and answering it as the stored record (`stored`, with the body). */
export const recordPosts = (resource: 'establishments' | 'promoters', stored: { id: number }) => {
  const posted: Record<string, unknown>[] = [];
  server.use(
    http.post(apiUrl(`/${resource}`), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      return HttpResponse.json({ ...stored, ...body, id: stored.id }, { status: 201 });
    }),
  );
  return posted;
};

export const drawer = () => within(screen.getByRole('dialog'));

/**
 * The drawer's form renders every section at once (react-admin validates hidden tabs too), which takes
 * the test DOM several seconds on a busy machine: the first wait for it, and the drawer tests, get more time.
 * One CI run with the CPU shared (load ~12) took up to 52 s for a drawer test: keep a wide margin.
 */
export const SLOW_RENDER = { timeout: 60_000 };
export const DRAWER_TESTS = { timeout: 180_000 };
export const drawerWithValue = (value: string) => screen.findByDisplayValue(value, {}, SLOW_RENDER);
export const openedDrawer = () => screen.findByRole('dialog', {}, SLOW_RENDER);
export const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

/** Signs in (the default demo user, or `user`), opens the app at `path`, and answers the user who acts. */
export const openScreen = (path: string, user?: SessionUser) => {
  startSignedIn(user);
  renderApp(path);
  return userEvent.setup();
};
