/** Deutsche Texte der Mitteilungen: die Glocke, die Seite `/notifications`, die Arten und die Mail-Einstellungen. */
const notifications = {
  resources: {
    notifications: {
      name: 'Mitteilung |||| Mitteilungen',
      kinds: {
        ASK_AWAITING: 'Eine Anfrage wartet auf Ihren Entscheid',
        EVENT_REQUEST_APPROVED: 'Event-Anfrage angenommen',
        EVENT_REQUEST_REJECTED: 'Event-Anfrage abgelehnt',
        TEMPLATE_REQUEST_APPROVED: 'Vorlagen-Anfrage angenommen',
        TEMPLATE_REQUEST_REJECTED: 'Vorlagen-Anfrage abgelehnt',
        EVENT_PUBLISHED_AT_VENUE: 'Event in Ihrem Lokal veröffentlicht',
        OFFER_NEARLY_SOLD_OUT: 'Angebot fast ausgebucht',
        OFFER_SOLD_OUT: 'Angebot ausgebucht',
        PASSWORD_CHANGED: 'Passwort geändert',
        ACCESS_LINK_SENT: 'Zugangslink gesendet',
        ACCOUNT_ACCESS_CHANGED: 'Ihr Zugang wurde geändert',
      },
      fields: {
        title: 'Mitteilung',
        kind: 'Art',
        createdAt: 'Erhalten',
        read: 'Gelesen',
      },
      state: { unread: 'Ungelesen', read: 'Gelesen', archived: 'Archiviert' },
      views: { label: 'Anzeigen', all: 'Posteingang', unread: 'Ungelesen', archived: 'Archiviert' },
      bell: {
        label: 'Mitteilungen, %{smart_count} ungelesen |||| Mitteilungen, %{smart_count} ungelesen',
        labelNone: 'Mitteilungen, keine ungelesen',
        title: 'Mitteilungen',
        empty: 'Keine ungelesenen Mitteilungen.',
        loadFailed: 'Die Mitteilungen konnten nicht geladen werden.',
        seeAll: 'Alle anzeigen',
      },
      time: { justNow: 'gerade eben' },
      actions: {
        markRead: 'Als gelesen markieren',
        markUnread: 'Als ungelesen markieren',
        archive: 'Archivieren',
        unarchive: 'In den Posteingang',
        markAllRead: 'Alle als gelesen markieren',
        more: 'Aktionen',
      },
      notices: {
        read: 'Als gelesen markiert |||| %{smart_count} als gelesen markiert',
        unread: 'Als ungelesen markiert |||| %{smart_count} als ungelesen markiert',
        archived: 'Archiviert |||| %{smart_count} archiviert',
        unarchived: 'In den Posteingang verschoben |||| %{smart_count} in den Posteingang verschoben',
        allRead: 'Alle Mitteilungen sind gelesen.',
        failed: 'Die Mitteilungen konnten nicht geändert werden. Bitte versuchen Sie es erneut.',
      },
      empty: {
        all: 'Noch keine Mitteilungen.',
        unread: 'Keine ungelesenen Mitteilungen.',
        archived: 'Keine archivierten Mitteilungen.',
      },
      preferences: {
        title: 'Mitteilungen',
        intro:
          'Jede Mitteilung erscheint in der App. Wählen Sie pro Art, ob sie Ihnen zusätzlich sofort gemailt oder in einer täglichen Zusammenfassung um 07:00 aufgeführt wird (nur wenn etwas ungelesen ist).',
        deliveries: {
          IN_APP: 'Nur in der App',
          MAIL: 'In der App und per Mail',
          DIGEST: 'In der App und in der täglichen Zusammenfassung (07:00)',
        },
        withDefault: '%{choice} (Standard)',
        save: 'Mitteilungseinstellungen speichern',
        saved: 'Ihre Mitteilungseinstellungen sind gespeichert.',
        loadFailed: 'Die Mitteilungseinstellungen konnten nicht geladen werden.',
        saveFailed: 'Die Mitteilungseinstellungen konnten nicht gespeichert werden.',
        retry: 'Erneut versuchen',
      },
    },
  },
};

export default notifications;
