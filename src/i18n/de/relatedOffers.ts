/** Deutsche Texte des Angebotsbereichs auf der Seite eines Betriebs und einer Veranstaltung. */
const relatedOffers = {
  resources: {
    offers: {
      related: {
        title: 'Angebote',
        tab: 'Angebote',
        none: 'Noch keine Angebote.',
        create: 'Neues Angebot',
        more: 'und %{smart_count} weiteres auf der Angebotsseite |||| und %{smart_count} weitere auf der Angebotsseite',
        loadError: 'Die Angebote konnten nicht geladen werden.',
      },
    },
  },
};

export default relatedOffers;
