/** Testi italiani delle notifiche: la campanella, la pagina `/notifications`, i tipi e le preferenze e-mail. */
const notifications = {
  resources: {
    notifications: {
      name: 'Notifica |||| Notifiche',
      kinds: {
        ASK_AWAITING: 'Una richiesta attende la sua decisione',
        EVENT_REQUEST_APPROVED: 'Richiesta di evento approvata',
        EVENT_REQUEST_REJECTED: 'Richiesta di evento rifiutata',
        TEMPLATE_REQUEST_APPROVED: 'Richiesta di modello approvata',
        TEMPLATE_REQUEST_REJECTED: 'Richiesta di modello rifiutata',
        EVENT_PUBLISHED_AT_VENUE: 'Evento pubblicato nel suo locale',
        OFFER_NEARLY_SOLD_OUT: 'Offerta quasi esaurita',
        OFFER_SOLD_OUT: 'Offerta esaurita',
        PASSWORD_CHANGED: 'Password modificata',
        ACCESS_LINK_SENT: 'Link di accesso inviato',
        ACCOUNT_ACCESS_CHANGED: 'Il suo accesso è cambiato',
      },
      fields: {
        title: 'Notifica',
        kind: 'Tipo',
        createdAt: 'Ricevuta',
        read: 'Letta',
      },
      state: { unread: 'Non letta', read: 'Letta', archived: 'Archiviata' },
      views: { label: 'Mostra', all: 'In arrivo', unread: 'Non lette', archived: 'Archiviate' },
      bell: {
        label: 'Notifiche, %{smart_count} non letta |||| Notifiche, %{smart_count} non lette',
        labelNone: 'Notifiche, nessuna non letta',
        title: 'Notifiche',
        empty: 'Nessuna notifica non letta.',
        loadFailed: 'Non è stato possibile caricare le notifiche.',
        seeAll: 'Vedi tutte',
      },
      time: { justNow: 'adesso' },
      actions: {
        markRead: 'Segna come letta',
        markUnread: 'Segna come non letta',
        archive: 'Archivia',
        unarchive: 'Sposta in arrivo',
        markAllRead: 'Segna tutte come lette',
        more: 'Azioni',
      },
      notices: {
        read: 'Segnata come letta |||| %{smart_count} segnate come lette',
        unread: 'Segnata come non letta |||| %{smart_count} segnate come non lette',
        archived: 'Archiviata |||| %{smart_count} archiviate',
        unarchived: 'Spostata in arrivo |||| %{smart_count} spostate in arrivo',
        allRead: 'Tutte le notifiche sono lette.',
        failed: 'Non è stato possibile modificare le notifiche. Riprovi.',
      },
      empty: {
        all: 'Ancora nessuna notifica.',
        unread: 'Nessuna notifica non letta.',
        archived: 'Nessuna notifica archiviata.',
      },
      preferences: {
        title: 'Notifiche',
        intro:
          "Ogni notifica appare nell'app. Scelga, tipo per tipo, se le viene anche inviata subito per e-mail o elencata in un riepilogo giornaliero alle 07:00 (solo se c'è qualcosa di non letto).",
        deliveries: {
          IN_APP: "Solo nell'app",
          MAIL: "Nell'app e per e-mail",
          DIGEST: "Nell'app e nel riepilogo giornaliero (07:00)",
        },
        withDefault: '%{choice} (predefinito)',
        save: 'Salva le impostazioni delle notifiche',
        saved: 'Le sue impostazioni delle notifiche sono salvate.',
        loadFailed: 'Non è stato possibile caricare le impostazioni delle notifiche.',
        saveFailed: 'Non è stato possibile salvare le impostazioni delle notifiche.',
        retry: 'Riprova',
      },
    },
  },
};

export default notifications;
