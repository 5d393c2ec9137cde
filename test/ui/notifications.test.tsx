import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { NotificationRecord } from '../../domain/notification';
import type { SessionUser } from '../../domain/user';
import { staticMediaQueryList } from './mediaQuery';
import { ana, apiUrl, filterOf, openStreamAnswer, server } from './msw';
import { renderApp, startSignedIn } from './renderApp';

/**
 * Notifications in the browser: the app bar's bell, the `/notifications` page, the mail preferences in Settings and
 * the live stream that keeps them fresh, against the API contract (ARCHITECTURE.md §9) served by msw.
 */

const PAGE = { timeout: 15_000 };
const currentPath = () => screen.getByTestId('location').textContent;

const promoter: SessionUser = {
  ...ana,
  id: 12,
  firstName: 'Pia',
  promoterGroupId: 4,
  userRoles: [{ role: { id: 2, key: 'PROMOTER' } }],
};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const notification = (id: number, changes: Partial<NotificationRecord> = {}): NotificationRecord => ({
  id,
  kind: 'EVENT_REQUEST_REJECTED',
  resource: 'events',
  recordId: 50 + id,
  title: `Request ${id} rejected`,
  text: `Club Nord turned down request ${id}.`,
  createdAt: minutesAgo(id),
  readAt: null,
  archivedAt: null,
  ...changes,
});

interface NotificationCalls {
  lists: { filter: Record<string, unknown>; range: string | null; sort: string | null }[];
  actions: { action: string; ids: number[] | undefined }[];
}

/** The caller's notifications as the API serves and changes them (list filters, range, the actions). */
const serveNotifications = (records: NotificationRecord[]): NotificationCalls => {
  const calls: NotificationCalls = { lists: [], actions: [] };
  const now = () => new Date().toISOString();
  const change: Record<string, (row: NotificationRecord) => void> = {
    read: (row) => (row.readAt ??= now()),
    unread: (row) => (row.readAt = null),
    archive: (row) => (row.archivedAt ??= now()),
    unarchive: (row) => (row.archivedAt = null),
  };
  server.use(
    http.get(apiUrl('/notifications'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      const filter = filterOf(request);
      calls.lists.push({ filter, range: params.get('range'), sort: params.get('sort') });
      const rows = records
        .filter((row) => (filter.archived === true ? row.archivedAt !== null : row.archivedAt === null))
        .filter((row) => filter.unread !== true || row.readAt === null)
        .filter((row) => filter.kind === undefined || row.kind === filter.kind)
        .sort((a, b) => b.id - a.id);
      const [from, to] = JSON.parse(params.get('range') ?? '[0,24]') as [number, number];
      const page = rows.slice(from, to + 1);
      return HttpResponse.json(page, {
        headers: {
          'Content-Range': `notifications ${from}-${from + Math.max(page.length - 1, 0)}/${rows.length}`,
          'Access-Control-Expose-Headers': 'Content-Range',
          'Cache-Control': 'no-store',
        },
      });
    }),
    http.post(apiUrl('/notifications/read-all'), () => {
      calls.actions.push({ action: 'read-all', ids: undefined });
      const unread = records.filter((row) => row.readAt === null);
      unread.forEach(change.read!);
      return HttpResponse.json({ count: unread.length });
    }),
    http.post(apiUrl('/notifications/:action'), async ({ params, request }) => {
      const action = String(params.action);
      const { ids } = (await request.json()) as { ids: number[] };
      calls.actions.push({ action, ids });
      const changed = records.filter((row) => ids.includes(row.id));
      changed.forEach(change[action]!);
      return HttpResponse.json({ ids: changed.map((row) => row.id) });
    }),
  );
  return calls;
};

const bell = () => screen.findByRole('button', { name: /^Notifications, / }, PAGE);

