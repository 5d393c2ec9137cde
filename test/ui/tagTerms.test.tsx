import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { RoleKey } from '../../domain/roles';
import type { Tag } from '../../domain/tag';
import type { TagAssignmentReply, TagMergeReply, TagTerm } from '../../domain/tagTerms';
import type { SessionUser } from '../../domain/user';
import { staticMediaQueryList } from './mediaQuery';
import { ana, apiUrl, filterOf, listAnswer, meHandler, server } from './msw';
import { SLOW_RENDER } from './partnerScreens';
import { renderApp, startSignedIn } from './renderApp';

/**
 * The tag terms page (`/tag-terms`), against the API contract of docs/tag-terms.md: the list with its counts and
 * missing translations, its filters and sorts, merging, the records carrying a tag (bulk remove) and those carrying
 * none (bulk assign), and who may open it.
 */

const term = (id: number, tagName: string, fields: Partial<TagTerm> = {}): TagTerm => ({
  id,
  tagName,
  category: 'Music',
  establishments: 0,
  promoterGroups: 0,
  events: 0,
  missingTranslations: [],
  ...fields,
});

const jazzTerm = term(1, 'jazz', {
  establishments: 12,
  promoterGroups: 3,
  events: 40,
  missingTranslations: ['de', 'it'],
});
const rockTerm = term(2, 'rock', { establishments: 1, events: 2 });
const oldTerm = term(3, 'old-school', { category: 'Style', missingTranslations: ['en', 'fr', 'de', 'it'] });

const tag = (id: number, tagName: string): Tag => ({
  id,
  tagId: id,
  generalInfos: { tagName, category: 'Music', subCategory: null },
  translation: { french: null, english: null, german: null, italian: null },
  advanced: { description: null, htmlDescription: null },
  version: 1,
});
const tags = [tag(1, 'jazz'), tag(2, 'rock'), tag(3, 'old-school')];

interface Calls {
  lists: { filter: Record<string, unknown>; sort: string | null }[];
  records: { resource: string; filter: Record<string, unknown> }[];
  posts: { path: string; body: unknown }[];
}

/** The tag terms API and the three tagged collections as the contract says, each request recorded. */
const serveTagTerms = (terms: TagTerm[] = [jazzTerm, rockTerm, oldTerm]) => {
  const calls: Calls = { lists: [], records: [], posts: [] };
  let current = terms;
  const names: Record<string, string> = {
    establishments: 'establishmentName',
    promoters: 'promoterName',
    events: 'eventTitle',
  };
  const recordsOf = (resource: string) =>
    [5, 6].map((id) => ({ id, version: 1, generalInfos: { [names[resource]!]: `${resource} ${id}` } }));
  server.use(
    meHandler(() => withRoles('ROOT')),
    http.get(apiUrl('/tag-terms'), ({ request }) => {
      calls.lists.push({ filter: filterOf(request), sort: new URL(request.url).searchParams.get('sort') });
      return listAnswer('tag-terms', current);
    }),
    http.get(apiUrl('/tag-terms/:id'), ({ params }) => {
      const found = current.find((each) => String(each.id) === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'NOT_FOUND' }, { status: 404 });
    }),
    http.get(apiUrl('/tags'), ({ request }) => {
      const { q, id } = filterOf(request) as { q?: string; id?: unknown };
      const wanted = tags.filter(
        (each) =>
          (q === undefined || each.generalInfos.tagName.includes(q)) &&
          (id === undefined || [id].flat().map(String).includes(String(each.id))),
      );
      return listAnswer('tags', wanted);
    }),
    http.get(apiUrl('/tags/:id'), ({ params }) =>
      HttpResponse.json(tags.find((each) => String(each.id) === params.id)),
    ),
    ...['establishments', 'promoters', 'events'].map((resource) =>
      http.get(apiUrl(`/${resource}`), ({ request }) => {
        calls.records.push({ resource, filter: filterOf(request) });
        return listAnswer(resource, recordsOf(resource));
      }),
    ),
    http.post(apiUrl('/tags/:id/merge-into/:targetId'), async ({ request, params }) => {
      calls.posts.push({ path: new URL(request.url).pathname, body: await request.json() });
      const removed = current.find((each) => String(each.id) === params.id)!;
      const kept = current.find((each) => String(each.id) === params.targetId)!;
      const reply: TagMergeReply = {
        kept: {
          ...kept,
          establishments: kept.establishments + removed.establishments,
          promoterGroups: kept.promoterGroups + removed.promoterGroups,
          events: kept.events + removed.events,
        },
        removedTagId: removed.id,
        moved: {
          establishments: removed.establishments,
          promoterGroups: removed.promoterGroups,
          events: removed.events,
        },
      };
      current = current.filter((each) => each !== removed).map((each) => (each === kept ? reply.kept : each));
      return HttpResponse.json(reply);
    }),
    ...(['assign', 'unassign'] as const).map((action) =>
      http.post(apiUrl(`/tags/:id/${action}`), async ({ request, params }) => {
        const body = (await request.json()) as { resource: TagAssignmentReply['resource']; ids: number[] };
        calls.posts.push({ path: new URL(request.url).pathname, body });
        return HttpResponse.json({
          tagId: Number(params.id),
          resource: body.resource,
          changed: body.ids.length,
        } satisfies TagAssignmentReply);
      }),
    ),
  );
  return calls;
};

