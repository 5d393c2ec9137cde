/**
 * Google Places autocomplete, loaded on first use (never with "no key", src/config/env.ts usableMapsKey).
 * Only the few Maps JavaScript API members the address input uses are typed here.
 */

export interface PlaceResult {
  formatted_address?: string;
  place_id?: string;
  geometry?: { location?: { lat(): number; lng(): number } };
  address_components?: Array<{ long_name: string; short_name: string; types: string[] }>;
}

export interface PlacesAutocomplete {
  addListener(eventName: 'place_changed', handler: () => void): { remove(): void };
  getPlace(): PlaceResult;
}

export interface PlacesLibrary {
  Autocomplete: new (input: HTMLInputElement, options: { fields: string[]; types?: string[] }) => PlacesAutocomplete;
}

interface GoogleMapsGlobal {
  maps?: { places?: PlacesLibrary };
}

/** What the address input asks of a place: the five fields it fills. */
export const PLACE_FIELDS = ['formatted_address', 'geometry', 'address_components', 'place_id'];

export const MAPS_SCRIPT_ORIGIN = 'https://maps.googleapis.com';
const CALLBACK_NAME = '__backofficeMapsReady';

let loading: Promise<PlacesLibrary> | null = null;

const placesOf = (): PlacesLibrary | undefined => (globalThis as { google?: GoogleMapsGlobal }).google?.maps?.places;

/** Adds the Maps script once (with the places library, in the user's language) and resolves when it ran. */
export const loadPlacesLibrary = (apiKey: string, language: string): Promise<PlacesLibrary> => {
  const ready = placesOf();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<PlacesLibrary>((resolve, reject) => {
    const callbacks = globalThis as unknown as Record<string, () => void>;
    callbacks[CALLBACK_NAME] = () => {
      const places = placesOf();
      if (places) resolve(places);
      else reject(new Error('Google Maps loaded without the places library'));
    };
    const script = document.createElement('script');
    const query = new URLSearchParams({
      key: apiKey,
      libraries: 'places',
      language,
      callback: CALLBACK_NAME,
      loading: 'async',
    });
    script.src = `${MAPS_SCRIPT_ORIGIN}/maps/api/js?${query.toString()}`;
    script.async = true;
    script.onerror = () => {
      // A later attempt (another form) may try again.
      loading = null;
      reject(new Error('Google Maps could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
};

export interface PlaceAddress {
  localisation: string | null;
  city: string | null;
  lat: number | null;
  lang: number | null;
  placeId: string | null;
}

const CITY_COMPONENT_TYPES = ['locality', 'postal_town', 'administrative_area_level_3', 'administrative_area_level_2'];

/** The address fields of a chosen place; null when the user pressed Enter without choosing one. */
export const addressFromPlace = (place: PlaceResult): PlaceAddress | null => {
  if (!place.place_id && !place.geometry) return null;
  const components = place.address_components ?? [];
  const city = CITY_COMPONENT_TYPES.map((type) => components.find((component) => component.types.includes(type))).find(
    Boolean,
  );
  const location = place.geometry?.location;
  return {
    localisation: place.formatted_address ?? null,
    city: city?.long_name ?? null,
    lat: location ? location.lat() : null,
    lang: location ? location.lng() : null,
    placeId: place.place_id ?? null,
  };
};
