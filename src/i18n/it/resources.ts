import type { ResourceMessages } from '../en/resources';

/** Messaggi delle schermate Utenti, Tag e Registro di audit, in italiano (forma di cortesia). */
const resources: ResourceMessages = {
  resources: {
    shared: {
      conflict: {
        message:
          "Qualcun altro ha modificato questo record da quando l'ha aperto. Ricarichi per vedere le sue modifiche, poi applichi di nuovo le sue.",
        reload: 'Ricarica',
      },
      errors: {
        invalidInput: 'Alcuni campi non sono validi. Li controlli e riprovi.',
        notFound: 'Questo record non esiste più o è fuori dal suo ambito.',
        forbidden: 'Non è autorizzato a farlo.',
        editConflict: "Qualcun altro ha modificato questo record da quando l'ha aperto.",
        alreadyTaken: 'Questo valore è già usato da un altro record.',
        selfEscalation: 'Nessuno può modificare il proprio ruolo o il proprio ambito.',
        userDisabled: 'Questo utente è disattivato. Lo attivi prima.',
      },
      validation: {
        invalid: 'Questo valore non è valido.',
      },
      referenceUnavailable: 'Impossibile caricare la lista: inserisca il numero.',
      drawer: {
        close: 'Chiudi',
      },
    },
    roles: {
      name: 'Ruolo |||| Ruoli',
      keys: {
        ROOT: 'Root (piattaforma)',
        PROMOTER: 'Organizzatore',
        CUSTOMER: 'Cliente',
        ADMIN: 'Amministratore del locale',
        COORDINATOR: 'Coordinatore',
        COORDINATOR_ADMIN_LIMITED: 'Coordinatore admin (limitato)',
        COORDINATOR_ADMIN_FULL: 'Coordinatore admin (completo)',
      },
    },
    users: {
      name: 'Utente |||| Utenti',
      fields: {
        id: 'Id',
        name: 'Nome',
        firstName: 'Nome',
        lastName: 'Cognome',
        username: 'Nome utente',
        email: 'E-mail',
        phoneNumber: 'Telefono',
        billingLink: 'Link di fatturazione',
        hasPaidSubscription: 'Abbonamento pagato',
        gender: 'Genere',
        roleId: 'Ruolo',
        establishmentId: 'Locale',
        promoterGroupId: 'Gruppo di organizzatori',
        scope: 'Locale / gruppo di organizzatori',
        language: 'Lingua',
        isActive: 'Attivo',
      },
      genders: {
        FEMALE: 'Donna',
        MALE: 'Uomo',
        OTHER: 'Altro',
        UNSPECIFIED: 'Preferisce non dirlo',
      },
      sections: {
        identity: 'Identità',
        access: 'Ruolo e accesso',
        account: 'Account',
      },
      validation: {
        username: 'Solo lettere, cifre, punto, trattino e trattino basso.',
        phoneNumber: 'Non è un numero di telefono.',
        billingLink: 'Inserisca un indirizzo web che inizi con https://',
        scopeRequired: 'Obbligatorio per questo ruolo.',
      },
      self: 'Non può modificare il proprio ruolo, ambito o stato attivo.',
      accessLink: {
        button: 'Invia link di accesso',
        confirmTitle: 'Inviare un link di accesso?',
        confirmContent:
          'Invieremo a %{email} un link che permette di accedere una volta. I link inviati prima restano validi fino alla scadenza.',
        sent: 'Un link di accesso è stato inviato a %{email}.',
        failed: 'Impossibile inviare il link di accesso: %{reason}',
      },
    },
    tags: {
      name: 'Tag |||| Tag',
      fields: {
        id: 'Id',
        tagId: 'Id',
        generalInfos: {
          tagName: 'Nome',
          category: 'Categoria',
          subCategory: 'Sottocategoria',
        },
        translation: {
          french: 'Francese',
          english: 'Inglese',
          german: 'Tedesco',
          italian: 'Italiano',
        },
        advanced: {
          description: 'Descrizione',
          htmlDescription: 'Descrizione formattata',
        },
        translationStatus: 'Traduzioni',
      },
      tabs: {
        generalInfos: 'Generale',
        translation: 'Traduzione',
        advanced: 'Avanzate',
      },
      translationState: {
        missing: 'Mancante',
        present: 'Tradotta',
        chip: '%{language}: %{state}',
        allPresent: 'Tutte e quattro le lingue sono tradotte.',
        missingCount: '%{smart_count} traduzione mancante |||| %{smart_count} traduzioni mancanti',
      },
      filters: {
        missingTranslation: 'Traduzione mancante',
      },
    },
    'audit-log': {
      name: 'Registro di audit |||| Registro di audit',
      fields: {
        at: 'Quando',
        actorEmail: 'Chi',
        actorUserId: 'Utente',
        resource: 'Risorsa',
        recordId: 'Record',
        action: 'Azione',
        changes: 'Campi modificati',
        from: 'Dal',
        to: 'Al',
      },
      actions: {
        CREATE: 'Creato',
        UPDATE: 'Modificato',
        DELETE: 'Eliminato',
      },
      changes: {
        field: 'Campo',
        before: 'Prima',
        after: 'Dopo',
        none: 'Nessun campo è cambiato.',
        empty: '(vuoto)',
        more: '+%{smart_count} altro |||| +%{smart_count} altri',
      },
      unknownActor: 'Utente eliminato',
    },
  },
  ALREADY_TAKEN: 'Già usato da un altro record.',
  CANNOT_CHANGE_OWN_ROLE_OR_SCOPE: 'Nessuno può modificare il proprio ruolo o il proprio ambito.',
  ra: {
    tiptap: {
      bold: 'Grassetto',
      italic: 'Corsivo',
      underline: 'Sottolineato',
      strike: 'Barrato',
      code: 'Codice',
      list_bulleted: 'Elenco puntato',
      list_numbered: 'Elenco numerato',
      link: 'Aggiungi un link',
      blockquote: 'Citazione',
      clear_format: 'Cancella formattazione',
      paragraph: 'Normale',
      heading1: 'Titolo 1',
      heading2: 'Titolo 2',
      heading3: 'Titolo 3',
      heading4: 'Titolo 4',
      heading5: 'Titolo 5',
      heading6: 'Titolo 6',
      select_level: 'Scegli il livello',
      current_level: 'Livello attuale',
    },
  },
};

export default resources;
