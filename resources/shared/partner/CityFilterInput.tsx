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

/** `GET /establishments/cities` answers `[{ id, name }]` (server/routes/establishments.ts). */
const cityNamesOf = (answer: unknown): string[] =>
  (Array.isArray(answer) ? answer : [])
    .map((item: unknown) => (item as { name?: unknown } | null)?.name)
    .filter((name): name is string => typeof name === 'string' && name.trim() !== '');

/**
 * The city filter: a picker over the distinct cities the API knows. While the list cannot be read (the
 * endpoint missing or failing) it is a text box, so the filter always works.
 */
export const CityFilterInput = ({ source, label, citiesPath }: CityFilterInputProps) => {
  const { data, isError, isPending } = useQuery({
    queryKey: ['partner-cities', citiesPath],
    queryFn: async () => cityNamesOf(await api.get<unknown>(citiesPath)),
  });
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