describe('the bell', () => {
  it('shows the unread count and, opened, the latest unread ones with their time', async () => {
    const records = [1, 2, 3, 4, 5, 6, 7].map((id) => notification(id));
    records.push(notification(8, { readAt: minutesAgo(1), title: 'Already read' }));
    const calls = serveNotifications(records);
    startSignedIn(promoter);
    renderApp('/dashboard');

    const button = await bell();
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 7 unread'));
    expect(within(button).getByText('7')).toBeInTheDocument();
    expect(calls.lists[0]).toEqual({ filter: { unread: true }, range: '[0,4]', sort: '["id","DESC"]' });

    await userEvent.click(button);
    const popover = await screen.findByRole('dialog', { name: 'Notifications, 7 unread' });
    const items = within(popover).getAllByRole('button', { name: /Request \d rejected/ });
    expect(items.map((item) => within(item).getByText(/^Request/).textContent)).toEqual([
      'Request 7 rejected',
      'Request 6 rejected',
      'Request 5 rejected',
      'Request 4 rejected',
      'Request 3 rejected',
    ]);
    expect(within(items[4]!).getByText('3 minutes ago')).toBeInTheDocument();
    expect(within(popover).queryByText('Already read')).not.toBeInTheDocument();
  });

  it('marks all as read through the API, and the count follows', async () => {
    const calls = serveNotifications([notification(1), notification(2)]);
    startSignedIn(promoter);
    renderApp('/dashboard');
    const button = await bell();
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 2 unread'));

    await userEvent.click(button);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));

    expect(await screen.findByText('Every notification is read.')).toBeInTheDocument();
    expect(calls.actions).toEqual([{ action: 'read-all', ids: undefined }]);
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, none unread'));
    expect(screen.getByText('No unread notifications.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('opens the record a notification is about and marks it read', async () => {
    const calls = serveNotifications([
      notification(1),
      notification(2, { kind: 'PASSWORD_CHANGED', resource: 'users', recordId: promoter.id, title: 'Password' }),
    ]);
    startSignedIn(promoter);
    renderApp('/dashboard');
    await userEvent.click(await bell());
    await userEvent.click(await screen.findByRole('button', { name: /Password/ }));

    // One's own account opens Settings.
    await waitFor(() => expect(currentPath()).toBe('/settings'));
    expect(calls.actions).toEqual([{ action: 'read', ids: [2] }]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Notifications, / })).toHaveAccessibleName('Notifications, 1 unread'),
    );
  });

  it('opens by keyboard and leads to the whole list with "See all"', async () => {
    serveNotifications([notification(1)]);
    startSignedIn(promoter);
    renderApp('/dashboard');
    // By keyboard: the bell takes the focus and opens with Enter.
    (await bell()).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('link', { name: 'See all' }));
    await waitFor(() => expect(currentPath()).toBe('/notifications'));
    expect(await screen.findByRole('tab', { name: 'Inbox', selected: true }, PAGE)).toBeInTheDocument();
  });
});

/** The rows of the page's table (the header row left out). */
const rows = async () => {
  // "Select all" and one box per row: the rows have come.
  await waitFor(() => expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(1), PAGE);
  return screen.getAllByRole('row').slice(1);
};

/** The bar of the selected rows' actions (react-admin's bulk actions toolbar). */
const bulkBar = () => {
  const bar = document.querySelector<HTMLElement>('[data-test="bulk-actions-toolbar"]');
  if (!bar) throw new Error('No bulk actions toolbar');
  return within(bar);
};

const rowOf = async (title: string) => {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen
      .queryAllByRole('row')
      .slice(1)
      .find((row) => within(row).queryByText(title));
    expect(found, `the row of ${title}`).toBeDefined();
  }, PAGE);
  return found!;
};

