import type { PromoCodeMessages } from '../en/promoCodes';

/** Testi della pagina dei codici promozionali (`/promo-code`), in italiano (Svizzera italiana, forma di cortesia). */
const promoCodes: PromoCodeMessages = {
  resources: {
    'promo-codes': {
      name: 'Codice promozionale |||| Codici promozionali',
      tabs: { codes: 'Codici', templates: 'Modelli' },
      fields: {
        code: 'Codice',
        status: 'Stato',
        usageCount: 'Utilizzo',
        maxUsageCount: 'Utilizzi massimi',
        promoCodeTemplateId: 'Modello',
        isDisabled: 'Disattivato',
        actions: 'Azioni',
      },
      helpers: {
        code: 'Lettere, cifre, «-» e «_»; lasci vuoto per ottenere un codice generato.',
        maxUsageCount: 'Quanti clienti possono riscattare questo codice.',
        isDisabled: 'Un codice disattivato viene rifiutato come se non esistesse.',
      },
      status: {
        ACTIVE: 'Attivo',
        NOT_YET_VALID: 'Non ancora valido',
        EXPIRED: 'Scaduto',
        USED_UP: 'Esaurito',
        DISABLED: 'Disattivato',
      },
      usage: { text: '%{used} / %{max}' },
      actions: { generate: 'Genera un codice', disable: 'Disattiva', enable: 'Attiva' },
      validation: { codeCharacters: 'Usi solo lettere, cifre, «-» e «_».' },
      bulk: {
        open: 'Crea in serie',
        title: 'Creare codici promozionali in serie',
        help: 'Ogni codice è formato dal prefisso seguito da 8 caratteri generati senza caratteri ambigui (niente 0/O, 1/I/L).',
        count: 'Numero di codici',
        countHelp: 'Da 1 a %{max}.',
        prefix: 'Prefisso',
        prefixHelp: 'Facoltativo, ad es. ESTATE-.',
        submit: 'Crea i codici',
        created: 'Un codice creato. |||| %{smart_count} codici creati.',
        createdCodes: 'Codici creati',
        copy: 'Copia i codici',
      },
      exportFileName: 'codici-promozionali',
    },
    'promo-code-templates': {
      name: 'Modello di codice promozionale |||| Modelli di codici promozionali',
      fields: {
        name: 'Nome',
        discountKind: 'Sconto',
        discountValue: 'Valore',
        validFrom: 'Valido dal',
        validUntil: 'Valido fino al',
        establishmentId: 'Locale',
        promoterGroupId: 'Gruppo di promotori',
        htmlDescription: 'Descrizione',
      },
      kinds: { PERCENTAGE: 'Percentuale', FIXED_AMOUNT: 'Importo fisso (CHF)', FREE_ENTRY: 'Entrata gratuita' },
      helpers: {
        discountValue: {
          PERCENTAGE: 'Percentuale di sconto, al massimo 100.',
          FIXED_AMOUNT: 'Sconto in franchi svizzeri.',
        },
        validity: 'Giorni secondo l’ora svizzera, entrambi inclusi; lasci vuoto per nessun limite.',
        owner: 'Lasci entrambi vuoti per un modello valido su tutta la piattaforma.',
      },
      validation: {
        discountValue:
          'Inserisca un valore adatto allo sconto: al massimo 100 % o un importo positivo; nessuno per un’entrata gratuita.',
        validUntil: 'La fine non può precedere l’inizio.',
      },
    },
  },
  PROMO_CODE_BELOW_USAGE: 'Non può essere inferiore ai riscatti già effettuati.',
  PROMO_CODE_UNKNOWN: 'Questo codice promozionale non esiste.',
  PROMO_CODE_NOT_YET_VALID: 'Questo codice promozionale non è ancora valido.',
  PROMO_CODE_EXPIRED: 'Questo codice promozionale è scaduto.',
  PROMO_CODE_ALREADY_REDEEMED: 'Ha già riscattato questo codice promozionale.',
  USED_UP: 'Questo codice promozionale è esaurito.',
};

export default promoCodes;
