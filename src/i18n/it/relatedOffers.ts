/** Testi italiani della sezione delle offerte nella pagina di un locale e di un evento. */
const relatedOffers = {
  resources: {
    offers: {
      related: {
        title: 'Offerte',
        tab: 'Offerte',
        none: 'Ancora nessuna offerta.',
        create: 'Nuova offerta',
        more: 'e %{smart_count} altra nella pagina delle offerte |||| e altre %{smart_count} nella pagina delle offerte',
        loadError: 'Non è stato possibile caricare le offerte.',
      },
    },
  },
};

export default relatedOffers;
