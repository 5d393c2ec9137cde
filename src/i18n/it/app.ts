import type { AppMessages } from '../en/app';

/** Messaggi dell'applicazione in italiano (Svizzera italiana, forma di cortesia «Lei»). */
const app = {
  app: {
    name: 'Back office',
    loading: 'Caricamento…',
    menu: {
      dashboard: 'Dashboard',
      settings: 'Impostazioni',
      statistics: 'Statistiche',
      notifications: 'Notifiche',
      asks: 'Richieste ricevute',
      establishments: 'Locali',
      promoters: 'Organizzatori',
      events: 'Eventi',
      discount: 'Offerte',
      discountTemplate: 'Modelli di offerta',
      requestDiscountTemplate: 'Modelli richiesti',
      promoCode: 'Codici promo',
      tags: 'Tag',
      tagTerms: 'Termini dei tag',
      iframe: 'Widget',
      users: 'Utenti',
      auditLog: 'Registro di audit',
      referenceData: 'Dati di riferimento',
      outbox: 'Posta in uscita',
      billing: 'Fatturazione',
      groups: {
        overview: 'Panoramica',
        venuesAndEvents: 'Locali ed eventi',
        offers: 'Offerte e promozioni',
        content: 'Contenuti',
        administration: 'Amministrazione',
        account: 'Account',
      },
    },
    colorScheme: {
      label: 'Schema di colori',
      light: 'Chiaro',
      dark: 'Scuro',
      auto: 'Automatico (segue il sistema)',
    },
    errors: {
      refresh: 'Aggiorna',
      crash: { title: 'Ops, qualcosa è andato storto :(' },
      unauthorized: { title: 'Ops, accesso non autorizzato :(' },
      unauthorizedWayForward: {
        description: 'Ha effettuato l’accesso con un account che non può aprire questa pagina.',
        dashboard: 'Torna alla dashboard',
        signInAsOther: 'Accedi con un altro account',
      },
      invalidResetLink: {
        description: 'Questo link per reimpostare la password non è valido, è già stato usato o è scaduto.',
        requestNewLink: 'Richiedi un nuovo link',
      },
      router: {
        title: 'Qualcosa è andato storto!',
        showError: 'Mostra errore',
        hideError: 'Nascondi errore',
      },
    },
    auth: {
      email: 'E-mail',
      password: 'Password',
      backToSignIn: 'Torna all’accesso',
      signIn: {
        title: 'Accesso',
        subtitle: 'Bentornato. Acceda con il Suo indirizzo e-mail e la Sua password.',
        submit: 'Accedi',
        forgotPassword: 'Password dimenticata?',
      },
      accessLink: {
        title: 'Link di accesso',
        invalid:
          'Questo link di accesso non è valido, è già stato utilizzato o è scaduto. Ne richieda uno nuovo o acceda con la Sua password.',
      },
      updatePassword: {
        setTitle: 'Scelga la Sua password',
        setSubtitle: 'Ha effettuato l’accesso con un link. Scelga una password per i prossimi accessi.',
        changeTitle: 'Modifichi la Sua password',
      },
      forgotPassword: {
        title: 'Password dimenticata?',
        subtitle:
          'Inserisca l’indirizzo e-mail del Suo account. Le invieremo un link per scegliere una nuova password.',
        submit: 'Invia il link',
        sent: 'Se esiste un account per questo indirizzo, gli abbiamo inviato un link per reimpostare la password. Controlli la Sua casella di posta.',
      },
      resetPassword: {
        title: 'Scelga una nuova password',
        subtitle: 'La nuova password sostituisce quella vecchia e chiude tutte le Sue sessioni.',
        submit: 'Salva la nuova password',
        done: 'La Sua password è stata modificata. Acceda con la nuova password.',
      },
      deleteAccount: {
        title: 'Elimini il Suo account',
        subtitle: 'Inserisca l’indirizzo e-mail del Suo account. Le invieremo un link per confermare l’eliminazione.',
        submit: 'Invia il link di conferma',
        sent: 'Se esiste un account per questo indirizzo, gli abbiamo inviato un link per confermare l’eliminazione. Controlli la Sua casella di posta.',
        confirmTitle: 'Confermi l’eliminazione',
        confirmExplanation:
          'L’eliminazione dell’account chiude tutte le Sue sessioni e rimuove il Suo accesso al back office. L’operazione è definitiva.',
        confirm: 'Elimina il mio account',
        invalidLink: 'Questo link di conferma non è valido, è già stato utilizzato o è scaduto. Ne richieda uno nuovo.',
        deletedTitle: 'Account eliminato',
        deleted: 'Il Suo account è stato eliminato. Grazie per aver utilizzato il back office.',
      },
      errors: {
        INVALID_CREDENTIALS: 'E-mail o password errata.',
        TOO_MANY_ATTEMPTS: 'Troppi tentativi. Attenda qualche minuto e riprovi.',
        TOO_MANY_ATTEMPTS_WAIT:
          'Troppi tentativi. Riprovi tra %{smart_count} minuto. |||| Troppi tentativi. Riprovi tra %{smart_count} minuti.',
        INVALID_OR_EXPIRED_TOKEN: 'Questo link non è valido, è già stato utilizzato o è scaduto.',
        WRONG_CURRENT_PASSWORD: 'La password attuale è errata.',
        NOT_SIGNED_IN: 'La Sua sessione è terminata. Acceda di nuovo.',
        FORBIDDEN: 'Non è autorizzato a eseguire questa operazione.',
        CSRF_HEADER_MISSING: 'La richiesta è stata rifiutata. Ricarichi la pagina e riprovi.',
        PLEASE_SIGN_IN_USING_THE_ACCESS_LINK_PROVIDED_BY_THE_HOSPITAL:
          'Non è stato possibile leggere la Sua sessione. Acceda di nuovo oppure utilizzi il link di accesso che Le è stato fornito.',
        NETWORK: 'Il server non è raggiungibile. Verifichi la connessione e riprovi.',
        UNKNOWN: 'Qualcosa è andato storto. Riprovi.',
      },
    },
    password: {
      current: 'Password attuale',
      new: 'Nuova password',
      confirm: 'Confermi la nuova password',
      rules: 'Tra %{min} e %{max} caratteri. Una frase lunga si ricorda più facilmente di una parola complicata.',
      mismatch: 'Le due password non coincidono.',
      invalid: 'Questa password non rispetta le regole.',
      save: 'Salva la password',
      changed: 'La Sua password è stata modificata.',
    },
    dashboard: {
      title: 'Dashboard',
      greeting: 'Buongiorno, %{name}',
      greetingAnonymous: 'Buongiorno',
      intro: 'Benvenuto nel back office per locali, organizzatori ed eventi.',
    },
    settings: {
      title: 'Impostazioni',
      preferences: 'Preferenze',
      language: 'Lingua',
      password: 'Password',
      deleteAccount: 'Elimina l’account',
      deleteAccountExplanation:
        'Inviamo un link di conferma al Suo indirizzo e-mail. L’account viene eliminato solo dopo la Sua conferma tramite quel link.',
      deleteAccountButton: 'Inviami il link di conferma',
      deleteAccountSent: 'Abbiamo inviato un link di conferma a %{email}.',
    },
  },
  resources: {
    outbox: {
      name: 'Posta in uscita |||| Posta in uscita',
      fields: {
        id: 'Id',
        to: 'Destinatario',
        subject: 'Oggetto',
        template: 'Modello',
        language: 'Lingua',
        transport: 'Trasporto',
        status: 'Stato',
        error: 'Errore',
        userId: 'Utente',
        createdAt: 'Data',
        sentAt: 'Inviato',
        attachments: 'Allegati',
      },
      status: {
        stored: 'Registrato',
        pending: 'In invio',
        sent: 'Inviato',
        failed: 'Non riuscito',
      },
      empty: 'Non è ancora stata registrata alcuna e-mail.',
      textPart: 'Parte di testo',
      htmlPart: 'Parte HTML',
    },
  },
  eventCalendar: {
    views: {
      label: 'Mostra gli eventi come',
      list: 'Elenco',
      calendar: 'Calendario',
    },
    list: {
      columns: {
        title: 'Titolo',
        venue: 'Locale',
        eventType: 'Tipo di evento',
        rule: 'Quando',
        nextOccurrence: 'Prossima data',
        visibility: 'Visibilità',
        approvalStatus: 'Richiesta',
      },
      filters: {
        establishment: 'Locale',
        eventTypes: 'Tipi di evento',
        musics: 'Musica',
        cities: 'Città',
        visibility: 'Visibilità',
        approvalStatus: 'Stato della richiesta',
      },
      none: '—',
      requests: {
        button: 'Richieste',
        label: 'Richieste in attesa di una decisione: %{smart_count}',
      },
    },
    calendar: {
      label: 'Calendario delle date',
      views: {
        month: 'Mese',
        week: 'Settimana',
        listWeek: 'Elenco della settimana',
        listMonth: 'Elenco del mese',
      },
      today: 'Oggi',
      draft: 'Bozza',
      pendingRequest: 'Richiesta in attesa di una decisione',
      loadError: 'Non è stato possibile caricare le date. Riprovi o modifichi i filtri.',
      truncated: 'Sono mostrate le prime %{shown} date su %{total}: restringa i filtri o il periodo per vederle tutte.',
    },
  },
  eventApproval: {
    status: {
      PENDING: 'In attesa',
      APPROVED: 'Accettata',
      REJECTED: 'Rifiutata',
    },
    notice: {
      PENDING: 'Questo evento è la richiesta di un organizzatore e attende che il locale la accetti o la rifiuti.',
      APPROVED: 'Il locale ha accettato questa richiesta: l’evento è pubblicato.',
      REJECTED:
        'Il locale ha rifiutato questa richiesta. La modifichi e la invii di nuovo, oppure la tenga come bozza.',
    },
    reason: 'Motivo: %{reason}',
    approve: 'Accetta',
    reject: 'Rifiuta',
    dialog: {
      approve: {
        title: 'Accettare questa richiesta?',
        content: '«%{title}» sarà pubblicato e l’organizzatore sarà informato via e-mail.',
        reason: 'Messaggio per l’organizzatore (facoltativo)',
        confirm: 'Accetta',
      },
      reject: {
        title: 'Rifiuta questa richiesta',
        content:
          '«%{title}» resta una bozza. L’organizzatore riceve il Suo motivo via e-mail e può modificare la richiesta.',
        reason: 'Motivo',
        reasonRequired: 'Indichi il motivo, affinché l’organizzatore sappia cosa modificare.',
        confirm: 'Rifiuta',
      },
    },
    done: {
      approve: '«%{title}» accettato e pubblicato.',
      reject: '«%{title}» rifiutato; l’organizzatore è stato informato del motivo.',
    },
    errors: {
      alreadyDecided: 'Qualcuno ha già deciso su questa richiesta; la pagina mostra ora la decisione.',
      notARequest: 'Questo evento non è una richiesta: non c’è nulla da decidere.',
    },
  },
} satisfies AppMessages;

export default app;