describe('the notifications page', () => {
  it('lists the inbox newest first, unread ones marked, with kind and time in the interface language', async () => {
    serveNotifications([
      notification(1, { readAt: minutesAgo(0), createdAt: '2026-11-20T21:05:00.000Z' }),
      notification(2, { kind: 'OFFER_SOLD_OUT', title: 'Sold out' }),
      notification(3, { archivedAt: minutesAgo(0), title: 'Archived one' }),
    ]);
    startSignedIn(promoter);
    renderApp('/notifications');

    const [first, second] = await rows();
    expect(within(first!).getByText('Sold out')).toBeInTheDocument();
    expect(within(first!).getByRole('img', { name: 'Unread' })).toBeInTheDocument();
    expect(within(first!).getByText('Offer sold out')).toBeInTheDocument();
    expect(within(second!).queryByRole('img', { name: 'Unread' })).not.toBeInTheDocument();
    expect(within(second!).getByText('Event request rejected')).toBeInTheDocument();
    // The browser's local time in British English: the zone may shift the hour, not the 24-hour shape.
    expect(within(second!).getByText(/^20\/11\/2026, \d{2}:05$/)).toBeInTheDocument();
    expect(screen.queryByText('Archived one')).not.toBeInTheDocument();
  });

  it('filters by view (unread, archived) and by kind', async () => {
    const calls = serveNotifications([
      notification(1, { readAt: minutesAgo(0) }),
      notification(2, { kind: 'OFFER_SOLD_OUT', title: 'Sold out' }),
      notification(3, { archivedAt: minutesAgo(0), title: 'Archived one' }),
    ]);
    startSignedIn(promoter);
    renderApp('/notifications');
    await rows();

    await userEvent.click(screen.getByRole('tab', { name: 'Unread' }));
    await waitFor(() => expect(calls.lists.at(-1)?.filter).toEqual({ unread: true }));
    await waitFor(async () => expect(await rows()).toHaveLength(1));

    await userEvent.click(screen.getByRole('tab', { name: 'Archived' }));
    await waitFor(() => expect(calls.lists.at(-1)?.filter).toEqual({ archived: true }));
    expect(await screen.findByText('Archived one')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Inbox' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Offer sold out' }));
    await waitFor(() => expect(calls.lists.at(-1)?.filter).toEqual({ kind: 'OFFER_SOLD_OUT' }));
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(screen.getByText('Sold out')).toBeInTheDocument();
  });

  it('marks one row read or unread and archives it with its own buttons', async () => {
    const calls = serveNotifications([notification(1, { readAt: minutesAgo(0) }), notification(2)]);
    startSignedIn(promoter);
    renderApp('/notifications');

    await userEvent.click(within(await rowOf('Request 2 rejected')).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(calls.actions).toEqual([{ action: 'read', ids: [2] }]));
    expect(await screen.findByText('Marked as read')).toBeInTheDocument();
    await waitFor(async () =>
      expect(within(await rowOf('Request 2 rejected')).queryByRole('img', { name: 'Unread' })).toBeNull(),
    );

    await userEvent.click(within(await rowOf('Request 1 rejected')).getByRole('button', { name: 'Mark as unread' }));
    await userEvent.click(within(await rowOf('Request 1 rejected')).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(calls.actions.slice(1)).toEqual([
        { action: 'unread', ids: [1] },
        { action: 'archive', ids: [1] },
      ]),
    );
    await waitFor(() => expect(screen.queryByText('Request 1 rejected')).not.toBeInTheDocument());
    // The row's buttons do not open the record.
    expect(currentPath()).toBe('/notifications');
  });

  it('changes the selected rows at once: read, unread, archive, and back to the inbox from the archived ones', async () => {
    const calls = serveNotifications([notification(1), notification(2), notification(3)]);
    startSignedIn(promoter);
    renderApp('/notifications');

    const select = async (...titles: string[]) => {
      for (const title of titles) {
        await userEvent.click(within(await rowOf(title)).getByRole('checkbox'));
      }
    };
    await select('Request 1 rejected', 'Request 3 rejected');
    await userEvent.click(await bulkBar().findByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('2 marked as read')).toBeInTheDocument();

    await select('Request 2 rejected');
    await userEvent.click(await bulkBar().findByRole('button', { name: 'Mark as unread' }));
    await select('Request 2 rejected', 'Request 3 rejected');
    await userEvent.click(await bulkBar().findByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.queryByText('Request 3 rejected')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('tab', { name: 'Archived' }));
    await select('Request 3 rejected');
    await userEvent.click(await bulkBar().findByRole('button', { name: 'Move to inbox' }));
    await waitFor(() =>
      expect(calls.actions).toEqual([
        { action: 'read', ids: [1, 3] },
        { action: 'unread', ids: [2] },
        { action: 'archive', ids: [2, 3] },
        { action: 'unarchive', ids: [3] },
      ]),
    );
  });

  it('marks all read from the toolbar, and a row click opens its record and reads it', async () => {
    const calls = serveNotifications([
      notification(1),
      notification(2, { kind: 'ACCESS_LINK_SENT', resource: 'users', recordId: promoter.id, title: 'Link sent' }),
    ]);
    startSignedIn(promoter);
    renderApp('/notifications');
    await rows();

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls.actions).toEqual([{ action: 'read-all', ids: undefined }]));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Unread' })).not.toBeInTheDocument());

    // Read already: opening it sends nothing more.
    await userEvent.click(within(await rowOf('Link sent')).getByText('Link sent'));
    await waitFor(() => expect(currentPath()).toBe('/settings'));
    expect(calls.actions).toHaveLength(1);
  });
  it('shows one line per notification with its menu at phone width', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      staticMediaQueryList(query, query.includes('max-width')),
    );
    const calls = serveNotifications([notification(1), notification(2, { readAt: minutesAgo(0) })]);
    startSignedIn(promoter);
    renderApp('/notifications');

    const item = (await screen.findByText('Request 1 rejected', {}, PAGE)).closest('li')!;
    expect(within(item).getByRole('img', { name: 'Unread' })).toBeInTheDocument();
    expect(within(item).getByText(/^Event request rejected ·/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await userEvent.click(within(item).getByRole('button', { name: 'Actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    await waitFor(() => expect(calls.actions).toEqual([{ action: 'archive', ids: [1] }]));
    await waitFor(() => expect(screen.queryByText('Request 1 rejected')).not.toBeInTheDocument());
  });
});

describe('the mail preferences in Settings', () => {
  const servePreferences = () => {
    const puts: unknown[] = [];
    const deliveries = {
      EVENT_REQUEST_APPROVED: 'MAIL',
      OFFER_SOLD_OUT: 'DIGEST',
      PASSWORD_CHANGED: 'MAIL',
    };
    server.use(
      http.get(apiUrl('/notification-preferences'), () =>
        HttpResponse.json({ deliveries: { ...deliveries, OFFER_SOLD_OUT: 'IN_APP' }, defaults: deliveries }),
      ),
      http.put(apiUrl('/notification-preferences'), async ({ request }) => {
        const body = (await request.json()) as { deliveries: Record<string, string> };
        puts.push(body);
        return HttpResponse.json({ deliveries: { ...deliveries, ...body.deliveries }, defaults: deliveries });
      }),
    );
    return puts;
  };

  it('shows each kind the role receives with its delivery and the default marked, and saves only the changes', async () => {
    const puts = servePreferences();
    startSignedIn(promoter);
    renderApp('/settings');

    const offer = await screen.findByRole('combobox', { name: 'Offer sold out' }, PAGE);
    expect(offer).toHaveTextContent('In the app only');
    expect(screen.getByRole('combobox', { name: 'Event request approved' })).toHaveTextContent(
      'In the app and by mail (default)',
    );
    // Only the kinds the server answered (those the role receives).
    expect(screen.queryByRole('combobox', { name: 'Offer nearly sold out' })).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save notification settings' });
    expect(save).toBeDisabled();

    await userEvent.click(offer);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'In the app only',
      'In the app and by mail',
      'In the app and in the daily digest (07:00) (default)',
    ]);
    await userEvent.click(options[1]!);
    await userEvent.click(save);

    expect(await screen.findByText('Your notification settings are saved.')).toBeInTheDocument();
    expect(puts).toEqual([{ deliveries: { OFFER_SOLD_OUT: 'MAIL' } }]);
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('says so when the preferences cannot be loaded or saved', async () => {
    let failLoad = true;
    server.use(
      http.get(apiUrl('/notification-preferences'), () =>
        failLoad
          ? HttpResponse.json({ message: 'boom' }, { status: 500 })
          : HttpResponse.json({ deliveries: { PASSWORD_CHANGED: 'MAIL' }, defaults: { PASSWORD_CHANGED: 'MAIL' } }),
      ),
      http.put(apiUrl('/notification-preferences'), () =>
        HttpResponse.json({ message: 'Invalid', errors: { deliveries: 'Invalid' } }, { status: 400 }),
      ),
    );
    startSignedIn(promoter);
    renderApp('/settings');

    expect(await screen.findByText('The notification settings could not be loaded.', {}, PAGE)).toBeInTheDocument();
    failLoad = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Password changed' }));
    await userEvent.click(await screen.findByRole('option', { name: 'In the app only' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect((await screen.findAllByText('The notification settings could not be saved.')).length).toBeGreaterThan(0);
  });
});

describe('the live stream', () => {
  it('reloads the bell once when the stream says a notification arrived and the new count', async () => {
    const records = [notification(1)];
    serveNotifications(records);
    const streams: Request[] = [];
    let send: (frame: string) => void = () => undefined;
    server.use(
      http.get(apiUrl('/notifications/stream'), ({ request }) => {
        streams.push(request);
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            send = (frame) => controller.enqueue(encoder.encode(`${frame}\n\n`));
            send('event: unread\ndata: {"unread":1}');
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    startSignedIn(promoter);
    renderApp('/dashboard');
    const button = await bell();
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 1 unread'));
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(streams[0]!.headers.get('Authorization')).toBe('Bearer access-token-of-the-test');

    // A new one arrives on the server; the open stream tells the app as the server does (the notification, then
    // the count), and the app asks again once.
    const invalidated = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    const notificationReloads = () =>
      invalidated.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === 'notifications').length;
    records.push(notification(2));
    send(`id: 2\nevent: notification\ndata: ${JSON.stringify(notification(2))}`);
    send('event: unread\ndata: {"unread":2}');
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 2 unread'));
    expect(notificationReloads()).toBe(1);
    expect(streams).toHaveLength(1);
  });

  it('reloads the asks when the stream says an ask changed, and the notifications for a new one', async () => {
    const invalidated = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    serveNotifications([]);
    let send: ((frame: string) => void) | null = null;
    server.use(
      http.get(apiUrl('/notifications/stream'), () => {
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            send = (frame) => controller.enqueue(encoder.encode(`${frame}\n\n`));
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    startSignedIn(promoter);
    renderApp('/dashboard');
    await bell();
    await waitFor(() => expect(send).not.toBeNull());

    send!('event: asks\ndata: {}');
    await waitFor(() => expect(invalidated).toHaveBeenCalledWith({ queryKey: ['asks'] }));
    expect(invalidated).not.toHaveBeenCalledWith({ queryKey: ['notifications'] });
    send!('event: unread\ndata: {"unread":0}');
    await waitFor(() => expect(invalidated).toHaveBeenCalledWith({ queryKey: ['notifications'] }));
  });

  it('connects again with Last-Event-ID after the stream ends', async () => {
    serveNotifications([]);
    const lastEventIds: (string | null)[] = [];
    server.use(
      http.get(apiUrl('/notifications/stream'), ({ request }) => {
        lastEventIds.push(request.headers.get('Last-Event-ID'));
        if (lastEventIds.length > 1) return openStreamAnswer(request);
        // The first answer sends one notification and ends.
        const body = `id: 41\nevent: notification\ndata: ${JSON.stringify(notification(41))}\n\n`;
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    startSignedIn(promoter);
    renderApp('/dashboard');
    await waitFor(() => expect(lastEventIds).toEqual([null, '41']), { timeout: 5_000 });
  });

  it('refreshes the token after a 401 and connects again with the new one', async () => {
    serveNotifications([]);
    const authorizations: (string | null)[] = [];
    let refreshes = 0;
    server.use(
      http.post(apiUrl('/auth/refresh-tokens'), () => {
        refreshes += 1;
        return HttpResponse.json({ accessToken: 'a-refreshed-token' });
      }),
      http.get(apiUrl('/notifications/stream'), ({ request }) => {
        const authorization = request.headers.get('Authorization');
        authorizations.push(authorization);
        return authorization === 'Bearer a-refreshed-token'
          ? openStreamAnswer(request)
          : HttpResponse.json({ message: 'TOKEN_EXPIRED' }, { status: 401 });
      }),
    );
    startSignedIn(promoter);
    renderApp('/dashboard');
    await waitFor(() =>
      expect(authorizations).toEqual(['Bearer access-token-of-the-test', 'Bearer a-refreshed-token']),
    );
    expect(refreshes).toBe(1);
    expect(currentPath()).toBe('/dashboard');
  });
});
