/** Messages français de la section des offres sur la page d'un établissement et d'un événement. */
const relatedOffers = {
  resources: {
    offers: {
      related: {
        title: 'Offres',
        tab: 'Offres',
        none: 'Aucune offre pour l’instant.',
        create: 'Nouvelle offre',
        more: 'et %{smart_count} autre sur la page des offres |||| et %{smart_count} autres sur la page des offres',
        loadError: 'Les offres n’ont pas pu être chargées.',
      },
    },
  },
};

export default relatedOffers;
