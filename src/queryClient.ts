import { QueryClient } from '@tanstack/react-query';

/** Data is fresh 60 s, no retry, no refetch on focus; unused data is kept 5 minutes. */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, gcTime: 5 * 60_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