const withRoles = (...keys: RoleKey[]): SessionUser => ({
  ...ana,
  userRoles: keys.map((key, index) => ({ role: { id: index + 1, key } })),
});

const openPage = (path = '/tag-terms') => {
  startSignedIn(withRoles('ROOT'));
  renderApp(path);
  return userEvent.setup();
};

const rowOf = async (text: string) => (await screen.findByText(text, {}, SLOW_RENDER)).closest('tr') as HTMLElement;
const currentPath = () => screen.getByTestId('location').textContent;

describe('the tag terms list', () => {
  it('shows each tag with its three counts as links and its missing translations as chips', async () => {
    serveTagTerms();
    openPage();

    const jazz = await rowOf('jazz');
    const counts = within(jazz).getAllByRole('link');
    expect(counts.map((link) => link.textContent)).toEqual(['12', '3', '40']);
    expect(within(jazz).getByRole('link', { name: '12 establishments carry jazz' })).toHaveAttribute(
      'href',
      '/tag-terms/1',
    );
    expect(within(jazz).getByRole('link', { name: '3 promoter groups carry jazz' })).toHaveAttribute(
      'href',
      '/tag-terms/1/promoters',
    );
    expect(within(jazz).getByRole('link', { name: '40 events carry jazz' })).toHaveAttribute(
      'href',
      '/tag-terms/1/events',
    );
    expect(within(jazz).getByLabelText('German translation missing')).toHaveTextContent('DE');
    expect(within(jazz).getByLabelText('Italian translation missing')).toHaveTextContent('IT');
    expect(within(jazz).queryByLabelText('French translation missing')).not.toBeInTheDocument();

    const rock = await rowOf('rock');
    expect(within(rock).getByText('Complete')).toBeInTheDocument();
    expect(within(rock).queryByLabelText(/translation missing/)).not.toBeInTheDocument();
    const old = await rowOf('old-school');
    expect(within(old).getByText('Style')).toBeInTheDocument();
    expect(within(old).getAllByLabelText(/translation missing/)).toHaveLength(4);
  });

  it('sends the search, the missing translation (any or one language), the category and unused filters', async () => {
    const calls = serveTagTerms();
    const actor = openPage();
    await rowOf('jazz');

    await actor.type(screen.getByPlaceholderText('Search'), 'ja');
    await waitFor(() => expect(calls.lists.at(-1)?.filter).toEqual({ q: 'ja' }));

    await actor.click(screen.getByRole('combobox', { name: 'Missing translation' }));
    await actor.click(await screen.findByRole('option', { name: 'Any language' }));
    await waitFor(() => expect(calls.lists.at(-1)?.filter).toEqual({ q: 'ja', missingTranslation: true }));
    await actor.click(screen.getByRole('combobox', { name: 'Missing translation' }));
    await actor.click(await screen.findByRole('option', { name: 'German' }));
    await waitFor(() => expect(calls.lists.at(-1)?.filter).toEqual({ q: 'ja', missingTranslation: 'de' }));

    await actor.click(screen.getByRole('button', { name: 'Add filter' }));
    await actor.click(await screen.findByRole('menuitemcheckbox', { name: 'Unused only' }));
    await waitFor(() =>
      expect(calls.lists.at(-1)?.filter).toEqual({ q: 'ja', missingTranslation: 'de', unused: true }),
    );

    await actor.click(screen.getByRole('button', { name: 'Add filter' }));
    await actor.click(await screen.findByRole('menuitemcheckbox', { name: 'Category' }));
    await actor.type(await screen.findByRole('textbox', { name: 'Category' }), 'Style');
    await waitFor(() =>
      expect(calls.lists.at(-1)?.filter).toEqual({
        q: 'ja',
        missingTranslation: 'de',
        unused: true,
        category: 'Style',
      }),
    );
  });

  it('sorts by a count', async () => {
    const calls = serveTagTerms();
    const actor = openPage();
    await rowOf('jazz');
    expect(calls.lists.at(-1)?.sort).toBe('["tagName","ASC"]');

    await actor.click(screen.getByRole('button', { name: /^Sort by events/ }));
    await waitFor(() => expect(calls.lists.at(-1)?.sort).toMatch(/^\["events","(ASC|DESC)"\]$/));
  });

  it('merges a tag into another after showing what moves, then refreshes and says how many links moved', async () => {
    const calls = serveTagTerms();
    const actor = openPage();
    await actor.click(within(await rowOf('jazz')).getByRole('button', { name: 'Merge jazz into…' }));

    const dialog = await screen.findByRole('dialog');
    await actor.type(within(dialog).getByRole('combobox', { name: 'Tag' }), 'rock');
    await actor.click(await screen.findByRole('option', { name: 'rock' }));
    expect(await within(dialog).findByTestId('merge-summary')).toHaveTextContent(
      '12 establishments, 3 promoter groups and 40 events will carry «rock».',
    );
    expect(within(dialog).getByTestId('merge-summary')).toHaveTextContent('«jazz» will be deleted.');
    const listsBefore = calls.lists.length;

    await actor.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(calls.posts).toEqual([{ path: '/api/v1/tags/1/merge-into/2', body: {} }]));
    expect(await screen.findByText('55 links moved to «rock».')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(calls.lists.length).toBeGreaterThan(listsBefore));
    await waitFor(() => expect(screen.queryByText('jazz')).not.toBeInTheDocument());
    expect(
      within(await rowOf('rock'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['13', '3', '42']);
  });

  it('will not merge a tag into itself', async () => {
    const calls = serveTagTerms();
    const actor = openPage();
    await actor.click(within(await rowOf('jazz')).getByRole('button', { name: 'Merge jazz into…' }));
    const dialog = await screen.findByRole('dialog');
    await actor.type(within(dialog).getByRole('combobox', { name: 'Tag' }), 'jazz');
    await actor.click(await screen.findByRole('option', { name: 'jazz' }));
    await actor.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByText('Pick another tag than the one being merged.')).toBeInTheDocument();
    expect(calls.posts).toEqual([]);
  });

  it('merges the selected tags into one, each by its own request', async () => {
    const calls = serveTagTerms();
    const actor = openPage();
    await actor.click(within(await rowOf('jazz')).getByRole('checkbox'));
    await actor.click(within(await rowOf('old-school')).getByRole('checkbox'));
    await actor.click(await screen.findByRole('button', { name: 'Merge into…' }));

    const dialog = await screen.findByRole('dialog');
    await actor.type(within(dialog).getByRole('combobox', { name: 'Tag' }), 'rock');
    await actor.click(await screen.findByRole('option', { name: 'rock' }));
    expect(await within(dialog).findByTestId('merge-summary')).toHaveTextContent(
      '12 establishments, 3 promoter groups and 40 events will carry «rock».',
    );
    await actor.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() =>
      expect(calls.posts.map((post) => post.path)).toEqual([
        '/api/v1/tags/1/merge-into/2',
        '/api/v1/tags/3/merge-into/2',
      ]),
    );
    expect(await screen.findByText('55 links moved to «rock».')).toBeInTheDocument();
  });

  it('collapses to a simple list on a phone, each tag leading to its records', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      staticMediaQueryList(query, query.includes('max-width')),
    );
    serveTagTerms();
    const actor = openPage();
    const jazz = (await screen.findByText('jazz', {}, SLOW_RENDER)).closest('li') as HTMLElement;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(jazz).getByText('Music · Establishments 12 · Promoter groups 3 · Events 40')).toBeInTheDocument();
    expect(within(jazz).getByLabelText('German translation missing')).toBeInTheDocument();
    await actor.click(within(jazz).getByText('jazz'));
    await waitFor(() => expect(currentPath()).toBe('/tag-terms/1'));
  });
});

