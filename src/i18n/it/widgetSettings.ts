import type { WidgetSettingsMessages } from '../en/widgetSettings';

/** Messaggi delle impostazioni del widget (`/iframe`), in italiano (Svizzera italiana, forma di cortesia). */
const widgetSettings: WidgetSettingsMessages = {
  resources: {
    'widget-settings': {
      name: 'Widget |||| Widget',
      title: 'Widget di %{name}',
      notifications: { notFound: 'Questo widget non esiste (più), oppure non può modificarlo.' },
      picker: {
        title: 'Il widget di quale locale?',
        help: 'Cerchi un locale per nome, poi ne configuri il widget.',
        establishment: 'Locale',
        noMatch: 'Nessun locale con questo nome',
        none: 'Nessuno dei Suoi locali ha un widget.',
        notFound: 'Questo locale non ha un widget.',
      },
      sections: {
        look: 'Aspetto',
        colors: 'Colori',
        display: 'Cosa mostra il widget',
        happyHours: 'Happy hour',
        embed: 'Il widget sul Suo sito',
        key: 'Chiave pubblica',
        origins: 'Siti autorizzati a mostrare il widget',
      },
      proLogo: {
        notIncluded: 'Il logo «Pro» è compreso in un abbonamento pagato che lo include.',
        billingLink: 'Vedi la fatturazione',
      },
      fields: {
        fontFamilyName: 'Carattere',
        hasEnabledCalendar: 'Calendario del mese',
        hasEnabledHappyHours: 'Happy hour',
        hasEnabledProLogo: 'Logo «Pro»',
        hasRoundedBorders: 'Angoli arrotondati',
        hasTransparentBackground: 'Sfondo trasparente',
        happyHoursTitle: 'Titolo dell’happy hour',
        happyHoursIconName: 'Icona dell’happy hour',
      },
      colors: {
        primaryText: 'Testo',
        secondaryText: 'Testo secondario',
        accent: 'Accento',
        buttonPrimary: 'Testo dei pulsanti',
        happyHoursIcon: 'Icona dell’happy hour',
        backgroundPrimary: 'Sfondo',
      },
      colorPicker: 'Scegliere il colore: %{name}',
      contrast: {
        onBackground: 'Contrasto %{ratio}:1 sullo sfondo: sotto i %{minimum}:1 delle WCAG AA.',
        onAccent: 'Contrasto %{ratio}:1 sul colore d’accento: sotto i %{minimum}:1 delle WCAG AA.',
        darker: 'Il widget mostra quindi una tonalità più scura:',
        lighter: 'Il widget mostra quindi una tonalità più chiara:',
      },
      icons: {
        HH_ICON_1: 'Cocktail',
        HH_ICON_2: 'Birra',
        HH_ICON_3: 'Vino',
        HH_ICON_4: 'Festa',
      },
      resetToDefaults: 'Ripristinare i valori predefiniti',
      resetDone: 'L’aspetto predefinito è nel modulo: salvi per tenerlo, oppure esca senza salvare.',
      validation: {
        color: 'Un colore nel formato #RRGGBB, p. es. #2F4C86',
        origin: 'Un sito nel formato https://esempio.ch, senza percorso',
        originTwice: 'Ogni sito una sola volta',
      },
      preview: {
        title: 'Anteprima dal vivo',
        width: 'Larghezza dello schermo',
        widths: { phone: 'Telefono', tablet: 'Tablet', desktop: 'Computer' },
        language: 'Lingua dell’anteprima',
        frameTitle: 'Anteprima del widget',
        help: 'Le modifiche non salvate appaiono qui subito, ai visitatori dopo il salvataggio. Larghezza %{width} px, ridotta per starci.',
      },
      embed: {
        snippet: 'Codice da incollare nel Suo sito',
        snippetHelp: 'Grazie al piccolo script, la cornice si adatta da sola al contenuto.',
        frameTitle: '%{name} – eventi',
        copy: 'Copiare il codice',
        copied: 'Codice copiato',
        copyRefused: 'Il browser non ha permesso di copiare: il codice è selezionato, prema Ctrl+C (⌘C su Mac).',
      },
      key: {
        label: 'Chiave nell’indirizzo del widget',
        rotate: 'Rinnovare la chiave',
        confirmTitle: 'Dare una nuova chiave al widget?',
        confirmText:
          'L’indirizzo attuale del widget smette subito di funzionare: ogni sito che mostra il codice attuale non mostra più nulla finché non vi incolla il nuovo codice.',
        confirm: 'Rinnovare la chiave',
        rotated: 'Nuova chiave creata: incolli il nuovo codice nel Suo sito.',
      },
      origins: {
        help: 'Solo questi siti possono mostrare il widget in una cornice. Vuoto significa: qualsiasi sito.',
        site: 'Sito %{number}',
        remove: 'Rimuovere il sito %{number}',
        anySite: 'Qualsiasi sito può mostrare il widget.',
        add: 'Aggiungere un sito',
      },
    },
  },
};

export default widgetSettings;
