import type { ResourceMessages } from '../en/resources';

/** Meldungen der Bildschirme Benutzer, Tags und Audit-Protokoll, auf Deutsch (Schweizer Rechtschreibung, Sie-Form). */
const resources: ResourceMessages = {
  resources: {
    shared: {
      conflict: {
        message:
          'Jemand anderes hat diesen Datensatz geändert, seit Sie ihn geöffnet haben. Laden Sie neu, um die Änderungen zu sehen, und nehmen Sie Ihre dann erneut vor.',
        reload: 'Neu laden',
      },
      errors: {
        invalidInput: 'Einige Felder sind ungültig. Prüfen Sie sie und versuchen Sie es erneut.',
        notFound: 'Dieser Datensatz existiert nicht mehr oder liegt ausserhalb Ihres Bereichs.',
        forbidden: 'Sie dürfen das nicht tun.',
        editConflict: 'Jemand anderes hat diesen Datensatz geändert, seit Sie ihn geöffnet haben.',
        alreadyTaken: 'Dieser Wert wird bereits von einem anderen Datensatz verwendet.',
        selfEscalation: 'Niemand kann die eigene Rolle oder den eigenen Bereich ändern.',
        userDisabled: 'Dieser Benutzer ist deaktiviert. Aktivieren Sie ihn zuerst.',
      },
      validation: {
        invalid: 'Dieser Wert ist ungültig.',
      },
      referenceUnavailable: 'Die Liste kann nicht geladen werden: Geben Sie die Nummer ein.',
      drawer: {
        close: 'Schliessen',
      },
    },
    roles: {
      name: 'Rolle |||| Rollen',
      keys: {
        ROOT: 'Root (Plattform)',
        PROMOTER: 'Veranstalter',
        CUSTOMER: 'Kunde',
        ADMIN: 'Lokal-Administrator',
        COORDINATOR: 'Koordinator',
        COORDINATOR_ADMIN_LIMITED: 'Koordinator-Admin (eingeschränkt)',
        COORDINATOR_ADMIN_FULL: 'Koordinator-Admin (voll)',
      },
    },
    users: {
      name: 'Benutzer |||| Benutzer',
      fields: {
        id: 'Id',
        name: 'Name',
        firstName: 'Vorname',
        lastName: 'Nachname',
        username: 'Benutzername',
        email: 'E-Mail',
        phoneNumber: 'Telefonnummer',
        billingLink: 'Rechnungslink',
        hasPaidSubscription: 'Bezahltes Abonnement',
        gender: 'Geschlecht',
        roleId: 'Rolle',
        establishmentId: 'Lokal',
        promoterGroupId: 'Veranstaltergruppe',
        scope: 'Lokal / Veranstaltergruppe',
        language: 'Sprache',
        isActive: 'Aktiv',
      },
      genders: {
        FEMALE: 'Weiblich',
        MALE: 'Männlich',
        OTHER: 'Andere',
        UNSPECIFIED: 'Keine Angabe',
      },
      sections: {
        identity: 'Identität',
        access: 'Rolle und Zugang',
        account: 'Konto',
      },
      validation: {
        username: 'Nur Buchstaben, Ziffern, Punkt, Bindestrich und Unterstrich.',
        phoneNumber: 'Das ist keine Telefonnummer.',
        billingLink: 'Geben Sie eine Webadresse ein, die mit https:// beginnt',
        scopeRequired: 'Für diese Rolle erforderlich.',
      },
      self: 'Sie können Ihre eigene Rolle, Ihren Bereich und Ihren Aktiv-Status nicht ändern.',
      accessLink: {
        button: 'Zugangslink senden',
        confirmTitle: 'Zugangslink senden?',
        confirmContent:
          'Wir senden %{email} einen Link, mit dem man sich einmal anmelden kann. Früher gesendete Links bleiben gültig, bis sie ablaufen.',
        sent: 'Ein Zugangslink wurde an %{email} gesendet.',
        failed: 'Der Zugangslink konnte nicht gesendet werden: %{reason}',
      },
    },
    tags: {
      name: 'Tag |||| Tags',
      fields: {
        id: 'Id',
        tagId: 'Id',
        generalInfos: {
          tagName: 'Name',
          category: 'Kategorie',
          subCategory: 'Unterkategorie',
        },
        translation: {
          french: 'Französisch',
          english: 'Englisch',
          german: 'Deutsch',
          italian: 'Italienisch',
        },
        advanced: {
          description: 'Beschreibung',
          htmlDescription: 'Formatierte Beschreibung',
        },
        translationStatus: 'Übersetzungen',
      },
      tabs: {
        generalInfos: 'Allgemein',
        translation: 'Übersetzung',
        advanced: 'Erweitert',
      },
      translationState: {
        missing: 'Fehlt',
        present: 'Übersetzt',
        chip: '%{language}: %{state}',
        allPresent: 'Alle vier Sprachen sind übersetzt.',
        missingCount: '%{smart_count} Übersetzung fehlt |||| %{smart_count} Übersetzungen fehlen',
      },
      filters: {
        missingTranslation: 'Übersetzung fehlt',
      },
    },
    'audit-log': {
      name: 'Audit-Protokoll |||| Audit-Protokoll',
      fields: {
        at: 'Wann',
        actorEmail: 'Wer',
        actorUserId: 'Benutzer',
        resource: 'Ressource',
        recordId: 'Datensatz',
        action: 'Aktion',
        changes: 'Geänderte Felder',
        from: 'Von',
        to: 'Bis',
      },
      actions: {
        CREATE: 'Erstellt',
        UPDATE: 'Geändert',
        DELETE: 'Gelöscht',
      },
      changes: {
        field: 'Feld',
        before: 'Vorher',
        after: 'Nachher',
        none: 'Kein Feld wurde geändert.',
        empty: '(leer)',
        more: '+%{smart_count} weiteres |||| +%{smart_count} weitere',
      },
      unknownActor: 'Gelöschter Benutzer',
    },
  },
  ALREADY_TAKEN: 'Wird bereits von einem anderen Datensatz verwendet.',
  CANNOT_CHANGE_OWN_ROLE_OR_SCOPE: 'Niemand kann die eigene Rolle oder den eigenen Bereich ändern.',
  ra: {
    tiptap: {
      bold: 'Fett',
      italic: 'Kursiv',
      underline: 'Unterstrichen',
      strike: 'Durchgestrichen',
      code: 'Code',
      list_bulleted: 'Aufzählung',
      list_numbered: 'Nummerierte Liste',
      link: 'Link einfügen',
      blockquote: 'Zitat',
      clear_format: 'Formatierung entfernen',
      paragraph: 'Normal',
      heading1: 'Überschrift 1',
      heading2: 'Überschrift 2',
      heading3: 'Überschrift 3',
      heading4: 'Überschrift 4',
      heading5: 'Überschrift 5',
      heading6: 'Überschrift 6',
      select_level: 'Ebene wählen',
      current_level: 'Aktuelle Ebene',
    },
  },
};

export default resources;
