import type { AppMessages } from '../en/app';

/** Meldungen der Anwendung auf Deutsch (Schweizer Rechtschreibung ohne ß, Anrede «Sie»). */
const app = {
  app: {
    name: 'Backoffice',
    loading: 'Wird geladen…',
    menu: {
      dashboard: 'Dashboard',
      settings: 'Einstellungen',
      statistics: 'Statistiken',
      notifications: 'Mitteilungen',
      asks: 'Anfrageneingang',
      establishments: 'Lokale',
      promoters: 'Veranstalter',
      events: 'Veranstaltungen',
      discount: 'Angebote',
      discountTemplate: 'Angebotsvorlagen',
      requestDiscountTemplate: 'Vorlagenanfragen',
      promoCode: 'Promo-Codes',
      tags: 'Tags',
      tagTerms: 'Tag-Begriffe',
      iframe: 'Widget',
      users: 'Benutzer',
      auditLog: 'Audit-Protokoll',
      referenceData: 'Stammdaten',
      outbox: 'Postausgang',
      billing: 'Abrechnung',
      groups: {
        overview: 'Übersicht',
        venuesAndEvents: 'Lokale und Veranstaltungen',
        offers: 'Angebote und Aktionen',
        content: 'Inhalte',
        administration: 'Verwaltung',
        account: 'Konto',
      },
    },
    colorScheme: {
      label: 'Farbschema',
      light: 'Hell',
      dark: 'Dunkel',
      auto: 'Automatisch (wie das System)',
    },
    errors: {
      refresh: 'Neu laden',
      crash: { title: 'Hoppla, da ist etwas schiefgelaufen :(' },
      unauthorized: { title: 'Hoppla, keine Berechtigung :(' },
      unauthorizedWayForward: {
        description: 'Sie sind mit einem Konto angemeldet, das diese Seite nicht öffnen darf.',
        dashboard: 'Zurück zum Dashboard',
        signInAsOther: 'Mit einem anderen Konto anmelden',
      },
      invalidResetLink: {
        description:
          'Dieser Link zum Zurücksetzen des Passworts ist ungültig, wurde schon verwendet oder ist abgelaufen.',
        requestNewLink: 'Neuen Link anfordern',
      },
      router: {
        title: 'Etwas ist schiefgelaufen!',
        showError: 'Fehler anzeigen',
        hideError: 'Fehler ausblenden',
      },
    },
    auth: {
      email: 'E-Mail',
      password: 'Passwort',
      backToSignIn: 'Zurück zur Anmeldung',
      signIn: {
        title: 'Anmelden',
        subtitle: 'Willkommen zurück. Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.',
        submit: 'Anmelden',
        forgotPassword: 'Passwort vergessen?',
      },
      accessLink: {
        title: 'Zugangslink',
        invalid:
          'Dieser Zugangslink ist ungültig, wurde bereits verwendet oder ist abgelaufen. Fordern Sie einen neuen an oder melden Sie sich mit Ihrem Passwort an.',
      },
      updatePassword: {
        setTitle: 'Wählen Sie Ihr Passwort',
        setSubtitle:
          'Sie haben sich mit einem Zugangslink angemeldet. Wählen Sie ein Passwort für die nächsten Anmeldungen.',
        changeTitle: 'Passwort ändern',
      },
      forgotPassword: {
        title: 'Passwort vergessen?',
        subtitle:
          'Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, um ein neues Passwort zu wählen.',
        submit: 'Link senden',
        sent: 'Falls zu dieser Adresse ein Konto besteht, haben wir ihr einen Link zum Zurücksetzen des Passworts gesendet. Sehen Sie in Ihrem Posteingang nach.',
      },
      resetPassword: {
        title: 'Neues Passwort wählen',
        subtitle: 'Das neue Passwort ersetzt das alte und meldet Sie überall ab.',
        submit: 'Neues Passwort speichern',
        done: 'Ihr Passwort wurde geändert. Melden Sie sich mit dem neuen Passwort an.',
      },
      deleteAccount: {
        title: 'Konto löschen',
        subtitle:
          'Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, um die Löschung zu bestätigen.',
        submit: 'Bestätigungslink senden',
        sent: 'Falls zu dieser Adresse ein Konto besteht, haben wir ihr einen Link zur Bestätigung der Löschung gesendet. Sehen Sie in Ihrem Posteingang nach.',
        confirmTitle: 'Löschung bestätigen',
        confirmExplanation:
          'Wenn Sie Ihr Konto löschen, werden Sie überall abgemeldet und verlieren den Zugang zum Backoffice. Dies kann nicht rückgängig gemacht werden.',
        confirm: 'Mein Konto löschen',
        invalidLink:
          'Dieser Bestätigungslink ist ungültig, wurde bereits verwendet oder ist abgelaufen. Fordern Sie einen neuen an.',
        deletedTitle: 'Konto gelöscht',
        deleted: 'Ihr Konto wurde gelöscht. Danke, dass Sie das Backoffice genutzt haben.',
      },
      errors: {
        INVALID_CREDENTIALS: 'E-Mail-Adresse oder Passwort ist falsch.',
        TOO_MANY_ATTEMPTS: 'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
        TOO_MANY_ATTEMPTS_WAIT:
          'Zu viele Versuche. Versuchen Sie es in %{smart_count} Minute erneut. |||| Zu viele Versuche. Versuchen Sie es in %{smart_count} Minuten erneut.',
        INVALID_OR_EXPIRED_TOKEN: 'Dieser Link ist ungültig, wurde bereits verwendet oder ist abgelaufen.',
        WRONG_CURRENT_PASSWORD: 'Das aktuelle Passwort ist falsch.',
        NOT_SIGNED_IN: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
        FORBIDDEN: 'Dazu sind Sie nicht berechtigt.',
        CSRF_HEADER_MISSING: 'Die Anfrage wurde abgelehnt. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
        PLEASE_SIGN_IN_USING_THE_ACCESS_LINK_PROVIDED_BY_THE_HOSPITAL:
          'Ihre Sitzung konnte nicht gelesen werden. Bitte melden Sie sich erneut an oder verwenden Sie den Zugangslink, den Sie erhalten haben.',
        NETWORK: 'Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
        UNKNOWN: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
      },
    },
    password: {
      current: 'Aktuelles Passwort',
      new: 'Neues Passwort',
      confirm: 'Neues Passwort bestätigen',
      rules: 'Zwischen %{min} und %{max} Zeichen. Ein langer Satz ist leichter zu merken als ein kompliziertes Wort.',
      mismatch: 'Die beiden Passwörter stimmen nicht überein.',
      invalid: 'Dieses Passwort entspricht nicht den Regeln.',
      save: 'Passwort speichern',
      changed: 'Ihr Passwort wurde geändert.',
    },
    dashboard: {
      title: 'Dashboard',
      greeting: 'Hallo, %{name}',
      greetingAnonymous: 'Hallo',
      intro: 'Willkommen im Backoffice für Lokale, Veranstalter und Veranstaltungen.',
    },
    settings: {
      title: 'Einstellungen',
      preferences: 'Präferenzen',
      language: 'Sprache',
      password: 'Passwort',
      deleteAccount: 'Konto löschen',
      deleteAccountExplanation:
        'Wir senden einen Bestätigungslink an Ihre E-Mail-Adresse. Ihr Konto wird erst gelöscht, wenn Sie über diesen Link bestätigen.',
      deleteAccountButton: 'Bestätigungslink senden',
      deleteAccountSent: 'Wir haben einen Bestätigungslink an %{email} gesendet.',
    },
  },
  resources: {
    outbox: {
      name: 'Postausgang |||| Postausgang',
      fields: {
        id: 'Id',
        to: 'Empfänger',
        subject: 'Betreff',
        template: 'Vorlage',
        language: 'Sprache',
        transport: 'Versandweg',
        status: 'Status',
        error: 'Fehler',
        userId: 'Benutzer',
        createdAt: 'Datum',
        sentAt: 'Gesendet',
        attachments: 'Anhänge',
      },
      status: {
        stored: 'Gespeichert',
        pending: 'Wird gesendet',
        sent: 'Gesendet',
        failed: 'Fehlgeschlagen',
      },
      empty: 'Es wurde noch keine E-Mail gespeichert.',
      textPart: 'Textteil',
      htmlPart: 'HTML-Teil',
    },
  },
  eventCalendar: {
    views: {
      label: 'Veranstaltungen anzeigen als',
      list: 'Liste',
      calendar: 'Kalender',
    },
    list: {
      columns: {
        title: 'Titel',
        venue: 'Lokal',
        eventType: 'Veranstaltungsart',
        rule: 'Wann',
        nextOccurrence: 'Nächster Termin',
        visibility: 'Sichtbarkeit',
        approvalStatus: 'Anfrage',
      },
      filters: {
        establishment: 'Lokal',
        eventTypes: 'Veranstaltungsarten',
        musics: 'Musik',
        cities: 'Orte',
        visibility: 'Sichtbarkeit',
        approvalStatus: 'Status der Anfrage',
      },
      none: '—',
      requests: {
        button: 'Anfragen',
        label: 'Anfragen, die auf einen Entscheid warten: %{smart_count}',
      },
    },
    calendar: {
      label: 'Terminkalender',
      views: {
        month: 'Monat',
        week: 'Woche',
        listWeek: 'Wochenliste',
        listMonth: 'Monatsliste',
      },
      today: 'Heute',
      draft: 'Entwurf',
      pendingRequest: 'Anfrage wartet auf einen Entscheid',
      loadError: 'Die Termine konnten nicht geladen werden. Versuchen Sie es erneut oder ändern Sie die Filter.',
      truncated:
        'Die ersten %{shown} von %{total} Terminen werden angezeigt: Schränken Sie Filter oder Zeitraum ein, um alle zu sehen.',
    },
  },
  eventApproval: {
    status: {
      PENDING: 'Ausstehend',
      APPROVED: 'Angenommen',
      REJECTED: 'Abgelehnt',
    },
    notice: {
      PENDING:
        'Diese Veranstaltung ist die Anfrage eines Veranstalters und wartet darauf, dass das Lokal sie annimmt oder ablehnt.',
      APPROVED: 'Das Lokal hat diese Anfrage angenommen: Die Veranstaltung ist veröffentlicht.',
      REJECTED:
        'Das Lokal hat diese Anfrage abgelehnt. Ändern Sie sie und senden Sie sie erneut, oder behalten Sie sie als Entwurf.',
    },
    reason: 'Begründung: %{reason}',
    approve: 'Annehmen',
    reject: 'Ablehnen',
    dialog: {
      approve: {
        title: 'Diese Anfrage annehmen?',
        content: '«%{title}» wird veröffentlicht, und der Veranstalter wird per E-Mail informiert.',
        reason: 'Nachricht an den Veranstalter (freiwillig)',
        confirm: 'Annehmen',
      },
      reject: {
        title: 'Diese Anfrage ablehnen',
        content:
          '«%{title}» bleibt ein Entwurf. Der Veranstalter erhält Ihre Begründung per E-Mail und kann die Anfrage ändern.',
        reason: 'Begründung',
        reasonRequired: 'Geben Sie den Grund an, damit der Veranstalter weiss, was er ändern soll.',
        confirm: 'Ablehnen',
      },
    },
    done: {
      approve: '«%{title}» angenommen und veröffentlicht.',
      reject: '«%{title}» abgelehnt; der Veranstalter wurde über den Grund informiert.',
    },
    errors: {
      alreadyDecided: 'Über diese Anfrage wurde bereits entschieden; die Seite zeigt jetzt den Entscheid.',
      notARequest: 'Diese Veranstaltung ist keine Anfrage: Es gibt nichts zu entscheiden.',
    },
  },
} satisfies AppMessages;

export default app;
