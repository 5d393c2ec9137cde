import { useQuery } from '@tanstack/react-query';
import { AutocompleteInput, TextInput } from 'react-admin';
import { api } from '../../../providers/httpClient';

interface CityFilterInputProps {
  source: string;
  label?: string;
  /** The API path that answers the distinct cities, e.g. `/establishments/cities`. */
  citiesPath: string;
  alwaysOn?: boolean;
}

/** The cities endpoint answers a list of names; a list of `{city}` or `{id, name}` objects is read too. */
const cityNamesOf = (answer: unknown): string[] => {
  const items: unknown[] = Array.isArray(answer) ? answer : Array.isArray((answer as { data?: unknown })?.data) ? (answer as { data: unknown[] }).data : [];
  return items
    .map((item) => (typeof item === 'string' ? item : ((item as { city?: unknown; name?: unknown })?.city ?? (item as { name?: unknown })?.name)))
    .filter((name): name is string => typeof name === 'string' && name.trim() !== '');
};

/**
 * The city filter: a picker over the distinct cities the API knows. While the list cannot be read (the
 * endpoint missing or failing) it is a text box, so the filter always works.
 */
export const CityFilterInput = ({ source, label, citiesPath }: CityFilterInputProps) => {
  const { data, isError } = useQuery({
    queryKey: ['partner-cities', citiesPath],
    queryFn: async () => cityNamesOf(await api.get<unknown>(citiesPath)),
  });
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
