/** Messages français des notifications : la cloche, la page `/notifications`, les types et les préférences d'e-mail. */
const notifications = {
  resources: {
    notifications: {
      name: 'Notification |||| Notifications',
      kinds: {
        ASK_AWAITING: 'Une demande attend votre décision',
        EVENT_REQUEST_APPROVED: "Demande d'événement acceptée",
        EVENT_REQUEST_REJECTED: "Demande d'événement refusée",
        TEMPLATE_REQUEST_APPROVED: 'Demande de modèle acceptée',
        TEMPLATE_REQUEST_REJECTED: 'Demande de modèle refusée',
        EVENT_PUBLISHED_AT_VENUE: 'Événement publié dans votre établissement',
        OFFER_NEARLY_SOLD_OUT: 'Offre presque épuisée',
        OFFER_SOLD_OUT: 'Offre épuisée',
        PASSWORD_CHANGED: 'Mot de passe modifié',
        ACCESS_LINK_SENT: "Lien d'accès envoyé",
        ACCOUNT_ACCESS_CHANGED: 'Vos accès ont changé',
      },
      fields: {
        title: 'Notification',
        kind: 'Type',
        createdAt: 'Reçue',
        read: 'Lue',
      },
      state: { unread: 'Non lue', read: 'Lue', archived: 'Archivée' },
      views: { label: 'Afficher', all: 'Boîte de réception', unread: 'Non lues', archived: 'Archivées' },
      bell: {
        label: 'Notifications, %{smart_count} non lue |||| Notifications, %{smart_count} non lues',
        labelNone: 'Notifications, aucune non lue',
        title: 'Notifications',
        empty: 'Aucune notification non lue.',
        loadFailed: "Les notifications n'ont pas pu être chargées.",
        seeAll: 'Tout voir',
      },
      time: { justNow: "à l'instant" },
      actions: {
        markRead: 'Marquer comme lue',
        markUnread: 'Marquer comme non lue',
        archive: 'Archiver',
        unarchive: 'Remettre dans la boîte de réception',
        markAllRead: 'Tout marquer comme lu',
        more: 'Actions',
      },
      notices: {
        read: 'Marquée comme lue |||| %{smart_count} marquées comme lues',
        unread: 'Marquée comme non lue |||| %{smart_count} marquées comme non lues',
        archived: 'Archivée |||| %{smart_count} archivées',
        unarchived: 'Remise dans la boîte de réception |||| %{smart_count} remises dans la boîte de réception',
        allRead: 'Toutes les notifications sont lues.',
        failed: "Les notifications n'ont pas pu être modifiées. Veuillez réessayer.",
      },
      empty: {
        all: 'Aucune notification pour le moment.',
        unread: 'Aucune notification non lue.',
        archived: 'Aucune notification archivée.',
      },
      preferences: {
        title: 'Notifications',
        intro:
          "Chaque notification s'affiche dans l'application. Choisissez, type par type, si elle vous est aussi envoyée par e-mail immédiatement ou listée dans un résumé quotidien à 07:00 (seulement s'il reste des notifications non lues).",
        deliveries: {
          IN_APP: "Dans l'application seulement",
          MAIL: "Dans l'application et par e-mail",
          DIGEST: "Dans l'application et dans le résumé quotidien (07:00)",
        },
        withDefault: '%{choice} (par défaut)',
        save: 'Enregistrer les réglages des notifications',
        saved: 'Vos réglages des notifications sont enregistrés.',
        loadFailed: "Les réglages des notifications n'ont pas pu être chargés.",
        saveFailed: "Les réglages des notifications n'ont pas pu être enregistrés.",
        retry: 'Réessayer',
      },
    },
  },
};

export default notifications;
