import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ReferenceRecord } from '../../domain/reference';
import { apiUrl, server } from './msw';
import { renderApp, startSignedIn } from './renderApp';

const value = (id: number, key: string, en: string, position: number, isActive = true): ReferenceRecord => ({
  id,
  key,
  label: { en, fr: `${en} (fr)`, de: `${en} (de)`, it: `${en} (it)` },
  position,
  isActive,
  version: 1,
});

const techno = value(1, 'TECHNO', 'Techno', 10);
const jazz = value(2, 'JAZZ', 'Jazz', 20);
const schlager = value(3, 'SCHLAGER', 'Schlager', 30, false);

const listAnswer = (name: string, records: unknown[]) =>
  HttpResponse.json(records, {
    headers: {
      'Content-Range': `${name} 0-${Math.max(records.length - 1, 0)}/${records.length}`,
      'Access-Control-Expose-Headers': 'Content-Range',
    },
  });

/** GET /reference-data/{kind} and /:id, recording the list queries. */
const serveKind = (kind: string, records: ReferenceRecord[]) => {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl(`/reference-data/${kind}`), ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return listAnswer(`reference-data/${kind}`, records);
    }),
    http.get(apiUrl(`/reference-data/${kind}/:id`), ({ params }) => {
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
const location = () => screen.getByTestId('location').textContent;

describe('the Reference data screens', () => {
  it('opens the first vocabulary from /reference-data and switches kind with the tabs', async () => {
    serveKind('establishment-types', [value(5, 'CLUB', 'Club', 1)]);
    const musics = serveKind('musics', [techno, jazz, schlager]);
    startSignedIn();
    renderApp('/reference-data');

    expect(await screen.findByText('Club')).toBeInTheDocument();
    expect(location()).toBe('/reference-data/establishment-types');

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Musics' }));
    const technoRow = (await screen.findByText('TECHNO')).closest('tr') as HTMLElement;
    expect(location()).toBe('/reference-data/musics');
    expect(within(technoRow).getByText('Techno (de)')).toBeInTheDocument();
    expect(musics.sorts()[0]).toBe('["position","ASC"]');
  });

  it('sends the search and the active filter', async () => {
    const musics = serveKind('musics', [techno, jazz]);
    startSignedIn();
    renderApp('/reference-data/musics');
    const actor = userEvent.setup();
    await screen.findByText('TECHNO');

    await actor.type(screen.getByPlaceholderText('Search'), 'tech');
    await waitFor(() => expect(musics.filters().at(-1)).toEqual({ q: 'tech' }));
    await actor.click(screen.getByRole('combobox', { name: 'Active' }));
    await actor.click(await screen.findByRole('option', { name: 'No' }));
    await waitFor(() => expect(musics.filters().at(-1)).toEqual({ q: 'tech', isActive: false }));
  });

  it('creates a value with its key in capitals and shows the server refusing a taken key on the key field', async () => {
    serveKind('musics', [techno]);
    const posted: unknown[] = [];
    server.use(
      http.post(apiUrl('/reference-data/musics'), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ message: 'ALREADY_TAKEN', errors: { key: 'ALREADY_TAKEN' } }, { status: 409 });
      }),
    );
    startSignedIn();
    renderApp('/reference-data/musics/create');
    const actor = userEvent.setup();
    await screen.findByRole('dialog');

    await actor.type(drawer().getByRole('textbox', { name: 'Key' }), 'deep house');
    for (const [language, text] of [
      ['English', 'Deep house'],
      ['French', 'Deep house'],
      ['German', 'Deep House'],
      ['Italian', 'Deep house'],
    ]) {
      await actor.type(drawer().getByRole('textbox', { name: language }), text as string);
    }
    await actor.click(drawer().getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      key: 'DEEP_HOUSE',
      label: { en: 'Deep house', fr: 'Deep house', de: 'Deep House', it: 'Deep house' },
      position: 0,
      isActive: true,
    });
    expect(await drawer().findByText('Already used by another record.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('refuses a key the server would refuse, before sending it', async () => {
    serveKind('musics', [techno]);
    startSignedIn();
    renderApp('/reference-data/musics/create');
    const actor = userEvent.setup();
    await screen.findByRole('dialog');
    await actor.type(drawer().getByRole('textbox', { name: 'Key' }), 'déjà__vu');
    await actor.click(drawer().getByRole('button', { name: 'Save' }));
    expect(
      await drawer().findByText('Capital letters, digits and single underscores, like DEEP_HOUSE.'),
    ).toBeInTheDocument();
  });

  it('says why a value still in use cannot be deleted, and keeps it', async () => {
    serveKind('musics', [techno]);
    let deletes = 0;
    let deletedVersion: string | null = null;
    server.use(
      http.delete(apiUrl('/reference-data/musics/:id'), ({ request }) => {
        deletes += 1;
        deletedVersion = new URL(request.url).searchParams.get('version');
        return HttpResponse.json({ message: 'IN_USE' }, { status: 409 });
      }),
    );
    startSignedIn();
    renderApp('/reference-data/musics/1');
    const actor = userEvent.setup();
    await screen.findByDisplayValue('TECHNO');
    // The button shows once canAccess has answered.
    await actor.click(await drawer().findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    await actor.click(confirm);

    expect(await screen.findByText(/Other records still use this one/)).toBeInTheDocument();
    expect(deletes).toBe(1);
    // The delete names the version the drawer read: a value changed meanwhile is refused, not deleted unseen.
    expect(deletedVersion).toBe(String(techno.version));
    expect(location()).toBe('/reference-data/musics/1');
  });
});
