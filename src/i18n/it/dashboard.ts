/** Testi italiani della dashboard (`/dashboard`): le stesse chiavi dell’inglese (src/i18n/en/dashboard.ts). */
const dashboard = {
  dashboard: {
    loadError: 'Impossibile caricare la dashboard.',
    cardError: 'Impossibile caricare queste cifre.',
    retry: 'Riprova',
    previous7Days: '%{count} nei 7 giorni precedenti',
    changeHint: 'Variazione rispetto ai 7 giorni precedenti',
    cards: {
      pendingAsks: {
        title: 'Richieste in attesa della sua decisione',
        titleMine: 'Le sue richieste in sospeso',
        oldest: 'La più vecchia dal %{date}',
      },
      unreadNotifications: { title: 'Notifiche non lette' },
      weekOccurrences: {
        title: 'Date di questa settimana',
        week: '%{from} – %{to}',
        next: 'Prossima',
        noNext: 'Nient’altro in programma questa settimana.',
      },
      drafts: { title: 'Bozze non ancora pubblicate' },
      offers: {
        title: 'Offerte in corso oggi',
        spots: '%{nearlySoldOut} quasi esaurite, %{soldOut} esaurite',
      },
      promoCodes: { title: 'Codici promo usati negli ultimi 7 giorni' },
      widgetViews: {
        title: 'Visualizzazioni del widget negli ultimi 7 giorni',
        chart: 'Visualizzazioni al giorno: gli ultimi 7 giorni rispetto ai 7 precedenti',
      },
      platformPartners: {
        title: 'Partner della piattaforma',
        split: '%{establishments} locali, %{promoterGroups} gruppi di organizzatori',
        new: '%{count} nuovi negli ultimi 7 giorni',
      },
      platformEventsPublished: {
        title: 'Eventi pubblicati questa settimana',
        weeks: 'Per settimana dal %{from}',
        chart: 'Eventi pubblicati per settimana dal %{from}',
      },
      platformNewUsers: { title: 'Nuovi utenti negli ultimi 7 giorni' },
      outboxFailures: {
        title: 'E-mail non riuscite negli ultimi 7 giorni',
        retrying: '%{count} in attesa di un nuovo tentativo',
      },
      upcomingEvents: { title: 'Prossimi eventi', empty: 'Nessun evento in arrivo.' },
      myClaims: {
        title: 'Le sue offerte prenotate',
        empty: 'Ancora nessuna offerta prenotata.',
        startsOn: 'Dal %{date}',
        claimedOn: 'Prenotata il %{date}',
      },
      myCodes: {
        title: 'I suoi codici promo',
        empty: 'Ancora nessun codice promo usato.',
        redeemedOn: 'Usato il %{date}',
      },
    },
  },
};

export default dashboard;
