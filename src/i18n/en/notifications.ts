/** English messages of the notifications: the bell, the `/notifications` page, the kinds and the mail preferences. */
const notifications = {
  resources: {
    notifications: {
      name: 'Notification |||| Notifications',
      kinds: {
        ASK_AWAITING: 'A request awaits your decision',
        EVENT_REQUEST_APPROVED: 'Event request approved',
        EVENT_REQUEST_REJECTED: 'Event request rejected',
        TEMPLATE_REQUEST_APPROVED: 'Template request approved',
        TEMPLATE_REQUEST_REJECTED: 'Template request rejected',
        EVENT_PUBLISHED_AT_VENUE: 'Event published at your venue',
        OFFER_NEARLY_SOLD_OUT: 'Offer nearly sold out',
        OFFER_SOLD_OUT: 'Offer sold out',
        PASSWORD_CHANGED: 'Password changed',
        ACCESS_LINK_SENT: 'Access link sent',
        ACCOUNT_ACCESS_CHANGED: 'Your access changed',
      },
      fields: {
        title: 'Notification',
        kind: 'Kind',
        createdAt: 'Received',
        read: 'Read',
      },
      state: { unread: 'Unread', read: 'Read', archived: 'Archived' },
      views: { label: 'Show', all: 'Inbox', unread: 'Unread', archived: 'Archived' },
      bell: {
        label: 'Notifications, %{smart_count} unread |||| Notifications, %{smart_count} unread',
        labelNone: 'Notifications, none unread',
        title: 'Notifications',
        empty: 'No unread notifications.',
        loadFailed: 'The notifications could not be loaded.',
        seeAll: 'See all',
      },
      time: { justNow: 'just now' },
      actions: {
        markRead: 'Mark as read',
        markUnread: 'Mark as unread',
        archive: 'Archive',
        unarchive: 'Move to inbox',
        markAllRead: 'Mark all as read',
        more: 'Actions',
      },
      notices: {
        read: 'Marked as read |||| %{smart_count} marked as read',
        unread: 'Marked as unread |||| %{smart_count} marked as unread',
        archived: 'Archived |||| %{smart_count} archived',
        unarchived: 'Moved to the inbox |||| %{smart_count} moved to the inbox',
        allRead: 'Every notification is read.',
        failed: 'The notifications could not be changed. Please try again.',
      },
      empty: {
        all: 'No notifications yet.',
        unread: 'No unread notifications.',
        archived: 'No archived notifications.',
      },
      preferences: {
        title: 'Notifications',
        intro:
          'Every notification shows in the app. Choose, kind by kind, whether it is also mailed to you at once or listed in a daily digest mail at 07:00 (only when there is something unread).',
        deliveries: {
          IN_APP: 'In the app only',
          MAIL: 'In the app and by mail',
          DIGEST: 'In the app and in the daily digest (07:00)',
        },
        withDefault: '%{choice} (default)',
        save: 'Save notification settings',
        saved: 'Your notification settings are saved.',
        loadFailed: 'The notification settings could not be loaded.',
        saveFailed: 'The notification settings could not be saved.',
        retry: 'Try again',
      },
    },
  },
};

export default notifications;
