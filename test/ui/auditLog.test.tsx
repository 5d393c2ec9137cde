import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AuditLogRecord } from '../../domain/audit';
import type { SessionUser } from '../../domain/user';
import { PREFERENCE_KEYS } from '../../providers/preferencesStore';
import { preferencesStore } from '../../src/providers';
import { ana, apiUrl, server } from './msw';
import { staticMediaQueryList } from './mediaQuery';
import { renderApp, startSignedIn } from './renderApp';

const tagRenamed: AuditLogRecord = {
  id: 31,
  at: '2026-11-20T14:05:00.000Z',
  actorUserId: 7,
  actorEmail: 'ana@demo.ch',
  resource: 'tags',
  recordId: '2',
  action: 'UPDATE',
  changes: {
    'generalInfos.tagName': { before: 'techno', after: 'Techno' },
    'translation.german': { before: null, after: 'Techno' },
  },
};

const userCreated: AuditLogRecord = {
  id: 30,
  at: '2026-11-19T09:00:00.000Z',
  actorUserId: null,
  actorEmail: null,
  resource: 'users',
  recordId: '12',
  action: 'CREATE',
  changes: {
    firstName: { after: 'Bruno' },
    lastName: { after: 'Meier' },
    email: { after: 'bruno@demo.ch' },
    roleId: { after: 4 },
  },
};

const rangeHeaders = (resource: string, count: number, total: number) => ({
  'Content-Range': `${resource} 0-${Math.max(count - 1, 0)}/${total}`,
  'Access-Control-Expose-Headers': 'Content-Range',
});

/** GET /audit-log recording each query, and the users the actor filter picks from. */
const serveAuditLog = (entries: AuditLogRecord[] = [tagRenamed, userCreated]) => {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('/audit-log'), ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(entries, { headers: rangeHeaders('audit-log', entries.length, entries.length) });
    }),
    http.get(apiUrl('/users'), () => {
      const users = [{ ...ana, isActive: true, version: 1 }];
      return HttpResponse.json(users, { headers: rangeHeaders('users', users.length, users.length) });
    }),
  );
  return {
    filters: () => queries.map((query) => JSON.parse(query.get('filter') ?? '{}') as Record<string, unknown>),
    sorts: () => queries.map((query) => query.get('sort')),
  };
};

