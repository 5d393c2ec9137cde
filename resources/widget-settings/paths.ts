/** The area of the widget settings (the permission table's `iframe` route). */
export const WIDGET_SETTINGS_AREA = '/iframe';

/** Where one widget's settings open: a URL to share. */
export const widgetSettingsPath = (id: number | string) => `${WIDGET_SETTINGS_AREA}/${encodeURIComponent(String(id))}`;
