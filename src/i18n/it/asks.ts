/** Testi italiani delle richieste ricevute (`/asks`). */
const asks = {
  resources: {
    asks: {
      name: 'Richiesta |||| Richieste',
      fields: {
        kind: 'Tipo',
        title: 'Titolo',
        owner: 'Locale / gruppo di promotori',
        establishmentId: 'Locale',
        promoterGroupId: 'Gruppo di promotori',
        requested: 'Richiesta',
        requestedFrom: 'Richiesta dal',
        requestedTo: 'Richiesta fino al',
        status: 'Stato',
        decided: 'Decisa',
        decision: 'Decisione',
      },
      kinds: { EVENT_REQUEST: 'Richiesta di evento', TEMPLATE_REQUEST: 'Richiesta di modello' },
      status: { PENDING: 'In attesa', APPROVED: 'Approvata', REJECTED: 'Respinta' },
      reasonLine: 'Motivo: %{reason}',
      filters: { awaitsMe: 'In attesa di me', mine: 'Le mie' },
      empty: 'Ancora nessuna richiesta: qui compaiono le richieste da decidere e le tue.',
      pendingCount: '%{smart_count} richiesta in attesa |||| %{smart_count} richieste in attesa',
      actions: {
        approve: 'Approva',
        reject: 'Respingi',
        approveOne: 'Approva «%{title}»',
        rejectOne: 'Respingi «%{title}»',
      },
      rejectDialog: {
        title: 'Respingi «%{title}»',
        bulkTitle: 'Respingi %{smart_count} richiesta |||| Respingi %{smart_count} richieste',
        content: 'Chi ha fatto la richiesta legge il motivo nella notifica e sulla richiesta.',
        reason: 'Motivo',
        reasonHelp: 'Spiega brevemente perché, così da poter richiedere in un modo accettabile.',
        reasonRequired: 'Indica perché la richiesta è respinta.',
        confirm: 'Respingi',
      },
      notifications: {
        approved: 'Richiesta approvata |||| %{smart_count} richieste approvate',
        rejected: 'Richiesta respinta |||| %{smart_count} richieste respinte',
        someRefused: '%{failed} decisioni su %{total} non sono riuscite; la lista mostra lo stato di ogni richiesta.',
      },
      errors: {
        alreadyDecided: 'Qualcuno ha già deciso su questa richiesta.',
        notARequest: 'Non è più una richiesta.',
        changed: 'La richiesta è cambiata nel frattempo: rileggila prima di decidere.',
      },
      drawer: {
        open: 'Apri la scheda completa',
        unavailable: 'La scheda non può essere mostrata qui.',
        notFound: 'Richiesta non trovata: forse è fuori dal tuo ambito.',
        record: { EVENT_REQUEST: 'L’evento', TEMPLATE_REQUEST: 'Il modello di offerta' },
        event: {
          title: 'Titolo',
          venue: 'Locale',
          promoterGroup: 'Gruppo di promotori',
          type: 'Tipo',
          dates: 'Quando',
          place: 'Luogo',
          description: 'Descrizione',
        },
        template: {
          longTitle: 'Titolo lungo',
          shortTitle: 'Titolo breve',
          type: 'Tipo di offerta',
          owner: 'Per',
          description: 'Descrizione',
        },
      },
    },
  },
};

export default asks;
