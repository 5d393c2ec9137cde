import type { AppMessages } from '../en/app';

/** Messages de l'application en français (Suisse romande, vouvoiement). */
const app = {
  app: {
    name: 'Back-office',
    loading: 'Chargement…',
    menu: {
      dashboard: 'Tableau de bord',
      settings: 'Paramètres',
      statistics: 'Statistiques',
      notifications: 'Notifications',
      asks: 'Demandes reçues',
      establishments: 'Établissements',
      promoters: 'Organisateurs',
      events: 'Événements',
      discount: 'Offres',
      discountTemplate: 'Modèles d’offres',
      requestDiscountTemplate: 'Modèles demandés',
      promoCode: 'Codes promo',
      tags: 'Tags',
      tagTerms: 'Termes des tags',
      iframe: 'Widget',
      users: 'Utilisateurs',
      auditLog: 'Journal d’audit',
      referenceData: 'Données de référence',
      outbox: 'Boîte d’envoi',
      billing: 'Facturation',
      groups: {
        overview: 'Vue d’ensemble',
        venuesAndEvents: 'Lieux et événements',
        offers: 'Offres et promotions',
        content: 'Contenu',
        administration: 'Administration',
        account: 'Compte',
      },
    },
    colorScheme: {
      label: 'Thème de couleurs',
      light: 'Clair',
      dark: 'Sombre',
      auto: 'Automatique (suit le système)',
    },
    errors: {
      refresh: 'Actualiser',
      crash: { title: 'Oups, une erreur s’est produite :(' },
      unauthorized: { title: 'Oups, accès non autorisé :(' },
      unauthorizedWayForward: {
        description: 'Vous êtes connecté avec un compte qui ne peut pas ouvrir cette page.',
        dashboard: 'Retour au tableau de bord',
        signInAsOther: 'Se connecter avec un autre compte',
      },
      invalidResetLink: {
        description: 'Ce lien de réinitialisation du mot de passe n’est pas valable, a déjà été utilisé ou a expiré.',
        requestNewLink: 'Demander un nouveau lien',
      },
      router: {
        title: 'Une erreur s’est produite !',
        showError: 'Afficher l’erreur',
        hideError: 'Masquer l’erreur',
      },
    },
    auth: {
      email: 'E-mail',
      password: 'Mot de passe',
      backToSignIn: 'Retour à la connexion',
      signIn: {
        title: 'Connexion',
        subtitle: 'Bon retour parmi nous. Connectez-vous avec votre e-mail et votre mot de passe.',
        submit: 'Se connecter',
        forgotPassword: 'Mot de passe oublié ?',
      },
      accessLink: {
        title: 'Lien d’accès',
        invalid:
          'Ce lien d’accès n’est pas valable, a déjà été utilisé ou a expiré. Demandez-en un nouveau ou connectez-vous avec votre mot de passe.',
      },
      updatePassword: {
        setTitle: 'Choisissez votre mot de passe',
        setSubtitle:
          'Vous vous êtes connecté avec un lien d’accès. Choisissez un mot de passe pour vos prochaines connexions.',
        changeTitle: 'Modifiez votre mot de passe',
      },
      forgotPassword: {
        title: 'Mot de passe oublié ?',
        subtitle:
          'Saisissez l’adresse e-mail de votre compte. Nous vous enverrons un lien pour choisir un nouveau mot de passe.',
        submit: 'Envoyer le lien',
        sent: 'Si un compte existe pour cette adresse, nous lui avons envoyé un lien de réinitialisation. Consultez votre boîte de réception.',
      },
      resetPassword: {
        title: 'Choisissez un nouveau mot de passe',
        subtitle: 'Le nouveau mot de passe remplace l’ancien et vous déconnecte partout.',
        submit: 'Enregistrer le nouveau mot de passe',
        done: 'Votre mot de passe a été modifié. Connectez-vous avec le nouveau mot de passe.',
      },
      deleteAccount: {
        title: 'Supprimer votre compte',
        subtitle:
          'Saisissez l’adresse e-mail de votre compte. Nous vous enverrons un lien pour confirmer la suppression.',
        submit: 'Envoyer le lien de confirmation',
        sent: 'Si un compte existe pour cette adresse, nous lui avons envoyé un lien pour confirmer la suppression. Consultez votre boîte de réception.',
        confirmTitle: 'Confirmer la suppression',
        confirmExplanation:
          'La suppression de votre compte vous déconnecte partout et supprime votre accès au back-office. Cette action est définitive.',
        confirm: 'Supprimer mon compte',
        invalidLink:
          'Ce lien de confirmation n’est pas valable, a déjà été utilisé ou a expiré. Demandez-en un nouveau.',
        deletedTitle: 'Compte supprimé',
        deleted: 'Votre compte a été supprimé. Merci d’avoir utilisé le back-office.',
      },
      errors: {
        INVALID_CREDENTIALS: 'E-mail ou mot de passe incorrect.',
        TOO_MANY_ATTEMPTS: 'Trop de tentatives. Veuillez patienter quelques minutes, puis réessayer.',
        TOO_MANY_ATTEMPTS_WAIT:
          'Trop de tentatives. Réessayez dans %{smart_count} minute. |||| Trop de tentatives. Réessayez dans %{smart_count} minutes.',
        INVALID_OR_EXPIRED_TOKEN: 'Ce lien n’est pas valable, a déjà été utilisé ou a expiré.',
        WRONG_CURRENT_PASSWORD: 'Le mot de passe actuel est incorrect.',
        NOT_SIGNED_IN: 'Votre session a pris fin. Veuillez vous reconnecter.',
        FORBIDDEN: 'Vous n’êtes pas autorisé à effectuer cette action.',
        CSRF_HEADER_MISSING: 'La requête a été refusée. Veuillez recharger la page et réessayer.',
        PLEASE_SIGN_IN_USING_THE_ACCESS_LINK_PROVIDED_BY_THE_HOSPITAL:
          'Votre session n’a pas pu être lue. Veuillez vous reconnecter, ou utiliser le lien d’accès qui vous a été remis.',
        NETWORK: 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
        UNKNOWN: 'Une erreur s’est produite. Veuillez réessayer.',
      },
    },
    password: {
      current: 'Mot de passe actuel',
      new: 'Nouveau mot de passe',
      confirm: 'Confirmez le nouveau mot de passe',
      rules: 'Entre %{min} et %{max} caractères. Une longue phrase se retient plus facilement qu’un mot compliqué.',
      mismatch: 'Les deux mots de passe sont différents.',
      invalid: 'Ce mot de passe ne respecte pas les règles.',
      save: 'Enregistrer le mot de passe',
      changed: 'Votre mot de passe a été modifié.',
    },
    dashboard: {
      title: 'Tableau de bord',
      greeting: 'Bonjour, %{name}',
      greetingAnonymous: 'Bonjour',
      intro: 'Bienvenue dans le back-office des établissements, des organisateurs et des événements.',
    },
    settings: {
      title: 'Paramètres',
      preferences: 'Préférences',
      language: 'Langue',
      password: 'Mot de passe',
      deleteAccount: 'Supprimer le compte',
      deleteAccountExplanation:
        'Nous envoyons un lien de confirmation à votre adresse e-mail. Votre compte n’est supprimé qu’après votre confirmation depuis ce lien.',
      deleteAccountButton: 'M’envoyer le lien de confirmation',
      deleteAccountSent: 'Nous avons envoyé un lien de confirmation à %{email}.',
    },
  },
  resources: {
    outbox: {
      name: 'Boîte d’envoi |||| Boîte d’envoi',
      fields: {
        id: 'Id',
        to: 'Destinataire',
        subject: 'Objet',
        template: 'Modèle',
        language: 'Langue',
        transport: 'Transport',
        status: 'Statut',
        error: 'Erreur',
        userId: 'Utilisateur',
        createdAt: 'Date',
        sentAt: 'Envoyé',
        attachments: 'Pièces jointes',
      },
      status: {
        stored: 'Enregistré',
        pending: 'En cours d’envoi',
        sent: 'Envoyé',
        failed: 'Échec',
      },
      empty: 'Aucun e-mail n’a encore été enregistré.',
      textPart: 'Partie texte',
      htmlPart: 'Partie HTML',
    },
  },
  eventCalendar: {
    views: {
      label: 'Afficher les événements en',
      list: 'Liste',
      calendar: 'Calendrier',
    },
    list: {
      columns: {
        title: 'Titre',
        venue: 'Établissement',
        eventType: 'Type d’événement',
        rule: 'Quand',
        nextOccurrence: 'Prochaine date',
        visibility: 'Visibilité',
        approvalStatus: 'Demande',
      },
      filters: {
        establishment: 'Établissement',
        eventTypes: 'Types d’événement',
        musics: 'Musique',
        cities: 'Villes',
        visibility: 'Visibilité',
        approvalStatus: 'État de la demande',
      },
      none: '—',
      requests: {
        button: 'Demandes',
        label: 'Demandes en attente d’une décision : %{smart_count}',
      },
    },
    calendar: {
      label: 'Calendrier des dates',
      views: {
        month: 'Mois',
        week: 'Semaine',
        listWeek: 'Liste de la semaine',
        listMonth: 'Liste du mois',
      },
      today: 'Aujourd’hui',
      draft: 'Brouillon',
      pendingRequest: 'Demande en attente d’une décision',
      loadError: 'Les dates n’ont pas pu être chargées. Réessayez ou modifiez les filtres.',
      truncated:
        'Affichage des %{shown} premières dates sur %{total} : affinez les filtres ou la période pour toutes les voir.',
    },
  },
  eventApproval: {
    status: {
      PENDING: 'En attente',
      APPROVED: 'Acceptée',
      REJECTED: 'Refusée',
    },
    notice: {
      PENDING: 'Cet événement est la demande d’un organisateur ; il attend que l’établissement l’accepte ou la refuse.',
      APPROVED: 'L’établissement a accepté cette demande : l’événement est publié.',
      REJECTED: 'L’établissement a refusé cette demande. Modifiez-la et renvoyez-la, ou gardez-la comme brouillon.',
    },
    reason: 'Motif : %{reason}',
    approve: 'Accepter',
    reject: 'Refuser',
    dialog: {
      approve: {
        title: 'Accepter cette demande ?',
        content: '« %{title} » sera publié et l’organisateur en sera informé par e-mail.',
        reason: 'Message pour l’organisateur (facultatif)',
        confirm: 'Accepter',
      },
      reject: {
        title: 'Refuser cette demande',
        content:
          '« %{title} » reste un brouillon. L’organisateur reçoit votre motif par e-mail et peut modifier sa demande.',
        reason: 'Motif',
        reasonRequired: 'Indiquez pourquoi, afin que l’organisateur sache quoi modifier.',
        confirm: 'Refuser',
      },
    },
    done: {
      approve: '« %{title} » accepté et publié.',
      reject: '« %{title} » refusé ; l’organisateur a été informé du motif.',
    },
    errors: {
      alreadyDecided: 'Quelqu’un a déjà statué sur cette demande ; la page affiche maintenant la décision.',
      notARequest: 'Cet événement n’est pas une demande : il n’y a rien à décider.',
    },
  },
} satisfies AppMessages;

export default app;
