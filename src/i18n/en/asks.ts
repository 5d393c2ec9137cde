/**
 * English messages of the asks (`/asks`, the menu's Request inbox): the list, its filters, the decisions and
 * the drawer (the key set every other language follows).
 */
const asks = {
  resources: {
    asks: {
      name: 'Request |||| Requests',
      fields: {
        kind: 'Kind',
        title: 'Title',
        owner: 'Venue / promoter group',
        establishmentId: 'Establishment',
        promoterGroupId: 'Promoter group',
        requested: 'Requested',
        requestedFrom: 'Requested from',
        requestedTo: 'Requested until',
        status: 'Status',
        decided: 'Decided',
        decision: 'Decision',
      },
      kinds: { EVENT_REQUEST: 'Event request', TEMPLATE_REQUEST: 'Template request' },
      status: { PENDING: 'Pending', APPROVED: 'Approved', REJECTED: 'Rejected' },
      reasonLine: 'Reason: %{reason}',
      filters: { awaitsMe: 'Awaiting me', mine: 'Mine' },
      empty: 'No request here yet: requests to decide and your own requests show up here.',
      pendingCount: '%{smart_count} pending request |||| %{smart_count} pending requests',
      actions: {
        approve: 'Approve',
        reject: 'Reject',
        approveOne: 'Approve “%{title}”',
        rejectOne: 'Reject “%{title}”',
      },
      rejectDialog: {
        title: 'Reject “%{title}”',
        bulkTitle: 'Reject %{smart_count} request |||| Reject %{smart_count} requests',
        content: 'The requester reads the reason in their notification and on the request.',
        reason: 'Reason',
        reasonHelp: 'Say briefly why, so that they can ask again in a way you can accept.',
        reasonRequired: 'Say why the request is rejected.',
        confirm: 'Reject',
      },
      notifications: {
        approved: 'Request approved |||| %{smart_count} requests approved',
        rejected: 'Request rejected |||| %{smart_count} requests rejected',
        someRefused: '%{failed} of %{total} decisions could not be made; the list shows where each request stands.',
      },
      errors: {
        alreadyDecided: 'Someone has already decided on this request.',
        notARequest: 'This is no longer a request.',
        changed: 'The request changed meanwhile: look at it again before deciding.',
      },
      drawer: {
        open: 'Open the full record',
        unavailable: 'The record cannot be shown here.',
        notFound: 'This request cannot be found: it may be outside your scope.',
        record: { EVENT_REQUEST: 'The event', TEMPLATE_REQUEST: 'The offer template' },
        event: {
          title: 'Title',
          venue: 'Venue',
          promoterGroup: 'Promoter group',
          type: 'Type',
          dates: 'When',
          place: 'Place',
          description: 'Description',
        },
        template: {
          longTitle: 'Long title',
          shortTitle: 'Short title',
          type: 'Offer type',
          owner: 'For',
          description: 'Description',
        },
      },
    },
  },
};

export default asks;
