import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventRecord, serveEvents, venueAdmin } from './eventList.fixtures';
import { renderApp, startSignedIn } from './renderApp';

const currentPath = () => screen.getByTestId('location').textContent;

/** Until the asks area is built, its page leads to where event requests are decided today (README "Requests"). */
describe('the request inbox placeholder', () => {
  it('says where event requests are and opens the Events list under its Requests filter', async () => {
    const requests = serveEvents([
      eventRecord(24, 'Promoter Night', {
        generalInfos: { approvalStatus: 'PENDING', promoterGroupId: 8 },
        visibility: 'DRAFT',
      }),
    ]);
    startSignedIn(venueAdmin);
    renderApp('/asks');

    expect(await screen.findByRole('menuitem', { name: 'Request inbox' })).toBeInTheDocument();
    expect(screen.getByText(/event requests are on the Events list/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Open the event requests' }));

    await waitFor(() => expect(currentPath()).toBe('/events'));
    await waitFor(() => expect(requests.filters().at(-1)).toEqual({ approvalStatus: 'PENDING' }));
    expect(await screen.findByText('Promoter Night')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Requests waiting for a decision: 1' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
