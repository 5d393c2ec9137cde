/** Messaggi italiani della pagina dei termini dei tag (`/tag-terms`): l'elenco, l'unione, i record con e senza tag. */
const tagTerms = {
  resources: {
    'tag-terms': { name: 'Termine del tag |||| Termini dei tag' },
  },
  tagTerms: {
    fields: {
      tagName: 'Tag',
      category: 'Categoria',
      establishments: 'Locali',
      promoterGroups: 'Gruppi di promotori',
      events: 'Eventi',
      missingTranslations: 'Traduzioni mancanti',
      actions: 'Azioni',
    },
    filters: {
      missingTranslation: 'Traduzione mancante',
      anyLanguage: 'Qualsiasi lingua',
      unused: 'Solo inutilizzati',
    },
    languages: { en: 'Inglese', fr: 'Francese', de: 'Tedesco', it: 'Italiano' },
    translations: {
      complete: 'Completo',
      missing: 'Traduzione mancante: %{language}',
    },
    counts: {
      establishments: '%{smart_count} locale porta %{name} |||| %{smart_count} locali portano %{name}',
      promoters:
        '%{smart_count} gruppo di promotori porta %{name} |||| %{smart_count} gruppi di promotori portano %{name}',
      events: '%{smart_count} evento porta %{name} |||| %{smart_count} eventi portano %{name}',
      line: 'Locali %{establishments} · Gruppi di promotori %{promoterGroups} · Eventi %{events}',
    },
    picker: {
      label: 'Tag',
      hint: 'Digiti parte del nome o di una traduzione',
    },
    merge: {
      rowAction: 'Unisci %{name} in…',
      bulkAction: 'Unisci in…',
      title: 'Unisci %{names} in… |||| Unisci %{smart_count} tag in…',
      intro:
        'Scelga il tag da tenere. Ogni record che porta il tag unito porterà al suo posto quello tenuto, e il tag unito viene eliminato. Non si può annullare.',
      summary: '%{establishments}, %{promoterGroups} e %{events} porteranno «%{target}».',
      establishments: '%{count} locale |||| %{count} locali',
      promoterGroups: '%{count} gruppo di promotori |||| %{count} gruppi di promotori',
      events: '%{count} evento |||| %{count} eventi',
      deleted: '%{names} sarà eliminato. |||| Questi %{smart_count} tag saranno eliminati: %{names}.',
      confirm: 'Unisci',
      done: '%{count} collegamento spostato su «%{target}». |||| %{count} collegamenti spostati su «%{target}».',
      failed: 'Non è stato possibile unire i tag.',
      gone: 'Uno dei tag non esiste più (unito o eliminato nel frattempo). L’elenco è di nuovo aggiornato.',
      itself: 'Scelga un tag diverso da quello che viene unito.',
    },
    records: {
      kinds: 'Tipi di record',
      tabs: { establishments: 'Locali', promoters: 'Gruppi di promotori', events: 'Eventi' },
      name: { establishments: 'Locale', promoters: 'Gruppo di promotori', events: 'Evento' },
      back: 'Tutti i tag',
      title: 'Record con il tag %{name}',
      notFound: 'Questo tag non esiste (più).',
      noMatch: 'Nessun record corrisponde alla ricerca.',
      empty: {
        establishments: 'Nessun locale porta questo tag.',
        promoters: 'Nessun gruppo di promotori porta questo tag.',
        events: 'Nessun evento porta questo tag.',
      },
    },
    untagged: {
      open: 'Record senza tag',
      title: 'Record senza tag',
      help: 'Selezioni dei record e assegni loro un tag, affinché il pubblico li trovi.',
      empty: {
        establishments: 'Ogni locale porta un tag.',
        promoters: 'Ogni gruppo di promotori porta un tag.',
        events: 'Ogni evento porta un tag.',
      },
    },
    remove: {
      action: 'Rimuovi tag',
      confirmTitle: 'Rimuovere %{name}?',
      confirmContent: {
        establishments:
          'Rimuovere %{name} dal locale selezionato? |||| Rimuovere %{name} dai %{smart_count} locali selezionati?',
        promoters:
          'Rimuovere %{name} dal gruppo di promotori selezionato? |||| Rimuovere %{name} dai %{smart_count} gruppi di promotori selezionati?',
        events:
          'Rimuovere %{name} dall’evento selezionato? |||| Rimuovere %{name} dai %{smart_count} eventi selezionati?',
      },
      done: '%{name} rimosso da %{count} record. |||| %{name} rimosso da %{count} record.',
    },
    assign: {
      action: 'Assegna tag…',
      title: 'Assegna un tag',
      confirm: 'Assegna',
      intro: {
        establishments: 'Il tag va sul locale selezionato. |||| Il tag va sui %{count} locali selezionati.',
        promoters:
          'Il tag va sul gruppo di promotori selezionato. |||| Il tag va sui %{count} gruppi di promotori selezionati.',
        events: 'Il tag va sull’evento selezionato. |||| Il tag va sui %{count} eventi selezionati.',
      },
      summary: {
        establishments: '1 locale porterà «%{name}». |||| %{count} locali porteranno «%{name}».',
        promoters: '1 gruppo di promotori porterà «%{name}». |||| %{count} gruppi di promotori porteranno «%{name}».',
        events: '1 evento porterà «%{name}». |||| %{count} eventi porteranno «%{name}».',
      },
      done: '%{name} assegnato a %{count} record. |||| %{name} assegnato a %{count} record.',
      failed: 'Non è stato possibile modificare i tag: %{reason}',
    },
  },
};

export default tagTerms;
