import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OfferTemplate } from '../../domain/offerTemplate';
import { venueAdmin } from './eventList.fixtures';
import { ana, apiUrl, server } from './msw';
import { renderApp, startSignedIn } from './renderApp';

/** The screens of the offer templates: the list, the drawer, the requests queue and a partner's requests. */

const PAGE = { timeout: 15_000 };

const template = (id: number, overrides: Partial<OfferTemplate> = {}): OfferTemplate => ({
  id,
  promotionTemplateId: id,
  offerType: 'EXCLUSIVE',
  longTitle: `Template ${id}`,
  shortTitle: `T${id}`,
  htmlLongTitle: null,
  htmlShortTitle: null,
  description: null,
  htmlDescription: null,
  establishmentId: null,
  promoterGroupId: null,
  reccurrencePattern: null,
  approvalStatus: 'APPROVED',
  approvalReason: null,
  requestedBy: null,
  requestedAt: null,
  decidedBy: 7,
  decidedAt: '2026-11-20T10:00:00.000Z',
  visibility: 'PUBLISHED',
  version: 1,
  ...overrides,
});

const freeEntry = template(1, { longTitle: 'Free entry before midnight' });
const happyHour = template(2, {
  longTitle: 'Happy hour on Thursdays',
  offerType: 'RECURRENT',
  reccurrencePattern: 'WEEKLY',
  visibility: 'DRAFT',
  establishmentId: 3,
});
const guestList = template(3, {
  longTitle: 'Monthly guest list',
  approvalStatus: 'PENDING',
  visibility: 'DRAFT',
  establishmentId: 3,
  requestedBy: 12,
  requestedAt: '2026-11-21T09:30:00.000Z',
  decidedBy: null,
  decidedAt: null,
});
const bottleDeal = template(4, {
  longTitle: 'Half-price bottle',
  approvalStatus: 'REJECTED',
  approvalReason: 'Not allowed by our licence',
  visibility: 'DRAFT',
  establishmentId: 3,
  requestedBy: 12,
  requestedAt: '2026-11-19T09:30:00.000Z',
});

const listAnswer = (name: string, records: unknown[]) =>
  HttpResponse.json(records, {
    headers: {
      'Content-Range': `${name} 0-${Math.max(records.length - 1, 0)}/${records.length}`,
      'Access-Control-Expose-Headers': 'Content-Range',
    },
  });

const venue = { id: 3, generalInfos: { establishmentName: 'Gleis 7 Club' }, visibility: 'PUBLISHED', version: 1 };
const group = { id: 5, generalInfos: { promoterName: 'Nachtwerk' }, visibility: 'PUBLISHED', version: 1 };

interface Calls {
  lists: Record<string, unknown>[];
  posted: Record<string, unknown>[];
  decisions: { id: string; decision: string; body: Record<string, unknown> }[];
}

