import type { WidgetSettingsMessages } from '../en/widgetSettings';

/** Messages des réglages du widget (`/iframe`), en français (Suisse romande, vouvoiement). */
const widgetSettings: WidgetSettingsMessages = {
  resources: {
    'widget-settings': {
      name: 'Widget |||| Widgets',
      title: 'Widget de %{name}',
      notifications: { notFound: 'Ce widget n’existe pas (ou plus), ou vous ne pouvez pas le modifier.' },
      picker: {
        title: 'Le widget de quel établissement ?',
        help: 'Cherchez un établissement par son nom, puis réglez son widget.',
        establishment: 'Établissement',
        noMatch: 'Aucun établissement de ce nom',
        none: 'Aucun de vos établissements n’a de widget.',
        notFound: 'Cet établissement n’a pas de widget.',
      },
      sections: {
        look: 'Apparence',
        colors: 'Couleurs',
        display: 'Ce que montre le widget',
        happyHours: 'Happy hours',
        embed: 'Le widget sur votre site',
        key: 'Clé publique',
        origins: 'Sites autorisés à afficher le widget',
      },
      proLogo: {
        notIncluded: 'Le logo « Pro » est compris dans un abonnement payé qui l’inclut.',
        billingLink: 'Voir la facturation',
      },
      fields: {
        fontFamilyName: 'Police',
        hasEnabledCalendar: 'Calendrier du mois',
        hasEnabledHappyHours: 'Happy hours',
        hasEnabledProLogo: 'Logo « Pro »',
        hasRoundedBorders: 'Coins arrondis',
        hasTransparentBackground: 'Fond transparent',
        happyHoursTitle: 'Titre des happy hours',
        happyHoursIconName: 'Icône des happy hours',
      },
      colors: {
        primaryText: 'Texte',
        secondaryText: 'Texte secondaire',
        accent: 'Accent',
        buttonPrimary: 'Texte des boutons',
        happyHoursIcon: 'Icône des happy hours',
        backgroundPrimary: 'Fond',
      },
      colorPicker: 'Choisir la couleur : %{name}',
      contrast: {
        onBackground: 'Contraste de %{ratio}:1 sur le fond : sous les %{minimum}:1 du WCAG AA.',
        onAccent: 'Contraste de %{ratio}:1 sur la couleur d’accent : sous les %{minimum}:1 du WCAG AA.',
        darker: 'Le widget affiche donc une nuance plus foncée :',
        lighter: 'Le widget affiche donc une nuance plus claire :',
      },
      icons: {
        HH_ICON_1: 'Cocktail',
        HH_ICON_2: 'Bière',
        HH_ICON_3: 'Vin',
        HH_ICON_4: 'Fête',
      },
      resetToDefaults: 'Rétablir les valeurs par défaut',
      resetDone:
        'L’apparence par défaut est dans le formulaire : enregistrez pour la garder, ou quittez sans enregistrer.',
      validation: {
        color: 'Une couleur au format #RRGGBB, p. ex. #2F4C86',
        origin: 'Un site au format https://exemple.ch, sans chemin',
        originTwice: 'Chaque site une seule fois',
      },
      preview: {
        title: 'Aperçu en direct',
        width: 'Largeur d’écran',
        widths: { phone: 'Mobile', tablet: 'Tablette', desktop: 'Ordinateur' },
        language: 'Langue de l’aperçu',
        frameTitle: 'Aperçu du widget',
        help: 'Les modifications non enregistrées apparaissent ici tout de suite, pour les visiteurs après l’enregistrement. Largeur %{width} px, réduite pour tenir.',
      },
      embed: {
        snippet: 'Code à coller dans votre site',
        snippetHelp: 'Grâce au petit script, le cadre s’adapte tout seul à son contenu.',
        frameTitle: '%{name} – événements',
        copy: 'Copier le code',
        copied: 'Code copié',
        copyRefused:
          'Le navigateur n’a pas permis la copie : le code est sélectionné, appuyez sur Ctrl+C (⌘C sur Mac).',
      },
      key: {
        label: 'Clé dans l’adresse du widget',
        rotate: 'Renouveler la clé',
        confirmTitle: 'Donner une nouvelle clé au widget ?',
        confirmText:
          'L’adresse actuelle du widget cesse de fonctionner immédiatement : tout site qui affiche le code actuel n’affiche plus rien tant que vous n’y avez pas collé le nouveau code.',
        confirm: 'Renouveler la clé',
        rotated: 'Nouvelle clé créée : collez le nouveau code dans votre site.',
      },
      origins: {
        help: 'Seuls ces sites peuvent afficher le widget dans un cadre. Vide signifie : n’importe quel site.',
        site: 'Site %{number}',
        remove: 'Retirer le site %{number}',
        anySite: 'N’importe quel site peut afficher le widget.',
        add: 'Ajouter un site',
      },
    },
  },
};

export default widgetSettings;
