/** English messages of the tag terms page (`/tag-terms`): the list, merging, the records with and without a tag. */
const tagTerms = {
  resources: {
    'tag-terms': { name: 'Tag term |||| Tag terms' },
  },
  tagTerms: {
    fields: {
      tagName: 'Tag',
      category: 'Category',
      establishments: 'Establishments',
      promoterGroups: 'Promoter groups',
      events: 'Events',
      missingTranslations: 'Missing translations',
      actions: 'Actions',
    },
    filters: {
      missingTranslation: 'Missing translation',
      anyLanguage: 'Any language',
      unused: 'Unused only',
    },
    languages: { en: 'English', fr: 'French', de: 'German', it: 'Italian' },
    translations: {
      complete: 'Complete',
      missing: '%{language} translation missing',
    },
    counts: {
      establishments: '%{smart_count} establishment carries %{name} |||| %{smart_count} establishments carry %{name}',
      promoters: '%{smart_count} promoter group carries %{name} |||| %{smart_count} promoter groups carry %{name}',
      events: '%{smart_count} event carries %{name} |||| %{smart_count} events carry %{name}',
      line: 'Establishments %{establishments} · Promoter groups %{promoterGroups} · Events %{events}',
    },
    picker: {
      label: 'Tag',
      hint: 'Type part of a name or translation',
    },
    merge: {
      rowAction: 'Merge %{name} into…',
      bulkAction: 'Merge into…',
      title: 'Merge %{names} into… |||| Merge %{smart_count} tags into…',
      intro:
        'Pick the tag to keep. Every record carrying the merged tag will carry the kept one instead, and the merged tag is deleted. This cannot be undone.',
      summary: '%{establishments}, %{promoterGroups} and %{events} will carry «%{target}».',
      establishments: '%{count} establishment |||| %{count} establishments',
      promoterGroups: '%{count} promoter group |||| %{count} promoter groups',
      events: '%{count} event |||| %{count} events',
      deleted: '%{names} will be deleted. |||| These %{smart_count} tags will be deleted: %{names}.',
      confirm: 'Merge',
      done: '%{count} link moved to «%{target}». |||| %{count} links moved to «%{target}».',
      failed: 'The tags could not be merged.',
      gone: 'One of the tags no longer exists (merged or deleted meanwhile). The list is up to date again.',
      itself: 'Pick another tag than the one being merged.',
    },
    records: {
      kinds: 'Kinds of record',
      tabs: { establishments: 'Establishments', promoters: 'Promoter groups', events: 'Events' },
      name: { establishments: 'Establishment', promoters: 'Promoter group', events: 'Event' },
      back: 'All tags',
      title: 'Records tagged %{name}',
      notFound: 'This tag does not exist (any more).',
      noMatch: 'No record matches the search.',
      empty: {
        establishments: 'No establishment carries this tag.',
        promoters: 'No promoter group carries this tag.',
        events: 'No event carries this tag.',
      },
    },
    untagged: {
      open: 'Records without tags',
      title: 'Records without tags',
      help: 'Select records and assign them a tag, so that visitors can find them.',
      empty: {
        establishments: 'Every establishment carries a tag.',
        promoters: 'Every promoter group carries a tag.',
        events: 'Every event carries a tag.',
      },
    },
    remove: {
      action: 'Remove tag',
      confirmTitle: 'Remove %{name}?',
      confirmContent: {
        establishments:
          'Remove %{name} from the selected establishment? |||| Remove %{name} from the %{smart_count} selected establishments?',
        promoters:
          'Remove %{name} from the selected promoter group? |||| Remove %{name} from the %{smart_count} selected promoter groups?',
        events: 'Remove %{name} from the selected event? |||| Remove %{name} from the %{smart_count} selected events?',
      },
      done: '%{name} removed from %{count} record. |||| %{name} removed from %{count} records.',
    },
    assign: {
      action: 'Assign tag…',
      title: 'Assign a tag',
      confirm: 'Assign',
      intro: {
        establishments:
          'The tag goes on the selected establishment. |||| The tag goes on the %{count} selected establishments.',
        promoters:
          'The tag goes on the selected promoter group. |||| The tag goes on the %{count} selected promoter groups.',
        events: 'The tag goes on the selected event. |||| The tag goes on the %{count} selected events.',
      },
      summary: {
        establishments: '1 establishment will carry «%{name}». |||| %{count} establishments will carry «%{name}».',
        promoters: '1 promoter group will carry «%{name}». |||| %{count} promoter groups will carry «%{name}».',
        events: '1 event will carry «%{name}». |||| %{count} events will carry «%{name}».',
      },
      done: '%{name} assigned to %{count} record. |||| %{name} assigned to %{count} records.',
      failed: 'The tags could not be changed: %{reason}',
    },
  },
};

export default tagTerms;