/** GET /offer-templates (recording each filter), GET /:id, POST, approve/reject, and the owners' pickers. */
const serveTemplates = (records: OfferTemplate[] = [freeEntry, happyHour, guestList]) => {
  const calls: Calls = { lists: [], posted: [], decisions: [] };
  const stored = new Map(records.map((record) => [String(record.id), record]));
  server.use(
    http.get(apiUrl('/offer-templates'), ({ request }) => {
      const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as Record<string, unknown>;
      calls.lists.push(filter);
      const found = [...stored.values()].filter(
        (record) =>
          (filter.approvalStatus === undefined || record.approvalStatus === filter.approvalStatus) &&
          (filter.isRequest === undefined || (record.requestedBy !== null) === filter.isRequest),
      );
      return listAnswer('offer-templates', found);
    }),
    http.get(apiUrl('/offer-templates/:id'), ({ params }) => {
      const found = stored.get(String(params.id));
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Not found' }, { status: 404 });
    }),
    http.post(apiUrl('/offer-templates'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.posted.push(body);
      const created = template(9, { ...(body as Partial<OfferTemplate>), approvalStatus: 'PENDING' });
      stored.set('9', created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.post(apiUrl('/offer-templates/:id/:decision'), async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.decisions.push({ id: String(params.id), decision: String(params.decision), body });
      const found = stored.get(String(params.id))!;
      const decided = {
        ...found,
        approvalStatus: params.decision === 'approve' ? 'APPROVED' : 'REJECTED',
        approvalReason: (body.reason as string | undefined) ?? null,
        version: found.version + 1,
      } as OfferTemplate;
      stored.set(String(params.id), decided);
      return HttpResponse.json(decided);
    }),
    http.get(apiUrl('/establishments'), () => listAnswer('establishments', [venue])),
    http.get(apiUrl('/establishments/:id'), () => HttpResponse.json(venue)),
    http.get(apiUrl('/promoters'), () => listAnswer('promoters', [group])),
  );
  return calls;
};

const drawer = () => within(screen.getByRole('dialog'));
const rowOf = async (text: string) => (await screen.findByText(text, {}, PAGE)).closest('tr') as HTMLElement;

describe('the offer templates list', () => {
  it('shows each template with its type, owner, approval and visibility, and searches and filters', async () => {
    const calls = serveTemplates();
    startSignedIn(ana);
    renderApp('/discount-template');

    const happy = await rowOf('Happy hour on Thursdays');
    expect(within(happy).getByText('Recurrent · Every week')).toBeInTheDocument();
    expect(await within(happy).findByText('Gleis 7 Club')).toBeInTheDocument();
    expect(within(happy).getByText('Approved').closest('[data-approval]')).toHaveAttribute('data-approval', 'APPROVED');
    expect(within(happy).getByText('Draft')).toBeInTheDocument();
    const free = await rowOf('Free entry before midnight');
    expect(within(free).getByText('All partners')).toBeInTheDocument();
    expect(within(free).getByText('Published')).toBeInTheDocument();
    expect(within(await rowOf('Monthly guest list')).getByText('Pending')).toBeInTheDocument();

    await userEvent.type(screen.getByPlaceholderText('Search'), 'happy');
    await waitFor(() => expect(calls.lists.at(-1)).toEqual({ q: 'happy' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Approval' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(calls.lists.at(-1)).toEqual({ q: 'happy', approvalStatus: 'PENDING' }));
  });

  it('leaves a pending request out of the bulk publish selection', async () => {
    serveTemplates();
    startSignedIn(ana);
    renderApp('/discount-template');
    const pending = await rowOf('Monthly guest list');
    expect(within(pending).getByRole('checkbox')).toBeDisabled();
    const free = await rowOf('Free entry before midnight');
    await userEvent.click(within(free).getByRole('checkbox'));
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
  });
});

describe('the template drawer', () => {
  it('validates before saving: titles required, a recurrent template needs its pattern', async () => {
    const calls = serveTemplates();
    startSignedIn(ana);
    renderApp('/discount-template/create');
    await screen.findByRole('dialog', {}, PAGE);
    expect(drawer().queryByRole('combobox', { name: 'Recurs' })).not.toBeInTheDocument();

    fireEvent.mouseDown(drawer().getByRole('combobox', { name: 'Offer type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Recurrent' }));
    expect(await drawer().findByRole('combobox', { name: 'Recurs' })).toBeInTheDocument();
    await userEvent.click(drawer().getByRole('button', { name: 'Save' }));
    expect(await drawer().findAllByText('Required')).toHaveLength(2);
    expect(drawer().getByText('Choose how often a recurrent offer recurs.')).toBeInTheDocument();
    expect(calls.posted).toHaveLength(0);

    await userEvent.type(drawer().getByRole('textbox', { name: 'Long title' }), 'Aperitivo every day');
    await userEvent.type(drawer().getByRole('textbox', { name: 'Short title' }), 'Aperitivo');
    fireEvent.mouseDown(drawer().getByRole('combobox', { name: 'Recurs' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Every day' }));
    await userEvent.click(drawer().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.posted).toHaveLength(1));
    expect(calls.posted[0]).toMatchObject({
      offerType: 'RECURRENT',
      reccurrencePattern: 'DAILY',
      longTitle: 'Aperitivo every day',
      shortTitle: 'Aperitivo',
      visibility: 'DRAFT',
      establishmentId: null,
      promoterGroupId: null,
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/discount-template'));
  });
});

describe('the requests queue', () => {
  it('approves a pending request with the version read', async () => {
    const calls = serveTemplates();
    startSignedIn(ana);
    renderApp('/request-discount-template');
    const row = await rowOf('Monthly guest list');
    expect(screen.queryByText('Free entry before midnight')).not.toBeInTheDocument();
    expect(calls.lists[0]).toEqual({ approvalStatus: 'PENDING' });

    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.decisions).toEqual([{ id: '3', decision: 'approve', body: { version: 1 } }]));
    expect(await screen.findByText('Request approved: the partner gets a mail.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Monthly guest list')).not.toBeInTheDocument());
    expect(screen.getByText('No request waits for a decision.')).toBeInTheDocument();
  });

  it('rejects only with a reason, asked in a dialog', async () => {
    const calls = serveTemplates();
    startSignedIn(ana);
    renderApp('/request-discount-template');
    const row = await rowOf('Monthly guest list');
    await userEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject “Monthly guest list”' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Reject request' }));
    expect(dialog.getByText('Say why the request is rejected.')).toBeInTheDocument();
    expect(calls.decisions).toHaveLength(0);

    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Not for minors');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject request' }));
    await waitFor(() =>
      expect(calls.decisions).toEqual([
        { id: '3', decision: 'reject', body: { reason: 'Not for minors', version: 1 } },
      ]),
    );
    expect(await screen.findByText('Request rejected: the partner gets a mail with your reason.')).toBeInTheDocument();
  });

  it('says so when someone decided first', async () => {
    serveTemplates();
    server.use(
      http.post(apiUrl('/offer-templates/:id/approve'), () =>
        HttpResponse.json({ message: 'TEMPLATE_REQUEST_ALREADY_DECIDED' }, { status: 409 }),
      ),
    );
    startSignedIn(ana);
    renderApp('/request-discount-template');
    const row = await rowOf('Monthly guest list');
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Someone already decided on this request.')).toBeInTheDocument();
  });
});

