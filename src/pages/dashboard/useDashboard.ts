import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import {
  isDashboardCardId,
  type DashboardCard,
  type DashboardCardData,
  type DashboardCardId,
} from '../../../domain/dashboard';
import type { AppDataProvider } from '../../../providers/dataProvider';

/** Every dashboard query's key starts with this: one invalidation reloads the page's cards. */
export const DASHBOARD_QUERY_KEY = 'dashboard';

/** The query of one card (the live stream updates some: src/layout/useLiveNotifications.ts). */
export const dashboardCardKey = (id: DashboardCardId) => [DASHBOARD_QUERY_KEY, 'card', id] as const;

/** `GET /dashboard` answers `{cards}` (DashboardReply); unknown ids (a newer server) are left out. */
const cardIdsOf = (answer: unknown): DashboardCardId[] => {
  const cards = (answer as { cards?: unknown } | null)?.cards;
  return Array.isArray(cards) ? cards.filter(isDashboardCardId) : [];
};

/** The signed-in user's cards in the page's order (`GET /dashboard`). */
export const useDashboardCards = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [DASHBOARD_QUERY_KEY, 'cards'],
    queryFn: async () => cardIdsOf(await dataProvider.getPath('/dashboard')),
  });
};

/**
 * One card's figures (`GET /dashboard/cards/:card` → `{id, data}`), its own request: the cards load side by side
 * and a failing one fails alone (`refetch` is its retry).
 */
export const useDashboardCard = <Id extends DashboardCardId>(id: Id) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: dashboardCardKey(id),
    queryFn: async (): Promise<DashboardCardData[Id]> => {
      const answer = (await dataProvider.getPath(`/dashboard/cards/${encodeURIComponent(id)}`)) as DashboardCard<Id>;
      if (!answer || typeof answer !== 'object' || answer.data === undefined || answer.data === null) {
        throw new Error(`The dashboard card ${id} answered no data.`);
      }
      return answer.data;
    },
  });
};