describe('the records carrying a tag', () => {
  it('lists each kind filtered by the tag, and removes the tag from the selected records', async () => {
    const calls = serveTagTerms();
    const actor = openPage('/tag-terms/1');

    expect(await screen.findByRole('heading', { name: 'jazz' }, SLOW_RENDER)).toBeInTheDocument();
    const row = await rowOf('establishments 5');
    expect(within(row).getByRole('link', { name: 'establishments 5' })).toHaveAttribute('href', '/establishments/5');
    expect(calls.records.at(-1)).toEqual({ resource: 'establishments', filter: { tagIds: [1] } });

    await actor.type(screen.getByPlaceholderText('Search'), 'bar');
    await waitFor(() =>
      expect(calls.records.at(-1)).toEqual({ resource: 'establishments', filter: { q: 'bar', tagIds: [1] } }),
    );

    await actor.click(within(row).getByRole('checkbox'));
    await actor.click(await screen.findByRole('button', { name: 'Remove tag' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Remove jazz from the selected establishment?');
    const before = calls.records.length;
    await actor.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.posts).toEqual([
        { path: '/api/v1/tags/1/unassign', body: { resource: 'establishments', ids: [5] } },
      ]),
    );
    expect(await screen.findByText('jazz removed from 1 record.')).toBeInTheDocument();
    await waitFor(() => expect(calls.records.length).toBeGreaterThan(before));
  });

  it('keeps each kind at its own address', async () => {
    const calls = serveTagTerms();
    const actor = openPage('/tag-terms/1/promoters');
    await rowOf('promoters 5');
    expect(calls.records.at(-1)).toEqual({ resource: 'promoters', filter: { tagIds: [1] } });
    expect(screen.getByRole('tab', { name: 'Promoter groups (3)' })).toHaveAttribute('aria-selected', 'true');

    await actor.click(screen.getByRole('tab', { name: 'Events (40)' }));
    await waitFor(() => expect(currentPath()).toBe('/tag-terms/1/events'));
    await rowOf('events 6');
    expect(calls.records.at(-1)).toEqual({ resource: 'events', filter: { tagIds: [1] } });
    expect(screen.getByRole('link', { name: 'events 6' })).toHaveAttribute('href', '/events/6');
  });

  it('says when the tag does not exist', async () => {
    serveTagTerms();
    openPage('/tag-terms/99');
    expect(await screen.findByText('This tag does not exist (any more).', {}, SLOW_RENDER)).toBeInTheDocument();
  });
});

describe('the records carrying no tag', () => {
  it('lists each kind with `untagged`, and assigns a picked tag to the selected records', async () => {
    const calls = serveTagTerms();
    const actor = openPage('/tag-terms/untagged/promoters');

    const row = await rowOf('promoters 5');
    expect(calls.records.at(-1)).toEqual({ resource: 'promoters', filter: { untagged: true } });
    await actor.click(within(row).getByRole('checkbox'));
    await actor.click(within(await rowOf('promoters 6')).getByRole('checkbox'));
    await actor.click(await screen.findByRole('button', { name: 'Assign tag…' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The tag goes on the 2 selected promoter groups.');
    await actor.type(within(dialog).getByRole('combobox', { name: 'Tag' }), 'rock');
    await actor.click(await screen.findByRole('option', { name: 'rock' }));
    expect(await within(dialog).findByTestId('assign-summary')).toHaveTextContent(
      '2 promoter groups will carry «rock».',
    );
    const before = calls.records.length;
    await actor.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(calls.posts).toEqual([{ path: '/api/v1/tags/2/assign', body: { resource: 'promoters', ids: [5, 6] } }]),
    );
    expect(await screen.findByText('rock assigned to 2 records.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(calls.records.length).toBeGreaterThan(before));
  });

  it('opens from the list, establishments first', async () => {
    const calls = serveTagTerms();
    const actor = openPage();
    await rowOf('jazz');
    await actor.click(screen.getByRole('link', { name: 'Records without tags' }));
    await waitFor(() => expect(currentPath()).toBe('/tag-terms/untagged'));
    await rowOf('establishments 5');
    expect(calls.records.at(-1)).toEqual({ resource: 'establishments', filter: { untagged: true } });
  });
});

describe('who opens the tag terms page', () => {
  it('opens it to a COORDINATOR_ADMIN_FULL', async () => {
    const calls = serveTagTerms();
    server.use(meHandler(() => withRoles('COORDINATOR_ADMIN_FULL')));
    startSignedIn(withRoles('ROOT'));
    renderApp('/tag-terms');
    await rowOf('jazz');
    expect(currentPath()).toBe('/tag-terms');
    expect(calls.lists.length).toBeGreaterThan(0);
  });

  it.each(['/tag-terms', '/tag-terms/1', '/tag-terms/untagged'])(
    'sends an ADMIN from %s to /unauthorized',
    async (path) => {
      const calls = serveTagTerms();
      server.use(meHandler(() => withRoles('ADMIN')));
      startSignedIn(withRoles('ROOT'));
      renderApp(path);
      await waitFor(() => expect(currentPath()).toBe('/unauthorized'), SLOW_RENDER);
      expect(calls.lists).toEqual([]);
      expect(calls.records).toEqual([]);
    },
  );
});
