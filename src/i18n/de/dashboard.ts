/** Deutsche Texte des Dashboards (`/dashboard`): dieselben Schlüssel wie Englisch (src/i18n/en/dashboard.ts). */
const dashboard = {
  dashboard: {
    loadError: 'Das Dashboard konnte nicht geladen werden.',
    cardError: 'Diese Zahlen konnten nicht geladen werden.',
    retry: 'Erneut versuchen',
    previous7Days: '%{count} in den 7 Tagen davor',
    changeHint: 'Veränderung gegenüber den 7 Tagen davor',
    cards: {
      pendingAsks: {
        title: 'Anfragen, die auf Ihren Entscheid warten',
        titleMine: 'Ihre offenen Anfragen',
        oldest: 'Älteste seit %{date}',
      },
      unreadNotifications: { title: 'Ungelesene Mitteilungen' },
      weekOccurrences: {
        title: 'Termine diese Woche',
        week: '%{from} – %{to}',
        next: 'Nächster',
        noNext: 'Diese Woche ist nichts mehr geplant.',
      },
      drafts: { title: 'Noch nicht veröffentlichte Entwürfe' },
      offers: {
        title: 'Heute laufende Angebote',
        spots: '%{nearlySoldOut} fast ausgebucht, %{soldOut} ausgebucht',
      },
      promoCodes: { title: 'Eingelöste Promo-Codes der letzten 7 Tage' },
      widgetViews: {
        title: 'Widget-Aufrufe der letzten 7 Tage',
        chart: 'Aufrufe pro Tag: die letzten 7 Tage gegenüber den 7 Tagen davor',
      },
      platformPartners: {
        title: 'Partner der Plattform',
        split: '%{establishments} Lokale, %{promoterGroups} Veranstaltergruppen',
        new: '%{count} neu in den letzten 7 Tagen',
      },
      platformEventsPublished: {
        title: 'Diese Woche veröffentlichte Veranstaltungen',
        weeks: 'Pro Woche seit %{from}',
        chart: 'Veröffentlichte Veranstaltungen pro Woche seit %{from}',
      },
      platformNewUsers: { title: 'Neue Benutzer der letzten 7 Tage' },
      outboxFailures: {
        title: 'Fehlgeschlagene E-Mails der letzten 7 Tage',
        retrying: '%{count} warten auf einen neuen Versuch',
      },
      upcomingEvents: { title: 'Nächste Veranstaltungen', empty: 'Keine Veranstaltung geplant.' },
      myClaims: {
        title: 'Ihre reservierten Angebote',
        empty: 'Noch kein Angebot reserviert.',
        startsOn: 'Ab %{date}',
        claimedOn: 'Reserviert am %{date}',
      },
      myCodes: {
        title: 'Ihre Promo-Codes',
        empty: 'Noch kein Promo-Code eingelöst.',
        redeemedOn: 'Eingelöst am %{date}',
      },
    },
  },
};

export default dashboard;
