import type { ResourceMessages } from '../en/resources';

/** Messages des écrans Utilisateurs, Tags et Journal d'audit, en français (vouvoiement). */
const resources: ResourceMessages = {
  resources: {
    shared: {
      conflict: {
        message:
          "Quelqu'un d'autre a modifié cet enregistrement depuis que vous l'avez ouvert. Rechargez pour voir ses modifications, puis appliquez à nouveau les vôtres.",
        reload: 'Recharger',
      },
      errors: {
        invalidInput: 'Certains champs ne sont pas valables. Vérifiez-les et réessayez.',
        notFound: "Cet enregistrement n'existe plus ou se trouve hors de votre périmètre.",
        forbidden: "Vous n'êtes pas autorisé à faire ceci.",
        editConflict: "Quelqu'un d'autre a modifié cet enregistrement depuis que vous l'avez ouvert.",
        alreadyTaken: 'Cette valeur est déjà utilisée par un autre enregistrement.',
        selfEscalation: 'Personne ne peut modifier son propre rôle ni son propre périmètre.',
        userDisabled: "Cet utilisateur est désactivé. Activez-le d'abord.",
      },
      validation: {
        invalid: "Cette valeur n'est pas valable.",
      },
      referenceUnavailable: 'La liste ne peut pas être chargée : saisissez le numéro.',
      drawer: {
        close: 'Fermer',
      },
    },
    roles: {
      name: 'Rôle |||| Rôles',
      keys: {
        ROOT: 'Root (plateforme)',
        PROMOTER: 'Organisateur',
        CUSTOMER: 'Client',
        ADMIN: "Administrateur d'établissement",
        COORDINATOR: 'Coordinateur',
        COORDINATOR_ADMIN_LIMITED: 'Coordinateur admin (limité)',
        COORDINATOR_ADMIN_FULL: 'Coordinateur admin (complet)',
      },
    },
    users: {
      name: 'Utilisateur |||| Utilisateurs',
      fields: {
        id: 'Id',
        name: 'Nom',
        firstName: 'Prénom',
        lastName: 'Nom',
        username: "Nom d'utilisateur",
        email: 'E-mail',
        phoneNumber: 'Téléphone',
        billingLink: 'Lien de facturation',
        hasPaidSubscription: 'Abonnement payé',
        gender: 'Genre',
        roleId: 'Rôle',
        establishmentId: 'Établissement',
        promoterGroupId: "Groupe d'organisateurs",
        scope: "Établissement / groupe d'organisateurs",
        language: 'Langue',
        isActive: 'Actif',
      },
      genders: {
        FEMALE: 'Femme',
        MALE: 'Homme',
        OTHER: 'Autre',
        UNSPECIFIED: 'Préfère ne pas répondre',
      },
      sections: {
        identity: 'Identité',
        access: 'Rôle et accès',
        account: 'Compte',
      },
      validation: {
        username: 'Lettres, chiffres, point, tiret et trait de soulignement uniquement.',
        phoneNumber: "Ce n'est pas un numéro de téléphone.",
        billingLink: 'Saisissez une adresse web commençant par https://',
        scopeRequired: 'Obligatoire pour ce rôle.',
      },
      self: 'Vous ne pouvez pas modifier votre propre rôle, périmètre ou état actif.',
      accessLink: {
        button: "Envoyer un lien d'accès",
        confirmTitle: "Envoyer un lien d'accès ?",
        confirmContent:
          "Nous enverrons à %{email} un lien qui permet de se connecter une fois. Les liens envoyés auparavant restent valables jusqu'à leur expiration.",
        sent: "Un lien d'accès a été envoyé à %{email}.",
        failed: "Le lien d'accès n'a pas pu être envoyé : %{reason}",
      },
    },
    tags: {
      name: 'Tag |||| Tags',
      fields: {
        id: 'Id',
        tagId: 'Id',
        generalInfos: {
          tagName: 'Nom',
          category: 'Catégorie',
          subCategory: 'Sous-catégorie',
        },
        translation: {
          french: 'Français',
          english: 'Anglais',
          german: 'Allemand',
          italian: 'Italien',
        },
        advanced: {
          description: 'Description',
          htmlDescription: 'Description mise en forme',
        },
        translationStatus: 'Traductions',
      },
      tabs: {
        generalInfos: 'Général',
        translation: 'Traduction',
        advanced: 'Avancé',
      },
      translationState: {
        missing: 'Manquante',
        present: 'Traduite',
        chip: '%{language} : %{state}',
        allPresent: 'Les quatre langues sont traduites.',
        missingCount: '%{smart_count} traduction manquante |||| %{smart_count} traductions manquantes',
      },
      filters: {
        missingTranslation: 'Traduction manquante',
      },
    },
    'audit-log': {
      name: "Journal d'audit |||| Journal d'audit",
      fields: {
        at: 'Quand',
        actorEmail: 'Qui',
        actorUserId: 'Utilisateur',
        resource: 'Ressource',
        recordId: 'Enregistrement',
        action: 'Action',
        changes: 'Champs modifiés',
        from: 'Du',
        to: 'Au',
      },
      actions: {
        CREATE: 'Créé',
        UPDATE: 'Modifié',
        DELETE: 'Supprimé',
      },
      changes: {
        field: 'Champ',
        before: 'Avant',
        after: 'Après',
        none: "Aucun champ n'a changé.",
        empty: '(vide)',
        more: '+%{smart_count} autre |||| +%{smart_count} autres',
      },
      unknownActor: 'Utilisateur supprimé',
    },
  },
  ALREADY_TAKEN: 'Déjà utilisé par un autre enregistrement.',
  CANNOT_CHANGE_OWN_ROLE_OR_SCOPE: 'Personne ne peut modifier son propre rôle ni son propre périmètre.',
  ra: {
    tiptap: {
      bold: 'Gras',
      italic: 'Italique',
      underline: 'Souligné',
      strike: 'Barré',
      code: 'Code',
      list_bulleted: 'Liste à puces',
      list_numbered: 'Liste numérotée',
      link: 'Ajouter un lien',
      blockquote: 'Citation',
      clear_format: 'Effacer la mise en forme',
      paragraph: 'Normal',
      heading1: 'Titre 1',
      heading2: 'Titre 2',
      heading3: 'Titre 3',
      heading4: 'Titre 4',
      heading5: 'Titre 5',
      heading6: 'Titre 6',
      select_level: 'Choisir le niveau',
      current_level: 'Niveau actuel',
    },
  },
};

export default resources;
