/**
 * English messages of the dashboard's cards (`/dashboard`, src/pages/dashboard/): each card's question and the
 * lines under its figure (the key set every other language follows). The greeting is `app.dashboard`.
 */
const dashboard = {
  dashboard: {
    loadError: 'The dashboard could not be loaded.',
    cardError: 'These figures could not be loaded.',
    retry: 'Retry',
    previous7Days: '%{count} in the 7 days before',
    changeHint: 'Change against the 7 days before',
    cards: {
      pendingAsks: {
        title: 'Requests awaiting your decision',
        titleMine: 'Your requests still pending',
        oldest: 'Oldest since %{date}',
      },
      unreadNotifications: { title: 'Unread notifications' },
      weekOccurrences: {
        title: 'Occurrences this week',
        week: '%{from} – %{to}',
        next: 'Next',
        noNext: 'Nothing more planned this week.',
      },
      drafts: { title: 'Drafts not yet published' },
      offers: {
        title: 'Offers running today',
        spots: '%{nearlySoldOut} nearly sold out, %{soldOut} sold out',
      },
      promoCodes: { title: 'Promo codes used in the last 7 days' },
      widgetViews: {
        title: 'Widget views in the last 7 days',
        chart: 'Views per day: the last 7 days against the 7 days before',
      },
      platformPartners: {
        title: 'Partners on the platform',
        split: '%{establishments} establishments, %{promoterGroups} promoter groups',
        new: '%{count} new in the last 7 days',
      },
      platformEventsPublished: {
        title: 'Events published this week',
        weeks: 'Per week since %{from}',
        chart: 'Events published per week since %{from}',
      },
      platformNewUsers: { title: 'New users in the last 7 days' },
      outboxFailures: {
        title: 'Mails failed in the last 7 days',
        retrying: '%{count} waiting to be retried',
      },
      upcomingEvents: { title: 'Upcoming events', empty: 'No event coming up.' },
      myClaims: {
        title: 'Your claimed offers',
        empty: 'No offer claimed yet.',
        startsOn: 'From %{date}',
        claimedOn: 'Claimed on %{date}',
      },
      myCodes: {
        title: 'Your promo codes',
        empty: 'No promo code used yet.',
        redeemedOn: 'Used on %{date}',
      },
    },
  },
};

export default dashboard;
