/**
 * English messages of the widget settings (`/iframe`): the establishment choice, the look, the live preview
 * and the embedding (the key set every other language follows).
 */
const widgetSettings = {
  resources: {
    'widget-settings': {
      name: 'Widget |||| Widgets',
      title: 'Widget of %{name}',
      notifications: { notFound: 'This widget does not exist (any more), or is not yours to change.' },
      picker: {
        title: 'Which establishment’s widget?',
        help: 'Search an establishment by name, then shape its widget.',
        establishment: 'Establishment',
        noMatch: 'No establishment of that name',
        none: 'No establishment of yours has a widget.',
        notFound: 'This establishment has no widget.',
      },
      sections: {
        look: 'Look',
        colors: 'Colours',
        display: 'What the widget shows',
        happyHours: 'Happy hours',
        embed: 'Put the widget on your website',
        key: 'Public key',
        origins: 'Websites allowed to show the widget',
      },
      proLogo: {
        notIncluded: 'The “Pro” logo comes with a paid plan that includes it.',
        billingLink: 'See billing',
      },
      fields: {
        fontFamilyName: 'Font',
        hasEnabledCalendar: 'Month calendar',
        hasEnabledHappyHours: 'Happy hours',
        hasEnabledProLogo: '“Pro” logo',
        hasRoundedBorders: 'Rounded corners',
        hasTransparentBackground: 'Transparent background',
        happyHoursTitle: 'Happy-hours heading',
        happyHoursIconName: 'Happy-hours icon',
      },
      colors: {
        primaryText: 'Text',
        secondaryText: 'Secondary text',
        accent: 'Accent',
        buttonPrimary: 'Button text',
        happyHoursIcon: 'Happy-hours icon',
        backgroundPrimary: 'Background',
      },
      colorPicker: 'Choose the colour: %{name}',
      contrast: {
        onBackground: 'Contrast %{ratio}:1 on the background: below the %{minimum}:1 of WCAG AA.',
        onAccent: 'Contrast %{ratio}:1 on the accent colour: below the %{minimum}:1 of WCAG AA.',
        darker: 'The widget shows a darker shade instead:',
        lighter: 'The widget shows a lighter shade instead:',
      },
      icons: {
        HH_ICON_1: 'Cocktail',
        HH_ICON_2: 'Beer',
        HH_ICON_3: 'Wine',
        HH_ICON_4: 'Celebration',
      },
      resetToDefaults: 'Reset to defaults',
      resetDone: 'The default look is in the form: save to keep it, or leave without saving.',
      validation: {
        color: 'A colour as #RRGGBB, e.g. #2F4C86',
        origin: 'A website as https://example.ch, without a path',
        originTwice: 'Each website only once',
      },
      preview: {
        title: 'Live preview',
        width: 'Screen width',
        widths: { phone: 'Phone', tablet: 'Tablet', desktop: 'Desktop' },
        language: 'Language of the preview',
        frameTitle: 'Preview of the widget',
        help: 'Unsaved changes show here at once; visitors see them after saving. Width %{width} px, scaled to fit.',
      },
      embed: {
        snippet: 'Code to paste into your website',
        snippetHelp: 'The frame grows to its content by itself through the small script.',
        frameTitle: '%{name} – events',
        copy: 'Copy the code',
        copied: 'Code copied',
        copyRefused: 'The browser did not allow copying: the code is selected, press Ctrl+C (⌘C on a Mac).',
      },
      key: {
        label: 'Key in the widget’s address',
        rotate: 'Rotate key',
        confirmTitle: 'Give the widget a new key?',
        confirmText:
          'The widget’s current address stops working at once: every website that shows the current code shows nothing until you paste the new code there.',
        confirm: 'Rotate key',
        rotated: 'New key issued: paste the new code into your website.',
      },
      origins: {
        help: 'Only these websites may show the widget in a frame. Empty means any site.',
        site: 'Website %{number}',
        remove: 'Remove website %{number}',
        anySite: 'Any website may show the widget.',
        add: 'Add a website',
      },
    },
  },
};

export default widgetSettings;

/** The shape every language's file must have: the same keys, strings as values. */
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
export type WidgetSettingsMessages = DeepStrings<typeof widgetSettings>;
