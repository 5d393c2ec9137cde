import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notificationStream } from '../providers';
import { dashboardCardKey } from '../pages/dashboard/useDashboard';

/**
 * Starts the live notifications of the signed-in user (one stream per tab: the layout mounts once) and turns its
 * events into fresh data: a new notification or a changed unread count reloads every `notifications` query (the
 * bell, the page), a changed ask every `asks` query (the menu's count, the inbox); the dashboard's cards follow
 * (the unread count as it came, the pending asks read again). The stream stops when the
 * layout goes (sign-out) and, by itself, when the session ends.
 */
export const useLiveNotifications = (): void => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const unsubscribe = notificationStream.subscribe((event) => {
      const resource = event.type === 'asks' ? 'asks' : 'notifications';
      void queryClient.invalidateQueries({ queryKey: [resource] });
      if (event.type === 'asks') void queryClient.invalidateQueries({ queryKey: dashboardCardKey('pendingAsks') });
      if (event.type === 'unread' && queryClient.getQueryData(dashboardCardKey('unreadNotifications'))) {
        queryClient.setQueryData(dashboardCardKey('unreadNotifications'), { count: event.unread });
      }
    });
    notificationStream.start();
    return () => {
      unsubscribe();
      notificationStream.stop();
    };
  }, [queryClient]);
};
