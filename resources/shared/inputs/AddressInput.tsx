import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Box, FormLabel, GlobalStyles, Stack } from '@mui/material';
import {
  maxValue,
  minValue,
  NumberInput,
  TextInput,
  useLocaleState,
  useTranslate,
  useWrappedSource,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { PARTNER_LIMITS } from '../../../domain/partner';
import { usableMapsKey } from '../../../domain/maps';
import { useMapsApiKey } from '../../../providers/appContexts';
import { addressFromPlace, loadPlacesLibrary, PLACE_FIELDS, type PlaceAddress } from './googlePlaces';

export interface AddressInputProps {
  /** The section that holds localisation, city, lat, lang and placeId, e.g. `generalInfos`. */
  source: string;
  label?: string;
  /** The configured key (useMapsApiKey) by default; tests pass their own. */
  mapsApiKey?: string;
}

type MapsState = 'off' | 'loading' | 'ready' | 'failed';

const validateLatitude = [minValue(-90), maxValue(90)];
const validateLongitude = [minValue(-180), maxValue(180)];

/** Google's suggestion list is appended to <body>: above the drawer, in the theme's colours (dark mode too). */
const suggestionStyles = (
  <GlobalStyles
    styles={(theme) => ({
      '.pac-container': {
        zIndex: theme.zIndex.modal + 1,
        backgroundColor: theme.palette.background.paper,
        color: theme.palette.text.primary,
        borderColor: theme.palette.divider,
      },
      '.pac-item, .pac-item-query': { color: theme.palette.text.primary, borderColor: theme.palette.divider },
      '.pac-item:hover, .pac-item-selected': { backgroundColor: theme.palette.action.hover },
    })}
  />
);

/** Enter picks a suggestion in Google's list; it must not also submit the form. */
const keepEnterInSuggestions = (event: KeyboardEvent) => {
  const suggestionsOpen = Array.from(document.querySelectorAll<HTMLElement>('.pac-container')).some(
    (element) => element.style.display !== 'none',
  );
  if (event.key === 'Enter' && suggestionsOpen) event.preventDefault();
};

/** Loads Places once a real key is configured, and fills the five fields from the chosen place. */
const usePlacesAutocomplete = (apiKey: string | null, fillFrom: (address: PlaceAddress) => void) => {
  const [locale] = useLocaleState();
  /** Around the address field: react-admin keeps the input's own ref for the form. */
  const fieldBox = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapsState>(apiKey ? 'loading' : 'off');
  const fill = useRef(fillFrom);
  fill.current = fillFrom;

  useEffect(() => {
    const input = fieldBox.current?.querySelector('input');
    if (!apiKey || !input) return undefined;
    let cancelled = false;
    let listener: { remove(): void } | undefined;
    loadPlacesLibrary(apiKey, locale)
      .then((places) => {
        if (cancelled) return;
        const autocomplete = new places.Autocomplete(input, { fields: PLACE_FIELDS });
        listener = autocomplete.addListener('place_changed', () => {
          const address = addressFromPlace(autocomplete.getPlace());
          if (address) fill.current(address);
        });
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      listener?.remove();
    };
    // The language is read once: Google's script cannot change it after loading.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apiKey]);

  return { fieldBox, state };
};

/**
 * The address of a record section: `localisation` (one line), `city`, `lat`, `lang` (labelled Longitude,
 * the specification's name is kept) and Google's `placeId`. With a real maps key, typing in the address
 * offers Google Places suggestions and the chosen one fills all five; without one (a fresh machine) the
 * same fields are typed by hand and nothing is loaded or called, without a word about keys: a user cannot
 * configure one. `placeId` has no field: nobody types Google's ids; the form keeps the record's value and a
 * chosen suggestion replaces it.
 */
export const AddressInput = ({ source, label = 'inputs.address.label', mapsApiKey }: AddressInputProps) => {
  const translate = useTranslate();
  const configuredKey = useMapsApiKey();
  const apiKey = usableMapsKey(mapsApiKey ?? configuredKey);
  const { setValue } = useFormContext();
  const sectionPath = useWrappedSource(source);
  const { fieldBox, state } = usePlacesAutocomplete(apiKey, (address) => {
    for (const [field, value] of Object.entries(address)) {
      setValue(`${sectionPath}.${field}`, value, { shouldDirty: true, shouldValidate: true });
    }
  });

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1, width: '100%' }}>
      {state === 'ready' ? suggestionStyles : null}
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {translate(label, { _: label })}
      </FormLabel>
      {state === 'failed' ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('inputs.address.mapsFailed')}
        </Alert>
      ) : null}
      <Box ref={fieldBox}>
        <TextInput
          source={`${source}.localisation`}
          label="inputs.address.localisation"
          onKeyDown={state === 'ready' ? keepEnterInSuggestions : undefined}
          helperText={state === 'ready' ? 'inputs.address.searchHint' : false}
          slotProps={{ htmlInput: { maxLength: PARTNER_LIMITS.localisation, autoComplete: 'off' } }}
        />
      </Box>
      <TextInput
        source={`${source}.city`}
        label="inputs.address.city"
        isRequired
        helperText={false}
        slotProps={{ htmlInput: { maxLength: PARTNER_LIMITS.city } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <NumberInput
          source={`${source}.lat`}
          label="inputs.address.lat"
          validate={validateLatitude}
          step={0.000001}
          helperText={false}
        />
        <NumberInput
          source={`${source}.lang`}
          label="inputs.address.lang"
          validate={validateLongitude}
          step={0.000001}
          helperText={false}
        />
      </Stack>
    </Box>
  );
};
