/** The translation keys of the widget settings screens (src/i18n/<language>/widgetSettings.ts). */
export const TEXTS = 'resources.widget-settings';
