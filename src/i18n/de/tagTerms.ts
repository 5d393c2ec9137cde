/** Deutsche Texte der Seite Tag-Begriffe (`/tag-terms`): die Liste, das Zusammenführen, Datensätze mit und ohne Tag. */
const tagTerms = {
  resources: {
    'tag-terms': { name: 'Tag-Begriff |||| Tag-Begriffe' },
  },
  tagTerms: {
    fields: {
      tagName: 'Tag',
      category: 'Kategorie',
      establishments: 'Lokale',
      promoterGroups: 'Veranstaltergruppen',
      events: 'Veranstaltungen',
      missingTranslations: 'Fehlende Übersetzungen',
      actions: 'Aktionen',
    },
    filters: {
      missingTranslation: 'Fehlende Übersetzung',
      anyLanguage: 'Irgendeine Sprache',
      unused: 'Nur unbenutzte',
    },
    languages: { en: 'Englisch', fr: 'Französisch', de: 'Deutsch', it: 'Italienisch' },
    translations: {
      complete: 'Vollständig',
      missing: 'Übersetzung fehlt: %{language}',
    },
    counts: {
      establishments: '%{smart_count} Lokal trägt %{name} |||| %{smart_count} Lokale tragen %{name}',
      promoters:
        '%{smart_count} Veranstaltergruppe trägt %{name} |||| %{smart_count} Veranstaltergruppen tragen %{name}',
      events: '%{smart_count} Veranstaltung trägt %{name} |||| %{smart_count} Veranstaltungen tragen %{name}',
      line: 'Lokale %{establishments} · Veranstaltergruppen %{promoterGroups} · Veranstaltungen %{events}',
    },
    picker: {
      label: 'Tag',
      hint: 'Einen Teil des Namens oder einer Übersetzung eingeben',
    },
    merge: {
      rowAction: '%{name} zusammenführen mit…',
      bulkAction: 'Zusammenführen mit…',
      title: '%{names} zusammenführen mit… |||| %{smart_count} Tags zusammenführen mit…',
      intro:
        'Wählen Sie den Tag, der bleibt. Jeder Datensatz mit dem zusammengeführten Tag trägt stattdessen den bleibenden, und der zusammengeführte Tag wird gelöscht. Das lässt sich nicht rückgängig machen.',
      summary: '%{establishments}, %{promoterGroups} und %{events} tragen danach «%{target}».',
      establishments: '%{count} Lokal |||| %{count} Lokale',
      promoterGroups: '%{count} Veranstaltergruppe |||| %{count} Veranstaltergruppen',
      events: '%{count} Veranstaltung |||| %{count} Veranstaltungen',
      deleted: '%{names} wird gelöscht. |||| Diese %{smart_count} Tags werden gelöscht: %{names}.',
      confirm: 'Zusammenführen',
      done: '%{count} Verknüpfung zu «%{target}» verschoben. |||| %{count} Verknüpfungen zu «%{target}» verschoben.',
      failed: 'Die Tags konnten nicht zusammengeführt werden.',
      gone: 'Einer der Tags existiert nicht mehr (inzwischen zusammengeführt oder gelöscht). Die Liste ist wieder aktuell.',
      itself: 'Wählen Sie einen anderen Tag als den zusammengeführten.',
    },
    records: {
      kinds: 'Arten von Datensätzen',
      tabs: { establishments: 'Lokale', promoters: 'Veranstaltergruppen', events: 'Veranstaltungen' },
      name: { establishments: 'Lokal', promoters: 'Veranstaltergruppe', events: 'Veranstaltung' },
      back: 'Alle Tags',
      title: 'Datensätze mit %{name}',
      notFound: 'Diesen Tag gibt es nicht (mehr).',
      noMatch: 'Kein Datensatz entspricht der Suche.',
      empty: {
        establishments: 'Kein Lokal trägt diesen Tag.',
        promoters: 'Keine Veranstaltergruppe trägt diesen Tag.',
        events: 'Keine Veranstaltung trägt diesen Tag.',
      },
    },
    untagged: {
      open: 'Datensätze ohne Tags',
      title: 'Datensätze ohne Tags',
      help: 'Wählen Sie Datensätze aus und weisen Sie ihnen einen Tag zu, damit das Publikum sie findet.',
      empty: {
        establishments: 'Jedes Lokal trägt einen Tag.',
        promoters: 'Jede Veranstaltergruppe trägt einen Tag.',
        events: 'Jede Veranstaltung trägt einen Tag.',
      },
    },
    remove: {
      action: 'Tag entfernen',
      confirmTitle: '%{name} entfernen?',
      confirmContent: {
        establishments:
          '%{name} vom ausgewählten Lokal entfernen? |||| %{name} von den %{smart_count} ausgewählten Lokalen entfernen?',
        promoters:
          '%{name} von der ausgewählten Veranstaltergruppe entfernen? |||| %{name} von den %{smart_count} ausgewählten Veranstaltergruppen entfernen?',
        events:
          '%{name} von der ausgewählten Veranstaltung entfernen? |||| %{name} von den %{smart_count} ausgewählten Veranstaltungen entfernen?',
      },
      done: '%{name} von %{count} Datensatz entfernt. |||| %{name} von %{count} Datensätzen entfernt.',
    },
    assign: {
      action: 'Tag zuweisen…',
      title: 'Einen Tag zuweisen',
      confirm: 'Zuweisen',
      intro: {
        establishments:
          'Der Tag kommt auf das ausgewählte Lokal. |||| Der Tag kommt auf die %{count} ausgewählten Lokale.',
        promoters:
          'Der Tag kommt auf die ausgewählte Veranstaltergruppe. |||| Der Tag kommt auf die %{count} ausgewählten Veranstaltergruppen.',
        events:
          'Der Tag kommt auf die ausgewählte Veranstaltung. |||| Der Tag kommt auf die %{count} ausgewählten Veranstaltungen.',
      },
      summary: {
        establishments: '1 Lokal trägt danach «%{name}». |||| %{count} Lokale tragen danach «%{name}».',
        promoters:
          '1 Veranstaltergruppe trägt danach «%{name}». |||| %{count} Veranstaltergruppen tragen danach «%{name}».',
        events: '1 Veranstaltung trägt danach «%{name}». |||| %{count} Veranstaltungen tragen danach «%{name}».',
      },
      done: '%{name} %{count} Datensatz zugewiesen. |||| %{name} %{count} Datensätzen zugewiesen.',
      failed: 'Die Tags konnten nicht geändert werden: %{reason}',
    },
  },
};

export default tagTerms;
