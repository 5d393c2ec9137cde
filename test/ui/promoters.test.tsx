import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { promoterDefaults, promoterInputSchema, type Promoter } from '../../domain/promoter';
import type { ReferenceRecord } from '../../domain/reference';
import type { SessionUser } from '../../domain/user';
import { readSessionOrNull } from '../../src/providers';
import { ana, apiUrl, meHandler, referenceRecord, server } from './msw';
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
} from './partnerScreens';
import { renderApp, startSignedIn } from './renderApp';

const promoter = (
  id: number,
  name: string,
  fields: Partial<Promoter['generalInfos']> = {},
  visibility: Promoter['visibility'] = 'PUBLISHED',
): Promoter => {
  const defaults = promoterDefaults();
  return {
    ...defaults,
    id,
    promoterId: id,
    generalInfos: {
      ...defaults.generalInfos,
      promoterName: name,
      logo: null,
      media: [],
      mediaListState: { order: [], added: [], removed: [] },
      ...fields,
    },
    specificInfos: { musics: [11], ambiance: [] },
    visibility,
    tagTerms: {},
    version: 2,
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-02-01T18:30:00.000Z',
  };
};

const nuits = promoter(5, 'Nuits Sonores', { promoterTypesIds: [31], evenTypesIds: [41] });
const collectif = promoter(6, 'Collectif Bleu', { promoterTypesIds: [32] }, 'DRAFT');

const REFERENCE_DATA: Record<string, ReferenceRecord[]> = {
  'promoter-types': [referenceRecord(31, 'COLLECTIVE', 'Collective'), referenceRecord(32, 'AGENCY', 'Booking agency')],
  'event-types': [referenceRecord(41, 'RAVE', 'Rave')],
  musics: [referenceRecord(11, 'TECHNO', 'Techno')],
  ambiances: [],
};

const servePromoters = (records: Promoter[] = [nuits, collectif]) => {
  serveReferenceData(REFERENCE_DATA);
  return servePartnerRecords('promoters', records);
};

const promoterOfNuits: SessionUser = {
  ...ana,
  id: 20,
  roleId: 2,
  promoterGroupId: 5,
  userRoles: [{ role: { id: 2, key: 'PROMOTER' } }],
};

describe('the promoter groups list', () => {
  it('shows each group with its types and musics as labels, and marks drafts', async () => {
    servePromoters();
    openScreen('/promoters');

    const nuitsRow = await rowOf('Nuits Sonores');
    expect(await within(nuitsRow).findByText('Collective')).toBeInTheDocument();
    expect(await within(nuitsRow).findByText('Rave')).toBeInTheDocument();
    expect(await within(nuitsRow).findByText('Techno')).toBeInTheDocument();
    const collectifRow = await rowOf('Collectif Bleu');
    expect(await within(collectifRow).findByText('Booking agency')).toBeInTheDocument();
    expect(within(collectifRow).getByText('Draft').closest('[data-visibility]')).toHaveAttribute(
      'data-visibility',
      'DRAFT',
    );
  });

  it('offers Create to the platform team but not to a promoter who already has a group (the server would refuse)', async () => {
    servePromoters();
    startSignedIn(promoterOfNuits);
    const { unmount } = renderApp('/promoters');
    await screen.findByText('Nuits Sonores');
    // Export answers to the same permissions: once it shows, Create would have too.
    expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create' })).not.toBeInTheDocument();
    unmount();

    openScreen('/promoters');
    expect(await screen.findByRole('link', { name: 'Create' })).toBeInTheDocument();
  });

  it('sends the search and the visibility as filters', async () => {
    const queries = servePromoters();
    const actor = openScreen('/promoters');
    await screen.findByText('Nuits Sonores');

    await actor.type(screen.getByPlaceholderText('Search'), 'nuits');
    await waitFor(() => expect(listFiltersOf(queries).at(-1)).toEqual({ q: 'nuits' }));
    await actor.click(screen.getByRole('button', { name: 'Add filter' }));
    await actor.click(await screen.findByRole('menuitemcheckbox', { name: 'Visibility' }));
    await actor.click(await screen.findByRole('combobox', { name: 'Visibility' }));
    await actor.click(await screen.findByRole('option', { name: 'Published' }));
    await waitFor(() => expect(listFiltersOf(queries).at(-1)).toEqual({ q: 'nuits', visibility: 'PUBLISHED' }));
  });
});

