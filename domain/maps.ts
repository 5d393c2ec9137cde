/**
 * The maps rule, once, for the browser (src/config/env.ts, the address input) and the server (whose
 * Content-Security-Policy allows Google's origins only when a real key is configured). Pure: no
 * `import.meta.env` here, so the server can import it.
 */

/**
 * The maps key to call Google with, or null for "no key": an empty key, and the `local-…` placeholders of
 * the shipped .env files (`local-no-maps`), mean the address is typed by hand and no map provider is called.
 */
export const usableMapsKey = (mapsApiKey: string | null | undefined): string | null => {
  const key = mapsApiKey?.trim() ?? '';
  return key === '' || key.startsWith('local-') ? null : key;
};

/** What the Maps JavaScript API with Places loads, per CSP directive (images are already any https). */
export const GOOGLE_MAPS_CSP_SOURCES = {
  'script-src': ['https://maps.googleapis.com'],
  'connect-src': ['https://maps.googleapis.com', 'https://places.googleapis.com'],
  'style-src': ['https://fonts.googleapis.com'],
  'font-src': ['https://fonts.gstatic.com'],
} as const;
