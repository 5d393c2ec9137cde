import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { establishmentDefaults, establishmentInputSchema, type Establishment } from '../../domain/establishment';
import type { ReferenceRecord } from '../../domain/reference';
import type { SessionUser } from '../../domain/user';
import { visibilityChangeSchema } from '../../domain/records';
import { ana, apiUrl, filterOf, listAnswer, referenceRecord, server } from './msw';
import {
  drawer,
  DRAWER_TESTS,
  drawerWithValue,
  listFiltersOf,
  openedDrawer,
  openScreen,
  recordPosts,
  rowOf,
  servePartnerRecords,
  serveReferenceData,
  SLOW_RENDER,
} from './partnerScreens';
import { occurrence } from './eventList.fixtures';

/**
 * The export's file as the page hands it to the browser: the Blob behind the link and the name it downloads
 * under (the test DOM saves no file).
 */
const downloads: { blob: Blob; fileName: string }[] = [];
const catchDownloads = () => {
  downloads.length = 0;
  const linked = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:download-${linked.size}`;
    linked.set(url, blob as Blob);
    return url;
  });
  const click = HTMLAnchorElement.prototype.click;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = linked.get(this.getAttribute('href') ?? '');
    if (blob && this.download) downloads.push({ blob, fileName: this.download });
    else click.call(this);
  });
};

type Sections = Partial<Pick<Establishment, 'specificInfos' | 'additionalInfos' | 'visibility'>> & {
  generalInfos?: Partial<Establishment['generalInfos']>;
};

const establishment = (id: number, name: string, city: string, sections: Sections = {}): Establishment => {
  const defaults = establishmentDefaults();
  return {
    ...defaults,
    id,
    establishmentId: id,
    generalInfos: {
      ...defaults.generalInfos,
      establishmentName: name,
      establishmentTypeId: 1,
      city,
      logo: null,
      media: [],
      mediaListState: { order: [], added: [], removed: [] },
      ...sections.generalInfos,
    },
    specificInfos: sections.specificInfos ?? { musics: [], ambiance: [] },
    additionalInfos: sections.additionalInfos ?? defaults.additionalInfos,
    visibility: sections.visibility ?? 'PUBLISHED',
    tagTerms: {},
    version: 3,
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-02-01T18:30:00.000Z',
  };
};

const bourg = establishment(3, 'Le Bourg', 'Lausanne', { specificInfos: { musics: [11, 12], ambiance: [] } });
const port = establishment(4, 'Bar du Port', 'Zurich', {
  generalInfos: { establishmentTypeId: 2 },
  visibility: 'DRAFT',
});

const REFERENCE_DATA: Record<string, ReferenceRecord[]> = {
  'establishment-types': [referenceRecord(1, 'CLUB', 'Club'), referenceRecord(2, 'BAR', 'Bar')],
  musics: [referenceRecord(11, 'TECHNO', 'Techno'), referenceRecord(12, 'JAZZ', 'Jazz')],
  ambiances: [referenceRecord(21, 'COSY', 'Cosy')],
};

const serveVocabularies = () => serveReferenceData(REFERENCE_DATA);

/** GET /establishments (recording each list query), /establishments/cities, /establishments/:id. */
const serveEstablishments = (records: Establishment[] = [bourg, port]) => {
  serveVocabularies();
  const queries = servePartnerRecords('establishments', records);
  // After the records: the handlers added last are asked first, and `/establishments/:id` would answer the cities.
  server.use(
    http.get(apiUrl('/establishments/cities'), () =>
      HttpResponse.json([
        { id: 'Lausanne', name: 'Lausanne' },
        { id: 'Zurich', name: 'Zurich' },
      ]),
    ),
  );
  // The drawer's next occurrences (EstablishmentEvents): none, unless a test serves some after this.
  server.use(http.get(apiUrl('/occurrences'), () => listAnswer('occurrences', [])));
  return {
    filters: () => listFiltersOf(queries),
    sorts: () => queries.map((query) => query.get('sort')),
  };
};

/** PUT /establishments/:id, recording each body and answering it as the stored record. */
const recordPuts = () => {
  const puts: { id: string; body: Record<string, unknown> }[] = [];
  server.use(
    http.put(apiUrl('/establishments/:id'), async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push({ id: String(params.id), body });
      return HttpResponse.json({ ...body, id: Number(params.id), version: Number(body.version ?? 1) + 1 });
    }),
  );
  return puts;
};

type VisibilityResult = { ok: true; version: number } | { ok: false; error: { status: number; message: string } };

/** POST /establishments/visibility, recording each body and answering each id with `resultOf(id)`. */
const recordVisibilityChanges = (resultOf: (id: number) => VisibilityResult = () => ({ ok: true, version: 2 })) => {
  const bodies: { ids: number[]; visibility: string }[] = [];
  server.use(
    http.post(apiUrl('/establishments/visibility'), async ({ request }) => {
      const body = (await request.json()) as { ids: number[]; visibility: string };
      bodies.push(body);
      return HttpResponse.json({ results: body.ids.map((id) => ({ id, ...resultOf(id) })) });
    }),
  );
  return bodies;
};

const venueAdmin: SessionUser = {
  ...ana,
  id: 12,
  roleId: 4,
  establishmentId: 3,
  userRoles: [{ role: { id: 4, key: 'ADMIN' } }],
};

describe('the Establishments list', () => {
  it('shows each venue with its type and musics as labels, its city, and marks drafts', async () => {
    serveEstablishments();
    openScreen('/establishments');

    const bourgRow = await rowOf('Le Bourg');
    expect(within(bourgRow).getByText('Lausanne')).toBeInTheDocument();
    expect(await within(bourgRow).findByText('Club')).toBeInTheDocument();
    expect(await within(bourgRow).findByText('Techno')).toBeInTheDocument();
    expect(within(bourgRow).getByText('Jazz')).toBeInTheDocument();
    expect(within(bourgRow).getByText('Published').closest('[data-visibility]')).toHaveAttribute(
      'data-visibility',
      'PUBLISHED',
    );
    const portRow = await rowOf('Bar du Port');
    expect(await within(portRow).findByText('Bar')).toBeInTheDocument();
    expect(within(portRow).getByText('Draft').closest('[data-visibility]')).toHaveAttribute('data-visibility', 'DRAFT');
  });

  it('holds a placeholder, never the raw ids, where labels go until the reference data arrives', async () => {
    serveEstablishments();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(apiUrl('/reference-data/:kind'), async ({ params }) => {
        await held;
        return listAnswer(`reference-data/${String(params.kind)}`, REFERENCE_DATA[String(params.kind)] ?? []);
      }),
    );
    openScreen('/establishments');

    const bourgRow = await rowOf('Le Bourg');
    expect(within(bourgRow).getAllByRole('status', { name: 'Loading' }).length).toBeGreaterThanOrEqual(3);
    expect(within(bourgRow).queryByText(/#\d+/)).not.toBeInTheDocument();
    release();
    expect(await within(bourgRow).findByText('Club')).toBeInTheDocument();
    expect(await within(bourgRow).findByText('Jazz')).toBeInTheDocument();
    expect(within(bourgRow).queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('sorts by name first, and sends the search, the city and the visibility as filters', DRAWER_TESTS, async () => {
    const requests = serveEstablishments();
    const actor = openScreen('/establishments');
    await screen.findByText('Le Bourg');
    expect(requests.sorts()[0]).toBe('["establishmentName","ASC"]');

    await actor.click(within(screen.getByRole('columnheader', { name: 'City' })).getByRole('button'));
    await waitFor(() => expect(requests.sorts().at(-1)).toBe('["city","ASC"]'));

    await actor.type(screen.getByPlaceholderText('Search'), 'bourg');
    await waitFor(() => expect(requests.filters().at(-1)).toEqual({ q: 'bourg' }));

    await actor.click(screen.getByRole('button', { name: 'Add filter' }));
    await actor.click(await screen.findByRole('menuitemcheckbox', { name: 'Visibility' }));
    await actor.click(await screen.findByRole('combobox', { name: 'Visibility' }));
    await actor.click(await screen.findByRole('option', { name: 'Draft' }));
    await waitFor(() => expect(requests.filters().at(-1)).toEqual({ q: 'bourg', visibility: 'DRAFT' }));

    await actor.click(screen.getByRole('button', { name: 'Add filter' }));
    await actor.click(await screen.findByRole('menuitemcheckbox', { name: 'City' }));
    await actor.click(await screen.findByRole('combobox', { name: 'City' }));
    // The picker appears once GET /establishments/cities has answered.
    await actor.click(await screen.findByRole('option', { name: 'Zurich' }, SLOW_RENDER));
    await waitFor(() => expect(requests.filters().at(-1)).toEqual({ q: 'bourg', visibility: 'DRAFT', city: 'Zurich' }));
  });

  it('publishes the selected venues in one request, and counts them', async () => {
    serveEstablishments([port, establishment(5, 'Chez Max', 'Bern', { visibility: 'DRAFT' })]);
    const puts = recordPuts();
    const changes = recordVisibilityChanges();
    const actor = openScreen('/establishments');

    await actor.click(within(await rowOf('Bar du Port')).getByRole('checkbox'));
    await actor.click(within(await rowOf('Chez Max')).getByRole('checkbox'));
    await actor.click(await screen.findByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('2 records published')).toBeInTheDocument();
    expect(changes).toHaveLength(1);
    expect(changes[0]!.visibility).toBe('PUBLISHED');
    expect([...changes[0]!.ids].sort()).toEqual([4, 5]);
    expect(visibilityChangeSchema.safeParse(changes[0]).success).toBe(true);
    expect(puts).toHaveLength(0);
  });

  it('exports the list as CSV with labels instead of ids, hours as text and no HTML', async () => {
    const friday = { isActive: true, startTime: '22:00', endTime: '04:00' };
    const withHours = {
      ...bourg,
      generalInfos: { ...bourg.generalInfos, workSchedules: { ...bourg.generalInfos.workSchedules, FRIDAY: friday } },
      description: { description: null, htmlDescription: '<p>Live <strong>jazz</strong>, "late"</p>' },
    };
    serveEstablishments([withHours]);
    const actor = openScreen('/establishments');
    await screen.findByText('Le Bourg');

    catchDownloads();
    await actor.click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    const [heading, row] = (await downloads[0]!.blob.text()).split('\r\n');
    expect(heading).toContain('Name,Type,Secondary types,Address,City');
    expect(row).toContain('Le Bourg,Club,,,Lausanne');
    expect(row).toContain('"Techno, Jazz"');
    expect(row).toContain('Fri 22:00–04:00');
    expect(row).toContain('"Live jazz, ""late"""');
    expect(row).not.toContain('<');
    expect(row).toContain('Published');
    expect(downloads[0]!.fileName).toBe('establishments.csv');
  });

  it('invites to create the first venue when there is none', async () => {
    serveEstablishments([]);
    openScreen('/establishments');

    expect(await screen.findByText('No establishment yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create' })).toBeInTheDocument();
  });
});

const coordinator: SessionUser = {
  ...ana,
  id: 14,
  roleId: 5,
  establishmentId: 3,
  userRoles: [{ role: { id: 5, key: 'COORDINATOR' } }],
};

describe('what each role may do from the list', () => {
  it('offers bulk selection only on the venues the user may change', async () => {
    serveEstablishments();
    openScreen('/establishments', venueAdmin);

    expect(within(await rowOf('Le Bourg')).getByRole('checkbox')).toBeEnabled();
    expect(within(await rowOf('Bar du Port')).getByRole('checkbox')).toBeDisabled();
  });

  it('says why a venue could not be published', async () => {
    serveEstablishments([port, establishment(5, 'Chez Max', 'Bern', { visibility: 'DRAFT' })]);
    const changes = recordVisibilityChanges((id) =>
      id === 5 ? { ok: false, error: { status: 403, message: 'FORBIDDEN' } } : { ok: true, version: 4 },
    );
    const actor = openScreen('/establishments');

    await actor.click(within(await rowOf('Bar du Port')).getByRole('checkbox'));
    await actor.click(within(await rowOf('Chez Max')).getByRole('checkbox'));
    await actor.click(await screen.findByRole('button', { name: 'Publish' }));

    const toast = await screen.findByText(/1 published, 1 could not be changed/);
    expect(toast).toHaveTextContent('You are not allowed to do this.');
    expect(changes).toHaveLength(1);
  });

  it('tells a venue administrator who has their venue why they cannot create another', async () => {
    serveEstablishments();
    openScreen('/establishments/create', venueAdmin);

    expect(
      await screen.findByText('You already manage an establishment: ask the platform team to add another one.'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('tells a coordinator that their role creates no venue', async () => {
    serveEstablishments();
    openScreen('/establishments/create', coordinator);

    expect(
      await screen.findByText('Your role cannot create an establishment: the platform team creates them.'),
    ).toBeInTheDocument();
  });
});

describe('a coordinator, who reads venues but changes none', DRAWER_TESTS, () => {
  it('opens the row of its venue read only, not the access-denied page', async () => {
    serveEstablishments();
    const actor = openScreen('/establishments', coordinator);

    await actor.click(await screen.findByText('Le Bourg'));

    expect(await drawerWithValue('Le Bourg')).toBeDisabled();
    expect(screen.getByTestId('location').textContent).toBe('/establishments/3/show');
    expect(within(drawer().getByLabelText('Status')).getByText('Read only')).toBeInTheDocument();
    expect(drawer().getByText('Your role lets you view this record but not change it.')).toBeInTheDocument();
    expect(drawer().queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(within(await rowOf('Le Bourg')).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('opens an edit link of its venue read only', async () => {
    serveEstablishments();
    openScreen('/establishments/3', coordinator);

    expect(await drawerWithValue('Le Bourg')).toBeDisabled();
    expect(screen.getByTestId('location').textContent).toBe('/establishments/3');
  });

  it('names the venue that does not exist (any more) behind a stale link', async () => {
    serveEstablishments();
    openScreen('/establishments/99/show', coordinator);

    expect(await screen.findByText('This establishment does not exist (any more).')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/establishments'));
  });
});

describe('the establishment drawer', DRAWER_TESTS, () => {
  it('creates a venue, published by default, with a body the API schema accepts', async () => {
    serveEstablishments();
    const posted = recordPosts('establishments', establishment(9, 'Le Nouveau', 'Sion'));
    const actor = openScreen('/establishments/create');
    await openedDrawer();
    expect(within(drawer().getByLabelText('Status')).getByText('New')).toBeInTheDocument();

    await actor.type(drawer().getByRole('textbox', { name: 'Name' }), 'Le Nouveau');
    await actor.click(drawer().getByRole('combobox', { name: 'Type' }));
    await actor.click(await screen.findByRole('option', { name: 'Club' }));
    await actor.type(drawer().getByRole('textbox', { name: 'City' }), 'Sion');
    await actor.click(drawer().getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    const parsed = establishmentInputSchema.safeParse(posted[0]);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      visibility: 'PUBLISHED',
      generalInfos: { establishmentName: 'Le Nouveau', establishmentTypeId: 1, city: 'Sion', lat: null, lang: null },
    });
  });

  it('saves a published venue as a draft, sending the whole record with DRAFT', async () => {
    serveEstablishments();
    const puts = recordPuts();
    const actor = openScreen('/establishments/3');
    await drawerWithValue('Le Bourg');
    expect(within(drawer().getByLabelText('Status')).getByText('Published')).toBeInTheDocument();

    await actor.click(drawer().getByRole('button', { name: 'Save as draft' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body).toMatchObject({ visibility: 'DRAFT', version: 3 });
    expect(establishmentInputSchema.safeParse(puts[0]!.body).success).toBe(true);
  });

  it('shows a field error of the server on its field and marks the section that holds it', async () => {
    serveEstablishments();
    server.use(
      http.put(apiUrl('/establishments/3'), () =>
        HttpResponse.json(
          { message: 'INVALID_INPUT', errors: { 'additionalInfos.internalCapacity': 'Too large for this venue' } },
          { status: 400 },
        ),
      ),
    );
    const actor = openScreen('/establishments/3');
    await drawerWithValue('Le Bourg');

    const additionalTab = drawer().getByRole('tab', { name: /Additional information/ });
    expect(within(additionalTab).queryByTitle('This section has errors')).not.toBeInTheDocument();
    await actor.click(drawer().getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(within(additionalTab).getByTitle('This section has errors')).toBeInTheDocument());
    expect(
      within(drawer().getByRole('tab', { name: /General information/ })).queryByTitle('This section has errors'),
    ).not.toBeInTheDocument();
    await actor.click(additionalTab);
    expect(drawer().getByRole('spinbutton', { name: 'Indoor capacity' })).toHaveAccessibleDescription(
      'Too large for this venue',
    );
  });

  it('refuses a minimum price above the maximum before sending, on the maximum', async () => {
    serveEstablishments();
    const puts = recordPuts();
    const actor = openScreen('/establishments/3');
    await drawerWithValue('Le Bourg');

    await actor.click(drawer().getByRole('tab', { name: /Additional information/ }));
    await actor.type(drawer().getByRole('spinbutton', { name: 'Minimum price (CHF)' }), '30');
    await actor.type(drawer().getByRole('spinbutton', { name: 'Maximum price (CHF)' }), '20');
    await actor.click(drawer().getByRole('button', { name: 'Publish' }));

    await waitFor(() =>
      expect(drawer().getByRole('spinbutton', { name: 'Maximum price (CHF)' })).toHaveAccessibleDescription(
        'Must be at least the minimum price.',
      ),
    );
    expect(
      within(drawer().getByRole('tab', { name: /Additional information/ })).getByTitle('This section has errors'),
    ).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });

  it('says a negative capacity or price must be at least 0, as a number and not as a length', async () => {
    serveEstablishments();
    const puts = recordPuts();
    const actor = openScreen('/establishments/3');
    await drawerWithValue('Le Bourg');

    await actor.click(drawer().getByRole('tab', { name: /Additional information/ }));
    await actor.type(drawer().getByRole('spinbutton', { name: 'Indoor capacity' }), '-5');
    await actor.type(drawer().getByRole('spinbutton', { name: 'Minimum price (CHF)' }), '-1');
    await actor.click(drawer().getByRole('button', { name: 'Publish' }));

    await waitFor(() =>
      expect(drawer().getByRole('spinbutton', { name: 'Indoor capacity' })).toHaveAccessibleDescription(
        'Must be at least 0',
      ),
    );
    expect(drawer().getByRole('spinbutton', { name: 'Minimum price (CHF)' })).toHaveAccessibleDescription(
      'Must be at least 0',
    );
    expect(puts).toHaveLength(0);
  });

  it('opens another venue read only for a venue administrator, and their own for editing', async () => {
    serveEstablishments();
    openScreen('/establishments/4', venueAdmin);

    expect(await drawerWithValue('Bar du Port')).toBeDisabled();
    expect(within(drawer().getByLabelText('Status')).getByText('Read only')).toBeInTheDocument();
    expect(drawer().queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(drawer().queryByRole('button', { name: 'Save as draft' })).not.toBeInTheDocument();
  });

  it('lets a venue administrator edit their own venue', async () => {
    serveEstablishments();
    openScreen('/establishments/3', venueAdmin);

    expect(await drawerWithValue('Le Bourg')).toBeEnabled();
    expect(drawer().getByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(within(drawer().getByLabelText('Status')).queryByText('Read only')).not.toBeInTheDocument();
  });
});

describe('the establishment’s events', () => {
  const atBourg = { establishmentName: 'Le Bourg', city: 'Lausanne' };

  it(
    'lists the venue’s next occurrences from the occurrences API, each opening its event, drafts marked',
    DRAWER_TESTS,
    async () => {
      serveEstablishments();
      const queries: Record<string, unknown>[] = [];
      server.use(
        http.get(apiUrl('/occurrences'), ({ request }) => {
          queries.push(filterOf(request));
          return listAnswer(
            'occurrences',
            [
              occurrence(7, 'Jazz du jeudi', '2026-12-03T19:00:00Z', '2026-12-03T22:00:00Z', atBourg),
              occurrence(8, 'Nuit électro', '2026-12-05T21:00:00Z', '2026-12-06T03:00:00Z', {
                ...atBourg,
                visibility: 'DRAFT',
                recurrencePattern: 'NONE',
              }),
            ],
            14,
          );
        }),
      );
      openScreen('/establishments/3', venueAdmin);
      await drawerWithValue('Le Bourg');
      await userEvent.click(drawer().getByRole('tab', { name: 'Events' }));
      const list = await drawer().findByRole('list', { name: /Upcoming events/ }, SLOW_RENDER);
      const items = within(list).getAllByRole('link');
      expect(items.map((item) => item.getAttribute('href'))).toEqual([
        `/events/7?occurrence=${encodeURIComponent('2026-12-03T19:00:00Z')}`,
        '/events/8',
      ]);
      expect(within(items[0] as HTMLElement).getByText('Jazz du jeudi')).toBeInTheDocument();
      // Shown in Zurich time: 19:00Z is 20:00 in winter.
      expect(within(items[0] as HTMLElement).getByText(/20:00.23:00/)).toBeInTheDocument();
      expect(within(items[1] as HTMLElement).getByText('Draft')).toBeInTheDocument();
      expect(drawer().getByText('and 12 more')).toBeInTheDocument();
      const [filter] = queries;
      expect(filter).toMatchObject({ establishmentId: 3 });
      expect(Date.parse(String(filter?.to)) - Date.parse(String(filter?.from))).toBe(90 * 24 * 3600 * 1000);
    },
  );
});

describe('the establishment’s offers', () => {
  it(
    'lists the venue’s offers with status and spots left, each opening it, and creates one for this venue',
    DRAWER_TESTS,
    async () => {
      serveEstablishments();
      const filters: Record<string, unknown>[] = [];
      server.use(
        http.get(apiUrl('/offers'), ({ request }) => {
          filters.push(filterOf(request));
          return listAnswer('offers', [
            {
              id: 71,
              offerType: 'EXCLUSIVE',
              establishmentId: 3,
              promoterGroupId: null,
              eventId: 51,
              offerTypeId: 1,
              promotionId: 61,
              availableSpots: 1200,
              claimedSpots: 1200,
              startDate: '2026-11-01',
              startTime: '22:00',
              endDate: '2026-12-31',
              endTime: '04:00',
              visibility: 'PUBLISHED',
              status: 'soldOut',
              version: 1,
            },
            {
              id: 72,
              offerType: 'RECURRENT',
              establishmentId: 3,
              promoterGroupId: null,
              eventId: null,
              offerTypeId: 1,
              promotionId: 62,
              isActivated: false,
              claimedSpots: 0,
              visibility: 'DRAFT',
              status: 'draft',
              version: 1,
            },
          ]);
        }),
        http.get(apiUrl('/offer-templates'), () =>
          listAnswer('offer-templates', [
            { id: 61, shortTitle: 'Free before 00:00' },
            { id: 62, shortTitle: '2 for 1 Thursdays' },
          ]),
        ),
      );
      openScreen('/establishments/3');
      await drawerWithValue('Le Bourg');
      await userEvent.click(drawer().getByRole('tab', { name: 'Offers' }));
      const list = await drawer().findByRole('list', { name: 'Offers' }, SLOW_RENDER);
      const items = within(list).getAllByRole('link');
      expect(items.map((item) => item.getAttribute('href'))).toEqual(['/discount/71', '/discount/72']);
      const [soldOut, draft] = items as [HTMLElement, HTMLElement];
      expect(await within(soldOut).findByText('Free before 00:00')).toBeInTheDocument();
      expect(within(soldOut).getByText('Exclusive · 0 of 1,200 left')).toBeInTheDocument();
      expect(within(soldOut).getByText('Sold out')).toBeInTheDocument();
      expect(await within(draft).findByText('2 for 1 Thursdays')).toBeInTheDocument();
      expect(within(draft).getByText('Draft')).toBeInTheDocument();
      expect(filters[0]).toMatchObject({ establishmentId: 3 });
      const create = drawer().getByRole('link', { name: 'New offer' });
      const target = new URL(create.getAttribute('href') ?? '', 'http://app.test');
      expect(target.pathname).toBe('/discount/create');
      expect(JSON.parse(target.searchParams.get('source') ?? '')).toEqual({
        establishmentId: 3,
        promoterGroupId: null,
      });
    },
  );
});
