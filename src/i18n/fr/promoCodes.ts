import type { PromoCodeMessages } from '../en/promoCodes';

/** Messages de la page des codes promo (`/promo-code`), en français (Suisse romande, vouvoiement). */
const promoCodes: PromoCodeMessages = {
  resources: {
    'promo-codes': {
      name: 'Code promo |||| Codes promo',
      tabs: { codes: 'Codes', templates: 'Modèles' },
      fields: {
        code: 'Code',
        status: 'Statut',
        usageCount: 'Utilisation',
        maxUsageCount: 'Utilisations maximales',
        promoCodeTemplateId: 'Modèle',
        isDisabled: 'Désactivé',
        actions: 'Actions',
      },
      helpers: {
        code: 'Lettres, chiffres, « - » et « _ » ; laissez vide pour obtenir un code généré.',
        maxUsageCount: 'Combien de clients peuvent utiliser ce code.',
        isDisabled: 'Un code désactivé est refusé comme s’il n’existait pas.',
      },
      status: {
        ACTIVE: 'Actif',
        NOT_YET_VALID: 'Pas encore valable',
        EXPIRED: 'Expiré',
        USED_UP: 'Épuisé',
        DISABLED: 'Désactivé',
      },
      usage: { text: '%{used} / %{max}' },
      actions: { generate: 'Générer un code', disable: 'Désactiver', enable: 'Activer' },
      validation: { codeCharacters: 'Utilisez uniquement des lettres, des chiffres, « - » et « _ ».' },
      bulk: {
        open: 'Créer en série',
        title: 'Créer des codes promo en série',
        help: 'Chaque code se compose du préfixe suivi de 8 caractères générés, sans caractères qui se confondent (ni 0/O, ni 1/I/L).',
        count: 'Nombre de codes',
        countHelp: 'De 1 à %{max}.',
        prefix: 'Préfixe',
        prefixHelp: 'Facultatif, p. ex. ETE-.',
        submit: 'Créer les codes',
        created: 'Un code créé. |||| %{smart_count} codes créés.',
        createdCodes: 'Codes créés',
        copy: 'Copier les codes',
      },
      exportFileName: 'codes-promo',
    },
    'promo-code-templates': {
      name: 'Modèle de code promo |||| Modèles de codes promo',
      fields: {
        name: 'Nom',
        discountKind: 'Réduction',
        discountValue: 'Valeur',
        validFrom: 'Valable dès le',
        validUntil: 'Valable jusqu’au',
        establishmentId: 'Établissement',
        promoterGroupId: 'Groupe de promoteurs',
        htmlDescription: 'Description',
      },
      kinds: { PERCENTAGE: 'Pourcentage', FIXED_AMOUNT: 'Montant fixe (CHF)', FREE_ENTRY: 'Entrée gratuite' },
      helpers: {
        discountValue: { PERCENTAGE: 'Pourcentage de rabais, jusqu’à 100.', FIXED_AMOUNT: 'Rabais en francs suisses.' },
        validity: 'Jours à l’heure suisse, inclus ; laissez vide pour aucune limite.',
        owner: 'Laissez les deux vides pour un modèle valable sur toute la plateforme.',
      },
      validation: {
        discountValue:
          'Saisissez une valeur adaptée à la réduction : au plus 100 % ou un montant positif ; aucune pour une entrée gratuite.',
        validUntil: 'La fin ne peut pas précéder le début.',
      },
    },
  },
  PROMO_CODE_BELOW_USAGE: 'Ne peut pas être inférieur aux utilisations déjà faites.',
  PROMO_CODE_UNKNOWN: 'Ce code promo n’existe pas.',
  PROMO_CODE_NOT_YET_VALID: 'Ce code promo n’est pas encore valable.',
  PROMO_CODE_EXPIRED: 'Ce code promo a expiré.',
  PROMO_CODE_ALREADY_REDEEMED: 'Vous avez déjà utilisé ce code promo.',
  USED_UP: 'Ce code promo est épuisé.',
};

export default promoCodes;