describe('the promoter group drawer', DRAWER_TESTS, () => {
  it('creates a group, published by default, with a body the API schema accepts', async () => {
    servePromoters();
    const posted = recordPosts('promoters', promoter(9, 'Basel Bass'));
    const actor = openScreen('/promoters/create');
    await openedDrawer();
    expect(within(drawer().getByLabelText('Status')).getByText('New')).toBeInTheDocument();

    await actor.type(drawer().getByRole('textbox', { name: 'Name' }), 'Basel Bass');
    await actor.type(drawer().getByRole('textbox', { name: 'Email' }), 'info@baselbass.ch');
    await actor.click(drawer().getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    const parsed = promoterInputSchema.safeParse(posted[0]);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      visibility: 'PUBLISHED',
      generalInfos: { promoterName: 'Basel Bass', email: 'info@baselbass.ch' },
    });
  });

  it('saves a new group as a draft', async () => {
    servePromoters();
    const posted = recordPosts('promoters', promoter(9, 'Basel Bass'));
    const actor = openScreen('/promoters/create');
    await openedDrawer();

    await actor.type(drawer().getByRole('textbox', { name: 'Name' }), 'Basel Bass');
    await actor.click(drawer().getByRole('button', { name: 'Save as draft' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(promoterInputSchema.parse(posted[0])).toMatchObject({ visibility: 'DRAFT' });
  });

  it('says why a promoter who already has a group may not create another (the refusal names no field of the form)', async () => {
    servePromoters();
    server.use(
      http.post(apiUrl('/promoters'), () =>
        HttpResponse.json(
          { message: 'FORBIDDEN', errors: { promoterId: 'ALREADY_MANAGES_A_PROMOTER_GROUP' } },
          { status: 403 },
        ),
      ),
    );
    // The session still says no group (one was made theirs since, in another tab): the browser offers Create,
    // the server refuses.
    const actor = openScreen('/promoters/create', { ...promoterOfNuits, promoterGroupId: null });
    await openedDrawer();

    await actor.type(drawer().getByRole('textbox', { name: 'Name' }), 'Second Group');
    await actor.click(drawer().getByRole('button', { name: 'Publish' }));

    expect(
      await screen.findByText('You already manage a promoter group: ask the platform team to add another one.'),
    ).toBeInTheDocument();
  });

  it('refuses an invalid email before sending and marks the general section', async () => {
    servePromoters();
    let posts = 0;
    server.use(http.post(apiUrl('/promoters'), () => ((posts += 1), HttpResponse.json({}, { status: 500 }))));
    const actor = openScreen('/promoters/create');
    await openedDrawer();

    await actor.type(drawer().getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await actor.click(drawer().getByRole('tab', { name: /Description/ }));
    await actor.click(drawer().getByRole('button', { name: 'Publish' }));

    const generalTab = drawer().getByRole('tab', { name: /General information/ });
    await waitFor(() => expect(within(generalTab).getByTitle('This section has errors')).toBeInTheDocument());
    await actor.click(generalTab);
    expect(drawer().getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Required');
    expect(drawer().getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Must be a valid email');
    expect(posts).toBe(0);
  });

  it('lets a promoter edit their own group but only read another one', async () => {
    servePromoters();
    openScreen('/promoters/6', promoterOfNuits);

    expect(await drawerWithValue('Collectif Bleu')).toBeDisabled();
    expect(drawer().queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(within(drawer().getByLabelText('Status')).getByText('Read only')).toBeInTheDocument();
  });

  it('opens the own group of a promoter for editing', async () => {
    servePromoters();
    openScreen('/promoters/5', promoterOfNuits);

    expect(await drawerWithValue('Nuits Sonores')).toBeEnabled();
    expect(drawer().getByRole('button', { name: 'Save as draft' })).toBeInTheDocument();
  });

  it('opens for editing the group a promoter just created as their first (onboarding), though they signed in without one', async () => {
    servePromoters();
    // Signed in without a group; their first create made group 5 theirs on the server.
    startSignedIn({ ...promoterOfNuits, promoterGroupId: null });
    server.use(meHandler(() => promoterOfNuits));
    renderApp('/promoters/5');

    await drawerWithValue('Nuits Sonores');
    await waitFor(() => expect(screen.getByDisplayValue('Nuits Sonores')).toBeEnabled());
    expect(drawer().getByRole('button', { name: 'Save as draft' })).toBeInTheDocument();
    expect(within(drawer().getByLabelText('Status')).queryByText('Read only')).not.toBeInTheDocument();
    expect(readSessionOrNull()?.authenticatedUser.promoterGroupId).toBe(5);
  });
});
