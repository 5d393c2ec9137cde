import { AutocompleteArrayInput, TextInput } from 'react-admin';
import { useCityNames } from '../../shared/partner/useCityNames';

/** The cities events happen in are the venues' cities. */
const CITIES_PATH = '/establishments/cities';

/**
 * The `cities` filter: several cities at once (the events and occurrences filters take a list). When
 * the cities cannot be read, one city can be typed (kept as a one-item list).
 */
export const CitiesFilterInput = ({ source, label }: { source: string; label: string; alwaysOn?: boolean }) => {
  const { data, isError, isPending } = useCityNames(CITIES_PATH);
  if (isError) {
    return (
      <TextInput
        source={source}
        label={label}
        helperText={false}
        format={(value: unknown) => (Array.isArray(value) ? value.join(', ') : '')}
        parse={(value: string) => (value.trim() === '' ? [] : [value.trim()])}
      />
    );
  }
  return (
    <AutocompleteArrayInput
      source={source}
      label={label}
      choices={(data ?? []).map((city) => ({ id: city, name: city }))}
      isPending={isPending}
      translateChoice={false}
      helperText={false}
      sx={{ minWidth: 220 }}
    />
  );
};
