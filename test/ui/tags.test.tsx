import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Tag } from '../../domain/tag';
import { apiUrl, server } from './msw';
import { renderApp, startSignedIn } from './renderApp';

const tag = (id: number, tagName: string, translation: Partial<Tag['translation']> = {}, category = 'Music'): Tag => ({
  id,
  tagId: id,
  generalInfos: { tagName, category, subCategory: null },
  translation: { french: null, english: null, german: null, italian: null, ...translation },
  advanced: { description: null, htmlDescription: null },
  version: 1,
});

const jazz = tag(1, 'jazz', { french: 'Jazz', english: 'Jazz', german: 'Jazz', italian: 'Jazz' });
const techno = tag(2, 'techno', { french: 'Techno', english: 'Techno' });

const listAnswer = (records: unknown[], total = records.length) =>
  HttpResponse.json(records, {
    headers: {
      'Content-Range': `tags 0-${Math.max(records.length - 1, 0)}/${total}`,
      'Access-Control-Expose-Headers': 'Content-Range',
    },
  });

/** GET /tags (recording each list query) and GET /tags/:id. */
const serveTags = (records: Tag[] = [jazz, techno], total = records.length) => {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('/tags'), ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return listAnswer(records, total);
    }),
    http.get(apiUrl('/tags/:id'), ({ params }) => {
      const found = records.find((record) => String(record.id) === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  return {
    filters: () => queries.map((query) => JSON.parse(query.get('filter') ?? '{}') as Record<string, unknown>),
    sorts: () => queries.map((query) => query.get('sort')),
  };
};

const drawer = () => within(screen.getByRole('dialog'));
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('the Tags list', () => {
  it('shows each tag with its category, the total, and which translations are missing', async () => {
    serveTags([jazz, techno], 2);
    startSignedIn();
    renderApp('/tags');

    const technoRow = await rowOf('techno');
    expect(within(technoRow).getByText('Music')).toBeInTheDocument();
    expect(within(technoRow).getByLabelText('German: Missing')).toHaveAttribute('data-missing', 'true');
    expect(within(technoRow).getByLabelText('Italian: Missing')).toBeInTheDocument();
    expect(within(technoRow).getByLabelText('French: Translated')).toHaveAttribute('data-missing', 'false');
    const jazzRow = await rowOf('jazz');
    expect(within(jazzRow).queryByLabelText(/Missing/)).not.toBeInTheDocument();
    expect(screen.getByText(/^1\D2 of 2$/)).toBeInTheDocument();
  });

  it('sorts by the names the API knows, and sends the search and the missing-translation filter', async () => {
    const requests = serveTags();
    startSignedIn();
    renderApp('/tags');
    const actor = userEvent.setup();
    await screen.findByText('techno');
    expect(requests.sorts()[0]).toBe('["tagName","ASC"]');

    await actor.click(within(screen.getByRole('columnheader', { name: 'Category' })).getByRole('button'));
    await waitFor(() => expect(requests.sorts().at(-1)).toBe('["category","ASC"]'));

    await actor.type(screen.getByPlaceholderText('Search'), 'tech');
    await waitFor(() => expect(requests.filters().at(-1)).toEqual({ q: 'tech' }));

    await actor.click(screen.getByRole('button', { name: 'Add filter' }));
    await actor.click(await screen.findByRole('menuitemcheckbox', { name: 'Translation missing' }));
    await waitFor(() => expect(requests.filters().at(-1)).toEqual({ q: 'tech', missingTranslation: true }));
  });
});

describe('the tag drawer', () => {
  it('creates a tag with its three sections', async () => {
    serveTags();
    const posted: unknown[] = [];
    server.use(
      http.post(apiUrl('/tags'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        return HttpResponse.json({ ...body, id: 9, tagId: 9, version: 1 }, { status: 201 });
      }),
    );
    startSignedIn();
    renderApp('/tags/create');
    const actor = userEvent.setup();
    await screen.findByRole('dialog');

    await actor.type(drawer().getByRole('textbox', { name: 'Name' }), 'salsa');
    await actor.type(drawer().getByRole('textbox', { name: 'Category' }), 'Music');
    await actor.click(drawer().getByRole('tab', { name: /Translation/ }));
    await actor.type(await drawer().findByRole('textbox', { name: 'French' }), 'Salsa');
    await actor.click(drawer().getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      generalInfos: { tagName: 'salsa', category: 'Music', subCategory: null },
      translation: { french: 'Salsa', english: null, german: null, italian: null },
      advanced: { description: null, htmlDescription: null },
    });
    // The toast names the thing, in the one colour of every success.
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Tag created');
    expect(toast).toHaveClass('MuiAlert-filledSuccess');
  });

  it('marks the missing languages in the translation tab and counts them on the tab', async () => {
    serveTags();
    startSignedIn();
    renderApp('/tags/2');
    const actor = userEvent.setup();
    await screen.findByDisplayValue('techno');

    const translationTab = drawer().getByRole('tab', { name: /Translation/ });
    expect(translationTab).toHaveTextContent('2');
    await actor.click(translationTab);
    expect(await drawer().findByText('2 translations missing')).toBeInTheDocument();
    const german = drawer().getByRole('textbox', { name: 'German' });
    expect(german).toHaveAccessibleDescription('Missing');
    expect(drawer().getByRole('textbox', { name: 'French' })).not.toHaveAccessibleDescription('Missing');

    await actor.type(german, 'Techno');
    await actor.type(drawer().getByRole('textbox', { name: 'Italian' }), 'Techno');
    expect(await drawer().findByText('All four languages are translated.')).toBeInTheDocument();
    expect(translationTab).not.toHaveTextContent(/\d/);
  });

  it('requires a name and a category before sending', async () => {
    serveTags();
    let posts = 0;
    server.use(http.post(apiUrl('/tags'), () => ((posts += 1), HttpResponse.json({}, { status: 500 }))));
    startSignedIn();
    renderApp('/tags/create');
    const actor = userEvent.setup();
    await screen.findByRole('dialog');

    await actor.type(drawer().getByRole('textbox', { name: 'Subcategory' }), 'Latin');
    await actor.click(drawer().getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(drawer().getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Required'),
    );
    expect(drawer().getByRole('textbox', { name: 'Category' })).toHaveAccessibleDescription('Required');
    expect(posts).toBe(0);
  });

  it('shows a name already taken on the name field', async () => {
    serveTags();
    server.use(
      http.post(apiUrl('/tags'), () =>
        HttpResponse.json(
          { message: 'ALREADY_TAKEN', errors: { 'generalInfos.tagName': 'ALREADY_TAKEN' } },
          { status: 409 },
        ),
      ),
    );
    startSignedIn();
    renderApp('/tags/create');
    const actor = userEvent.setup();
    await screen.findByRole('dialog');

    await actor.type(drawer().getByRole('textbox', { name: 'Name' }), 'jazz');
    await actor.type(drawer().getByRole('textbox', { name: 'Category' }), 'Music');
    await actor.click(drawer().getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(drawer().getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
        'Already used by another record.',
      ),
    );
  });

  it('tells the second editor of a tag that someone else changed it, and reloads on demand', async () => {
    let current = techno;
    serveTags([techno]);
    server.use(
      http.get(apiUrl('/tags/2'), () => HttpResponse.json(current)),
      http.put(apiUrl('/tags/2'), () => HttpResponse.json({ message: 'EDIT_CONFLICT' }, { status: 409 })),
    );
    startSignedIn();
    renderApp('/tags/2');
    const actor = userEvent.setup();

    const category = await screen.findByDisplayValue('Music');
    await actor.clear(category);
    await actor.type(category, 'Genre');
    current = { ...techno, generalInfos: { ...techno.generalInfos, subCategory: 'Electronic' }, version: 2 };
    await actor.click(drawer().getByRole('button', { name: 'Save' }));

    expect(await drawer().findByRole('alert')).toHaveTextContent(
      'Someone else changed this record since you opened it.',
    );
    expect(drawer().getByRole('textbox', { name: 'Category' })).toHaveValue('Genre');
    await actor.click(drawer().getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(drawer().getByRole('textbox', { name: 'Subcategory' })).toHaveValue('Electronic'));
    expect(drawer().getByRole('textbox', { name: 'Category' })).toHaveValue('Music');
  });

  it('edits the formatted description in a rich-text editor', async () => {
    serveTags([{ ...techno, advanced: { description: null, htmlDescription: '<p>Fast <strong>beats</strong></p>' } }]);
    const puts: Record<string, unknown>[] = [];
    server.use(
      http.put(apiUrl('/tags/2'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push(body);
        return HttpResponse.json({ ...body, version: 2 });
      }),
    );
    startSignedIn();
    renderApp('/tags/2');
    const actor = userEvent.setup();
    await screen.findByDisplayValue('techno');

    await actor.click(drawer().getByRole('tab', { name: 'Advanced' }));
    expect(await drawer().findByText('beats')).toBeInTheDocument();
    expect(drawer().getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    expect(drawer().queryByRole('button', { name: /image/i })).not.toBeInTheDocument();
    await actor.type(drawer().getByRole('textbox', { name: 'Description' }), 'Fast beats');
    await actor.click(drawer().getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      version: 1,
      advanced: { description: 'Fast beats', htmlDescription: '<p>Fast <strong>beats</strong></p>' },
    });
  });
});
