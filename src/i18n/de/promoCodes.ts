import type { PromoCodeMessages } from '../en/promoCodes';

/** Texte der Seite Promo-Codes (`/promo-code`), auf Deutsch (Schweizer Schreibweise, ohne ß, Sie-Form). */
const promoCodes: PromoCodeMessages = {
  resources: {
    'promo-codes': {
      name: 'Promo-Code |||| Promo-Codes',
      tabs: { codes: 'Codes', templates: 'Vorlagen' },
      fields: {
        code: 'Code',
        status: 'Status',
        usageCount: 'Nutzung',
        maxUsageCount: 'Maximale Nutzung',
        promoCodeTemplateId: 'Vorlage',
        isDisabled: 'Deaktiviert',
        actions: 'Aktionen',
      },
      helpers: {
        code: 'Buchstaben, Ziffern, «-» und «_»; leer lassen, um einen Code zu erzeugen.',
        maxUsageCount: 'Wie viele Kundinnen und Kunden diesen Code einlösen dürfen.',
        isDisabled: 'Ein deaktivierter Code wird abgelehnt, als gäbe es ihn nicht.',
      },
      status: {
        ACTIVE: 'Aktiv',
        NOT_YET_VALID: 'Noch nicht gültig',
        EXPIRED: 'Abgelaufen',
        USED_UP: 'Aufgebraucht',
        DISABLED: 'Deaktiviert',
      },
      usage: { text: '%{used} / %{max}' },
      actions: { generate: 'Code erzeugen', disable: 'Deaktivieren', enable: 'Aktivieren' },
      validation: { codeCharacters: 'Nur Buchstaben, Ziffern, «-» und «_» verwenden.' },
      bulk: {
        open: 'Mehrere erstellen',
        title: 'Promo-Codes in Serie erstellen',
        help: 'Jeder Code besteht aus dem Präfix und 8 erzeugten Zeichen ohne Verwechslungsgefahr (kein 0/O, 1/I/L).',
        count: 'Anzahl Codes',
        countHelp: 'Von 1 bis %{max}.',
        prefix: 'Präfix',
        prefixHelp: 'Optional, z. B. SOMMER-.',
        submit: 'Codes erstellen',
        created: 'Ein Code erstellt. |||| %{smart_count} Codes erstellt.',
        createdCodes: 'Erstellte Codes',
        copy: 'Codes kopieren',
      },
      exportFileName: 'promo-codes',
    },
    'promo-code-templates': {
      name: 'Promo-Code-Vorlage |||| Promo-Code-Vorlagen',
      fields: {
        name: 'Name',
        discountKind: 'Rabatt',
        discountValue: 'Wert',
        validFrom: 'Gültig ab',
        validUntil: 'Gültig bis',
        establishmentId: 'Lokal',
        promoterGroupId: 'Veranstaltergruppe',
        htmlDescription: 'Beschreibung',
      },
      kinds: { PERCENTAGE: 'Prozent', FIXED_AMOUNT: 'Fester Betrag (CHF)', FREE_ENTRY: 'Gratiseintritt' },
      helpers: {
        discountValue: { PERCENTAGE: 'Prozent Rabatt, höchstens 100.', FIXED_AMOUNT: 'Rabatt in Schweizer Franken.' },
        validity: 'Tage nach Schweizer Zeit, beide eingeschlossen; leer lassen für keine Grenze.',
        owner: 'Beide leer lassen für eine Vorlage der ganzen Plattform.',
      },
      validation: {
        discountValue:
          'Geben Sie einen passenden Wert ein: höchstens 100 % oder einen positiven Betrag; keinen bei Gratiseintritt.',
        validUntil: 'Das Ende darf nicht vor dem Beginn liegen.',
      },
    },
  },
  PROMO_CODE_BELOW_USAGE: 'Darf nicht tiefer sein als die bereits erfolgten Einlösungen.',
  PROMO_CODE_UNKNOWN: 'Diesen Promo-Code gibt es nicht.',
  PROMO_CODE_NOT_YET_VALID: 'Dieser Promo-Code ist noch nicht gültig.',
  PROMO_CODE_EXPIRED: 'Dieser Promo-Code ist abgelaufen.',
  PROMO_CODE_ALREADY_REDEEMED: 'Sie haben diesen Promo-Code bereits eingelöst.',
  USED_UP: 'Dieser Promo-Code ist aufgebraucht.',
};

export default promoCodes;
