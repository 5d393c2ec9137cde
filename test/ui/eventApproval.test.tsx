import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, server } from './msw';
import { renderApp, startSignedIn } from './renderApp';
import { eventRecord, otherVenueAdmin, promoter, serveEvents, venueAdmin } from './eventList.fixtures';

/** A promoter's request at venue 3, waiting; and two decided ones. */
const pending = eventRecord(24, 'Promoter Night', {
  generalInfos: { approvalStatus: 'PENDING', promoterGroupId: 8 },
  visibility: 'DRAFT',
});
const rejected = eventRecord(25, 'Turned Down', {
  generalInfos: { approvalStatus: 'REJECTED', approvalReason: 'Fully booked that night', promoterGroupId: 8 },
  visibility: 'DRAFT',
});
const approved = eventRecord(26, 'Welcome Night', { generalInfos: { approvalStatus: 'APPROVED', promoterGroupId: 8 } });

/** POST /events/:id/approve|reject, recording each body; answers the decided record, or the given refusal. */
const recordDecisions = (refusal?: { status: number; message: string }) => {
  const decisions: { path: string; body: unknown }[] = [];
  server.use(
    http.post(apiUrl('/events/:id/:decision'), async ({ request, params }) => {
      decisions.push({ path: `${String(params.id)}/${String(params.decision)}`, body: await request.json() });
      if (refusal) return HttpResponse.json({ message: refusal.message }, { status: refusal.status });
      const approvalStatus = params.decision === 'approve' ? 'APPROVED' : 'REJECTED';
      return HttpResponse.json({ ...pending, generalInfos: { ...pending.generalInfos, approvalStatus } });
    }),
  );
  return decisions;
};

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;

describe('deciding on a promoter request', () => {
  it('lets the venue staff approve it, with a confirmation, then says so and reloads the list', async () => {
    const requests = serveEvents([pending]);
    const decisions = recordDecisions();
    startSignedIn(venueAdmin);
    renderApp('/events');
    const actor = userEvent.setup();

    const row = await rowOf('Promoter Night');
    expect(within(row).getByText('Pending').closest('[data-approval-status]')).toHaveAttribute(
      'data-approval-status',
      'PENDING',
    );
    const loads = requests.filters().length;
    await actor.click(await within(row).findByRole('button', { name: 'Approve' }));

    const dialog = await screen.findByRole('dialog', { name: 'Approve this request?' });
    expect(within(dialog).getByText(/“Promoter Night” will be published/)).toBeInTheDocument();
    await actor.click(within(dialog).getByRole('button', { name: 'Approve' }));

    // The version the request was read at: changed meanwhile, the server refuses instead of approving it unseen.
    await waitFor(() => expect(decisions).toEqual([{ path: '24/approve', body: { version: pending.version } }]));
    expect(await screen.findByText('“Promoter Night” approved and published.')).toBeInTheDocument();
    await waitFor(() => expect(requests.filters().length).toBeGreaterThan(loads));
    // The row click did not open the event meanwhile.
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/events$/);
  });

  it('requires a reason to reject it, and sends that reason', async () => {
    serveEvents([pending]);
    const decisions = recordDecisions();
    startSignedIn(venueAdmin);
    renderApp('/events');
    const actor = userEvent.setup();

    await actor.click(await within(await rowOf('Promoter Night')).findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this request' });
    await actor.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why, so the promoter knows what to change.')).toBeInTheDocument();
    expect(decisions).toHaveLength(0);

    await actor.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Fully booked that night ');
    await actor.click(within(dialog).getByRole('button', { name: 'Reject' }));

    await waitFor(() =>
      expect(decisions).toEqual([
        { path: '24/reject', body: { reason: 'Fully booked that night', version: pending.version } },
      ]),
    );
    expect(await screen.findByText('“Promoter Night” rejected; the promoter was told why.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when someone else decided first', async () => {
    serveEvents([pending]);
    recordDecisions({ status: 409, message: 'REQUEST_ALREADY_DECIDED' });
    startSignedIn(venueAdmin);
    renderApp('/events');
    const actor = userEvent.setup();

    await actor.click(await within(await rowOf('Promoter Night')).findByRole('button', { name: 'Approve' }));
    await actor.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));

    expect(
      await screen.findByText('Someone already decided on this request; the page now shows the decision.'),
    ).toBeInTheDocument();
  });

  it('says so and reloads when the request changed since it was read', async () => {
    const requests = serveEvents([pending]);
    recordDecisions({ status: 409, message: 'EDIT_CONFLICT' });
    startSignedIn(venueAdmin);
    renderApp('/events');
    const actor = userEvent.setup();

    await actor.click(await within(await rowOf('Promoter Night')).findByRole('button', { name: 'Approve' }));
    const loads = requests.filters().length;
    await actor.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Someone else changed this record since you opened it.')).toBeInTheDocument();
    await waitFor(() => expect(requests.filters().length).toBeGreaterThan(loads));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers no decision to the staff of another venue', async () => {
    serveEvents([pending]);
    startSignedIn(otherVenueAdmin);
    renderApp('/events');

    const row = await rowOf('Promoter Night');
    // Create shows once the role keys are read: the decision buttons would have shown by then.
    expect(await screen.findByRole('link', { name: 'Create' })).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });
});

describe('a promoter', () => {
  it('sees where each request stands and why one was rejected, and cannot decide', async () => {
    serveEvents([pending, rejected, approved]);
    startSignedIn(promoter);
    renderApp('/events');

    const waiting = await rowOf('Promoter Night');
    expect(await screen.findByRole('link', { name: 'Create' })).toBeInTheDocument();
    expect(within(waiting).getByText('Pending')).toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();

    const turnedDown = await rowOf('Turned Down');
    expect(within(turnedDown).getByLabelText('Rejected: Fully booked that night')).toHaveAttribute(
      'data-approval-status',
      'REJECTED',
    );
    expect(within(await rowOf('Welcome Night')).getByText('Approved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});
