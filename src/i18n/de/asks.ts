/** Deutsche Texte des Anfrageneingangs (`/asks`). */
const asks = {
  resources: {
    asks: {
      name: 'Anfrage |||| Anfragen',
      fields: {
        kind: 'Art',
        title: 'Titel',
        owner: 'Lokal / Veranstaltergruppe',
        establishmentId: 'Lokal',
        promoterGroupId: 'Veranstaltergruppe',
        requested: 'Angefragt',
        requestedFrom: 'Angefragt ab',
        requestedTo: 'Angefragt bis',
        status: 'Status',
        decided: 'Entschieden',
        decision: 'Entscheid',
      },
      kinds: { EVENT_REQUEST: 'Veranstaltungsanfrage', TEMPLATE_REQUEST: 'Vorlagenanfrage' },
      status: { PENDING: 'Offen', APPROVED: 'Angenommen', REJECTED: 'Abgelehnt' },
      reasonLine: 'Begründung: %{reason}',
      filters: { awaitsMe: 'Warten auf mich', mine: 'Meine' },
      empty: 'Noch keine Anfragen: Anfragen zum Entscheiden und Ihre eigenen erscheinen hier.',
      pendingCount: '%{smart_count} offene Anfrage |||| %{smart_count} offene Anfragen',
      actions: {
        approve: 'Annehmen',
        reject: 'Ablehnen',
        approveOne: '«%{title}» annehmen',
        rejectOne: '«%{title}» ablehnen',
      },
      rejectDialog: {
        title: '«%{title}» ablehnen',
        bulkTitle: '%{smart_count} Anfrage ablehnen |||| %{smart_count} Anfragen ablehnen',
        content: 'Wer angefragt hat, liest die Begründung in der Benachrichtigung und bei der Anfrage.',
        reason: 'Begründung',
        reasonHelp: 'Sagen Sie kurz warum, damit eine annehmbare neue Anfrage möglich ist.',
        reasonRequired: 'Sagen Sie, warum die Anfrage abgelehnt wird.',
        confirm: 'Ablehnen',
      },
      notifications: {
        approved: 'Anfrage angenommen |||| %{smart_count} Anfragen angenommen',
        rejected: 'Anfrage abgelehnt |||| %{smart_count} Anfragen abgelehnt',
        someRefused: '%{failed} von %{total} Entscheiden waren nicht möglich; die Liste zeigt, wo jede Anfrage steht.',
      },
      errors: {
        alreadyDecided: 'Jemand hat über diese Anfrage bereits entschieden.',
        notARequest: 'Das ist keine Anfrage mehr.',
        changed: 'Die Anfrage hat sich inzwischen geändert: Sehen Sie sie vor dem Entscheid nochmals an.',
      },
      drawer: {
        open: 'Ganzen Eintrag öffnen',
        unavailable: 'Der Eintrag kann hier nicht gezeigt werden.',
        notFound: 'Diese Anfrage wurde nicht gefunden: Sie liegt vielleicht ausserhalb Ihres Bereichs.',
        record: { EVENT_REQUEST: 'Die Veranstaltung', TEMPLATE_REQUEST: 'Die Angebotsvorlage' },
        event: {
          title: 'Titel',
          venue: 'Lokal',
          promoterGroup: 'Veranstaltergruppe',
          type: 'Art',
          dates: 'Wann',
          place: 'Ort',
          description: 'Beschreibung',
        },
        template: {
          longTitle: 'Langer Titel',
          shortTitle: 'Kurzer Titel',
          type: 'Angebotsart',
          owner: 'Für',
          description: 'Beschreibung',
        },
      },
    },
  },
};

export default asks;
