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
  const { data, isError } = useCityNames(citiesPath);
  // Until the cities arrive (or when they cannot be read) a text box: an open picker does not take choices
  // that arrive after it opened.
  if (isError || !data) return <TextInput source={source} label={label} helperText={false} />;
  return (
    <AutocompleteInput
      source={source}
      label={label}
      choices={data.map((city) => ({ id: city, name: city }))}
      translateChoice={false}
      helperText={false}
      sx={{ minWidth: 200 }}
    />
  );
};
