import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { RoleRecord, SessionUser, UserRecord } from '../../domain/user';
import { ROLE_KEYS } from '../../domain/roles';
import { ana, apiUrl, server } from './msw';
import { staticMediaQueryList } from './mediaQuery';
import { renderApp, startSignedIn } from './renderApp';

/** The role table as GET /roles answers it: ids 1..7 in the order of ROLE_KEYS (ROOT = 1, ADMIN = 4, PROMOTER = 2). */
const ROLES: RoleRecord[] = ROLE_KEYS.map((key, index) => ({ id: index + 1, key }));
const roleId = (key: RoleRecord['key']) => ROLES.find((role) => role.key === key)!.id;

const user = (fields: Partial<UserRecord> & Pick<UserRecord, 'id' | 'firstName' | 'lastName'>): UserRecord => ({
  username: `${fields.firstName.toLowerCase()}.${fields.lastName.toLowerCase()}`,
  email: `${fields.firstName.toLowerCase()}@demo.ch`,
  phoneNumber: null,
  billingLink: null,
  hasPaidSubscription: false,
  gender: null,
  roleId: roleId('CUSTOMER'),
  establishmentId: null,
  promoterGroupId: null,
  language: 'en',
  isActive: true,
  version: 1,
  ...fields,
});

const bruno = user({
  id: 12,
  firstName: 'Bruno',
  lastName: 'Meier',
  roleId: roleId('ADMIN'),
  establishmentId: 3,
  hasPaidSubscription: true,
});
const chiara = user({
  id: 13,
  firstName: 'Chiara',
  lastName: 'Rossi',
  roleId: roleId('PROMOTER'),
  promoterGroupId: 5,
  isActive: false,
});

const listAnswer = (resource: string, records: unknown[], total = records.length) =>
  HttpResponse.json(records, {
    headers: {
      'Content-Range': `${resource} 0-${Math.max(records.length - 1, 0)}/${total}`,
      'Access-Control-Expose-Headers': 'Content-Range',
    },
  });

const filterOf = (request: Request): Record<string, unknown> =>
  JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}');

/**
 * GET /users (recording each list request's filter), GET /users/:id, GET /roles; the other collections as the
 * test wants.
 */