describe("a partner's requests", () => {
  it('lists its requests with status and reason, and sends a new one for its own establishment', async () => {
    const calls = serveTemplates([freeEntry, guestList, bottleDeal]);
    startSignedIn(venueAdmin);
    renderApp('/request-discount-template');

    const rejected = await rowOf('Half-price bottle');
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(within(rejected).getByText('Reason: Not allowed by our licence')).toBeInTheDocument();
    expect(within(await rowOf('Monthly guest list')).getByText('Pending')).toBeInTheDocument();
    expect(screen.queryByText('Free entry before midnight')).not.toBeInTheDocument();
    expect(calls.lists[0]).toEqual({ isRequest: true, platformWide: false });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();

    await userEvent.click(screen.getAllByRole('button', { name: 'Request a template' })[0]);
    await screen.findByRole('dialog', { name: 'Request an offer template' }, PAGE);
    // The owner is the partner's own: named, with no establishment or group to choose, and no visibility.
    expect(await drawer().findByText(/The template will be for Gleis 7 Club\./)).toBeInTheDocument();
    expect(drawer().queryByRole('combobox', { name: 'Establishment' })).not.toBeInTheDocument();
    expect(drawer().queryByRole('combobox', { name: 'Visibility' })).not.toBeInTheDocument();
    await userEvent.type(drawer().getByRole('textbox', { name: 'Long title' }), 'Two for one on Fridays');
    await userEvent.type(drawer().getByRole('textbox', { name: 'Short title' }), '2 for 1');
    await userEvent.click(drawer().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.posted).toHaveLength(1));
    expect(calls.posted[0]).toMatchObject({ longTitle: 'Two for one on Fridays', shortTitle: '2 for 1' });
    expect(await screen.findByText('Request sent to the platform team.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/request-discount-template'));
  });
});
