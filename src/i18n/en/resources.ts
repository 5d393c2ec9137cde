/**
 * English messages of the Users, Tags and Audit log screens and their shared pieces (the key set every
 * other language follows). react-admin's convention: `resources.<name>.name` and `.fields.<source>`.
 */
const resources = {
  resources: {
    partners: {
      visibility: {
        DRAFT: 'Draft',
        PUBLISHED: 'Published',
      },
      status: 'Status',
      newRecord: 'New',
      readOnlyChip: 'Read only',
      readOnly: 'You can view this record but not change it: it belongs to someone else.',
      sectionHasErrors: 'This section has errors',
      actions: {
        publish: 'Publish',
        saveDraft: 'Save as draft',
        unpublish: 'Unpublish',
      },
      bulk: {
        publish: {
          done: '%{smart_count} record published |||| %{smart_count} records published',
          partial: '%{smart_count} published, %{failed} could not be changed (still selected) |||| %{smart_count} published, %{failed} could not be changed (still selected)',
        },
        unpublish: {
          done: '%{smart_count} record unpublished |||| %{smart_count} records unpublished',
          partial: '%{smart_count} unpublished, %{failed} could not be changed (still selected) |||| %{smart_count} unpublished, %{failed} could not be changed (still selected)',
        },
      },
      tabs: {
        generalInfos: 'General information',
        specificInfos: 'Specific information',
        additionalInfos: 'Additional information',
        description: 'Description',
      },
      sections: {
        identity: 'Identity',
        address: 'Address',
        contact: 'Contact',
        openingHours: 'Opening hours',
        gallery: 'Gallery',
        happyHours: 'Happy hours',
        tags: 'Tags',
      },
      filters: {
        music: 'Music',
      },
      validation: {
        phone: 'A phone number such as +41 44 555 70 70.',
        url: 'A web address starting with https://',
        twoDecimals: 'At most two decimals (CHF).',
        tarifOrder: 'Must be at least the minimum price.',
        coordinatesPair: 'Give both latitude and longitude, or neither.',
        requiredOnOpenDay: 'Required on an open day.',
      },
    },
    establishments: {
      name: 'Establishment |||| Establishments',
      fields: {
        id: 'Id',
        generalInfos: {
          establishmentName: 'Name',
          logo: 'Logo',
          establishmentTypeId: 'Type',
          establishmentSecondaryTypeIds: 'Secondary types',
          localisation: 'Address',
          lat: 'Latitude',
          lang: 'Longitude',
          city: 'City',
          placeId: 'Place id',
          email: 'Email',
          phone: 'Phone',
          urlBilletterie: 'Ticketing link',
          urlSite: 'Website',
          workSchedules: 'Opening hours',
          media: 'Gallery',
        },
        specificInfos: {
          musics: 'Musics',
          ambiance: 'Ambiances',
        },
        additionalInfos: {
          ageMin: 'Minimum age',
          tarifMin: 'Minimum price (CHF)',
          tarifMax: 'Maximum price (CHF)',
          externalCapacity: 'Outdoor capacity',
          internalCapacity: 'Indoor capacity',
          happyHours: 'Happy hours',
          tagTerms: 'Tags',
        },
        description: {
          description: 'Description',
          htmlDescription: 'Formatted description',
        },
        visibility: 'Visibility',
        updatedAt: 'Updated',
      },
      empty: {
        title: 'No establishment yet',
        invite: 'Create the first venue: its profile feeds the events, the offers and the widget.',
        nothingYet: 'Venues will appear here once they are published.',
      },
      exportFileName: 'establishments',
    },
    promoters: {
      name: 'Promoter group |||| Promoter groups',
      fields: {
        id: 'Id',
        generalInfos: {
          promoterName: 'Name',
          logo: 'Logo',
          promoterTypesIds: 'Promoter types',
          evenTypesIds: 'Event types',
          email: 'Email',
          phone: 'Phone',
          urlBilletterie: 'Ticketing link',
          urlSite: 'Website',
          media: 'Gallery',
        },
        specificInfos: {
          musics: 'Musics',
          ambiance: 'Ambiances',
        },
        additionalInfos: {
          tagTerms: 'Tags',
        },
        description: {
          description: 'Description',
          htmlDescription: 'Formatted description',
        },
        visibility: 'Visibility',
        updatedAt: 'Updated',
      },
      empty: {
        title: 'No promoter group yet',
        invite: 'Create the first promoter group: its profile feeds its events and offers.',
        nothingYet: 'Promoter groups will appear here once they are published.',
      },
      exportFileName: 'promoter-groups',
    },
    shared: {
      conflict: {
        message: 'Someone else changed this record since you opened it. Reload to see their changes, then apply yours again.',
        reload: 'Reload',
      },
      errors: {
        invalidInput: 'Some fields are not valid. Check them and try again.',
        notFound: 'This record does not exist any more, or is outside your scope.',
        forbidden: 'You are not allowed to do this.',
        editConflict: 'Someone else changed this record since you opened it.',
        alreadyTaken: 'This value is already used by another record.',
        selfEscalation: 'Nobody can change their own role or scope.',
        userDisabled: 'This user is disabled. Make them active first.',
        inUse: 'Other records still use this one, so it cannot be deleted. Where it can be retired (made inactive), do that instead.',
      },
      validation: {
        invalid: 'This value is not valid.',
      },
      referenceUnavailable: 'The list cannot be loaded: enter the number instead.',
      drawer: {
        close: 'Close',
      },
    },
    roles: {
      name: 'Role |||| Roles',
      keys: {
        ROOT: 'Root (platform)',
        PROMOTER: 'Promoter',
        CUSTOMER: 'Customer',
        ADMIN: 'Venue administrator',
        COORDINATOR: 'Coordinator',
        COORDINATOR_ADMIN_LIMITED: 'Coordinator admin (limited)',
        COORDINATOR_ADMIN_FULL: 'Coordinator admin (full)',
      },
    },
    users: {
      name: 'User |||| Users',
      fields: {
        id: 'Id',
        name: 'Name',
        firstName: 'First name',
        lastName: 'Last name',
        username: 'Username',
        email: 'Email',
        phoneNumber: 'Phone number',
        billingLink: 'Billing link',
        hasPaidSubscription: 'Paid subscription',
        gender: 'Gender',
        roleId: 'Role',
        establishmentId: 'Establishment',
        promoterGroupId: 'Promoter group',
        scope: 'Establishment / promoter group',
        language: 'Language',
        isActive: 'Active',
      },
      genders: {
        FEMALE: 'Female',
        MALE: 'Male',
        OTHER: 'Other',
        UNSPECIFIED: 'Prefers not to say',
      },
      sections: {
        identity: 'Identity',
        access: 'Role and access',
        account: 'Account',
      },
      validation: {
        username: 'Letters, digits, dot, dash and underscore only.',
        phoneNumber: 'This is not a phone number.',
        billingLink: 'Enter a web address starting with https://',
        scopeRequired: 'Required for this role.',
      },
      self: 'You cannot change your own role, scope or active state.',
      accessLink: {
        button: 'Send access link',
        confirmTitle: 'Send an access link?',
        confirmContent: 'We will email %{email} a link that signs them in once. Links sent before stay valid until they expire.',
        sent: 'An access link was sent to %{email}.',
        failed: 'The access link could not be sent: %{reason}',
      },
    },
    tags: {
      name: 'Tag |||| Tags',
      fields: {
        id: 'Id',
        tagId: 'Id',
        generalInfos: {
          tagName: 'Name',
          category: 'Category',
          subCategory: 'Subcategory',
        },
        translation: {
          french: 'French',
          english: 'English',
          german: 'German',
          italian: 'Italian',
        },
        advanced: {
          description: 'Description',
          htmlDescription: 'Formatted description',
        },
        translationStatus: 'Translations',
      },
      tabs: {
        generalInfos: 'General',
        translation: 'Translation',
        advanced: 'Advanced',
      },
      translationState: {
        missing: 'Missing',
        present: 'Translated',
        chip: '%{language}: %{state}',
        allPresent: 'All four languages are translated.',
        missingCount: '%{smart_count} translation missing |||| %{smart_count} translations missing',
      },
      filters: {
        missingTranslation: 'Translation missing',
      },
    },
    'audit-log': {
      name: 'Audit log |||| Audit log',
      fields: {
        at: 'When',
        actorEmail: 'Who',
        actorUserId: 'User',
        resource: 'Resource',
        recordId: 'Record',
        action: 'Action',
        changes: 'Changed fields',
        from: 'From',
        to: 'To',
      },
      actions: {
        CREATE: 'Created',
        UPDATE: 'Updated',
        DELETE: 'Deleted',
      },
      changes: {
        field: 'Field',
        before: 'Before',
        after: 'After',
        none: 'No field changed.',
        empty: '(empty)',
        more: '+%{smart_count} more |||| +%{smart_count} more',
      },
      unknownActor: 'Deleted user',
    },
  },
  /**
   * Field errors of the API come as codes (`errors: {email: 'ALREADY_TAKEN'}`) and react-admin translates a
   * field error as a key: these read them in the user's language.
   */
  ALREADY_TAKEN: 'Already used by another record.',
  CANNOT_CHANGE_OWN_ROLE_OR_SCOPE: 'Nobody can change their own role or scope.',
  ra: {
    tiptap: {
      bold: 'Bold',
      italic: 'Italic',
      underline: 'Underline',
      strike: 'Strikethrough',
      code: 'Code',
      list_bulleted: 'Bulleted list',
      list_numbered: 'Numbered list',
      link: 'Add a link',
      blockquote: 'Quote',
      clear_format: 'Clear format',
      paragraph: 'Normal',
      heading1: 'Heading 1',
      heading2: 'Heading 2',
      heading3: 'Heading 3',
      heading4: 'Heading 4',
      heading5: 'Heading 5',
      heading6: 'Heading 6',
      select_level: 'Select the level',
      current_level: 'Current level',
    },
  },
};

export default resources;

/** The shape every language's file must have: the same keys, strings as values. */
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
export type ResourceMessages = DeepStrings<typeof resources>;
