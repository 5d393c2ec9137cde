/** Messages français de la page des termes de tags (`/tag-terms`) : la liste, la fusion, les fiches avec et sans tag. */
const tagTerms = {
  resources: {
    'tag-terms': { name: 'Terme de tag |||| Termes de tags' },
  },
  tagTerms: {
    fields: {
      tagName: 'Tag',
      category: 'Catégorie',
      establishments: 'Établissements',
      promoterGroups: 'Groupes de promoteurs',
      events: 'Événements',
      missingTranslations: 'Traductions manquantes',
      actions: 'Actions',
    },
    filters: {
      missingTranslation: 'Traduction manquante',
      anyLanguage: 'Toute langue',
      unused: 'Inutilisés seulement',
    },
    languages: { en: 'Anglais', fr: 'Français', de: 'Allemand', it: 'Italien' },
    translations: {
      complete: 'Complet',
      missing: 'Traduction manquante : %{language}',
    },
    counts: {
      establishments: '%{smart_count} établissement porte %{name} |||| %{smart_count} établissements portent %{name}',
      promoters:
        '%{smart_count} groupe de promoteurs porte %{name} |||| %{smart_count} groupes de promoteurs portent %{name}',
      events: '%{smart_count} événement porte %{name} |||| %{smart_count} événements portent %{name}',
      line: 'Établissements %{establishments} · Groupes de promoteurs %{promoterGroups} · Événements %{events}',
    },
    picker: {
      label: 'Tag',
      hint: 'Tapez une partie du nom ou d’une traduction',
    },
    merge: {
      rowAction: 'Fusionner %{name} dans…',
      bulkAction: 'Fusionner dans…',
      title: 'Fusionner %{names} dans… |||| Fusionner %{smart_count} tags dans…',
      intro:
        'Choisissez le tag à garder. Chaque fiche qui porte le tag fusionné portera le tag gardé à sa place, et le tag fusionné est supprimé. Impossible à annuler.',
      summary: '%{establishments}, %{promoterGroups} et %{events} porteront « %{target} ».',
      establishments: '%{count} établissement |||| %{count} établissements',
      promoterGroups: '%{count} groupe de promoteurs |||| %{count} groupes de promoteurs',
      events: '%{count} événement |||| %{count} événements',
      deleted: '%{names} sera supprimé. |||| Ces %{smart_count} tags seront supprimés : %{names}.',
      confirm: 'Fusionner',
      done: '%{count} lien déplacé vers « %{target} ». |||| %{count} liens déplacés vers « %{target} ».',
      failed: 'Les tags n’ont pas pu être fusionnés.',
      gone: 'L’un des tags n’existe plus (fusionné ou supprimé entre-temps). La liste est à jour.',
      itself: 'Choisissez un autre tag que celui qui est fusionné.',
    },
    records: {
      kinds: 'Types de fiche',
      tabs: { establishments: 'Établissements', promoters: 'Groupes de promoteurs', events: 'Événements' },
      name: { establishments: 'Établissement', promoters: 'Groupe de promoteurs', events: 'Événement' },
      back: 'Tous les tags',
      title: 'Fiches avec le tag %{name}',
      notFound: 'Ce tag n’existe pas (ou plus).',
      noMatch: 'Aucune fiche ne correspond à la recherche.',
      empty: {
        establishments: 'Aucun établissement ne porte ce tag.',
        promoters: 'Aucun groupe de promoteurs ne porte ce tag.',
        events: 'Aucun événement ne porte ce tag.',
      },
    },
    untagged: {
      open: 'Fiches sans tag',
      title: 'Fiches sans tag',
      help: 'Sélectionnez des fiches et attribuez-leur un tag, pour que le public les trouve.',
      empty: {
        establishments: 'Chaque établissement porte un tag.',
        promoters: 'Chaque groupe de promoteurs porte un tag.',
        events: 'Chaque événement porte un tag.',
      },
    },
    remove: {
      action: 'Retirer le tag',
      confirmTitle: 'Retirer %{name} ?',
      confirmContent: {
        establishments:
          'Retirer %{name} de l’établissement sélectionné ? |||| Retirer %{name} des %{smart_count} établissements sélectionnés ?',
        promoters:
          'Retirer %{name} du groupe de promoteurs sélectionné ? |||| Retirer %{name} des %{smart_count} groupes de promoteurs sélectionnés ?',
        events:
          'Retirer %{name} de l’événement sélectionné ? |||| Retirer %{name} des %{smart_count} événements sélectionnés ?',
      },
      done: '%{name} retiré de %{count} fiche. |||| %{name} retiré de %{count} fiches.',
    },
    assign: {
      action: 'Attribuer un tag…',
      title: 'Attribuer un tag',
      confirm: 'Attribuer',
      intro: {
        establishments:
          'Le tag sera ajouté à l’établissement sélectionné. |||| Le tag sera ajouté aux %{count} établissements sélectionnés.',
        promoters:
          'Le tag sera ajouté au groupe de promoteurs sélectionné. |||| Le tag sera ajouté aux %{count} groupes de promoteurs sélectionnés.',
        events:
          'Le tag sera ajouté à l’événement sélectionné. |||| Le tag sera ajouté aux %{count} événements sélectionnés.',
      },
      summary: {
        establishments: '1 établissement portera « %{name} ». |||| %{count} établissements porteront « %{name} ».',
        promoters:
          '1 groupe de promoteurs portera « %{name} ». |||| %{count} groupes de promoteurs porteront « %{name} ».',
        events: '1 événement portera « %{name} ». |||| %{count} événements porteront « %{name} ».',
      },
      done: '%{name} attribué à %{count} fiche. |||| %{name} attribué à %{count} fiches.',
      failed: 'Les tags n’ont pas pu être modifiés : %{reason}',
    },
  },
};

export default tagTerms;
