import { AutocompleteInput, TextInput } from 'react-admin';
import { useCityNames } from './useCityNames';

interface CityFilterInputProps {
  source: string;
  label?: string;
  /** The API path that answers the distinct cities, e.g. `/establishments/cities`. */
  citiesPath: string;
  alwaysOn?: boolean;
}

/**
 * The city filter: a picker over the distinct cities the API knows. While the list cannot be read (the
 * endpoint missing or failing) it is a text box, so the filter always works.
 */
export const CityFilterInput = ({ source, label, citiesPath }: CityFilterInputProps) => {
  const { data, isError, isPending } = useCityNames(citiesPath);
  // While the list loads the picker is already there (the choices follow), so it never swaps under the user.
  if (isError) return <TextInput source={source} label={label} helperText={false} />;
  return (
    <AutocompleteInput
      source={source}
      label={label}
      choices={(data ?? []).map((city) => ({ id: city, name: city }))}
      isPending={isPending}
      translateChoice={false}
      helperText={false}
      sx={{ minWidth: 200 }}
    />
  );
};