describe('the audit log', () => {
  it('lists who changed what and when, newest first, with a summary of the changed fields', async () => {
    const requests = serveAuditLog();
    startSignedIn();
    renderApp('/audit-log');

    const row = (await screen.findByText('Name, German')).closest('tr') as HTMLElement;
    expect(within(row).getByText('ana@demo.ch')).toBeInTheDocument();
    expect(within(row).getByText('Tag')).toBeInTheDocument();
    expect(within(row).getByText('Updated')).toBeInTheDocument();
    const created = (await screen.findByText('First name, Last name, Email +1 more')).closest('tr') as HTMLElement;
    expect(within(created).getByText('Deleted user')).toBeInTheDocument();
    expect(within(created).getByText('Created')).toBeInTheDocument();
    expect(requests.sorts()[0]).toBe('["at","DESC"]');
  });

  it('names a field without a label of its own by the field that holds it, else in words, never by its path', async () => {
    serveAuditLog([
      {
        ...tagRenamed,
        id: 40,
        resource: 'events',
        recordId: '8',
        changes: {
          'generalInfos.eventType.id': { before: 1, after: 2 },
          'dateAndCalendar.outOfScheduleEvents': { before: [], after: [] },
          originalReccurenceTouched: { before: false, after: true },
        },
      },
    ]);
    startSignedIn();
    renderApp('/audit-log');
    expect(
      await screen.findByText('Event type, Out-of-schedule dates, original reccurence touched'),
    ).toBeInTheDocument();
  });

  it('unfolds a row into each field before and after', async () => {
    serveAuditLog();
    startSignedIn();
    renderApp('/audit-log');
    const actor = userEvent.setup();

    await actor.click(await screen.findByText('Name, German'));
    const changes = await screen.findByRole('table', { name: 'Changed fields' });
    const german = within(changes).getByRole('rowheader', { name: 'German' }).closest('tr') as HTMLElement;
    const [before, after] = within(german).getAllByRole('cell');
    expect(before).toHaveTextContent('(empty)');
    expect(after).toHaveTextContent('Techno');
    const name = within(changes).getByRole('rowheader', { name: 'Name' }).closest('tr') as HTMLElement;
    expect(
      within(name)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['techno', 'Techno']);
  });

  it('filters by resource and by days', async () => {
    const requests = serveAuditLog();
    startSignedIn();
    renderApp('/audit-log');
    const actor = userEvent.setup();
    await screen.findByText('Name, German');

    await actor.click(screen.getByRole('combobox', { name: 'Resource' }));
    await actor.click(await screen.findByRole('option', { name: 'Tag' }));
    await waitFor(() => expect(requests.filters().at(-1)).toEqual({ resource: 'tags' }));

    await actor.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(requests.filters().at(-1)).toEqual({ resource: 'tags', from: '2026-11-01' }));
  });

  it('shows when in the interface language on a 24-hour clock, and takes days typed the German way', async () => {
    const requests = serveAuditLog();
    preferencesStore.setItem(PREFERENCE_KEYS.lang, 'de');
    startSignedIn({ ...ana, language: 'de' });
    renderApp('/audit-log');
    const actor = userEvent.setup();

    expect(await screen.findByText(/^20\.11\.2026, \d\d:05$/)).toBeInTheDocument();
    expect(screen.getByText(/^19\.11\.2026, \d\d:00$/)).toBeInTheDocument();
    expect(screen.queryByText(/\b(AM|PM)\b/)).not.toBeInTheDocument();
    expect(screen.getByText('Vorname, Nachname, E-Mail +1 weiteres')).toBeInTheDocument();
    expect(screen.getByText('Name, Deutsch')).toBeInTheDocument();

    const from = screen.getByLabelText('Von');
    expect(from).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
    await actor.type(from, '1.11.2026');
    await waitFor(() => expect(requests.filters().at(-1)).toEqual({ from: '2026-11-01' }));
    await actor.tab();
    expect(from).toHaveValue('01.11.2026');
    preferencesStore.setItem(PREFERENCE_KEYS.lang, 'en');
  });

  it('is not offered to a role that may not read it', async () => {
    const coordinatorFull: SessionUser = {
      ...ana,
      id: 30,
      userRoles: [{ role: { id: 7, key: 'COORDINATOR_ADMIN_FULL' } }],
    };
    serveAuditLog();
    startSignedIn(coordinatorFull);
    renderApp('/audit-log');

    await waitFor(() => expect(screen.getByTestId('location').textContent).not.toBe('/audit-log'));
    expect(screen.queryByText('Name, German')).not.toBeInTheDocument();
  });
});

describe('the audit log on a phone', () => {
  it('shows each entry in one column beside its time, unfolds it, and keeps only the resource filter in view', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      staticMediaQueryList(query, query.includes('max-width')),
    );
    const requests = serveAuditLog();
    startSignedIn();
    renderApp('/audit-log');
    const actor = userEvent.setup();

    const row = (await screen.findByText('Name, German')).closest('tr') as HTMLElement;
    expect(
      screen
        .getAllByRole('columnheader')
        .map((header) => header.textContent)
        .filter(Boolean),
    ).toEqual(['When', 'Entry']);
    expect(within(row).getByText('Tag #2')).toBeInTheDocument();
    expect(within(row).getByText('Updated')).toBeInTheDocument();
    expect(within(row).getByText('ana@demo.ch')).toBeInTheDocument();

    expect(screen.getByRole('combobox', { name: 'Resource' })).toBeInTheDocument();
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'User' })).not.toBeInTheDocument();

    await actor.click(row);
    const changes = await screen.findByRole('table', { name: 'Changed fields' });
    expect(within(changes).getByRole('rowheader', { name: 'German' })).toBeInTheDocument();

    await actor.click(screen.getByRole('button', { name: 'Add filter' }));
    await actor.click(await screen.findByRole('menuitemcheckbox', { name: 'From' }));
    await actor.type(await screen.findByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(requests.filters().at(-1)).toEqual({ from: '2026-11-01' }));
  });
});