const serveUsers = (records: UserRecord[] = [bruno, chiara], total = records.length) => {
  const listFilters: Record<string, unknown>[] = [];
  server.use(
    http.get(apiUrl('/users'), ({ request }) => {
      const filter = filterOf(request);
      listFilters.push(filter);
      if (Array.isArray(filter.id))
        return listAnswer(
          'users',
          records.filter((record) => (filter.id as number[]).includes(record.id)),
        );
      return listAnswer('users', records, total);
    }),
    http.get(apiUrl('/users/:id'), ({ params }) => {
      const found = records.find((record) => String(record.id) === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Not found' }, { status: 404 });
    }),
    http.get(apiUrl('/roles'), ({ request }) => {
      const ids = filterOf(request).id as number[] | undefined;
      return listAnswer('roles', ids ? ROLES.filter((role) => ids.includes(role.id)) : ROLES);
    }),
  );
  return listFilters;
};

/** Establishments and promoter groups as the API serves them. */
const serveScopes = () =>
  server.use(
    http.get(apiUrl('/establishments'), () =>
      listAnswer('establishments', [
        { id: 3, generalInfos: { establishmentName: 'Le Bourg' } },
        { id: 4, generalInfos: { establishmentName: 'Bar du Port' } },
      ]),
    ),
    http.get(apiUrl('/promoters'), () =>
      listAnswer('promoters', [{ id: 5, generalInfos: { promoterName: 'Nuits Sonores' } }]),
    ),
  );

/** An API without these collections (the pickers fall back to ids). */
const scopesNotServed = () =>
  server.use(
    http.get(apiUrl('/establishments'), () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    http.get(apiUrl('/promoters'), () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
  );

const drawer = () => within(screen.getByRole('dialog'));

const chooseOption = async (label: string | RegExp, option: string) => {
  const actor = userEvent.setup();
  await actor.click(await drawer().findByRole('combobox', { name: label }));
  await actor.click(await screen.findByRole('option', { name: option }));
};

describe('the Users list', () => {
  it('shows each user with their role, scope, subscription and state, and the total', async () => {
    serveUsers([bruno, chiara], 27);
    serveScopes();
    startSignedIn();
    renderApp('/users');

    const row = (await screen.findByText('Bruno Meier')).closest('tr') as HTMLElement;
    expect(within(row).getByText('bruno@demo.ch')).toBeInTheDocument();
    expect(await within(row).findByText('Venue administrator')).toBeInTheDocument();
    expect(await within(row).findByText('Le Bourg')).toBeInTheDocument();
    const chiaraRow = screen.getByText('Chiara Rossi').closest('tr') as HTMLElement;
    expect(await within(chiaraRow).findByText('Promoter')).toBeInTheDocument();
    expect(await within(chiaraRow).findByText('Nuits Sonores')).toBeInTheDocument();
    expect(screen.getByText(/^1\D25 of 27$/)).toBeInTheDocument();
  });

  it('on a phone, lists each user by name with their email, and their role apart from the name', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      staticMediaQueryList(query, query.includes('max-width')),
    );
    serveUsers([bruno, chiara]);
    serveScopes();
    startSignedIn();
    renderApp('/users');

    // The name is a text of its own: the role once ran on from it ("Bruno MeierVenue administrator").
    const item = (await screen.findByText('Bruno Meier')).closest('li') as HTMLElement;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(item).getByText('bruno@demo.ch')).toBeInTheDocument();
    expect(await within(item).findByText('Venue administrator')).toBeInTheDocument();
  });

  it('shows the id of an establishment when that collection cannot be read, instead of breaking', async () => {
    serveUsers([bruno]);
    scopesNotServed();
    startSignedIn();
    renderApp('/users');

    const row = (await screen.findByText('Bruno Meier')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('#3')).toBeInTheDocument();
  });

  it('sends the search as `q` and the role filter as `roleId`', async () => {
    const filters = serveUsers();
    serveScopes();
    startSignedIn();
    renderApp('/users');
    const actor = userEvent.setup();
    await screen.findByText('Bruno Meier');

    await actor.type(screen.getByPlaceholderText('Search'), 'mei');
    await waitFor(() => expect(filters.at(-1)).toEqual({ q: 'mei' }));

    await actor.click(screen.getByRole('button', { name: 'Add filter' }));
    await actor.click(await screen.findByRole('menuitemcheckbox', { name: 'Role' }));
    await actor.click(await screen.findByRole('combobox', { name: 'Role' }));
    await actor.click(await screen.findByRole('option', { name: 'Promoter' }));
    await waitFor(() => expect(filters.at(-1)).toEqual({ q: 'mei', roleId: roleId('PROMOTER') }));
  });

  it('opens a user read only, and offers no create button, to a role that may only read users', async () => {
    const coordinatorFull: SessionUser = {
      ...ana,
      id: 30,
      userRoles: [{ role: { id: 7, key: 'COORDINATOR_ADMIN_FULL' } }],
    };
    serveUsers();
    serveScopes();
    startSignedIn(coordinatorFull);
    renderApp('/users');
    const actor = userEvent.setup();

    await actor.click(await screen.findByText('Bruno Meier'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/users/12/show'));
    expect(await within(await screen.findByRole('dialog')).findByDisplayValue('Bruno')).toBeDisabled();
    expect(drawer().getByText('Your role lets you view this record but not change it.')).toBeInTheDocument();
    expect(drawer().queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(drawer().queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create' })).not.toBeInTheDocument();
  });

  it('opens an edit link read only for a role that may only read users, not the access-denied page', async () => {
    const coordinatorFull: SessionUser = {
      ...ana,
      id: 30,
      userRoles: [{ role: { id: 7, key: 'COORDINATOR_ADMIN_FULL' } }],
    };
    serveUsers();
    serveScopes();
    startSignedIn(coordinatorFull);
    renderApp('/users/13');

    expect(await within(await screen.findByRole('dialog')).findByDisplayValue('Chiara')).toBeDisabled();
    expect(screen.getByTestId('location').textContent).toBe('/users/13');
  });

  it('names the user that does not exist (any more) behind a stale link, and shows the list', async () => {
    serveUsers();
    serveScopes();
    startSignedIn();
    renderApp('/users/99');

    expect(await screen.findByText('This user does not exist (any more).')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/users'));
  });
});

describe('the user drawer', () => {
  it('creates a user with the body the API expects, the scope field following the role', async () => {
    serveUsers();
    serveScopes();
    const posted: unknown[] = [];
    server.use(
      http.post(apiUrl('/users'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        return HttpResponse.json({ ...body, id: 40, version: 1 }, { status: 201 });
      }),
    );
    startSignedIn();
    renderApp('/users');
    const actor = userEvent.setup();

    await actor.click(await screen.findByRole('link', { name: 'Create' }));
    await screen.findByRole('dialog');
    await actor.type(drawer().getByRole('textbox', { name: 'First name' }), 'Dora');
    await actor.type(drawer().getByRole('textbox', { name: 'Last name' }), 'Keller');
    await actor.type(drawer().getByRole('textbox', { name: 'Username' }), 'dora.keller');
    await actor.type(drawer().getByRole('textbox', { name: 'Email' }), 'Dora@Demo.ch');
    await chooseOption('Role', 'Venue administrator');
    expect(drawer().queryByRole('combobox', { name: 'Promoter group' })).not.toBeInTheDocument();
    await actor.click(await drawer().findByRole('combobox', { name: 'Establishment' }));
    await actor.click(await screen.findByRole('option', { name: 'Bar du Port' }));
    await actor.click(drawer().getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      firstName: 'Dora',
      lastName: 'Keller',
      username: 'dora.keller',
      email: 'Dora@Demo.ch',
      roleId: roleId('ADMIN'),
      establishmentId: 4,
      promoterGroupId: null,
      hasPaidSubscription: false,
      isActive: true,
      language: 'en',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location').textContent).toBe('/users');
  });

  it('shows the establishment for a venue role and the promoter group for a promoter, never both', async () => {
    serveUsers();
    serveScopes();
    startSignedIn();
    renderApp('/users/create');
    await screen.findByRole('dialog');

    expect(drawer().queryByRole('combobox', { name: 'Establishment' })).not.toBeInTheDocument();
    await chooseOption('Role', 'Venue administrator');
    expect(await drawer().findByRole('combobox', { name: 'Establishment' })).toBeInTheDocument();
    await chooseOption('Role', 'Promoter');
    expect(await drawer().findByRole('combobox', { name: 'Promoter group' })).toBeInTheDocument();
    expect(drawer().queryByRole('combobox', { name: 'Establishment' })).not.toBeInTheDocument();
    await chooseOption('Role', 'Customer');
    await waitFor(() => expect(drawer().queryByRole('combobox', { name: 'Promoter group' })).not.toBeInTheDocument());
  });

  it('checks the fields before sending: required ones, the format of the username, the scope of the role', async () => {
    serveUsers();
    serveScopes();
    let posts = 0;
    server.use(http.post(apiUrl('/users'), () => ((posts += 1), HttpResponse.json({}, { status: 500 }))));
    startSignedIn();
    renderApp('/users/create');
    const actor = userEvent.setup();
    await screen.findByRole('dialog');

    await actor.type(drawer().getByRole('textbox', { name: 'Username' }), 'dora keller');
    await chooseOption('Role', 'Promoter');
    await actor.click(drawer().getByRole('button', { name: 'Save' }));

    expect(await drawer().findByText('Letters, digits, dot, dash and underscore only.')).toBeInTheDocument();
    expect(drawer().getAllByText('Required').length).toBeGreaterThanOrEqual(3);
    expect(drawer().getByText('Required for this role.')).toBeInTheDocument();
    expect(posts).toBe(0);
  });

  it('falls back to a number input for the promoter group while that collection is not served', async () => {
    serveUsers();
    scopesNotServed();
    const posted: Record<string, unknown>[] = [];
    server.use(
      http.post(apiUrl('/users'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        return HttpResponse.json({ ...body, id: 41, version: 1 }, { status: 201 });
      }),
    );
    startSignedIn();
    renderApp('/users/create');
    const actor = userEvent.setup();
    await screen.findByRole('dialog');

    await actor.type(drawer().getByRole('textbox', { name: 'First name' }), 'Emil');
    await actor.type(drawer().getByRole('textbox', { name: 'Last name' }), 'Frei');
    await actor.type(drawer().getByRole('textbox', { name: 'Username' }), 'emil');
    await actor.type(drawer().getByRole('textbox', { name: 'Email' }), 'emil@demo.ch');
    await chooseOption('Role', 'Promoter');
    const groupNumber = await drawer().findByRole('spinbutton', { name: 'Promoter group' });
    expect(drawer().getByText('The list cannot be loaded: enter the number instead.')).toBeInTheDocument();
    await actor.type(groupNumber, '5');
    await actor.click(drawer().getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ roleId: roleId('PROMOTER'), promoterGroupId: 5, establishmentId: null });
  });

  it("shows the server's field errors on their fields", async () => {
    serveUsers();
    serveScopes();
    server.use(
      http.post(apiUrl('/users'), () =>
        HttpResponse.json({ message: 'ALREADY_TAKEN', errors: { email: 'ALREADY_TAKEN' } }, { status: 409 }),
      ),
    );
    startSignedIn();
    renderApp('/users/create');
    const actor = userEvent.setup();
    await screen.findByRole('dialog');

    await actor.type(drawer().getByRole('textbox', { name: 'First name' }), 'Bruno');
    await actor.type(drawer().getByRole('textbox', { name: 'Last name' }), 'Meier');
    await actor.type(drawer().getByRole('textbox', { name: 'Username' }), 'bruno2');
    await actor.type(drawer().getByRole('textbox', { name: 'Email' }), 'bruno@demo.ch');
    await chooseOption('Role', 'Customer');
    await actor.click(drawer().getByRole('button', { name: 'Save' }));

    const email = drawer().getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Already used by another record.');
    expect(drawer().getByRole('textbox', { name: 'Username' })).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('sends the version it read, and on a conflict keeps the input and offers to reload', async () => {
    let current = bruno;
    serveScopes();
    server.use(
      http.get(apiUrl('/users/12'), () => HttpResponse.json(current)),
      http.get(apiUrl('/roles'), () => listAnswer('roles', ROLES)),
      http.get(apiUrl('/users'), () => listAnswer('users', [current])),
    );
    const puts: Record<string, unknown>[] = [];
    server.use(
      http.put(apiUrl('/users/12'), async ({ request }) => {
        puts.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ message: 'EDIT_CONFLICT' }, { status: 409 });
      }),
    );
    startSignedIn();
    renderApp('/users/12');
    const actor = userEvent.setup();

    const firstName = await screen.findByDisplayValue('Bruno');
    await actor.clear(firstName);
    await actor.type(firstName, 'Bruna');
    // Someone else saves in the meantime.
    current = { ...bruno, lastName: 'Meier-Keller', version: 2 };
    await actor.click(drawer().getByRole('button', { name: 'Save' }));

    const alert = await drawer().findByRole('alert');
    expect(alert).toHaveTextContent(
      'Someone else changed this record since you opened it. Reload to see their changes, then apply yours again.',
    );
    expect(puts[0]).toMatchObject({ id: 12, version: 1, firstName: 'Bruna' });
    expect(drawer().getByRole('textbox', { name: 'First name' })).toHaveValue('Bruna');

    await actor.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(drawer().getByRole('textbox', { name: 'Last name' })).toHaveValue('Meier-Keller'));
    expect(drawer().getByRole('textbox', { name: 'First name' })).toHaveValue('Bruno');
    expect(drawer().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends an access link after a confirmation, and says so', async () => {
    serveUsers();
    serveScopes();
    const sent: string[] = [];
    server.use(
      http.post(apiUrl('/users/:id/send-access-link'), ({ params }) => {
        sent.push(String(params.id));
        return new HttpResponse(null, { status: 202 });
      }),
    );
    startSignedIn();
    renderApp('/users/12');
    const actor = userEvent.setup();
    await screen.findByDisplayValue('Bruno');

    await actor.click(await drawer().findByRole('button', { name: 'Send access link' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send an access link?' });
    expect(within(confirm).getByText(/bruno@demo\.ch/)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await actor.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(sent).toEqual(['12']));
    expect(await screen.findByText('An access link was sent to bruno@demo.ch.')).toBeInTheDocument();
  });

  it('explains a refused access link (a disabled user)', async () => {
    serveUsers();
    serveScopes();
    server.use(
      http.post(apiUrl('/users/:id/send-access-link'), () =>
        HttpResponse.json({ message: 'USER_DISABLED' }, { status: 409 }),
      ),
    );
    startSignedIn();
    renderApp('/users/13');
    const actor = userEvent.setup();
    await screen.findByDisplayValue('Chiara');

    await actor.click(await drawer().findByRole('button', { name: 'Send access link' }));
    await actor.click(
      within(await screen.findByRole('dialog', { name: 'Send an access link?' })).getByRole('button', {
        name: 'Confirm',
      }),
    );

    expect(
      await screen.findByText('The access link could not be sent: This user is disabled. Make them active first.'),
    ).toBeInTheDocument();
  });

  it('does not let the signed-in user change their own role, scope or active state', async () => {
    const me = user({ id: ana.id, firstName: 'Ana', lastName: 'Keller', roleId: roleId('ROOT') });
    serveUsers([me, bruno]);
    serveScopes();
    startSignedIn();
    renderApp(`/users/${ana.id}`);

    await screen.findByDisplayValue('Ana');
    expect(drawer().getByRole('combobox', { name: 'Role' })).toHaveAttribute('aria-disabled', 'true');
    expect(drawer().getByRole('switch', { name: 'Active' })).toBeDisabled();
    expect(drawer().getByText('You cannot change your own role, scope or active state.')).toBeInTheDocument();
    expect(drawer().queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
