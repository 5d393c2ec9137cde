/** Messages français des demandes reçues (`/asks`). */
const asks = {
  resources: {
    asks: {
      name: 'Demande |||| Demandes',
      fields: {
        kind: 'Type',
        title: 'Titre',
        owner: 'Établissement / organisateur',
        establishmentId: 'Établissement',
        promoterGroupId: 'Organisateur',
        requested: 'Demandée',
        requestedFrom: 'Demandée dès le',
        requestedTo: 'Demandée jusqu’au',
        status: 'Statut',
        decided: 'Décidée',
        decision: 'Décision',
      },
      kinds: { EVENT_REQUEST: 'Demande d’événement', TEMPLATE_REQUEST: 'Demande de modèle' },
      status: { PENDING: 'En attente', APPROVED: 'Acceptée', REJECTED: 'Refusée' },
      reasonLine: 'Motif : %{reason}',
      filters: { awaitsMe: 'À décider par moi', mine: 'Les miennes' },
      empty: 'Aucune demande pour l’instant : les demandes à décider et les vôtres apparaissent ici.',
      pendingCount: '%{smart_count} demande en attente |||| %{smart_count} demandes en attente',
      actions: {
        approve: 'Accepter',
        reject: 'Refuser',
        approveOne: 'Accepter « %{title} »',
        rejectOne: 'Refuser « %{title} »',
      },
      rejectDialog: {
        title: 'Refuser « %{title} »',
        bulkTitle: 'Refuser %{smart_count} demande |||| Refuser %{smart_count} demandes',
        content: 'La personne qui a demandé lit le motif dans sa notification et sur la demande.',
        reason: 'Motif',
        reasonHelp: 'Dites brièvement pourquoi, pour qu’elle puisse redemander d’une façon acceptable.',
        reasonRequired: 'Dites pourquoi la demande est refusée.',
        confirm: 'Refuser',
      },
      notifications: {
        approved: 'Demande acceptée |||| %{smart_count} demandes acceptées',
        rejected: 'Demande refusée |||| %{smart_count} demandes refusées',
        someRefused:
          '%{failed} décisions sur %{total} n’ont pas pu être prises ; la liste montre où en est chaque demande.',
      },
      errors: {
        alreadyDecided: 'Quelqu’un a déjà décidé de cette demande.',
        notARequest: 'Ce n’est plus une demande.',
        changed: 'La demande a changé entre-temps : relisez-la avant de décider.',
      },
      drawer: {
        open: 'Ouvrir la fiche complète',
        unavailable: 'La fiche ne peut pas être affichée ici.',
        notFound: 'Cette demande est introuvable : elle est peut-être hors de votre périmètre.',
        record: { EVENT_REQUEST: 'L’événement', TEMPLATE_REQUEST: 'Le modèle d’offre' },
        event: {
          title: 'Titre',
          venue: 'Établissement',
          promoterGroup: 'Organisateur',
          type: 'Type',
          dates: 'Quand',
          place: 'Lieu',
          description: 'Description',
        },
        template: {
          longTitle: 'Titre long',
          shortTitle: 'Titre court',
          type: 'Type d’offre',
          owner: 'Pour',
          description: 'Description',
        },
      },
    },
  },
};

export default asks;
