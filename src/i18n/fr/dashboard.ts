/** Messages français du tableau de bord (`/dashboard`) : les mêmes clés que l’anglais (src/i18n/en/dashboard.ts). */
const dashboard = {
  dashboard: {
    loadError: 'Le tableau de bord n’a pas pu être chargé.',
    cardError: 'Ces chiffres n’ont pas pu être chargés.',
    retry: 'Réessayer',
    previous7Days: '%{count} les 7 jours précédents',
    changeHint: 'Évolution par rapport aux 7 jours précédents',
    cards: {
      pendingAsks: {
        title: 'Demandes en attente de votre décision',
        titleMine: 'Vos demandes en attente',
        oldest: 'La plus ancienne depuis le %{date}',
      },
      unreadNotifications: { title: 'Notifications non lues' },
      weekOccurrences: {
        title: 'Dates cette semaine',
        week: '%{from} – %{to}',
        next: 'Prochaine',
        noNext: 'Plus rien de prévu cette semaine.',
      },
      drafts: { title: 'Brouillons pas encore publiés' },
      offers: {
        title: 'Offres en cours aujourd’hui',
        spots: '%{nearlySoldOut} presque épuisées, %{soldOut} épuisées',
      },
      promoCodes: { title: 'Codes promo utilisés ces 7 derniers jours' },
      widgetViews: {
        title: 'Vues du widget ces 7 derniers jours',
        chart: 'Vues par jour : les 7 derniers jours comparés aux 7 jours précédents',
      },
      platformPartners: {
        title: 'Partenaires de la plateforme',
        split: '%{establishments} établissements, %{promoterGroups} groupes d’organisateurs',
        new: '%{count} nouveaux ces 7 derniers jours',
      },
      platformEventsPublished: {
        title: 'Événements publiés cette semaine',
        weeks: 'Par semaine depuis le %{from}',
        chart: 'Événements publiés par semaine depuis le %{from}',
      },
      platformNewUsers: { title: 'Nouveaux utilisateurs ces 7 derniers jours' },
      outboxFailures: {
        title: 'E-mails en échec ces 7 derniers jours',
        retrying: '%{count} en attente d’un nouvel essai',
      },
      upcomingEvents: { title: 'Prochains événements', empty: 'Aucun événement à venir.' },
      myClaims: {
        title: 'Vos offres réservées',
        empty: 'Aucune offre réservée pour l’instant.',
        startsOn: 'Dès le %{date}',
        claimedOn: 'Réservée le %{date}',
      },
      myCodes: {
        title: 'Vos codes promo',
        empty: 'Aucun code promo utilisé pour l’instant.',
        redeemedOn: 'Utilisé le %{date}',
      },
    },
  },
};

export default dashboard;
