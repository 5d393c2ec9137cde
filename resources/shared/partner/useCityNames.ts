import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';

/**
 * `GET /establishments/cities` answers `[{ id, name }]` (server/routes/establishments.ts); blank names are
 * left out.
 */
const cityNamesOf = (answer: unknown): string[] =>
  (Array.isArray(answer) ? answer : [])
    .map((item: unknown) => (item as { name?: unknown } | null)?.name)
    .filter((name): name is string => typeof name === 'string' && name.trim() !== '');

/**
 * The distinct city names an API path answers, for the city filters (one city, or several): one query per
 * path, shared by every filter that reads it.
 */
export const useCityNames = (citiesPath: string) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['partner-cities', citiesPath],
    queryFn: async () => cityNamesOf(await dataProvider.getPath(citiesPath)),
  });
};
