/**
 * English messages of the offer templates (`/discount-template`) and the template requests
 * (`/request-discount-template`): the list, the drawer, the queue of requests and a partner's own requests
 * (the key set every other language follows).
 */
const offerTemplates = {
  resources: {
    'offer-templates': {
      name: 'Offer template |||| Offer templates',
      fields: {
        offerType: 'Offer type',
        longTitle: 'Long title',
        shortTitle: 'Short title',
        htmlLongTitle: 'Long title, formatted',
        htmlShortTitle: 'Short title, formatted',
        htmlDescription: 'Description',
        establishmentId: 'Establishment',
        promoterGroupId: 'Promoter group',
        reccurrencePattern: 'Recurs',
        approvalStatus: 'Approval',
        approvalReason: 'Reason',
        visibility: 'Visibility',
        requestedAt: 'Requested on',
        owner: 'For',
      },
      offerTypes: { EXCLUSIVE: 'Exclusive', RECURRENT: 'Recurrent' },
      patterns: { WEEKLY: 'Every week', MONTHLY: 'Every month', DAILY: 'Every day' },
      approval: { PENDING: 'Pending', APPROVED: 'Approved', REJECTED: 'Rejected' },
      platformWide: 'All partners',
      help: {
        htmlTitle: 'Optional: the same title with bold or italic words.',
        owner: 'Leave both empty for a template that every partner may use once it is published.',
        ownerPreset: 'The template will be for %{owner}.',
      },
      filters: { platformWide: 'All-partner templates only' },
      list: { create: 'New template' },
      queue: {
        title: 'Template requests',
        intro: 'Requests waiting for a decision, oldest first.',
        empty: 'No request waits for a decision.',
        approve: 'Approve',
        reject: 'Reject',
        rejectTitle: 'Reject “%{title}”',
        reason: 'Reason',
        reasonHelp: 'The partner reads it in the mail and on their requests page.',
        reasonRequired: 'Say why the request is rejected.',
        cancel: 'Cancel',
        confirmReject: 'Reject request',
        decisions: 'Decisions',
      },
      mine: {
        title: 'My template requests',
        intro: 'Ask the platform team for an offer template of your own and follow its decision here.',
        empty: 'You have not asked for a template yet.',
        request: 'Request a template',
        requestTitle: 'Request an offer template',
        reason: 'Reason: %{reason}',
        editPending: 'You can change the request until it is decided.',
      },
      notifications: {
        approved: 'Request approved: the partner gets a mail.',
        rejected: 'Request rejected: the partner gets a mail with your reason.',
        requested: 'Request sent to the platform team.',
        notFound: 'This template does not exist (any more), or is not yours to see.',
      },
    },
  },
  RECURRENCE_PATTERN_REQUIRED_FOR_RECURRENT: 'Choose how often a recurrent offer recurs.',
  RECURRENCE_PATTERN_ONLY_FOR_RECURRENT: 'Only a recurrent offer recurs.',
  ONE_OWNER_ONLY: 'Choose an establishment or a promoter group, not both.',
  REQUEST_FOR_YOUR_OWN_SCOPE_ONLY: 'You can ask for templates of your own establishment or group only.',
  ONLY_A_PENDING_REQUEST_CAN_BE_CHANGED: 'Only a request that waits for a decision can be changed.',
  TEMPLATE_REQUEST_ALREADY_DECIDED: 'Someone already decided on this request.',
};

export default offerTemplates;
