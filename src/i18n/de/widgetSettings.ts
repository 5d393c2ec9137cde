import type { WidgetSettingsMessages } from '../en/widgetSettings';

/** Meldungen der Widget-Einstellungen (`/iframe`), auf Deutsch (Schweizer Rechtschreibung, Sie-Form). */
const widgetSettings: WidgetSettingsMessages = {
  resources: {
    'widget-settings': {
      name: 'Widget |||| Widgets',
      title: 'Widget von %{name}',
      notifications: { notFound: 'Dieses Widget gibt es nicht (mehr), oder Sie dürfen es nicht ändern.' },
      picker: {
        title: 'Für welches Lokal?',
        help: 'Suchen Sie ein Lokal nach Namen und gestalten Sie dann sein Widget.',
        establishment: 'Lokal',
        noMatch: 'Kein Lokal mit diesem Namen',
        none: 'Keines Ihrer Lokale hat ein Widget.',
        notFound: 'Dieses Lokal hat kein Widget.',
      },
      sections: {
        look: 'Aussehen',
        colors: 'Farben',
        display: 'Was das Widget zeigt',
        happyHours: 'Happy Hours',
        embed: 'Das Widget auf Ihrer Website',
        key: 'Öffentlicher Schlüssel',
        origins: 'Websites, die das Widget zeigen dürfen',
      },
      proLogo: {
        notIncluded: 'Das «Pro»-Logo gehört zu einem bezahlten Abo, das es enthält.',
        billingLink: 'Zur Abrechnung',
      },
      fields: {
        fontFamilyName: 'Schrift',
        hasEnabledCalendar: 'Monatskalender',
        hasEnabledHappyHours: 'Happy Hours',
        hasEnabledProLogo: '«Pro»-Logo',
        hasRoundedBorders: 'Abgerundete Ecken',
        hasTransparentBackground: 'Transparenter Hintergrund',
        happyHoursTitle: 'Titel der Happy Hours',
        happyHoursIconName: 'Symbol der Happy Hours',
      },
      colors: {
        primaryText: 'Text',
        secondaryText: 'Nebentext',
        accent: 'Akzent',
        buttonPrimary: 'Schaltflächentext',
        happyHoursIcon: 'Happy-Hours-Symbol',
        backgroundPrimary: 'Hintergrund',
      },
      colorPicker: 'Farbe wählen: %{name}',
      contrast: {
        onBackground: 'Kontrast %{ratio}:1 auf dem Hintergrund: unter den %{minimum}:1 von WCAG AA.',
        onAccent: 'Kontrast %{ratio}:1 auf der Akzentfarbe: unter den %{minimum}:1 von WCAG AA.',
        darker: 'Das Widget zeigt darum einen dunkleren Ton:',
        lighter: 'Das Widget zeigt darum einen helleren Ton:',
      },
      icons: {
        HH_ICON_1: 'Cocktail',
        HH_ICON_2: 'Bier',
        HH_ICON_3: 'Wein',
        HH_ICON_4: 'Feier',
      },
      resetToDefaults: 'Auf Standard zurücksetzen',
      resetDone:
        'Das Standard-Aussehen steht im Formular: Speichern Sie, um es zu behalten, oder verlassen Sie die Seite ohne zu speichern.',
      validation: {
        color: 'Eine Farbe als #RRGGBB, z. B. #2F4C86',
        origin: 'Eine Website als https://example.ch, ohne Pfad',
        originTwice: 'Jede Website nur einmal',
      },
      preview: {
        title: 'Live-Vorschau',
        width: 'Bildschirmbreite',
        widths: { phone: 'Handy', tablet: 'Tablet', desktop: 'Desktop' },
        language: 'Sprache der Vorschau',
        frameTitle: 'Vorschau des Widgets',
        help: 'Ungespeicherte Änderungen erscheinen hier sofort, für Besucher nach dem Speichern. Breite %{width} px, verkleinert dargestellt.',
      },
      embed: {
        snippet: 'Code für Ihre Website',
        snippetHelp: 'Dank dem kleinen Skript passt sich der Rahmen selbst an seinen Inhalt an.',
        frameTitle: '%{name} – Veranstaltungen',
        copy: 'Code kopieren',
        copied: 'Code kopiert',
        copyRefused:
          'Der Browser hat das Kopieren nicht erlaubt: Der Code ist markiert, drücken Sie Ctrl+C (⌘C auf dem Mac).',
      },
      key: {
        label: 'Schlüssel in der Adresse des Widgets',
        rotate: 'Schlüssel erneuern',
        confirmTitle: 'Dem Widget einen neuen Schlüssel geben?',
        confirmText:
          'Die bisherige Adresse des Widgets funktioniert sofort nicht mehr: Jede Website mit dem bisherigen Code zeigt nichts, bis Sie dort den neuen Code einfügen.',
        confirm: 'Schlüssel erneuern',
        rotated: 'Neuer Schlüssel erstellt: Fügen Sie den neuen Code in Ihre Website ein.',
      },
      origins: {
        help: 'Nur diese Websites dürfen das Widget in einem Rahmen zeigen. Leer heisst: jede Website.',
        site: 'Website %{number}',
        remove: 'Website %{number} entfernen',
        anySite: 'Jede Website darf das Widget zeigen.',
        add: 'Website hinzufügen',
      },
    },
  },
};

export default widgetSettings;
